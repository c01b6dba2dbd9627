#include "onnxgraphbuilder.h"

#include <stdexcept>

namespace gp {

namespace {

int onnxType(torch::ScalarType t)
{
    switch (t) {
    case torch::kFloat:
        return onnx::TensorProto::FLOAT;
    case torch::kHalf:
        return onnx::TensorProto::FLOAT16;
    case torch::kChar:
        return onnx::TensorProto::INT8;
    case torch::kByte:
        return onnx::TensorProto::UINT8;
    case torch::kInt:
        return onnx::TensorProto::INT32;
    case torch::kLong:
        return onnx::TensorProto::INT64;
    default:
        throw std::invalid_argument("OnnxGraphBuilder: unsupported tensor type");
    }
}

} // namespace

OnnxGraphBuilder::OnnxGraphBuilder(onnx::GraphProto *graph, int opset, bool half)
    : m_graph(graph)
    , m_opset(opset)
    , m_half(half)
{ }

void OnnxGraphBuilder::setTensor(
    onnx::TensorProto *t, const std::string &name, const torch::Tensor &value, int elemType)
{
    if (m_initializers.count(name))
        throw std::logic_error("OnnxGraphBuilder: duplicate initializer " + name);
    m_initializers.insert(name);
    t->set_name(name);
    t->set_data_type(elemType);
    for (const int64_t d : value.sizes())
        t->add_dims(d);
    // raw_data is little-endian; so are the machines this program runs on.
    const torch::Tensor c = value.contiguous().cpu();
    t->set_raw_data(std::string(static_cast<const char *>(c.data_ptr()), size_t(c.numel()) * c.element_size()));
}

std::string OnnxGraphBuilder::addFloat(const std::string &name, const torch::Tensor &value)
{
    const torch::Tensor v = value.detach().to(torch::kCPU, m_half ? torch::kHalf : torch::kFloat);
    setTensor(m_graph->add_initializer(), name, v, floatType());
    return name;
}

std::string OnnxGraphBuilder::addExact(const std::string &name, const torch::Tensor &value)
{
    const torch::Tensor v = value.detach().cpu();
    setTensor(m_graph->add_initializer(), name, v, onnxType(v.scalar_type()));
    return name;
}

std::string OnnxGraphBuilder::addInt64s(const std::string &name, const std::vector<int64_t> &values)
{
    return addExact(name, torch::tensor(values, torch::kLong));
}

std::vector<std::string> OnnxGraphBuilder::node(const std::string &opType, const std::string &name,
    const std::vector<std::string> &inputs, const std::vector<OnnxAttribute> &attributes, int numOutputs)
{
    onnx::NodeProto *n = m_graph->add_node();
    n->set_op_type(opType);
    n->set_name(name);
    for (const std::string &i : inputs)
        n->add_input(i);
    std::vector<std::string> outputs;
    for (int i = 0; i < numOutputs; ++i) {
        outputs.push_back(numOutputs == 1 ? name : name + ":" + std::to_string(i));
        n->add_output(outputs.back());
    }
    for (const OnnxAttribute &a : attributes) {
        onnx::AttributeProto *p = n->add_attribute();
        p->set_name(a.name);
        if (const auto *i = std::get_if<int64_t>(&a.value)) {
            p->set_type(onnx::AttributeProto::INT);
            p->set_i(*i);
        } else if (const auto *f = std::get_if<float>(&a.value)) {
            p->set_type(onnx::AttributeProto::FLOAT);
            p->set_f(*f);
        } else if (const auto *s = std::get_if<std::string>(&a.value)) {
            p->set_type(onnx::AttributeProto::STRING);
            p->set_s(*s);
        } else if (const auto *is = std::get_if<std::vector<int64_t>>(&a.value)) {
            p->set_type(onnx::AttributeProto::INTS);
            for (const int64_t v : *is)
                p->add_ints(v);
        } else if (const auto *fs = std::get_if<std::vector<float>>(&a.value)) {
            p->set_type(onnx::AttributeProto::FLOATS);
            for (const float v : *fs)
                p->add_floats(v);
        }
    }
    return outputs;
}

std::vector<std::string> OnnxGraphBuilder::split(
    const std::string &name, const std::string &input, int64_t axis, const std::vector<int64_t> &sizes)
{
    if (m_opset < 13)
        return node("Split", name, { input }, { { "axis", axis }, { "split", sizes } }, int(sizes.size()));
    return node("Split", name, { input, addInt64s(name + ".split", sizes) }, { { "axis", axis } }, int(sizes.size()));
}

std::string OnnxGraphBuilder::resizeNearest(const std::string &name, const std::string &input, float scale)
{
    // torch's nearest upsampling with an integer factor: source index = floor(dst / factor).
    const std::vector<OnnxAttribute> attrs = { { "mode", std::string("nearest") },
        { "coordinate_transformation_mode", std::string("asymmetric") }, { "nearest_mode", std::string("floor") } };
    // Resize's scales are fp32 whatever the data's type.
    const std::string scales = addExact(name + ".scales", torch::tensor({ 1.0f, 1.0f, scale, scale }));
    std::string roi;
    if (m_opset < 13)
        roi = addExact(name + ".roi", torch::empty({ 0 }, torch::kFloat));
    return node1("Resize", name, { input, roi, scales }, attrs);
}

void OnnxGraphBuilder::setShape(
    onnx::ValueInfoProto *v, const std::string &name, int elemType, const std::vector<int64_t> &dims)
{
    v->set_name(name);
    onnx::TypeProto_Tensor *t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(elemType);
    onnx::TensorShapeProto *shape = t->mutable_shape();
    for (const int64_t d : dims) {
        onnx::TensorShapeProto_Dimension *dim = shape->add_dim();
        if (d < 0)
            dim->set_dim_param("batch");
        else
            dim->set_dim_value(d);
    }
}

void OnnxGraphBuilder::addInput(const std::string &name, int elemType, const std::vector<int64_t> &dims)
{
    setShape(m_graph->add_input(), name, elemType, dims);
}

void OnnxGraphBuilder::addOutput(const std::string &name, int elemType, const std::vector<int64_t> &dims)
{
    setShape(m_graph->add_output(), name, elemType, dims);
}

std::set<std::string> OnnxGraphBuilder::opTypes() const
{
    std::set<std::string> ops;
    for (const onnx::NodeProto &n : m_graph->node())
        ops.insert(n.op_type());
    return ops;
}

} // namespace gp
