#include "musgd.h"

#include <torch/serialize/archive.h>

#include <cmath>
#include <sstream>
#include <type_traits>

namespace gp {

namespace {

// The optimizer state's key for a parameter: its TensorImpl's address as text in LibTorch
// 1.13, the address itself in later releases.
template<typename Key> Key stateKey(c10::TensorImpl *impl)
{
    if constexpr (std::is_same_v<Key, std::string>) {
        std::ostringstream s;
        s << impl;
        return s.str();
    } else {
        return impl;
    }
}

} // namespace

MuSGDOptions::MuSGDOptions(double lr)
    : lr_(lr)
{ }

void MuSGDOptions::serialize(torch::serialize::OutputArchive &archive) const
{
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(lr);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(momentum);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(weight_decay);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(nesterov);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(use_muon);
}

void MuSGDOptions::serialize(torch::serialize::InputArchive &archive)
{
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(double, lr);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(double, momentum);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(double, weight_decay);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(bool, nesterov);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(bool, use_muon);
}

void MuSGDParamState::serialize(torch::serialize::OutputArchive &archive) const
{
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(momentum_buffer);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(sgd_momentum_buffer);
}

void MuSGDParamState::serialize(torch::serialize::InputArchive &archive)
{
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(torch::Tensor, momentum_buffer);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(torch::Tensor, sgd_momentum_buffer);
}

MuSGD::MuSGD(
    std::vector<torch::optim::OptimizerParamGroup> groups, MuSGDOptions defaults, double muonScale, double sgdScale)
    : Optimizer(std::move(groups), std::make_unique<MuSGDOptions>(defaults))
    , m_muonScale(muonScale)
    , m_sgdScale(sgdScale)
{ }

torch::Tensor MuSGD::orthogonalize(const torch::Tensor &g)
{
    TORCH_CHECK(g.dim() == 2, "orthogonalize needs a matrix");
    torch::Tensor x = g.to(torch::kBFloat16);
    // Top singular value at most 1, which the iteration's coefficients assume.
    x = x / (x.norm() + 1e-7);
    const bool tall = g.size(0) > g.size(1);
    if (tall)
        x = x.t();
    // The quintic iteration with coefficients tuned for a steep slope at zero: it drives
    // every singular value towards 1 without converging exactly, which Muon accepts.
    constexpr double a = 3.4445, b = -4.7750, c = 2.0315;
    for (int i = 0; i < 5; ++i) {
        const torch::Tensor A = x.mm(x.t());
        const torch::Tensor B = b * A + c * A.mm(A);
        x = a * x + B.mm(x);
    }
    return tall ? x.t() : x;
}

torch::Tensor MuSGD::step(LossClosure closure)
{
    torch::NoGradGuard noGrad;
    torch::Tensor loss;
    if (closure) {
        torch::AutoGradMode enable(true);
        loss = closure();
    }
    for (auto &group : param_groups_) {
        const auto &o = static_cast<const MuSGDOptions &>(group.options());
        for (auto &p : group.params()) {
            if (!p.grad().defined())
                continue;
            const torch::Tensor grad = p.grad();
            using Key = std::decay_t<decltype(state_)>::key_type;
            auto &slot = state_[stateKey<Key>(p.unsafeGetTensorImpl())];
            if (!slot) {
                auto s = std::make_unique<MuSGDParamState>();
                s->momentum_buffer(torch::zeros_like(p));
                if (o.use_muon())
                    s->sgd_momentum_buffer(torch::zeros_like(p));
                slot = std::move(s);
            }
            auto &state = static_cast<MuSGDParamState &>(*slot);
            auto sgdStep = [&](torch::Tensor &buffer, double scale) {
                const torch::Tensor g = o.weight_decay() != 0 ? grad.add(p, o.weight_decay()) : grad;
                buffer.mul_(o.momentum()).add_(g);
                const torch::Tensor update = o.nesterov() ? g.add(buffer, o.momentum()) : buffer;
                p.add_(update, -o.lr() * scale);
            };
            if (o.use_muon()) {
                torch::Tensor &m = state.momentum_buffer();
                m.lerp_(grad, 1 - o.momentum());
                torch::Tensor update = o.nesterov() ? grad.lerp(m, o.momentum()) : m;
                if (update.dim() == 4)
                    update = update.reshape({ update.size(0), -1 });
                update = orthogonalize(update);
                // Wide-or-square factor as Ultralytics computes it: from the last two
                // dimensions of the gradient (1 for 3×3 and 1×1 convolution filters).
                update = update * std::sqrt(std::max(1.0, double(grad.size(-2)) / double(grad.size(-1))));
                p.add_(update.reshape(p.sizes()).to(p.scalar_type()), -o.lr() * m_muonScale);
                sgdStep(state.sgd_momentum_buffer(), m_sgdScale);
            } else {
                sgdStep(state.momentum_buffer(), 1.0);
            }
        }
    }
    return loss;
}

void MuSGD::save(torch::serialize::OutputArchive &archive) const
{
    torch::optim::serialize<MuSGDParamState, MuSGDOptions>(archive, *this);
}

void MuSGD::load(torch::serialize::InputArchive &archive)
{
    torch::optim::serialize<MuSGDParamState, MuSGDOptions>(archive, *this);
}

} // namespace gp
