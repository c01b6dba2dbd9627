#pragma once

#include "oneeurofilter.h"
#include "posedetection.h"

#include <map>
#include <vector>

namespace gp {

// Settings of the temporal stage; all of them may change between two frames.
struct TemporalOptions
{
    bool smooth = true; // One Euro filter on every keypoint coordinate and the box
    OneEuroParams filter { 1.0, 0.1, 1.0 }; // tuned on the demo video (docs/BENCHMARKS.md)
    double keypointConf = 0.5; // below: the keypoint is occluded this frame
    int maxGap = 5; // frames an occluded keypoint (or a missed instance) is bridged; 0: never
    bool extrapolate = true; // bridge with the last velocity (false: hold the last value)
    double matchThreshold = 0.2; // least similarity (IoU / OKS) for a detection to continue a track
    int trackMemory = 15; // frames a track survives without a detection
    std::vector<double> sigmas; // OKS sigmas per keypoint (empty: 0.05 each)
};

// The temporal stage: associates detections with tracks frame after frame (greedy by
// similarity: the mean of the box IoU and the keypoint OKS against the track's
// constant-velocity prediction), smooths them, and bridges occlusions. Single-threaded;
// call update() in frame order.
class PoseTracker
{
public:
    explicit PoseTracker(TemporalOptions options = {});

    void setOptions(const TemporalOptions &options) { m_options = options; }
    const TemporalOptions &options() const { return m_options; }

    // Tracks of this frame (sorted by id): every matched detection, and missed instances
    // that are still bridged. frameIndex must increase; timestampMs gives the filter's dt.
    std::vector<TrackedPose> update(
        qint64 frameIndex, double timestampMs, const std::vector<PoseDetection> &detections);
    // Fills prediction->tracks (and sets tracked).
    void process(struct FramePrediction *prediction);

    void reset();
    int activeTracks() const { return int(m_tracks.size()); }

    // Object keypoint similarity of two keypoint sets at the scale of `area` (px²); only
    // keypoints with conf >= minConf in both count. -1 when none does.
    static double oks(const std::vector<PoseKeypoint> &a, const std::vector<PoseKeypoint> &b, double area,
        const std::vector<double> &sigmas, double minConf);

private:
    struct Point
    {
        OneEuroFilter fx;
        OneEuroFilter fy;
        double x = 0.0; // last output
        double y = 0.0;
        double vx = 0.0; // output velocity, px per frame
        double vy = 0.0;
        int gap = 0; // frames since last seen
        bool seen = false; // has a value to bridge from
    };
    struct Track
    {
        int id = 0;
        PoseBox box; // last output box
        PoseBox rawBox;
        double vx = 0.0; // box centre velocity, px per frame
        double vy = 0.0;
        OneEuroFilter fbox[4];
        double score = 0.0;
        int cls = 0;
        int misses = 0;
        bool started = false;
        qint64 lastFrame = 0;
        double lastTimestampMs = 0.0;
        std::vector<Point> points;
        std::vector<PoseKeypoint> lastRaw;
    };

    PoseBox predictedBox(const Track &t, qint64 frame) const;
    std::vector<PoseKeypoint> predictedKeypoints(const Track &t, qint64 frame) const;
    double similarity(const Track &t, const PoseDetection &d, qint64 frame) const;
    TrackedPose updateTrack(Track &t, const PoseDetection &d, qint64 frame, double timestampMs);
    bool bridgeMissed(Track &t, qint64 frame, TrackedPose *out);

    TemporalOptions m_options;
    std::vector<Track> m_tracks;
    int m_nextId = 1;
    qint64 m_lastFrame = -1;
};

} // namespace gp
