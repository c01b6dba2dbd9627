#pragma once

#include <QString>

namespace gp {

// What the output stage of the video pipeline writes (PredictionWriter), and how.
struct OutputOptions
{
    QString videoPath; // annotated video (mp4v); empty: none
    QString imageDir; // annotated images, one file per frame (named after the source image); empty: none
    QString jsonPath; // JSON Lines, one object per processed frame; empty: none
    QString csvPath; // one row per instance and frame; empty: none
    bool showRaw = false; // draw the raw network keypoints instead of the smoothed ones
    bool drawNames = false; // keypoint names next to the points
    double keypointConf = 0.5; // keypoints below this confidence are not drawn (unless bridged)
    double fps = 0.0; // of the annotated video (0: the source's rate over vid_stride; 30 when unknown)
};

} // namespace gp
