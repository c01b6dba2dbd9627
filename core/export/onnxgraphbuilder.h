#pragma once

// Internal (torch and onnx): include only from core/export's torch translation units.

#include <onnx/onnx_pb.h>
#include <torch/torch.h>

#include <set>
#include <string>
#include <variant>
#include <vector>

namespace gp {

// One attribute of a node.
struct OnnxAttribute
{
    std::string name;
    std::variant<int64_t, float, std::string, std::vector<int64_t>, std::vector<float>> value;
};

// Appends nodes, weights and the graph's inputs and outputs to an onnx::GraphProto, writing
// the forms the chosen opset wants (Split's sizes as an attribute below 13 and as an input
// from 13 on; Resize's unused roi as an empty tensor below 13 and as "" from 13 on).
// Floating-point weights and constants go in as fp16 when the graph is half precision.
class OnnxGraphBuilder
{
public:
    OnnxGraphBuilder(onnx::GraphProto *graph, int opset, bool half);

    int opset() const { return m_opset; }
    bool half() const { return m_half; }
    // The element type of the graph's floating-point tensors (FLOAT or FLOAT16).
    int floatType() const { return m_half ? onnx::TensorProto::FLOAT16 : onnx::TensorProto::FLOAT; }

    // A floating-point weight or constant (stored as the graph's float type).
    std::string addFloat(const std::string &name, const torch::Tensor &value);
    // A weight kept in its own type (int8, int32, int64, or fp32 quantisation scales).
    std::string addExact(const std::string &name, const torch::Tensor &value);
    std::string addInt64s(const std::string &name, const std::vector<int64_t> &values);

    // Adds a node; returns its outputs (named `outputs`, or "<name>" / "<name>:i" when empty).
    std::vector<std::string> node(const std::string &opType, const std::string &name,
        const std::vector<std::string> &inputs, const std::vector<OnnxAttribute> &attributes = {}, int numOutputs = 1);
    std::string node1(const std::string &opType, const std::string &name, const std::vector<std::string> &inputs,
        const std::vector<OnnxAttribute> &attributes = {})
    {
        return node(opType, name, inputs, attributes).front();
    }

    // Opset-dependent helpers.
    std::vector<std::string> split(
        const std::string &name, const std::string &input, int64_t axis, const std::vector<int64_t> &sizes);
    std::string resizeNearest(const std::string &name, const std::string &input, float scale);

    // Graph inputs and outputs; a dimension of -1 is the named dimension "batch".
    void addInput(const std::string &name, int elemType, const std::vector<int64_t> &dims);
    void addOutput(const std::string &name, int elemType, const std::vector<int64_t> &dims);

    int nodeCount() const { return m_graph->node_size(); }
    std::set<std::string> opTypes() const;

private:
    void setTensor(onnx::TensorProto *t, const std::string &name, const torch::Tensor &value, int elemType);
    void setShape(onnx::ValueInfoProto *v, const std::string &name, int elemType, const std::vector<int64_t> &dims);

    onnx::GraphProto *m_graph;
    int m_opset;
    bool m_half;
    std::set<std::string> m_initializers;
};

} // namespace gp
