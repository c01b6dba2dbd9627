#pragma once

#include "trainingsession.h"
#include "trainmetatypes.h"

#include <QObject>

// Runs training sessions on the thread it lives in (TrainController's) and reports the
// trainer's events as signals; receivers on the GUI thread get them queued, as copies, so
// no tensor and no reference into the trainer ever crosses the threads. Exceptions stay in
// core (TrainingSession never throws); the end of every session is sessionEnded().
class TrainWorker : public QObject, public gp::TrainerEvents
{
    Q_OBJECT

public:
    explicit TrainWorker(gp::CancelToken cancel, QObject *parent = nullptr);

    // Trains until done, stopped through the cancel token, or failed.
    void train(const gp::TrainingSession::Options &options);

Q_SIGNALS:
    void trainStarted(const gp::TrainStartInfo &info);
    void epochStarted(const gp::EpochStartInfo &info);
    void batchEnded(const gp::BatchReport &batch);
    void validationProgress(const gp::ValidationProgress &progress);
    void epochEnded(const gp::EpochReport &epoch);
    void modelSaved(const QString &path, int epoch);
    void trainFinished(const gp::TrainFinishReport &report);
    void trainFailed(const QString &message);
    void warning(const QString &message);
    // Always last: the session's outcome (TrainingSession::Outcome) and its error.
    void sessionEnded(int outcome, const QString &error);

private:
    void onTrainStart(const gp::TrainStartInfo &info) override;
    void onTrainEpochStart(const gp::EpochStartInfo &info) override;
    void onTrainBatchEnd(const gp::BatchReport &batch) override;
    void onValStart(const gp::ValidationProgress &progress) override;
    void onValBatchEnd(const gp::ValidationProgress &progress) override;
    void onFitEpochEnd(const gp::EpochReport &epoch) override;
    void onModelSave(const QString &path, int epoch) override;
    void onTrainEnd(const gp::TrainFinishReport &report) override;
    void onTrainFailed(const QString &message) override;
    void onWarning(const QString &message) override;

    gp::CancelToken m_cancel;
};
