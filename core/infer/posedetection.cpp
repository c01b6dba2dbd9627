#include "posedetection.h"

#include "boxgeometry.h"

#include <algorithm>

namespace gp {

double PoseBox::iou(const PoseBox &o) const
{
    return gp::boxIou({ x1, y1, x2, y2 }, { o.x1, o.y1, o.x2, o.y2 });
}

} // namespace gp
