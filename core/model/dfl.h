#pragma once

// Internal (torch-only) header.

#include <torch/torch.h>

namespace gp {

// Distribution focal loss integral: a 1x1 Conv2d(reg_max -> 1, no bias) whose weight is
// fixed to 0, 1, ..., reg_max-1 and never trained (child "conv", as in the reference).
// Decoding uses the weight through postprocess (dflExpectation).
class DflImpl : public torch::nn::Module
{
public:
    explicit DflImpl(int64_t regMax = 16)
        : m_regMax(regMax)
    {
        conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(regMax, 1, 1).bias(false)));
        resetWeights();
    }
    void resetWeights()
    {
        torch::NoGradGuard noGrad;
        conv->weight.copy_(torch::arange(m_regMax, conv->weight.options()).view({ 1, m_regMax, 1, 1 }));
        conv->weight.set_requires_grad(false);
    }
    // The bin values, [reg_max].
    torch::Tensor bins() const { return conv->weight.reshape({ m_regMax }); }
    int64_t regMax() const { return m_regMax; }

    torch::nn::Conv2d conv { nullptr };

private:
    int64_t m_regMax;
};
TORCH_MODULE(Dfl);

} // namespace gp
