#pragma once

// Internal (torch-only) header.

#include "conv.h"

namespace gp {

struct BottleneckOptions
{
    BottleneckOptions(int64_t in, int64_t out)
        : in_channels_(in)
        , out_channels_(out)
    { }
    TORCH_ARG(int64_t, in_channels);
    TORCH_ARG(int64_t, out_channels);
    TORCH_ARG(bool, shortcut) = true;
    TORCH_ARG(double, expansion) = 1.0;
};

// Two 3x3 Convs ("cv1", "cv2"); adds the input when shortcut is on and the channel
// counts match.
class BottleneckImpl : public torch::nn::Module
{
public:
    explicit BottleneckImpl(const BottleneckOptions &options);
    torch::Tensor forward(const torch::Tensor &x);
    void fuse();

    BottleneckOptions options;
    Conv cv1 { nullptr };
    Conv cv2 { nullptr };

private:
    bool m_add = false;
};
TORCH_MODULE(Bottleneck);

} // namespace gp
