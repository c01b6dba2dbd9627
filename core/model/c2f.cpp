#include "c2f.h"

namespace gp {

C2fImpl::C2fImpl(const C2fOptions &opts)
    : options(opts)
{
    m_hidden = options.out_channels() / 2;
    cv1 = register_module("cv1", Conv(ConvOptions(options.in_channels(), 2 * m_hidden, 1, 1)));
    cv2 = register_module("cv2", Conv(ConvOptions((2 + options.repeats()) * m_hidden, options.out_channels(), 1)));
    m = register_module("m", torch::nn::ModuleList());
    for (int64_t i = 0; i < options.repeats(); ++i) {
        Bottleneck b(BottleneckOptions(m_hidden, m_hidden).shortcut(options.shortcut()));
        m->push_back(b);
        m_blocks.push_back(b);
    }
}

torch::Tensor C2fImpl::forward(const torch::Tensor &x)
{
    std::vector<torch::Tensor> parts = cv1->forward(x).chunk(2, 1);
    parts.reserve(size_t(2 + m_blocks.size()));
    for (auto &b : m_blocks)
        parts.push_back(b->forward(parts.back()));
    return cv2->forward(torch::cat(parts, 1));
}

void C2fImpl::fuse()
{
    cv1->fuse();
    cv2->fuse();
    for (auto &b : m_blocks)
        b->fuse();
}

} // namespace gp
