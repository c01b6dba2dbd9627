#pragma once

#include "posedetection.h"

#include <QtGlobal>

#include <vector>

namespace gp {
class VideoTruth;

// How close the temporal stage's output comes to a video's ground truth (the generator's
// sidecar): each truth instance is matched to the track whose raw box overlaps it most
// (IoU at least kMatchIou); over every labelled keypoint (visibility 1 or 2) of the matched
// instances, the mean distance of the output point and of the network's raw point; the
// jitter, the mean length of the second difference p[t] - 2 p[t-1] + p[t-2] over three
// consecutive matched frames of a truth track; the error inside the truth's occlusion
// episodes; and how many labelled keypoints had an output point at all. This is how the
// smoothing presets are chosen (gp_bench_video presets, docs/BENCHMARKS.md).
struct TruthScoreResult
{
    double error = 0.0; // output, px
    double rawError = 0.0; // the network's own points, px
    double jitter = 0.0; // output, px
    double rawJitter = 0.0;
    double occlusionError = 0.0; // output, inside the occlusion episodes, px
    double truthJitter = 0.0; // the truth's own second difference: the motion itself
    qint64 points = 0; // labelled keypoints scored (of matched instances)
    qint64 truthPoints = 0; // labelled keypoints in the truth
    qint64 matched = 0; // truth instances matched to a track
    qint64 instances = 0;

    double coverage() const { return truthPoints > 0 ? double(points) / double(truthPoints) : 0.0; }
};

class TruthScore
{
public:
    static constexpr double kMatchIou = 0.3;

    // `tracks`: one list per frame, frame 0 first (as TemporalReplay gives them); frames
    // beyond it count as missed.
    static TruthScoreResult score(const VideoTruth &truth, const std::vector<std::vector<TrackedPose>> &tracks);
};

} // namespace gp
