#include "posemodel.h"

#include "postprocess.h"

#include <chrono>
#include <stdexcept>

namespace gp {

PoseModelImpl::PoseModelImpl(const ModelSpec &spec)
    : m_spec(spec)
{
    const QString problem = spec.validate();
    if (!problem.isEmpty())
        throw std::invalid_argument(problem.toStdString());
    const ModelSummary summary = describeModel(spec, 640);
    model = register_module("model", torch::nn::ModuleList());
    m_saved.assign(summary.layers.size(), false);
    for (const LayerRow &r : summary.layers) {
        Layer layer;
        layer.row = r;
        for (int f : r.from) {
            if (f >= 0)
                m_saved[size_t(f)] = true;
        }
        switch (r.kind) {
        case LayerRow::Kind::Conv: {
            Conv m(ConvOptions(r.inChannels, r.outChannels, r.kernel, r.stride));
            layer.conv = m.get();
            model->push_back(m);
            break;
        }
        case LayerRow::Kind::C2f: {
            C2f m(C2fOptions(r.inChannels, r.outChannels, r.repeats).shortcut(r.shortcut));
            layer.c2f = m.get();
            model->push_back(m);
            break;
        }
        case LayerRow::Kind::Sppf: {
            Sppf m(SppfOptions(r.inChannels, r.outChannels, r.kernel));
            layer.sppf = m.get();
            model->push_back(m);
            break;
        }
        case LayerRow::Kind::Upsample:
            model->push_back(torch::nn::Upsample(
                torch::nn::UpsampleOptions().scale_factor(std::vector<double> { 2.0, 2.0 }).mode(torch::kNearest)));
            break;
        case LayerRow::Kind::Concat:
            model->push_back(Concat(1));
            break;
        case LayerRow::Kind::Pose: {
            m_head = PoseHead(PoseHeadOptions(spec.numClasses, spec.numKeypoints, spec.keypointDims,
                std::vector<int64_t>(summary.headChannels.begin(), summary.headChannels.end())));
            model->push_back(m_head);
            break;
        }
        }
        m_layers.push_back(layer);
    }
    m_head->initializeBiases(m_strides);
}

RawHeadOutput PoseModelImpl::forwardRaw(
    const torch::Tensor &x, std::vector<torch::Tensor> *layerOutputs, std::vector<double> *layerMs)
{
    std::vector<torch::Tensor> outputs(m_layers.size());
    torch::Tensor y = x;
    if (layerMs)
        layerMs->assign(m_layers.size(), 0.0);
    auto lap = std::chrono::steady_clock::now();
    auto timeLayer = [&](size_t i) {
        const auto now = std::chrono::steady_clock::now();
        (*layerMs)[i] = std::chrono::duration<double, std::milli>(now - lap).count();
        lap = now;
    };
    for (size_t i = 0; i + 1 < m_layers.size(); ++i) {
        const Layer &layer = m_layers[i];
        switch (layer.row.kind) {
        case LayerRow::Kind::Conv:
            y = layer.conv->forward(y);
            break;
        case LayerRow::Kind::C2f:
            y = layer.c2f->forward(y);
            break;
        case LayerRow::Kind::Sppf:
            y = layer.sppf->forward(y);
            break;
        case LayerRow::Kind::Upsample:
            y = torch::upsample_nearest2d(y, { y.size(2) * 2, y.size(3) * 2 });
            break;
        case LayerRow::Kind::Concat: {
            std::vector<torch::Tensor> parts;
            for (int f : layer.row.from)
                parts.push_back(f < 0 ? y : outputs[size_t(f)]);
            y = torch::cat(parts, 1);
            break;
        }
        case LayerRow::Kind::Pose:
            break;
        }
        if (m_saved[i] || layerOutputs)
            outputs[i] = y;
        if (layerMs)
            timeLayer(i);
    }
    std::vector<torch::Tensor> feats;
    for (int f : m_layers.back().row.from)
        feats.push_back(outputs[size_t(f)]);
    RawHeadOutput raw = m_head->forward(feats);
    if (layerMs)
        timeLayer(m_layers.size() - 1);
    if (layerOutputs) {
        outputs.pop_back();
        *layerOutputs = std::move(outputs);
    }
    return raw;
}

torch::Tensor PoseModelImpl::decode(const RawHeadOutput &raw)
{
    if (raw.boxes.scalar_type() != torch::kBFloat16)
        return decodeHead(raw, m_strides, m_spec.numKeypoints, m_spec.keypointDims, m_head->dfl->bins());
    // bf16 keeps 8 significant bits: a coordinate near 320 px would land on a 2 px step, so a
    // bf16 network hands its raw outputs to the decoding in fp32.
    RawHeadOutput wide = raw;
    wide.boxes = raw.boxes.to(torch::kFloat);
    wide.scores = raw.scores.to(torch::kFloat);
    wide.kpts = raw.kpts.to(torch::kFloat);
    return decodeHead(wide, m_strides, m_spec.numKeypoints, m_spec.keypointDims, m_head->dfl->bins().to(torch::kFloat));
}

torch::Tensor PoseModelImpl::forward(const torch::Tensor &x)
{
    return decode(forwardRaw(x));
}

void PoseModelImpl::fuse()
{
    if (m_fused)
        return;
    for (Layer &layer : m_layers) {
        if (layer.conv)
            layer.conv->fuse();
        else if (layer.c2f)
            layer.c2f->fuse();
        else if (layer.sppf)
            layer.sppf->fuse();
    }
    m_head->fuse();
    m_fused = true;
}

void PoseModelImpl::toChannelsLast()
{
    torch::NoGradGuard noGrad;
    for (auto &p : parameters()) {
        if (p.dim() == 4)
            p.set_data(p.contiguous(at::MemoryFormat::ChannelsLast));
    }
}

bool cpuRunsBf16Convolutions()
{
    try {
        torch::conv2d(torch::ones({ 1, 1, 4, 4 }, torch::kBFloat16), torch::ones({ 1, 1, 3, 3 }, torch::kBFloat16));
        return true;
    } catch (const std::exception &) {
        return false;
    }
}

std::vector<std::pair<std::string, torch::Tensor>> modelState(const torch::nn::Module &module)
{
    std::vector<std::pair<std::string, torch::Tensor>> state;
    // Module::named_parameters/buffers list each module's own entries before its
    // children's, which gives the state_dict order of the reference.
    std::function<void(const torch::nn::Module &, const std::string &)> visit
        = [&](const torch::nn::Module &m, const std::string &prefix) {
              for (const auto &p : m.named_parameters(false))
                  state.emplace_back(prefix + p.key(), p.value());
              for (const auto &b : m.named_buffers(false))
                  state.emplace_back(prefix + b.key(), b.value());
              for (const auto &c : m.named_children())
                  visit(*c.value(), prefix + c.key() + ".");
          };
    visit(module, "");
    return state;
}

void copyModelState(const torch::nn::Module &src, torch::nn::Module &dst)
{
    torch::NoGradGuard noGrad;
    const auto from = modelState(src);
    const auto to = modelState(dst);
    if (from.size() != to.size())
        throw std::runtime_error("copyModelState: the two models have different layouts");
    for (size_t i = 0; i < from.size(); ++i) {
        if (from[i].first != to[i].first || !from[i].second.sizes().equals(to[i].second.sizes()))
            throw std::runtime_error("copyModelState: mismatch at " + from[i].first);
        to[i].second.copy_(from[i].second);
    }
}

} // namespace gp
