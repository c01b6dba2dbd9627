#pragma once

// Internal (torch-only) header.

#include "conv.h"

namespace gp {

struct SppfOptions
{
    SppfOptions(int64_t in, int64_t out, int64_t kernel = 5)
        : in_channels_(in)
        , out_channels_(out)
        , kernel_size_(kernel)
    { }
    TORCH_ARG(int64_t, in_channels);
    TORCH_ARG(int64_t, out_channels);
    TORCH_ARG(int64_t, kernel_size) = 5;
};

// Spatial pyramid pooling, fast: cv1 (1x1 c1 -> c1/2, with SiLU as every released
// YOLOv8 has), three chained max-pools (k, stride 1, padding k/2), concat of the four,
// cv2 (1x1) -> c2. The pool is the parameter-free child "m".
class SppfImpl : public torch::nn::Module
{
public:
    explicit SppfImpl(const SppfOptions &options);
    torch::Tensor forward(const torch::Tensor &x);
    void fuse();

    SppfOptions options;
    Conv cv1 { nullptr };
    Conv cv2 { nullptr };
    torch::nn::MaxPool2d m { nullptr };
};
TORCH_MODULE(Sppf);

} // namespace gp
