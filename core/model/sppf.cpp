#include "sppf.h"

namespace gp {

SppfImpl::SppfImpl(const SppfOptions &opts)
    : options(opts)
{
    const int64_t hidden = options.in_channels() / 2;
    cv1 = register_module("cv1", Conv(ConvOptions(options.in_channels(), hidden, 1, 1)));
    cv2 = register_module("cv2", Conv(ConvOptions(4 * hidden, options.out_channels(), 1, 1)));
    m = register_module("m",
        torch::nn::MaxPool2d(
            torch::nn::MaxPool2dOptions(options.kernel_size()).stride(1).padding(options.kernel_size() / 2)));
}

torch::Tensor SppfImpl::forward(const torch::Tensor &x)
{
    torch::Tensor y0 = cv1->forward(x);
    torch::Tensor y1 = m->forward(y0);
    torch::Tensor y2 = m->forward(y1);
    torch::Tensor y3 = m->forward(y2);
    return cv2->forward(torch::cat({ y0, y1, y2, y3 }, 1));
}

void SppfImpl::fuse()
{
    cv1->fuse();
    cv2->fuse();
}

} // namespace gp
