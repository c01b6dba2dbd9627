#include "modelema.h"

#include <cmath>

namespace gp {

ModelEma::ModelEma(const ModelSpec &spec, const PoseModel &model, double decay, double tau)
    : m_ema(spec)
    , m_decay(decay)
    , m_tau(tau)
{
    copyModelState(*model, *m_ema);
    m_ema->to(model->parameters().front().device());
    m_ema->eval();
    for (auto &p : m_ema->parameters())
        p.set_requires_grad(false);
}

double ModelEma::currentDecay() const
{
    return m_decay * (1.0 - std::exp(-double(m_updates) / m_tau));
}

void ModelEma::update(const PoseModel &model)
{
    torch::NoGradGuard noGrad;
    ++m_updates;
    const double d = currentDecay();
    const auto src = modelState(*model);
    const auto dst = modelState(*m_ema);
    for (size_t i = 0; i < src.size(); ++i) {
        const torch::Tensor &s = src[i].second;
        const torch::Tensor &e = dst[i].second;
        if (!e.is_floating_point())
            continue; // num_batches_tracked stays as copied
        e.mul_(d).add_(s.detach(), 1.0 - d);
    }
}

} // namespace gp
