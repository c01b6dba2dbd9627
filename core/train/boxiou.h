#pragma once

// Internal (torch-only) header: box geometry used by the assigner and the box loss.

#include <torch/torch.h>

namespace gp {

// Complete IoU of box1 and box2 ([..., 4] xyxy, broadcastable), shape [..., 1].
// The aspect-ratio weight alpha is treated as a constant for autograd, as in the
// reference implementation; eps guards the heights and the union.
torch::Tensor completeIou(const torch::Tensor &box1, const torch::Tensor &box2, double eps = 1e-7);

// [..., 4] x1, y1, x2, y2 <-> cx, cy, w, h.
torch::Tensor xyxyToXywh(const torch::Tensor &xyxy);
torch::Tensor xywhToXyxy(const torch::Tensor &xywh);

} // namespace gp
