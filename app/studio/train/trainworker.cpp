#include "trainworker.h"

TrainWorker::TrainWorker(gp::CancelToken cancel, QObject *parent)
    : QObject(parent)
    , m_cancel(std::move(cancel))
{ }

void TrainWorker::train(const TrainingSession::Options &options)
{
    QString error;
    const TrainingSession::Outcome outcome = TrainingSession::run(options, { this }, &error, m_cancel);
    Q_EMIT sessionEnded(int(outcome), error);
}

void TrainWorker::onTrainStart(const TrainStartInfo &info)
{
    Q_EMIT trainStarted(info);
}

void TrainWorker::onTrainEpochStart(const EpochStartInfo &info)
{
    Q_EMIT epochStarted(info);
}

void TrainWorker::onTrainBatchEnd(const BatchReport &batch)
{
    Q_EMIT batchEnded(batch);
}

void TrainWorker::onValStart(const ValidationProgress &progress)
{
    Q_EMIT validationProgress(progress);
}

void TrainWorker::onValBatchEnd(const ValidationProgress &progress)
{
    Q_EMIT validationProgress(progress);
}

void TrainWorker::onFitEpochEnd(const EpochReport &epoch)
{
    Q_EMIT epochEnded(epoch);
}

void TrainWorker::onModelSave(const QString &path, int epoch)
{
    Q_EMIT modelSaved(path, epoch);
}

void TrainWorker::onTrainEnd(const TrainFinishReport &report)
{
    Q_EMIT trainFinished(report);
}

void TrainWorker::onTrainFailed(const QString &message)
{
    Q_EMIT trainFailed(message);
}

void TrainWorker::onWarning(const QString &message)
{
    Q_EMIT warning(message);
}
