#include "posedetection.h"

#include <algorithm>

double PoseBox::iou(const PoseBox &o) const
{
    const double iw = std::min(x2, o.x2) - std::max(x1, o.x1);
    const double ih = std::min(y2, o.y2) - std::max(y1, o.y1);
    if (iw <= 0 || ih <= 0)
        return 0.0;
    const double inter = iw * ih;
    const double uni = area() + o.area() - inter;
    return uni > 0 ? inter / uni : 0.0;
}
