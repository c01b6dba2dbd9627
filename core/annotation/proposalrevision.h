#pragma once

#include "poseinstance.h"
#include "shapemodel.h"
#include "skeleton.h"

#include <QSize>

#include <vector>

namespace gp {

// A newer model's look at an image a person is still reviewing (the labelling loop pre-labels
// again after each training round): what the person did stays, what the old model proposed
// takes the new model's places.
// - An object with a person's point is kept; matched to a new detection (the IoU of their
//   points' boxes), its proposals take the detection's points, each gripper moved with the
//   person's points (GripperRefit::repropose). Unmatched, it is kept as it is.
// - An object with no person's point is the old model's alone: matched, it is replaced by the
//   detection; unmatched, it is dropped (the newer model does not see it).
// - A detection that matches no object is a new object.
class ProposalRevision
{
public:
    static constexpr double kMatchIou = 0.3;
    // A proposal moved by more than this counts as changed (image pixels).
    static constexpr double kMoved = 1.0;

    struct Result
    {
        std::vector<PoseInstance> instances;
        int changedPoints = 0; // proposals moved, added or removed
        int addedObjects = 0;
        int droppedObjects = 0;
    };

    // `current` with its origins (PointOrigins::apply), `fresh` as PreLabeller::toInstance makes
    // them; `models` the shape models of the skeleton's part groups (may be empty).
    // The boxes of the objects a person worked on follow their points (`imageSize` clips them).
    static Result revise(const std::vector<PoseInstance> &current, const std::vector<PoseInstance> &fresh,
        const Skeleton &skeleton, const QSize &imageSize, const std::vector<ShapeModel> &models = {});
};

} // namespace gp
