#pragma once

// Internal (torch-only) header.

#include <torch/torch.h>

namespace gp {

// Parameter-free placeholder for Ultralytics' Concat layer, so that the layer indices of
// the "model" list match the reference (the wiring itself is done by PoseModel).
class ConcatImpl : public torch::nn::Module
{
public:
    explicit ConcatImpl(int64_t dim = 1)
        : m_dim(dim)
    { }
    torch::Tensor forward(const std::vector<torch::Tensor> &xs) { return torch::cat(xs, m_dim); }

private:
    int64_t m_dim;
};
TORCH_MODULE(Concat);

} // namespace gp
