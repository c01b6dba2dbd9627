#pragma once

#include "keypoint.h"

#include <QRectF>

#include <vector>

namespace gp {

// One object (a robot's gripper pair) in an image: class, box and keypoints, all in
// image pixels. The keypoint order is the skeleton's order.
struct PoseInstance
{
    int classId = 0;
    QRectF box;
    std::vector<Keypoint> keypoints;

    bool operator==(const PoseInstance &o) const
    {
        return classId == o.classId && box == o.box && keypoints == o.keypoints;
    }
};

} // namespace gp
