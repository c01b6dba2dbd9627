#include "trainworker.h"

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>

using gp::BatchReport;
using gp::EpochReport;
using gp::EpochStartInfo;
using gp::TrainFinishReport;
using gp::TrainingSession;
using gp::TrainStartInfo;
using gp::ValidationProgress;
#endif

namespace {

// How much nicer than the window the training thread runs: torch's worker threads and the
// batch loader's are made by this thread and inherit it, so when training fills every core
// the GUI thread still gets one as soon as it wakes (docs/BENCHMARKS.md, "Train dashboard").
constexpr int kTrainingNice = 5;

void lowerThisThreadsPriority()
{
#ifdef Q_OS_LINUX
    // Linux keeps the nice value per thread; setpriority() on a thread id changes only it.
    const int current = getpriority(PRIO_PROCESS, 0);
    if (current < kTrainingNice)
        setpriority(PRIO_PROCESS, id_t(gettid()), kTrainingNice);
#endif
}

} // namespace

TrainWorker::TrainWorker(gp::CancelToken cancel, QObject *parent)
    : QObject(parent)
    , m_cancel(std::move(cancel))
{ }

void TrainWorker::train(const TrainingSession::Options &options)
{
    lowerThisThreadsPriority();
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
