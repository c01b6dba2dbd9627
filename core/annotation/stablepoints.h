#pragma once

#include "poseinstance.h"

#include <vector>

namespace gp {

// "Copy previous" on a sequence of frames: which of the last frame's points held still over
// the frames before it, and so are likely where they were. A point that moved is left out for
// the person to place (a moving finger would be copied wrong), however its object moved.
class StablePoints
{
public:
    // `frames`: the objects of consecutive frames, oldest first, in one pixel space. Returns the
    // last frame's objects with every point absent that moved more than `tolerance` between two
    // consecutive frames. Each object is followed back frame by frame to the earlier frame's
    // nearest object (mean distance over shared points, within half its box diagonal); a point
    // not labelled in an earlier frame counts as moved. An object with nothing to follow it to
    // (a single frame, or one that just appeared) is kept whole: nothing says it moved.
    static std::vector<PoseInstance> keep(const std::vector<std::vector<PoseInstance>> &frames, double tolerance);
};

} // namespace gp
