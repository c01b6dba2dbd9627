#pragma once

#include "canceltoken.h"
#include "distributedenv.h"
#include "progress.h"
#include "trainerevents.h"
#include "trainingconfig.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace gp {

// Trains YOLOv8-pose with the reference recipe: Ultralytics' augmentations, v8 pose loss,
// three parameter groups, warmup, linear or cosine schedule, gradient accumulation to a
// nominal batch, EMA, AMP on GPU, validation every epoch, `last` and `best` checkpoints
// written atomically, results.csv with Ultralytics' columns, early stopping, resume (also
// from inside an interrupted epoch) and extending a finished run. Runs on the calling
// thread; reports through TrainerEvents to any number of listeners. LibTorch stays behind
// this header; the steps of a run are in TrainingRun (trainingrun_p.h).
// Data-parallel: with a DistributedEnv of several ranks, each process trains on its slice
// of every batch, gradients are summed over the ranks before each optimizer step, and
// rank 0 alone validates, reports and writes the run folder (see DistributedLauncher).
class Trainer
{
    Q_DECLARE_TR_FUNCTIONS(Trainer)

public:
    // `explicitKeys` are the keys the user set; when resuming they override the saved run's
    // settings (epochs=N beyond the saved count extends the run).
    explicit Trainer(TrainingConfig config, QStringList explicitKeys = {});
    ~Trainer();

    // Listeners are called on the training thread, in the order they were added; each must
    // outlive run(). The same listener is added once.
    void addListener(TrainerEvents *listener);
    void removeListener(TrainerEvents *listener);
    // This process's rank in a data-parallel run (default: a single process).
    void setDistributed(const DistributedEnv &env);
    // Trains until done, early-stopped, or cancelled (then a resumable checkpoint is
    // saved). Progress counts the batches of the whole run. False with *error on failure;
    // exceptions never escape.
    bool run(QString *error, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});

    // runs/pose/train, train2, train3, ... (the first free one unless existOk).
    static QString runDirectory(const QString &project, const QString &name, bool existOk);
    // The settings a run with `config` uses: with resume=, the saved run's settings with
    // `explicitKeys` on top (what run() trains with). Nothing and *error when unreadable.
    static std::optional<TrainingConfig> effectiveConfig(
        const TrainingConfig &config, const QStringList &explicitKeys, QString *error);
    // The results.csv header (Ultralytics' column names).
    static QString resultsHeader();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace gp
