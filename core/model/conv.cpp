#include "conv.h"

namespace gp {

ConvImpl::ConvImpl(const ConvOptions &opts)
    : options(opts)
{
    conv = register_module("conv",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(options.in_channels(), options.out_channels(), options.kernel_size())
                              .stride(options.stride())
                              .padding(options.kernel_size() / 2)
                              .bias(false)));
    bn = register_module(
        "bn", torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(options.out_channels()).eps(1e-3).momentum(0.03)));
}

torch::Tensor ConvImpl::forward(const torch::Tensor &x)
{
    torch::Tensor y = conv->forward(x);
    if (!m_fused)
        y = bn->forward(y);
    return options.activation() ? torch::silu(y) : y;
}

void ConvImpl::fuse()
{
    if (m_fused)
        return;
    torch::NoGradGuard noGrad;
    const torch::Tensor w = conv->weight;
    const torch::Tensor scale = bn->weight / torch::sqrt(bn->running_var + bn->options.eps());
    const torch::Tensor fusedW = w * scale.view({ -1, 1, 1, 1 });
    const torch::Tensor fusedB = bn->bias - bn->running_mean * scale;

    auto fused = torch::nn::Conv2d(
        torch::nn::Conv2dOptions(options.in_channels(), options.out_channels(), options.kernel_size())
            .stride(options.stride())
            .padding(options.kernel_size() / 2)
            .bias(true));
    fused->to(w.device(), w.scalar_type());
    fused->weight.copy_(fusedW);
    fused->bias.copy_(fusedB);
    fused->train(is_training());
    conv = replace_module("conv", fused);
    unregister_module("bn");
    bn = nullptr;
    m_fused = true;
}

} // namespace gp
