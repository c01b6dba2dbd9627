#pragma once

#include "keypoint.h"
#include "shapemodel.h"

#include <vector>

namespace gp {

// How a gripper's proposed points follow a person's correction of some of them. The person's
// points of the group (those with origin Person) are where they put them; every proposal of
// the group is moved by the transform that takes the confirmed points from where they were
// before the correction to where they are now:
// - one confirmed point: a translation;
// - two: the similarity (rotation and scale too);
// - three or more: the least-squares similarity, and with a learned ShapeModel for the group
//   also its articulation (each finger's opening), fitted to the confirmed points.
// The moved proposals become Refit points and keep the model's confidence.
class GripperRefit
{
public:
    // How far a person's placed point may be from where they meant it, in pixels: the shape
    // model's articulation is held back by its learned spread against this. Small, because a
    // corrected point is placed with care (the refit's own test recovers generated grippers
    // to 0.06 px at 0.1, 0.36 px at 0.3 and 1.7 px at 1.0).
    static constexpr double kPointNoise = 0.25;

    // `before`: the instance's points before the correction; `points`: after it (the corrected
    // point already there, as a person's). `group`: the indices of one gripper's points.
    // `model`: that group's shape model, or null. Returns how many proposals moved.
    static int apply(std::vector<Keypoint> &points, const std::vector<Keypoint> &before, const std::vector<int> &group,
        const ShapeModel *model);

    // A model's new look at a gripper (a crop, or a newer model): its proposals take the places
    // in `modelPoints` (the instance's points as the model now sees them) and then follow the
    // person's points of the group, from where the model now puts those. A person's points
    // never move.
    static void repropose(std::vector<Keypoint> &points, const std::vector<Keypoint> &modelPoints,
        const std::vector<int> &group, const ShapeModel *model);
};

} // namespace gp
