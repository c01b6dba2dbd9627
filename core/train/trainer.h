#pragma once

#include "trainerevents.h"
#include "trainingconfig.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

// Trains YOLOv8-pose with the reference recipe: Ultralytics' augmentations, v8 pose loss,
// three parameter groups, warmup, linear or cosine schedule, gradient accumulation to a
// nominal batch, EMA, AMP on GPU, validation every epoch, `last` and `best` checkpoints
// written atomically, results.csv with Ultralytics' columns, early stopping, resume (also
// from inside an interrupted epoch) and extending a finished run. Runs on the calling
// thread; reports through TrainerEvents. LibTorch stays behind this header.
class Trainer
{
    Q_DECLARE_TR_FUNCTIONS(Trainer)

public:
    // `explicitKeys` are the keys the user set; when resuming they override the saved run's
    // settings (epochs=N beyond the saved count extends the run).
    explicit Trainer(TrainingConfig config, QStringList explicitKeys = {});
    ~Trainer();

    void setEvents(TrainerEvents *events);
    // Trains until done, early-stopped, or `stop` becomes true (then a resumable
    // checkpoint is saved). False with *error on failure; exceptions never escape.
    bool run(const std::atomic_bool *stop, QString *error);

    // runs/pose/train, train2, train3, ... (the first free one unless existOk).
    static QString runDirectory(const QString &project, const QString &name, bool existOk);
    // The results.csv header (Ultralytics' column names).
    static QString resultsHeader();

private:
    struct Private;
    std::unique_ptr<Private> d;
};
