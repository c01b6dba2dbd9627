#include "stablepoints.h"

#include <cmath>
#include <limits>

namespace gp {

namespace {

// The earlier frame's object nearest `object`, or -1 when none lies within half its box diagonal.
int follow(const PoseInstance &object, const std::vector<PoseInstance> &earlier)
{
    const double gate = 0.5 * std::hypot(object.box.width(), object.box.height());
    int best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (size_t i = 0; i < earlier.size(); ++i) {
        double sum = 0;
        int n = 0;
        for (size_t k = 0; k < object.keypoints.size() && k < earlier[i].keypoints.size(); ++k)
            if (object.keypoints[k].isLabelled() && earlier[i].keypoints[k].isLabelled()) {
                sum += std::hypot(object.keypoints[k].x - earlier[i].keypoints[k].x,
                    object.keypoints[k].y - earlier[i].keypoints[k].y);
                ++n;
            }
        if (n > 0 && sum / n < bestDistance && sum / n <= gate) {
            bestDistance = sum / n;
            best = int(i);
        }
    }
    return best;
}

} // namespace

std::vector<PoseInstance> StablePoints::keep(const std::vector<std::vector<PoseInstance>> &frames, double tolerance)
{
    if (frames.empty())
        return {};
    std::vector<PoseInstance> out = frames.back();
    for (size_t o = 0; o < out.size(); ++o) {
        PoseInstance &object = out[o];
        std::vector<bool> moved(object.keypoints.size(), false);
        const PoseInstance *later = &frames.back()[o];
        bool followed = false;
        for (size_t f = frames.size() - 1; f-- > 0;) {
            const int i = follow(*later, frames[f]);
            if (i < 0)
                break;
            followed = true;
            const PoseInstance &earlier = frames[f][size_t(i)];
            for (size_t k = 0; k < moved.size(); ++k) {
                const Keypoint &a = later->keypoints[k];
                const Keypoint b = k < earlier.keypoints.size() ? earlier.keypoints[k] : Keypoint();
                if (a.isLabelled() && (!b.isLabelled() || std::hypot(a.x - b.x, a.y - b.y) > tolerance))
                    moved[k] = true;
            }
            later = &earlier;
        }
        if (!followed)
            continue;
        for (size_t k = 0; k < moved.size(); ++k)
            if (moved[k])
                object.keypoints[k] = Keypoint();
    }
    return out;
}

} // namespace gp
