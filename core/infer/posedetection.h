#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace gp {

// Plain result structs of prediction (torch-free): what the predictor, the temporal stage
// and the outputs exchange, and what crosses thread boundaries. Coordinates are source-image
// pixels.

struct PoseBox
{
    double x1 = 0.0;
    double y1 = 0.0;
    double x2 = 0.0;
    double y2 = 0.0;

    double width() const { return x2 - x1; }
    double height() const { return y2 - y1; }
    double area() const { return width() > 0 && height() > 0 ? width() * height() : 0.0; }
    double centerX() const { return 0.5 * (x1 + x2); }
    double centerY() const { return 0.5 * (y1 + y2); }
    // Intersection over union (0 when either box is empty).
    double iou(const PoseBox &o) const;
};

struct PoseKeypoint
{
    double x = 0.0;
    double y = 0.0;
    double conf = 0.0; // visibility score in [0, 1] (1 for 2-D keypoint models)
};

// One instance found by the network in one image.
struct PoseDetection
{
    PoseBox box;
    double score = 0.0;
    int cls = 0;
    std::vector<PoseKeypoint> keypoints;
};

// A keypoint after the temporal stage: the output value (smoothed, or held/extrapolated
// while occluded) next to the raw network value.
struct TrackedKeypoint
{
    double x = 0.0;
    double y = 0.0;
    double conf = 0.0; // the network's confidence this frame (0 when the instance was missed)
    double rawX = 0.0;
    double rawY = 0.0;
    bool inferred = false; // x, y bridged over an occlusion (not seen this frame)
};

// One instance after the temporal stage.
struct TrackedPose
{
    int trackId = -1;
    PoseBox box; // smoothed box (raw box while unsmoothed)
    PoseBox rawBox;
    double score = 0.0;
    int cls = 0;
    bool bridged = false; // the network missed the whole instance; everything extrapolated
    std::vector<TrackedKeypoint> keypoints;
};

// Everything about one processed frame.
struct FramePrediction
{
    qint64 frameIndex = 0; // index in the source (decode order), exact
    double timestampMs = 0.0;
    QString sourcePath; // the image file, for image sources (empty for video)
    int width = 0;
    int height = 0;
    std::vector<PoseDetection> detections; // raw network output
    double latencyMs = 0.0; // from decoding the frame to handing it to the output (pipeline)
    bool tracked = false; // the temporal stage filled `tracks`
    std::vector<TrackedPose> tracks;
};

} // namespace gp
