#pragma once

#include <algorithm>
#include <array>

namespace gp {

// A box by its corners in pixels: x1, y1, x2, y2.
using BoxCorners = std::array<double, 4>;

// The intersection over union of two boxes, the one definition every part of the program
// uses (tracking, the label checks, validation). `eps` is added to the union as
// Ultralytics' metrics do (1e-7 there, so that validation matches it to the last digit);
// with 0, boxes whose union is empty have an IoU of 0.
inline double boxIou(const BoxCorners &a, const BoxCorners &b, double eps = 0.0)
{
    const double iw = std::max(0.0, std::min(a[2], b[2]) - std::max(a[0], b[0]));
    const double ih = std::max(0.0, std::min(a[3], b[3]) - std::max(a[1], b[1]));
    const double inter = iw * ih;
    const double areaA = (a[2] - a[0]) * (a[3] - a[1]);
    const double areaB = (b[2] - b[0]) * (b[3] - b[1]);
    const double uni = areaA + areaB - inter + eps;
    return uni > 0 ? inter / uni : 0.0;
}

} // namespace gp
