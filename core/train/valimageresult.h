#pragma once

#include "poseinstance.h"

#include <QSize>
#include <QString>

#include <vector>

namespace gp {

// One validation image as the model saw it after an epoch: its labelled objects and the
// model's, in pixels of the image file (the label file's space), and how well they agree.
// The dashboard shows the worst images first, so a user sees where the model struggles.
struct ValImageResult
{
    // Predictions at least this confident are kept for drawing (Ultralytics' predict default).
    static constexpr double kShownConfidence = 0.25;

    QString imagePath;
    QSize imageSize;
    // The lowest, over the labelled objects with labelled keypoints, of the best object
    // keypoint similarity any prediction of the same class reaches with it. An image without
    // such objects scores 1 when nothing confident was predicted and 0 when something was.
    double oks = 1.0;
    int worstInstance = -1; // index into `truth` (the label file's order) of that object; -1 if none
    std::vector<PoseInstance> truth;
    // The confident predictions, most confident first, plus each labelled object's best
    // match when that one is less confident.
    std::vector<PoseInstance> predictions;
    std::vector<double> confidences; // one per prediction
};

} // namespace gp
