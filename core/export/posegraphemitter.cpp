#include "posegraphemitter.h"

#include "onnxgraphbuilder.h"
#include "postprocess.h"

#include <cmath>
#include <stdexcept>

namespace gp {

namespace {

// Activations are uint8 (asymmetric), weights int8 (symmetric): ONNX Runtime's "U8S8", which its
// x86 CPU provider fuses into integer convolutions (it leaves int8 activations unfused there).
constexpr int kQuantMin = 0;
constexpr int kQuantMax = 255;
// Weights are symmetric in [-127, 127], so that -w is representable as well as w.
constexpr int kWeightMax = 127;

} // namespace

PoseGraphEmitter::PoseGraphEmitter(PoseModelImpl &model, OnnxGraphBuilder *builder, OnnxLayout layout, int imgsz)
    : m_model(model)
    , m_builder(builder)
    , m_layout(layout)
    , m_imgsz(imgsz)
{
    if (!model.isFused())
        throw std::logic_error("PoseGraphEmitter: the model must be fused (Conv+BN folded) first");
}

std::pair<float, int> PoseGraphEmitter::quantization(const ActivationRange &range)
{
    const double low = std::min(0.0, double(range.low));
    const double high = std::max(0.0, double(range.high));
    double scale = (high - low) / double(kQuantMax - kQuantMin);
    if (!(scale > 0.0) || !std::isfinite(scale))
        scale = 1.0;
    const int zeroPoint
        = int(std::clamp(std::nearbyint(kQuantMin - low / scale), double(kQuantMin), double(kQuantMax)));
    return { float(scale), zeroPoint };
}

void PoseGraphEmitter::observe(const GraphValue &x)
{
    if (m_observer && x.value.defined() && m_observed.insert(x.name).second)
        m_observer(x.name, x.value);
}

GraphValue PoseGraphEmitter::constant(const std::string &name, const torch::Tensor &value)
{
    if (m_builder)
        m_builder->addFloat(name, value);
    return { name, value };
}

GraphValue PoseGraphEmitter::quantized(const GraphValue &x)
{
    const auto cached = m_quantized.find(x.name);
    if (cached != m_quantized.end())
        return cached->second;
    const auto range = m_ranges->find(x.name);
    if (range == m_ranges->end())
        throw std::logic_error("PoseGraphEmitter: no calibrated range for " + x.name);
    const auto [scale, zeroPoint] = quantization(range->second);
    GraphValue out { x.name + ".dq", {} };
    if (m_builder) {
        const std::string s = m_builder->addExact(x.name + ".scale", torch::tensor(scale));
        const std::string z
            = m_builder->addExact(x.name + ".zero_point", torch::tensor(uint8_t(zeroPoint), torch::kByte));
        const std::string q = m_builder->node1("QuantizeLinear", x.name + ".q", { x.name, s, z });
        m_builder->node1("DequantizeLinear", out.name, { q, s, z });
    }
    if (x.value.defined())
        out.value = torch::fake_quantize_per_tensor_affine(x.value, scale, zeroPoint, kQuantMin, kQuantMax);
    m_quantized.emplace(x.name, out);
    return out;
}

GraphValue PoseGraphEmitter::conv2d(
    torch::nn::Conv2dImpl &conv, const std::string &name, const GraphValue &x, bool quantizeOutput)
{
    const auto &o = conv.options;
    const int64_t k = (*o.kernel_size())[0];
    const int64_t stride = (*o.stride())[0];
    // Every convolution of the network pads by k/2 (Ultralytics' autopad); the options' padding
    // is a c10::variant in LibTorch 1.13 and a std::variant in 2.x, so it is not read here.
    const int64_t p = k / 2;
    const torch::Tensor w = conv.weight.detach();
    const torch::Tensor b = conv.bias.defined() ? conv.bias.detach() : torch::zeros({ w.size(0) }, w.options());
    observe(x);

    GraphValue in = x;
    torch::Tensor wUsed = w;
    torch::Tensor bUsed = b;
    std::string wName, bName;
    if (m_ranges) {
        in = quantized(x);
        const float inScale = quantization(m_ranges->at(x.name)).first;
        torch::Tensor wScale = w.abs().amax({ 1, 2, 3 }).div(double(kWeightMax)).to(torch::kFloat);
        wScale = torch::where(wScale > 0, wScale, torch::ones_like(wScale));
        const torch::Tensor wq
            = torch::round(w / wScale.view({ -1, 1, 1, 1 })).clamp(-kWeightMax, kWeightMax).to(torch::kChar);
        const torch::Tensor bScale = (wScale * inScale).to(torch::kFloat);
        const double int32Max = double(std::numeric_limits<int32_t>::max());
        const torch::Tensor bq = torch::round(b / bScale).clamp(-int32Max, int32Max).to(torch::kInt);
        wUsed = wq.to(torch::kFloat) * wScale.view({ -1, 1, 1, 1 });
        bUsed = bq.to(torch::kFloat) * bScale;
        if (m_builder) {
            const std::vector<OnnxAttribute> axis0 = { { "axis", int64_t(0) } };
            wName = m_builder->node1("DequantizeLinear", name + ".weight.dq",
                { m_builder->addExact(name + ".weight.quantized", wq),
                    m_builder->addExact(name + ".weight.scale", wScale),
                    m_builder->addExact(name + ".weight.zero_point", torch::zeros({ w.size(0) }, torch::kChar)) },
                axis0);
            bName = m_builder->node1("DequantizeLinear", name + ".bias.dq",
                { m_builder->addExact(name + ".bias.quantized", bq), m_builder->addExact(name + ".bias.scale", bScale),
                    m_builder->addExact(name + ".bias.zero_point", torch::zeros({ w.size(0) }, torch::kInt)) },
                axis0);
        }
        ++m_quantizedConvs;
    } else if (m_builder) {
        wName = m_builder->addFloat(name + ".weight", w);
        bName = m_builder->addFloat(name + ".bias", b);
    }
    GraphValue y { name, {} };
    if (m_builder)
        m_builder->node("Conv", name, { in.name, wName, bName },
            { { "kernel_shape", std::vector<int64_t> { k, k } }, { "strides", std::vector<int64_t> { stride, stride } },
                { "pads", std::vector<int64_t> { p, p, p, p } }, { "dilations", std::vector<int64_t> { 1, 1 } },
                { "group", int64_t(1) } });
    if (in.value.defined())
        y.value = torch::conv2d(
            in.value, wUsed.to(in.value.dtype()), bUsed.to(in.value.dtype()), { stride, stride }, { p, p });
    if (quantizeOutput) {
        observe(y);
        if (m_ranges)
            return quantized(y);
    }
    return y;
}

GraphValue PoseGraphEmitter::silu(const std::string &name, const GraphValue &x)
{
    GraphValue out { name, {} };
    if (m_builder) {
        const std::string s = m_builder->node1("Sigmoid", name + ".sigmoid", { x.name });
        m_builder->node1("Mul", name, { x.name, s });
    }
    if (x.value.defined())
        out.value = x.value * torch::sigmoid(x.value);
    return out;
}

GraphValue PoseGraphEmitter::convBlock(ConvImpl &conv, const std::string &name, const GraphValue &x)
{
    const GraphValue y = conv2d(*conv.conv, name + ".conv", x, true);
    return conv.options.activation() ? silu(name + ".act", y) : y;
}

GraphValue PoseGraphEmitter::binary(
    const std::string &op, const std::string &name, const GraphValue &a, const GraphValue &b)
{
    GraphValue out { name, {} };
    if (m_builder)
        m_builder->node1(op, name, { a.name, b.name });
    if (a.value.defined() && b.value.defined()) {
        if (op == "Add")
            out.value = a.value + b.value;
        else if (op == "Sub")
            out.value = a.value - b.value;
        else if (op == "Mul")
            out.value = a.value * b.value;
        else
            throw std::logic_error("PoseGraphEmitter: no evaluation for " + op);
    }
    return out;
}

GraphValue PoseGraphEmitter::concat(const std::string &name, const std::vector<GraphValue> &parts, int64_t axis)
{
    GraphValue out { name, {} };
    std::vector<std::string> names;
    std::vector<torch::Tensor> values;
    for (const GraphValue &p : parts) {
        names.push_back(p.name);
        if (p.value.defined())
            values.push_back(p.value);
    }
    if (m_builder)
        m_builder->node1("Concat", name, names, { { "axis", axis } });
    if (values.size() == parts.size())
        out.value = torch::cat(values, axis);
    return out;
}

GraphValue PoseGraphEmitter::reshape(const std::string &name, const GraphValue &x, const std::vector<int64_t> &shape)
{
    GraphValue out { name, {} };
    if (m_builder)
        m_builder->node1("Reshape", name, { x.name, m_builder->addInt64s(name + ".shape", shape) });
    if (x.value.defined())
        out.value = x.value.reshape(shape);
    return out;
}

GraphValue PoseGraphEmitter::bottleneck(BottleneckImpl &m, const std::string &name, const GraphValue &x)
{
    const GraphValue y = convBlock(*m.cv2, name + ".cv2", convBlock(*m.cv1, name + ".cv1", x));
    const bool add = m.options.shortcut() && m.options.in_channels() == m.options.out_channels();
    return add ? binary("Add", name + ".add", x, y) : y;
}

GraphValue PoseGraphEmitter::c2f(C2fImpl &m, const std::string &name, const GraphValue &x)
{
    const GraphValue y = convBlock(*m.cv1, name + ".cv1", x);
    const int64_t half = m.options.out_channels() / 2;
    std::vector<GraphValue> parts(2);
    if (m_builder) {
        const std::vector<std::string> halves = m_builder->split(name + ".split", y.name, 1, { half, half });
        parts[0].name = halves[0];
        parts[1].name = halves[1];
    } else {
        parts[0].name = name + ".split:0";
        parts[1].name = name + ".split:1";
    }
    if (y.value.defined()) {
        const std::vector<torch::Tensor> chunks = y.value.chunk(2, 1);
        parts[0].value = chunks[0];
        parts[1].value = chunks[1];
    }
    for (size_t j = 0; j < m.m->size(); ++j)
        parts.push_back(bottleneck(*m.m[j]->as<BottleneckImpl>(), name + ".m." + std::to_string(j), parts.back()));
    return convBlock(*m.cv2, name + ".cv2", concat(name + ".cat", parts, 1));
}

GraphValue PoseGraphEmitter::sppf(SppfImpl &m, const std::string &name, const GraphValue &x)
{
    const int64_t k = m.options.kernel_size();
    std::vector<GraphValue> parts { convBlock(*m.cv1, name + ".cv1", x) };
    for (int i = 1; i <= 3; ++i) {
        GraphValue p { name + ".pool" + std::to_string(i), {} };
        if (m_builder)
            m_builder->node1("MaxPool", p.name, { parts.back().name },
                { { "kernel_shape", std::vector<int64_t> { k, k } }, { "strides", std::vector<int64_t> { 1, 1 } },
                    { "pads", std::vector<int64_t> { k / 2, k / 2, k / 2, k / 2 } } });
        if (parts.back().value.defined())
            p.value = m.m->forward(parts.back().value);
        parts.push_back(p);
    }
    return convBlock(*m.cv2, name + ".cv2", concat(name + ".cat", parts, 1));
}

std::vector<GraphValue> PoseGraphEmitter::head(
    PoseHeadImpl &h, const std::string &name, const std::vector<GraphValue> &feats)
{
    std::vector<GraphValue> boxes, scores, kpts;
    for (size_t i = 0; i < feats.size(); ++i) {
        const int64_t cells = m_grids[i][0] * m_grids[i][1];
        auto branch = [&](torch::nn::ModuleList &list, const std::string &branchName) {
            auto &seq = *list[i]->as<torch::nn::SequentialImpl>();
            const std::string p = name + "." + branchName + "." + std::to_string(i);
            GraphValue y = convBlock(*seq[0]->as<ConvImpl>(), p + ".0", feats[i]);
            y = convBlock(*seq[1]->as<ConvImpl>(), p + ".1", y);
            auto &last = *seq[2]->as<torch::nn::Conv2dImpl>();
            // The head's outputs stay float: the decode (and a raw layout's user) needs them exact.
            y = conv2d(last, p + ".2", y, false);
            return reshape(p + ".flat", y, { -1, last.options.out_channels(), cells });
        };
        boxes.push_back(branch(h.cv2, "cv2"));
        scores.push_back(branch(h.cv3, "cv3"));
        kpts.push_back(branch(h.cv4, "cv4"));
    }
    const bool raw = m_layout == OnnxLayout::Raw;
    return { concat(raw ? "boxes" : name + ".boxes", boxes, 2), concat(raw ? "scores" : name + ".scores", scores, 2),
        concat(raw ? "keypoints" : name + ".keypoints", kpts, 2) };
}

std::vector<GraphValue> PoseGraphEmitter::decode(const std::vector<GraphValue> &raw)
{
    const ModelSpec &spec = m_model.spec();
    const int64_t regMax = ModelSpec::kRegMax;
    const int64_t k = spec.numKeypoints;
    const int64_t dims = spec.keypointDims;
    const AnchorGrid anchors = makeAnchors(m_grids, m_model.strides(), torch::TensorOptions().dtype(torch::kFloat));
    const int64_t n = anchors.points.size(1);
    const torch::Tensor bins = m_model.head()->dfl->bins().detach().to(torch::kFloat);

    GraphValue out { "output0", {} };
    if (m_builder) {
        // Boxes: softmax over each side's bins, expectation with the bin values (a MatMul),
        // then distances around the anchors, in pixels.
        GraphValue d = reshape("decode.dfl.reshape", raw[0], { -1, 4, regMax, n });
        const std::string t = m_builder->node1(
            "Transpose", "decode.dfl.transpose", { d.name }, { { "perm", std::vector<int64_t> { 0, 1, 3, 2 } } });
        const std::string s = m_builder->node1("Softmax", "decode.dfl.softmax", { t }, { { "axis", int64_t(3) } });
        const GraphValue binsValue = constant("decode.dfl.bins", bins.view({ regMax, 1 }));
        const std::string e = m_builder->node1("MatMul", "decode.dfl.expectation", { s, binsValue.name });
        const GraphValue dist = reshape("decode.dfl.distances", { e, {} }, { -1, 4, n });
        const std::vector<std::string> ltrb = m_builder->split("decode.ltrb", dist.name, 1, { 2, 2 });
        const GraphValue a = constant("decode.anchors", anchors.points.unsqueeze(0));
        const GraphValue stride = constant("decode.strides", anchors.strides.view({ 1, 1, n }));
        const GraphValue x1y1 = binary("Sub", "decode.x1y1", a, { ltrb[0], {} });
        const GraphValue x2y2 = binary("Add", "decode.x2y2", a, { ltrb[1], {} });
        const GraphValue centre = binary("Mul", "decode.centre", binary("Add", "decode.sum", x1y1, x2y2),
            constant("decode.half", torch::tensor(0.5f)));
        const GraphValue wh = binary("Sub", "decode.wh", x2y2, x1y1);
        const GraphValue box = binary("Mul", "decode.boxes", concat("decode.xywh", { centre, wh }, 1), stride);
        const std::string cls = m_builder->node1("Sigmoid", "decode.scores", { raw[1].name });

        // Keypoints: (2 * raw + anchor - 0.5) * stride for x and y, sigmoid for the visibility.
        const GraphValue kv = reshape("decode.kpt.reshape", raw[2], { -1, k, dims, n });
        const GraphValue grid = constant("decode.kpt.grid", (anchors.points - 0.5).view({ 1, 1, 2, n }));
        const GraphValue kStride = constant("decode.kpt.strides", anchors.strides.view({ 1, 1, 1, n }));
        const GraphValue two = constant("decode.kpt.two", torch::tensor(2.0f));
        GraphValue xyRaw = kv;
        std::string vis;
        if (dims == 3) {
            const std::vector<std::string> parts = m_builder->split("decode.kpt.split", kv.name, 2, { 2, 1 });
            xyRaw = { parts[0], {} };
            vis = m_builder->node1("Sigmoid", "decode.kpt.visibility", { parts[1] });
        }
        const GraphValue xy = binary("Mul", "decode.kpt.xy",
            binary("Add", "decode.kpt.offset", binary("Mul", "decode.kpt.twice", xyRaw, two), grid), kStride);
        GraphValue kp = xy;
        if (dims == 3)
            kp = concat("decode.kpt.xyv", { xy, { vis, {} } }, 2);
        const GraphValue kpts = reshape("decode.keypoints", kp, { -1, k * dims, n });
        m_builder->node1("Concat", out.name, { box.name, cls, kpts.name }, { { "axis", int64_t(1) } });
    }
    if (raw[0].value.defined()) {
        // LibTorch's decode (postprocess), which the graph above must reproduce.
        RawHeadOutput r;
        r.boxes = raw[0].value;
        r.scores = raw[1].value;
        r.kpts = raw[2].value;
        r.grids = m_grids;
        out.value = decodeHead(r, m_model.strides(), k, dims, bins.to(r.boxes.dtype()));
    }
    return { out };
}

std::vector<GraphValue> PoseGraphEmitter::run(const GraphValue &input)
{
    m_quantized.clear();
    m_observed.clear();
    m_quantizedConvs = 0;
    m_grids.clear();
    for (const double s : m_model.strides())
        m_grids.push_back({ int64_t(m_imgsz / s), int64_t(m_imgsz / s) });

    const ModelSummary summary = describeModel(m_model.spec(), m_imgsz);
    std::vector<GraphValue> outputs(summary.layers.size());
    GraphValue y = input;
    for (size_t i = 0; i + 1 < summary.layers.size(); ++i) {
        const LayerRow &row = summary.layers[i];
        const std::string name = "model." + std::to_string(i);
        const std::shared_ptr<torch::nn::Module> &module = m_model.model->ptr(i);
        switch (row.kind) {
        case LayerRow::Kind::Conv:
            y = convBlock(*module->as<ConvImpl>(), name, y);
            break;
        case LayerRow::Kind::C2f:
            y = c2f(*module->as<C2fImpl>(), name, y);
            break;
        case LayerRow::Kind::Sppf:
            y = sppf(*module->as<SppfImpl>(), name, y);
            break;
        case LayerRow::Kind::Upsample: {
            GraphValue up { name, {} };
            if (m_builder)
                m_builder->resizeNearest(name, y.name, 2.0f);
            if (y.value.defined())
                up.value = torch::upsample_nearest2d(y.value, { y.value.size(2) * 2, y.value.size(3) * 2 });
            y = up;
            break;
        }
        case LayerRow::Kind::Concat: {
            std::vector<GraphValue> parts;
            for (const int f : row.from)
                parts.push_back(f < 0 ? y : outputs[size_t(f)]);
            y = concat(name, parts, 1);
            break;
        }
        case LayerRow::Kind::Pose:
            break;
        }
        outputs[i] = y;
    }
    std::vector<GraphValue> feats;
    for (const int f : summary.layers.back().from)
        feats.push_back(outputs[size_t(f)]);
    const std::vector<GraphValue> raw
        = head(*m_model.head(), "model." + std::to_string(summary.layers.size() - 1), feats);
    return m_layout == OnnxLayout::Raw ? raw : decode(raw);
}

} // namespace gp
