#pragma once

// Internal header (OpenCV): the sample of the training-data path (TrainDataset -> Augmenter,
// ScenarioAugmenter -> BatchLoader -> collate), for core/train, its tests and benchmarks; the
// headers of that path are internal for the same reason.

#include "poseinstance.h"

#include <opencv2/core/mat.hpp>

#include <vector>

namespace gp {

// An image and its instances (boxes and keypoints in pixels of `image`) on its way
// through the augmentations to a training batch. The image is the cv::Mat that every
// augmentation works on (HSV and flips in place, warps and mosaic into the Mat they return)
// and that collate reads into the batch tensor; a Qt image here would cost a conversion
// (a pixel copy) per sample and step.
struct TrainSample
{
    cv::Mat image; // BGR, 8-bit
    std::vector<PoseInstance> instances;
};

} // namespace gp
