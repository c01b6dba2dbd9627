#pragma once

// Numeric comparisons across machines and runtimes (torch translation units only).

#include <torch/torch.h>

#include <QString>

namespace fixtures {

// Comparing our fp32 result with a reference computed in fp32 elsewhere (Python torch on
// another machine, or ONNX Runtime): both sides round, neither is exact, and how far they
// may honestly part depends on the values, the depth of the computation and the kernels.
// So the limit is measured, not set: the exact result is our own computation in fp64
// (rounding 2^-53, 2^29 times finer), and our fp32 rounding on this machine is
// e = max |ours32 - ours64|, which carries the magnitude of the values, every accumulation
// between input and output and every layer's amplification of what came before. The
// reference rounds the same network on the same input at the same precision in other
// summation orders, so its own distance to the exact result is a sample of the same
// process: |ref - ours32| <= |ours32 - exact| + |ref - exact| = e + r. r is allowed
// kOtherSide times e: kernels of another family accumulate in blocks of another length (16
// fp32 lanes with AVX-512 against 8 with AVX2: the error of a blocked sum grows with the
// square root of the chain, so sqrt(2)), and oneDNN or ONNX Runtime may pick a different
// convolution algorithm (im2col GEMM, direct, or Winograd, whose transforms add a few times
// the rounding of a direct convolution). A wrong weight, a wrong layer or a wrong constant
// moves values by orders of magnitude more than rounding (tst_posemodel's
// onePercentWeightChangeIsCaught shows one weight off by 1 % is).
struct RoundingCheck
{
    static constexpr double kOtherSide = 3.0;
    double diff = 0; // max |ours32 - ref|
    double ownRounding = 0; // e = max |ours32 - ours64|
    double limit() const { return (1.0 + kOtherSide) * ownRounding; }
    bool ok() const { return diff <= limit(); }
    QString text() const
    {
        return QStringLiteral("max |diff| %1, own fp32 rounding %2, limit %3 (%4 of it)")
            .arg(diff, 0, 'g', 3)
            .arg(ownRounding, 0, 'g', 3)
            .arg(limit(), 0, 'g', 3)
            .arg(ownRounding > 0 ? diff / limit() : 0.0, 0, 'f', 2);
    }
};

inline double maxAbsDiff(const torch::Tensor &a, const torch::Tensor &b)
{
    return (a.to(torch::kDouble) - b.to(torch::kDouble)).abs().max().item<double>();
}

inline RoundingCheck roundingCheck(const torch::Tensor &ours32, const torch::Tensor &ours64, const torch::Tensor &ref)
{
    RoundingCheck c;
    c.diff = maxAbsDiff(ours32, ref);
    c.ownRounding = maxAbsDiff(ours32, ours64);
    return c;
}

} // namespace fixtures
