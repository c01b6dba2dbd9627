#include "metricstext.h"

namespace gp {

QString MetricsText::line(const PoseMetrics &m)
{
    return tr("Box P %1 R %2 mAP50 %3 mAP50-95 %4 | Pose P %5 R %6 mAP50 %7 mAP50-95 %8")
        .arg(m.box.precision, 0, 'f', 3)
        .arg(m.box.recall, 0, 'f', 3)
        .arg(m.box.map50, 0, 'f', 3)
        .arg(m.box.map, 0, 'f', 3)
        .arg(m.pose.precision, 0, 'f', 3)
        .arg(m.pose.recall, 0, 'f', 3)
        .arg(m.pose.map50, 0, 'f', 3)
        .arg(m.pose.map, 0, 'f', 3);
}

} // namespace gp
