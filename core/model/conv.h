#pragma once

// Internal (torch-only) header: include only from translation units built with
// gp_torch_target. Widgets and app code use the plain structs in modelspec.h etc.

#include <torch/torch.h>

namespace gp {

struct ConvOptions
{
    ConvOptions(int64_t in, int64_t out, int64_t kernel = 1, int64_t stride = 1)
        : in_channels_(in)
        , out_channels_(out)
        , kernel_size_(kernel)
        , stride_(stride)
    { }
    TORCH_ARG(int64_t, in_channels);
    TORCH_ARG(int64_t, out_channels);
    TORCH_ARG(int64_t, kernel_size) = 1;
    TORCH_ARG(int64_t, stride) = 1;
    TORCH_ARG(bool, activation) = true; // SiLU
};

// Ultralytics' Conv: Conv2d (no bias, padding k/2) -> BatchNorm2d(eps 1e-3, momentum 0.03)
// -> SiLU. Children "conv" and "bn", as in the reference state dict. After fuse() the
// BatchNorm is folded into the convolution (which then has a bias) and removed.
class ConvImpl : public torch::nn::Module
{
public:
    explicit ConvImpl(const ConvOptions &options);
    torch::Tensor forward(const torch::Tensor &x);

    // Folds bn into conv (eval-mode statistics). Idempotent.
    void fuse();
    bool isFused() const { return m_fused; }

    ConvOptions options;
    torch::nn::Conv2d conv { nullptr };
    torch::nn::BatchNorm2d bn { nullptr };

private:
    bool m_fused = false;
};
TORCH_MODULE(Conv);

} // namespace gp
