#include "trainerstate_p.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gp {

QString TrainerState::toJson() const
{
    return QString::fromUtf8(QJsonDocument(
        QJsonObject { { QStringLiteral("next_batch"), nextBatch }, { QStringLiteral("last_opt_step"), lastOptStep },
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
    s.epochsWithoutImprovement = o.value(QStringLiteral("epochs_without_improvement")).toInt();
    s.skippedSteps = o.value(QStringLiteral("skipped_steps")).toInt();
    s.elapsedSeconds = o.value(QStringLiteral("elapsed")).toDouble();
    s.lossScale = o.value(QStringLiteral("loss_scale")).toDouble();
    s.lossScaleGrowth = o.value(QStringLiteral("loss_scale_growth")).toInt();
    return s;
}

} // namespace gp
