#pragma once

// Internal (torch and onnx).

#include "activationcalibrator.h"
#include "exportoptions.h"
#include "posemodel.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace gp {

class OnnxGraphBuilder;

// A tensor of the graph: its name there and, when the emitter evaluates, its value.
struct GraphValue
{
    std::string name;
    torch::Tensor value;
};

// Walks a fused PoseModel layer by layer and, for each module, writes its ONNX nodes (when
// given a builder) and computes what those nodes compute with LibTorch (when the input has a
// value). The same walk serves three purposes: the export itself, the calibration of an INT8
// export (an observer sees every tensor that will be quantised, under the name it has in the
// graph), and a LibTorch reference of the quantised graph (quantise-dequantise applied to
// the same tensors with the same parameters).
//
// With quantisation ranges, every Conv reads its input through QuantizeLinear/DequantizeLinear
// (uint8, per tensor), its weights through DequantizeLinear (int8, symmetric, per output
// channel), its bias as int32 (scale = input scale x weight scale) and, except the last
// convolution of each head branch, writes its output through a Q/DQ pair too; so a runtime
// can fuse each into an integer convolution. The head's outputs and the decode stay float.
class PoseGraphEmitter
{
public:
    using Observer = std::function<void(const std::string &name, const torch::Tensor &value)>;

    PoseGraphEmitter(PoseModelImpl &model, OnnxGraphBuilder *builder, OnnxLayout layout, int imgsz);

    void setQuantization(const std::map<std::string, ActivationRange> *ranges) { m_ranges = ranges; }
    void setObserver(Observer observer) { m_observer = std::move(observer); }

    // Runs from the graph input (named input.name; a value [B, 3, imgsz, imgsz] to evaluate);
    // returns the graph outputs (decoded: "output0"; raw: "boxes", "scores", "keypoints").
    std::vector<GraphValue> run(const GraphValue &input);

    int quantizedConvs() const { return m_quantizedConvs; }

    // The uint8 scale and zero point of a range (widened to hold 0, as zero padding must be exact).
    static std::pair<float, int> quantization(const ActivationRange &range);

private:
    GraphValue conv2d(torch::nn::Conv2dImpl &conv, const std::string &name, const GraphValue &x, bool quantizeOutput);
    GraphValue convBlock(ConvImpl &conv, const std::string &name, const GraphValue &x);
    GraphValue silu(const std::string &name, const GraphValue &x);
    GraphValue c2f(C2fImpl &m, const std::string &name, const GraphValue &x);
    GraphValue bottleneck(BottleneckImpl &m, const std::string &name, const GraphValue &x);
    GraphValue sppf(SppfImpl &m, const std::string &name, const GraphValue &x);
    GraphValue concat(const std::string &name, const std::vector<GraphValue> &parts, int64_t axis);
    GraphValue reshape(const std::string &name, const GraphValue &x, const std::vector<int64_t> &shape);
    GraphValue binary(const std::string &op, const std::string &name, const GraphValue &a, const GraphValue &b);
    GraphValue constant(const std::string &name, const torch::Tensor &value);
    // The input of a quantised op: x through QuantizeLinear/DequantizeLinear (once per tensor).
    GraphValue quantized(const GraphValue &x);
    std::vector<GraphValue> head(PoseHeadImpl &head, const std::string &name, const std::vector<GraphValue> &feats);
    std::vector<GraphValue> decode(const std::vector<GraphValue> &raw);
    void observe(const GraphValue &x);

    PoseModelImpl &m_model;
    OnnxGraphBuilder *m_builder;
    OnnxLayout m_layout;
    int m_imgsz;
    const std::map<std::string, ActivationRange> *m_ranges = nullptr;
    Observer m_observer;
    std::map<std::string, GraphValue> m_quantized;
    std::set<std::string> m_observed;
    int m_quantizedConvs = 0;
    std::vector<std::array<int64_t, 2>> m_grids;
};

} // namespace gp
