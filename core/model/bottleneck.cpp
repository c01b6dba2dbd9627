#include "bottleneck.h"

namespace gp {

BottleneckImpl::BottleneckImpl(const BottleneckOptions &opts)
    : options(opts)
{
    const int64_t hidden = int64_t(double(options.out_channels()) * options.expansion());
    cv1 = register_module("cv1", Conv(ConvOptions(options.in_channels(), hidden, 3, 1)));
    cv2 = register_module("cv2", Conv(ConvOptions(hidden, options.out_channels(), 3, 1)));
    m_add = options.shortcut() && options.in_channels() == options.out_channels();
}

torch::Tensor BottleneckImpl::forward(const torch::Tensor &x)
{
    torch::Tensor y = cv2->forward(cv1->forward(x));
    return m_add ? x + y : y;
}

void BottleneckImpl::fuse()
{
    cv1->fuse();
    cv2->fuse();
}

} // namespace gp
