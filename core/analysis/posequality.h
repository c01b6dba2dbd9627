#pragma once

#include "canceltoken.h"
#include "imageannotation.h"
#include "posedetection.h"
#include "progress.h"

#include <cstdint>
#include <vector>

namespace gp {

class DetectionCache;

// Per-frame measures of how the model behaves on a video, for the timeline's strips and the
// worst-frames list. NaN marks a frame that was not analysed (or where a measure does not
// apply, e.g. no track in the frames around it).
struct QualitySeries
{
    int keypointCount = 0;
    // keypointConf[frame * keypointCount + k]: the network's confidence of keypoint k in
    // the frame's most confident detection (0 when nothing was detected).
    std::vector<float> keypointConf;
    // Mean keypoint confidence of the most confident detection (0: nothing detected).
    std::vector<float> confidence;
    // Largest displacement of a raw keypoint since the previous frame, within a track,
    // over keypoints confident in both frames (px) — DeepLabCut's "jump".
    std::vector<float> jump;
    // Jitter: the second difference of the output (smoothed) keypoints,
    // |p(t+1) - 2 p(t) + p(t-1)|, averaged over a track's keypoints; the largest track (px).
    std::vector<float> jitter;
    // Evidence of a left/right swap: over the skeleton's flip pairs (a, b), how much closer
    // the raw points are to the previous frame's points crossed than straight (px; > 0:
    // crossed fits better).
    std::vector<float> swap;
    // 0: nothing bridged; 1: keypoints inferred across an occlusion; 2: a whole instance
    // bridged (the network missed it).
    std::vector<uint8_t> occlusion;
    // 1 where a track starts or ends (the set of track ids differs from the previous frame).
    std::vector<uint8_t> trackChange;

    qint64 frameCount() const { return qint64(confidence.size()); }
    float keypoint(qint64 frame, int k) const { return keypointConf[size_t(frame * keypointCount + k)]; }
};

// Computes QualitySeries from the raw detections and the tracks of the temporal stage.
class PoseQuality
{
public:
    // `tracks` has one entry per frame of `cache` (TemporalReplay); `flipIndex` is the
    // skeleton's; keypoints below `keypointConf` do not count for jumps and swaps.
    static QualitySeries compute(const DetectionCache &cache, const std::vector<std::vector<TrackedPose>> &tracks,
        const std::vector<int> &flipIndex, double keypointConf, const gp::CancelToken &cancel = {},
        const gp::Progress &progress = {});
    // Mean distance (px) between the labelled keypoints of the ground truth and the output
    // keypoints of the track whose box overlaps each truth instance most; -1 when nothing
    // can be compared.
    static double truthError(const ImageAnnotation &truth, const std::vector<TrackedPose> &tracks);
};

} // namespace gp
