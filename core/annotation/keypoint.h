#pragma once

namespace gp {

// One labelled keypoint in image pixels. Visibility follows the Ultralytics/COCO
// convention: 2 visible, 1 labelled but occluded, 0 not labelled (x, y meaningless).
struct Keypoint
{
    enum Visibility { Absent = 0, Occluded = 1, Visible = 2 };

    double x = 0.0;
    double y = 0.0;
    int visibility = Absent;

    bool isLabelled() const { return visibility != Absent; }
    bool operator==(const Keypoint &o) const { return x == o.x && y == o.y && visibility == o.visibility; }
};

} // namespace gp
