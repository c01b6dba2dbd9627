#pragma once

// Internal (torch-only) header: the YOLOv8-pose network. Include only from translation
// units built with gp_torch_target (core/model, core/train, core/infer, tests, bench);
// widgets and app use modelspec.h and the other plain-struct headers.

#include "c2f.h"
#include "concat.h"
#include "conv.h"
#include "modelspec.h"
#include "posehead.h"
#include "sppf.h"

namespace gp {

// The whole network. Children: "model" = a ModuleList with the 23 layers 0..22 of the
// reference yaml (Conv, C2f, SPPF, Upsample, Concat, Pose), so that the state dict names
// are exactly Ultralytics' ("model.0.conv.weight", ..., "model.22.dfl.conv.weight").
// Not cloneable (layers are also held by typed pointers); build a second one from the same
// spec and copy the state to get a copy (see copyModelState).
class PoseModelImpl : public torch::nn::Module
{
public:
    explicit PoseModelImpl(const ModelSpec &spec);

    // Raw head outputs (training and decoding both start here). When layerOutputs is given
    // it receives the output of every layer 0..21 (Concat/Upsample included). layerMs, when
    // given, gets each layer's wall time, the head's last (CPU profiling: a GPU's kernels
    // run asynchronously and would be timed at the next synchronising layer instead).
    RawHeadOutput forwardRaw(const torch::Tensor &x, std::vector<torch::Tensor> *layerOutputs = nullptr,
        std::vector<double> *layerMs = nullptr);
    // Decoded predictions [B, 4 + nc + K*dims, N] in input pixels: cx, cy, w, h, class
    // scores (sigmoid), keypoints (x, y[, visibility]) — Ultralytics' eval output.
    torch::Tensor forward(const torch::Tensor &x);
    torch::Tensor decode(const RawHeadOutput &raw);

    // Folds every BatchNorm into its convolution (inference only; the state dict then has
    // conv biases and no bn entries). Irreversible.
    void fuse();
    bool isFused() const { return m_fused; }
    // Converts the 4-D weights to channels-last memory format (inputs should follow).
    void toChannelsLast();

    const ModelSpec &spec() const { return m_spec; }
    const std::vector<double> &strides() const { return m_strides; }
    PoseHead head() const { return m_head; }

    torch::nn::ModuleList model { nullptr };

private:
    struct Layer
    {
        LayerRow row;
        ConvImpl *conv = nullptr;
        C2fImpl *c2f = nullptr;
        SppfImpl *sppf = nullptr;
    };
    ModelSpec m_spec;
    std::vector<double> m_strides { 8.0, 16.0, 32.0 };
    std::vector<Layer> m_layers;
    std::vector<bool> m_saved; // layer outputs that later layers read
    PoseHead m_head { nullptr };
    bool m_fused = false;
};
TORCH_MODULE(PoseModel);

// Whether bf16 convolutions run on the CPU: LibTorch hands them to oneDNN, which runs them only
// with AVX512-BF16, AVX-512 or AMX and throws elsewhere (the opt-in bf16 inference refuses then).
bool cpuRunsBf16Convolutions();

// name -> tensor of every parameter and buffer (state_dict order).
std::vector<std::pair<std::string, torch::Tensor>> modelState(const torch::nn::Module &module);
// Copies src's parameters and buffers into dst (same names and shapes required).
void copyModelState(const torch::nn::Module &src, torch::nn::Module &dst);

} // namespace gp
