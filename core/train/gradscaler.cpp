#include "gradscaler.h"

#include <torch/version.h>

namespace gp {

GradScaler::GradScaler(torch::Device device, Options options)
    : m_options(options)
    // The fused kernels exist for CUDA/HIP; CPU kernels arrived in LibTorch 2.3.
    , m_fused(device.is_cuda()
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
          || device.is_cpu()
#endif
      )
{
    const auto f = torch::TensorOptions().device(device).dtype(torch::kFloat);
    m_scale = torch::full({ 1 }, options.initScale, f);
    m_growthTracker = torch::zeros({ 1 }, f.dtype(torch::kInt));
    m_foundInf = torch::zeros({ 1 }, f);
}

torch::Tensor GradScaler::scale(const torch::Tensor &loss) const
{
    return m_options.enabled ? loss * m_scale.to(loss.dtype()) : loss;
}

void GradScaler::unscale(torch::optim::Optimizer &optimizer)
{
    if (!m_options.enabled || m_unscaled)
        return;
    m_foundInf.zero_();
    const torch::Tensor inv = m_scale.reciprocal();
    std::vector<torch::Tensor> grads;
    for (auto &group : optimizer.param_groups())
        for (auto &p : group.params())
            if (p.grad().defined())
                grads.push_back(p.grad());
    if (m_fused) {
        at::_amp_foreach_non_finite_check_and_unscale_(grads, m_foundInf, inv);
    } else {
        torch::NoGradGuard noGrad;
        for (auto &g : grads) {
            if (!torch::isfinite(g).all().item<bool>())
                m_foundInf.fill_(1.0);
            g.mul_(inv);
        }
    }
    m_unscaled = true;
}

bool GradScaler::step(torch::optim::Optimizer &optimizer)
{
    if (!m_options.enabled) {
        optimizer.step();
        return true;
    }
    unscale(optimizer);
    const bool ok = m_foundInf.item<float>() == 0.0f; // one device sync per step
    if (ok)
        optimizer.step();
    return ok;
}

void GradScaler::update()
{
    if (!m_options.enabled)
        return;
    m_unscaled = false;
    if (m_fused) {
        at::_amp_update_scale_(m_scale, m_growthTracker, m_foundInf, m_options.growthFactor, m_options.backoffFactor,
            m_options.growthInterval);
        return;
    }
    if (m_foundInf.item<float>() != 0.0f) {
        m_scale.mul_(m_options.backoffFactor);
        m_growthTracker.zero_();
    } else if (m_growthTracker.add_(1).item<int>() >= m_options.growthInterval) {
        m_scale.mul_(m_options.growthFactor);
        m_growthTracker.zero_();
    }
}

double GradScaler::currentScale() const
{
    return m_scale.item<double>();
}

std::pair<double, int> GradScaler::state() const
{
    return { m_scale.item<double>(), m_growthTracker.item<int>() };
}

void GradScaler::setState(double scale, int growthTracker)
{
    m_scale.fill_(scale);
    m_growthTracker.fill_(growthTracker);
}

} // namespace gp
