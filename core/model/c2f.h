#pragma once

// Internal (torch-only) header.

#include "bottleneck.h"

namespace gp {

struct C2fOptions
{
    C2fOptions(int64_t in, int64_t out, int64_t n = 1)
        : in_channels_(in)
        , out_channels_(out)
        , repeats_(n)
    { }
    TORCH_ARG(int64_t, in_channels);
    TORCH_ARG(int64_t, out_channels);
    TORCH_ARG(int64_t, repeats) = 1;
    TORCH_ARG(bool, shortcut) = false;
};

// CSP bottleneck with two convolutions: cv1 (1x1, c1 -> 2c), split into halves, a chain
// of n Bottlenecks ("m.0", "m.1", ...) on the second half keeping every output,
// concat of all (2 + n) parts, cv2 (1x1) -> c2. Hidden width c = c2 / 2.
class C2fImpl : public torch::nn::Module
{
public:
    explicit C2fImpl(const C2fOptions &options);
    torch::Tensor forward(const torch::Tensor &x);
    void fuse();

    C2fOptions options;
    Conv cv1 { nullptr };
    Conv cv2 { nullptr };
    torch::nn::ModuleList m { nullptr };

private:
    int64_t m_hidden = 0;
    std::vector<Bottleneck> m_blocks;
};
TORCH_MODULE(C2f);

} // namespace gp
