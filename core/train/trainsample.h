#pragma once

#include "poseinstance.h"

#include <opencv2/core/mat.hpp>

#include <vector>

namespace gp {

// An image and its instances (boxes and keypoints in pixels of `image`) on its way
// through the augmentations to a training batch.
struct TrainSample
{
    cv::Mat image; // BGR, 8-bit
    std::vector<PoseInstance> instances;
};

} // namespace gp
