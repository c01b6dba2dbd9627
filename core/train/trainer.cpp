#include "trainer.h"

#include "checkpoint_p.h"
#include "trainingrun_p.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace gp {

namespace {

// Hands every event to each listener in the order they were added.
class EventFanOut : public TrainerEvents
{
public:
    explicit EventFanOut(const std::vector<TrainerEvents *> &listeners)
        : m_listeners(listeners)
    { }

    void onTrainStart(const TrainStartInfo &i) override
    {
        each([&](TrainerEvents *l) { l->onTrainStart(i); });
    }
    void onTrainEpochStart(const EpochStartInfo &i) override
    {
        each([&](TrainerEvents *l) { l->onTrainEpochStart(i); });
    }
    void onTrainBatchEnd(const BatchReport &r) override
    {
        each([&](TrainerEvents *l) { l->onTrainBatchEnd(r); });
    }
    void onValStart(const ValidationProgress &p) override
    {
        each([&](TrainerEvents *l) { l->onValStart(p); });
    }
    void onValBatchEnd(const ValidationProgress &p) override
    {
        each([&](TrainerEvents *l) { l->onValBatchEnd(p); });
    }
    void onFitEpochEnd(const EpochReport &r) override
    {
        each([&](TrainerEvents *l) { l->onFitEpochEnd(r); });
    }
    void onModelSave(const QString &path, int epoch) override
    {
        each([&](TrainerEvents *l) { l->onModelSave(path, epoch); });
    }
    void onTrainEnd(const TrainFinishReport &r) override
    {
        each([&](TrainerEvents *l) { l->onTrainEnd(r); });
    }
    void onTrainFailed(const QString &m) override
    {
        each([&](TrainerEvents *l) { l->onTrainFailed(m); });
    }
    void onWarning(const QString &m) override
    {
        each([&](TrainerEvents *l) { l->onWarning(m); });
    }

private:
    template<typename F> void each(F call)
    {
        for (TrainerEvents *l : m_listeners)
            call(l);
    }

    const std::vector<TrainerEvents *> &m_listeners;
};

} // namespace

struct Trainer::Private
{
    TrainingConfig config;
    QStringList explicitKeys;
    std::vector<TrainerEvents *> listeners;
    DistributedEnv dist;
};

Trainer::Trainer(TrainingConfig config, QStringList explicitKeys)
    : d(std::make_unique<Private>())
{
    d->config = std::move(config);
    d->explicitKeys = std::move(explicitKeys);
}

Trainer::~Trainer() = default;

void Trainer::addListener(TrainerEvents *listener)
{
    if (listener && std::find(d->listeners.begin(), d->listeners.end(), listener) == d->listeners.end())
        d->listeners.push_back(listener);
}

void Trainer::removeListener(TrainerEvents *listener)
{
    d->listeners.erase(std::remove(d->listeners.begin(), d->listeners.end(), listener), d->listeners.end());
}

void Trainer::setDistributed(const DistributedEnv &env)
{
    d->dist = env;
}

QString Trainer::runDirectory(const QString &project, const QString &name, bool existOk)
{
    const QDir p(project);
    QString dir = p.filePath(name);
    for (int n = 2; !existOk && QFileInfo::exists(dir); ++n)
        dir = p.filePath(name + QString::number(n));
    return QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
}

std::optional<TrainingConfig> Trainer::effectiveConfig(
    const TrainingConfig &config, const QStringList &explicitKeys, QString *error)
{
    if (config.resume.isEmpty())
        return config;
    CheckpointInfo info;
    if (!readCheckpointInfo(config.resume, &info, error))
        return std::nullopt;
    return TrainingRun::mergeResumed(config, info, explicitKeys, error);
}

QString Trainer::resultsHeader()
{
    return QStringLiteral("epoch,time,train/box_loss,train/pose_loss,train/kobj_loss,train/cls_loss,train/dfl_loss,"
                          "metrics/precision(B),metrics/recall(B),metrics/mAP50(B),metrics/mAP50-95(B),"
                          "metrics/precision(P),metrics/recall(P),metrics/mAP50(P),metrics/mAP50-95(P),"
                          "val/box_loss,val/pose_loss,val/kobj_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2");
}

bool Trainer::run(QString *error, const CancelToken &cancel, const Progress &progress)
{
    QString dummy;
    EventFanOut events(d->listeners);
    TrainingRun run(d->config, d->explicitKeys, d->dist, events, cancel, progress);
    return run.execute(error ? error : &dummy);
}

} // namespace gp
