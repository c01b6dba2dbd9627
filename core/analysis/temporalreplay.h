#pragma once

#include "canceltoken.h"
#include "posedetection.h"
#include "posetracker.h"
#include "progress.h"

#include <vector>

namespace gp {

class DetectionCache;

// The temporal stage (PoseTracker: tracking, One Euro smoothing, occlusion bridging) run
// again over the raw detections of an analysed video, in frame order, with new settings.
// No frame is decoded and no network runs, so it is cheap enough to follow a slider: the
// same tracker the pipeline runs, fed the same detections, gives the same tracks.
class TemporalReplay
{
public:
    // One list of tracks per frame of the cache (empty for frames not analysed). False when
    // cancelled (*tracks is then incomplete). Progress counts frames.
    static bool run(const DetectionCache &cache, const TemporalOptions &options,
        std::vector<std::vector<TrackedPose>> *tracks, const gp::CancelToken &cancel = {},
        const gp::Progress &progress = {});
    // Detections shown as they are (no tracking, no smoothing), numbered in order: what a
    // frame inferred on its own looks like next to the tracked ones.
    static std::vector<TrackedPose> untracked(const std::vector<PoseDetection> &detections);
};

} // namespace gp
