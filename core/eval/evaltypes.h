#pragma once

#include <array>
#include <vector>

namespace gp {

// Plain inputs of the validation metrics, in pixels of the (letterboxed) network input.
struct EvalKeypoint
{
    double x = 0.0, y = 0.0;
    double v = 0.0; // GT: visibility 0/1/2; prediction: visibility confidence
};

struct EvalObject
{
    std::array<double, 4> box {}; // x1, y1, x2, y2
    int cls = 0;
    double conf = 1.0; // predictions only
    std::vector<EvalKeypoint> keypoints;
};

// One image: its ground truth and its post-NMS predictions sorted by decreasing conf.
struct EvalImage
{
    std::vector<EvalObject> truth;
    std::vector<EvalObject> predictions;
};

} // namespace gp
