#pragma once

#include "poseevaluator.h"

#include <QCoreApplication>
#include <QString>

namespace gp {

// The one-line summary of a validation that the command line and the Train dashboard both
// print after an epoch, so the two read alike.
class MetricsText
{
    Q_DECLARE_TR_FUNCTIONS(MetricsText)

public:
    // "Box P … R … mAP50 … mAP50-95 … | Pose P … R … mAP50 … mAP50-95 …", three decimals.
    static QString line(const PoseMetrics &m);
};

} // namespace gp
