#include "distributedenv.h"

namespace gp {

std::optional<DistributedEnv> DistributedEnv::fromEnvironment(const QProcessEnvironment &env, QString *error)
{
    DistributedEnv d;
    if (!env.contains(QStringLiteral("WORLD_SIZE")))
        return d;
    auto number = [&](const char *name, int fallback, int *out) {
        const QString key = QLatin1String(name);
        if (!env.contains(key)) {
            *out = fallback;
            return true;
        }
        bool ok = false;
        *out = env.value(key).trimmed().toInt(&ok);
        if (!ok)
            *error = tr("%1=%2 is not a number").arg(key, env.value(key));
        return ok;
    };
    if (!number("WORLD_SIZE", 1, &d.worldSize) || !number("RANK", 0, &d.rank)
        || !number("LOCAL_RANK", d.rank, &d.localRank) || !number("LOCAL_WORLD_SIZE", d.worldSize, &d.localWorldSize)
        || !number("MASTER_PORT", 29500, &d.masterPort))
        return std::nullopt;
    d.masterAddr = env.value(QStringLiteral("MASTER_ADDR"), d.masterAddr);
    if (d.worldSize < 1 || d.rank < 0 || d.rank >= d.worldSize) {
        *error = tr("RANK=%1 must lie in [0, WORLD_SIZE=%2)").arg(d.rank).arg(d.worldSize);
        return std::nullopt;
    }
    if (d.localWorldSize < 1 || d.localWorldSize > d.worldSize || d.localRank < 0 || d.localRank >= d.localWorldSize) {
        *error = tr("LOCAL_RANK=%1 must lie in [0, LOCAL_WORLD_SIZE=%2) and LOCAL_WORLD_SIZE at most WORLD_SIZE=%3")
                     .arg(d.localRank)
                     .arg(d.localWorldSize)
                     .arg(d.worldSize);
        return std::nullopt;
    }
    if (d.masterPort < 1 || d.masterPort > 65535) {
        *error = tr("MASTER_PORT=%1 is not a TCP port").arg(d.masterPort);
        return std::nullopt;
    }
    if (d.masterAddr.trimmed().isEmpty()) {
        *error = tr("MASTER_ADDR is empty");
        return std::nullopt;
    }
    return d;
}

void DistributedEnv::addTo(QProcessEnvironment &env) const
{
    env.insert(QStringLiteral("RANK"), QString::number(rank));
    env.insert(QStringLiteral("WORLD_SIZE"), QString::number(worldSize));
    env.insert(QStringLiteral("LOCAL_RANK"), QString::number(localRank));
    env.insert(QStringLiteral("LOCAL_WORLD_SIZE"), QString::number(localWorldSize));
    env.insert(QStringLiteral("MASTER_ADDR"), masterAddr);
    env.insert(QStringLiteral("MASTER_PORT"), QString::number(masterPort));
}

} // namespace gp
