#include "trainingsession.h"

#include "distributedenv.h"
#include "distributedlauncher.h"
#include "trainer.h"

#include <optional>

namespace gp {

TrainingSession::Outcome TrainingSession::run(const Options &options, const std::vector<TrainerEvents *> &listeners,
    QString *error, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    // torchrun's variables say this process is one of its ranks; otherwise several devices
    // make this process rank 0 and start the others.
    const auto fromEnv = DistributedEnv::fromEnvironment(options.environment, error);
    if (!fromEnv)
        return Outcome::InvalidSettings;
    DistributedEnv dist = *fromEnv;
    std::optional<DistributedLauncher> launcher;
    if (!dist.isDistributed()) {
        const auto effective = Trainer::effectiveConfig(options.config, options.explicitKeys, error);
        if (!effective)
            return Outcome::Failed;
        const QStringList problems = effective->validate();
        if (!problems.isEmpty()) {
            *error = problems.join(QLatin1Char('\n'));
            return Outcome::InvalidSettings;
        }
        if (const int devices = int(effective->devices().size()); devices > 1) {
            launcher.emplace();
            if (!launcher->start(options.workerProgram, options.workerArguments, devices, error))
                return Outcome::Failed;
            dist = launcher->mainEnv();
        }
    }
    Trainer trainer(options.config, options.explicitKeys);
    if (dist.isMain())
        for (TrainerEvents *l : listeners)
            trainer.addListener(l);
    trainer.setDistributed(dist);
    bool ok = trainer.run(error, cancel, progress);
    if (!ok && !dist.isMain())
        *error = tr("rank %1: %2").arg(dist.rank).arg(*error);
    if (launcher) {
        const QStringList problems = launcher->finish(ok ? 60000 : 10000);
        if (!problems.isEmpty()) {
            *error = ((ok ? QStringList() : QStringList { *error }) + problems).join(QLatin1Char('\n'));
            ok = false;
        }
    }
    return ok ? Outcome::Finished : Outcome::Failed;
}

QStringList TrainingSession::workerArguments(const TrainingConfig &config, const QStringList &explicitKeys)
{
    QStringList args { QStringLiteral("train") };
    for (const QString &key : explicitKeys)
        args << key + QLatin1Char('=') + config.get(key);
    return args;
}

} // namespace gp
