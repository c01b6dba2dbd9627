#pragma once

// Internal (torch-only): dynamic loss scaling for fp16 training, as Python's
// torch.cuda.amp.GradScaler (LibTorch has none in C++). Fused kernels on CUDA/ROCm, a
// pure-tensor fallback elsewhere.

#include <torch/torch.h>

namespace gp {

class GradScaler
{
public:
    struct Options
    {
        double initScale = 65536.0;
        double growthFactor = 2.0;
        double backoffFactor = 0.5;
        int growthInterval = 2000;
        bool enabled = true;
    };

    GradScaler(torch::Device device, Options options);

    torch::Tensor scale(const torch::Tensor &loss) const;
    // Divides the gradients by the scale in place and records whether any is inf/NaN.
    // Clip gradients after this and before step().
    void unscale(torch::optim::Optimizer &optimizer);
    // Steps unless the unscaled gradients had inf/NaN; returns whether it stepped.
    bool step(torch::optim::Optimizer &optimizer);
    // Backs off after an overflow, grows after growthInterval clean steps.
    void update();

    double currentScale() const;
    bool isEnabled() const { return m_options.enabled; }
    // For checkpoints: scale and growth tracker.
    std::pair<double, int> state() const;
    void setState(double scale, int growthTracker);

private:
    Options m_options;
    bool m_fused;
    torch::Tensor m_scale; // [1] float
    torch::Tensor m_growthTracker; // [1] int
    torch::Tensor m_foundInf; // [1] float
    bool m_unscaled = false;
};

} // namespace gp
