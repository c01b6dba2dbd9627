#include "trainerstate_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace gp {

QString TrainerState::toJson() const
{
    const QJsonArray running { runningLoss.box, runningLoss.pose, runningLoss.kobj, runningLoss.cls, runningLoss.dfl };
    return QString::fromUtf8(QJsonDocument(
        QJsonObject { { QStringLiteral("next_batch"), nextBatch }, { QStringLiteral("last_opt_step"), lastOptStep },
            { QStringLiteral("running_loss"), running }, { QStringLiteral("running_batches"), runningBatches },
            { QStringLiteral("epochs_without_improvement"), epochsWithoutImprovement },
            { QStringLiteral("skipped_steps"), skippedSteps }, { QStringLiteral("elapsed"), elapsedSeconds },
            { QStringLiteral("loss_scale"), lossScale }, { QStringLiteral("loss_scale_growth"), lossScaleGrowth } })
                                 .toJson(QJsonDocument::Compact));
}

TrainerState TrainerState::fromJson(const QString &text)
{
    const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
    TrainerState s;
    s.nextBatch = o.value(QStringLiteral("next_batch")).toInt();
    s.lastOptStep = o.value(QStringLiteral("last_opt_step")).toInt(kUnknown);
    // Older checkpoints have no running loss: the resumed epoch then reports its remaining batches'.
    const QJsonArray running = o.value(QStringLiteral("running_loss")).toArray();
    if (running.size() == 5) {
        s.runningLoss = { running[0].toDouble(), running[1].toDouble(), running[2].toDouble(), running[3].toDouble(),
            running[4].toDouble() };
        s.runningBatches = std::max(0, o.value(QStringLiteral("running_batches")).toInt());
    }
    s.epochsWithoutImprovement = o.value(QStringLiteral("epochs_without_improvement")).toInt();
    s.skippedSteps = o.value(QStringLiteral("skipped_steps")).toInt();
    s.elapsedSeconds = o.value(QStringLiteral("elapsed")).toDouble();
    s.lossScale = o.value(QStringLiteral("loss_scale")).toDouble();
    s.lossScaleGrowth = o.value(QStringLiteral("loss_scale_growth")).toInt();
    return s;
}

} // namespace gp
