#pragma once

// Internal (torch-only): a batch of samples as the network's input and the loss targets.

#include "poseloss.h"
#include "trainsample_p.h"

#include <vector>

namespace gp {

struct BatchTensors
{
    torch::Tensor images; // [B, 3, H, W] float RGB in [0, 1]
    PoseBatchTargets targets;
    int instances = 0;
};

// All samples must share one size. Coordinates are normalised by that size; the
// keypoints keep `dims` values (visibility as 0/1/2 when dims is 3).
BatchTensors collate(const std::vector<TrainSample> &samples, int numKeypoints, int dims);

} // namespace gp
