#include "posehead.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

torch::nn::Sequential branch(int64_t in, int64_t hidden, int64_t out)
{
    return torch::nn::Sequential(Conv(ConvOptions(in, hidden, 3, 1)), Conv(ConvOptions(hidden, hidden, 3, 1)),
        torch::nn::Conv2d(torch::nn::Conv2dOptions(hidden, out, 1).bias(true)));
}

void fuseBranch(torch::nn::Sequential &seq)
{
    for (size_t i = 0; i + 1 < seq->size(); ++i)
        seq[i]->as<ConvImpl>()->fuse();
}

torch::nn::Conv2dImpl *lastConv(torch::nn::Sequential &seq)
{
    return seq[seq->size() - 1]->as<torch::nn::Conv2dImpl>();
}

} // namespace

PoseHeadImpl::PoseHeadImpl(const PoseHeadOptions &opts)
    : options(opts)
{
    const std::vector<int64_t> &ch = options.channels();
    const int64_t regMax = options.reg_max();
    const int64_t nc = options.num_classes();
    const int64_t nk = options.num_keypoints() * options.keypoint_dims();
    const int64_t c2 = std::max({ int64_t(16), ch[0] / 4, regMax * 4 });
    const int64_t c3 = std::max(ch[0], std::min(nc, int64_t(100)));
    const int64_t c4 = std::max(ch[0] / 4, nk);
    // Registration order = the reference state-dict order: cv2, cv3, dfl (Detect), then cv4 (Pose).
    cv2 = register_module("cv2", torch::nn::ModuleList());
    cv3 = register_module("cv3", torch::nn::ModuleList());
    dfl = register_module("dfl", Dfl(regMax));
    cv4 = register_module("cv4", torch::nn::ModuleList());
    for (int64_t x : ch) {
        m_box.push_back(branch(x, c2, 4 * regMax));
        m_cls.push_back(branch(x, c3, nc));
        m_kpt.push_back(branch(x, c4, nk));
        cv2->push_back(m_box.back());
        cv3->push_back(m_cls.back());
        cv4->push_back(m_kpt.back());
    }
}

RawHeadOutput PoseHeadImpl::forward(const std::vector<torch::Tensor> &feats)
{
    RawHeadOutput out;
    std::vector<torch::Tensor> boxes, scores, kpts;
    for (size_t i = 0; i < feats.size(); ++i) {
        const torch::Tensor &x = feats[i];
        out.grids.push_back({ x.size(2), x.size(3) });
        boxes.push_back(m_box[i]->forward(x).flatten(2));
        scores.push_back(m_cls[i]->forward(x).flatten(2));
        kpts.push_back(m_kpt[i]->forward(x).flatten(2));
    }
    out.boxes = torch::cat(boxes, 2);
    out.scores = torch::cat(scores, 2);
    out.kpts = torch::cat(kpts, 2);
    out.feats = feats;
    return out;
}

void PoseHeadImpl::fuse()
{
    for (auto &s : m_box)
        fuseBranch(s);
    for (auto &s : m_cls)
        fuseBranch(s);
    for (auto &s : m_kpt)
        fuseBranch(s);
}

void PoseHeadImpl::initializeBiases(const std::vector<double> &strides)
{
    torch::NoGradGuard noGrad;
    const double nc = double(options.num_classes());
    for (size_t i = 0; i < m_box.size() && i < strides.size(); ++i) {
        lastConv(m_box[i])->bias.fill_(2.0);
        const double cells = 640.0 / strides[i];
        lastConv(m_cls[i])->bias.fill_(std::log(5.0 / nc / (cells * cells)));
    }
}

void PoseHeadImpl::resetKeypointOutputs()
{
    for (auto &s : m_kpt)
        lastConv(s)->reset_parameters();
}

} // namespace gp
