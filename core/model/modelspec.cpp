#include "modelspec.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

struct YamlRow
{
    std::vector<int> from;
    LayerRow::Kind kind;
    int repeats; // before depth scaling
    int channels; // before width scaling (0: not a conv layer)
    int kernel;
    int stride;
    bool shortcut;
};

// yolov8-pose.yaml: backbone then head, before scaling.
const std::vector<YamlRow> &yamlRows()
{
    using K = LayerRow::Kind;
    static const std::vector<YamlRow> rows = {
        { { -1 }, K::Conv, 1, 64, 3, 2, false }, // 0 P1/2
        { { -1 }, K::Conv, 1, 128, 3, 2, false }, // 1 P2/4
        { { -1 }, K::C2f, 3, 128, 1, 1, true }, // 2
        { { -1 }, K::Conv, 1, 256, 3, 2, false }, // 3 P3/8
        { { -1 }, K::C2f, 6, 256, 1, 1, true }, // 4
        { { -1 }, K::Conv, 1, 512, 3, 2, false }, // 5 P4/16
        { { -1 }, K::C2f, 6, 512, 1, 1, true }, // 6
        { { -1 }, K::Conv, 1, 1024, 3, 2, false }, // 7 P5/32
        { { -1 }, K::C2f, 3, 1024, 1, 1, true }, // 8
        { { -1 }, K::Sppf, 1, 1024, 5, 1, false }, // 9
        { { -1 }, K::Upsample, 1, 0, 1, 1, false }, // 10
        { { -1, 6 }, K::Concat, 1, 0, 1, 1, false }, // 11
        { { -1 }, K::C2f, 3, 512, 1, 1, false }, // 12
        { { -1 }, K::Upsample, 1, 0, 1, 1, false }, // 13
        { { -1, 4 }, K::Concat, 1, 0, 1, 1, false }, // 14
        { { -1 }, K::C2f, 3, 256, 1, 1, false }, // 15 P3 out
        { { -1 }, K::Conv, 1, 256, 3, 2, false }, // 16
        { { -1, 12 }, K::Concat, 1, 0, 1, 1, false }, // 17
        { { -1 }, K::C2f, 3, 512, 1, 1, false }, // 18 P4 out
        { { -1 }, K::Conv, 1, 512, 3, 2, false }, // 19
        { { -1, 9 }, K::Concat, 1, 0, 1, 1, false }, // 20
        { { -1 }, K::C2f, 3, 1024, 1, 1, false }, // 21 P5 out
        { { 15, 18, 21 }, K::Pose, 1, 0, 1, 1, false }, // 22
    };
    return rows;
}

// Counting helpers, thop convention (multiply-adds of convolutions without the bias,
// 4 per element for an affine BatchNorm, one per output element for nearest upsampling);
// GFLOPs = 2 x that, as Ultralytics reports.
struct Cost
{
    long long params = 0;
    long long fusedParams = 0;
    double macs = 0.0;
    double fusedMacs = 0.0;

    Cost &operator+=(const Cost &o)
    {
        params += o.params;
        fusedParams += o.fusedParams;
        macs += o.macs;
        fusedMacs += o.fusedMacs;
        return *this;
    }
};

// A Conv block (conv without bias + BN + SiLU) on an h x w output.
Cost convBlock(int c1, int c2, int k, double hw)
{
    Cost c;
    const long long w = (long long)c1 * c2 * k * k;
    c.params = w + 2LL * c2;
    c.fusedParams = w + c2;
    const double convMacs = hw * c2 * double(c1) * k * k;
    c.macs = convMacs + 4.0 * hw * c2;
    c.fusedMacs = convMacs;
    return c;
}

// A plain Conv2d with bias.
Cost plainConv(int c1, int c2, int k, double hw)
{
    Cost c;
    c.params = (long long)c1 * c2 * k * k + c2;
    c.fusedParams = c.params;
    c.macs = hw * c2 * double(c1) * k * k;
    c.fusedMacs = c.macs;
    return c;
}

Cost c2fBlock(int c1, int c2, int n, double hw)
{
    const int c = c2 / 2;
    Cost cost = convBlock(c1, 2 * c, 1, hw);
    for (int i = 0; i < n; ++i) {
        cost += convBlock(c, c, 3, hw);
        cost += convBlock(c, c, 3, hw);
    }
    cost += convBlock((2 + n) * c, c2, 1, hw);
    return cost;
}

Cost sppfBlock(int c1, int c2, double hw)
{
    const int c = c1 / 2;
    Cost cost = convBlock(c1, c, 1, hw);
    cost += convBlock(4 * c, c2, 1, hw);
    return cost;
}

QString grouped(long long v)
{
    QString digits = QString::number(v < 0 ? -v : v);
    for (int i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return v < 0 ? QLatin1Char('-') + digits : digits;
}

} // namespace

ScaleConstants ModelSpec::constants() const
{
    switch (scale) {
    case ModelScale::N:
        return { 0.33, 0.25, 1024 };
    case ModelScale::S:
        return { 0.33, 0.50, 1024 };
    case ModelScale::M:
        return { 0.67, 0.75, 768 };
    case ModelScale::L:
        return { 1.00, 1.00, 512 };
    case ModelScale::X:
        return { 1.00, 1.25, 512 };
    }
    return {};
}

int ModelSpec::channels(int c) const
{
    const ScaleConstants k = constants();
    const double scaled = std::min(c, k.maxChannels) * k.width;
    return int(std::ceil(scaled / 8.0)) * 8;
}

int ModelSpec::repeats(int n) const
{
    if (n <= 1)
        return n;
    // Python's round() is banker's rounding; no depth multiple here lands on .5.
    return std::max(int(std::lround(n * constants().depth)), 1);
}

QString ModelSpec::scaleName(ModelScale s)
{
    switch (s) {
    case ModelScale::N:
        return QStringLiteral("n");
    case ModelScale::S:
        return QStringLiteral("s");
    case ModelScale::M:
        return QStringLiteral("m");
    case ModelScale::L:
        return QStringLiteral("l");
    case ModelScale::X:
        return QStringLiteral("x");
    }
    return {};
}

QString ModelSpec::name() const
{
    return QStringLiteral("yolov8%1-pose").arg(scaleName(scale));
}

std::optional<ModelScale> ModelSpec::parseScale(const QString &text, QString *error)
{
    static const QRegularExpression re(QStringLiteral("^(?:.*/)?(?:yolov8)?([nsmlx])(?:-pose)?(?:\\.(?:ya?ml|pt))?$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text.trimmed());
    if (!m.hasMatch()) {
        if (error)
            *error = QStringLiteral("unknown model '%1': expected yolov8n-pose, yolov8s-pose, "
                                    "yolov8m-pose, yolov8l-pose or yolov8x-pose")
                         .arg(text);
        return std::nullopt;
    }
    const QChar c = m.captured(1).at(0).toLower();
    switch (c.toLatin1()) {
    case 'n':
        return ModelScale::N;
    case 's':
        return ModelScale::S;
    case 'm':
        return ModelScale::M;
    case 'l':
        return ModelScale::L;
    default:
        return ModelScale::X;
    }
}

bool ModelSpec::parseKeypointShape(const QString &text, int *count, int *dims, QString *error)
{
    QString t = text.trimmed();
    t.remove(QLatin1Char('[')).remove(QLatin1Char(']')).remove(QLatin1Char('(')).remove(QLatin1Char(')'));
    const QStringList parts = t.split(QRegularExpression(QStringLiteral("\\s*[,x ]\\s*")), Qt::SkipEmptyParts);
    bool ok1 = false, ok2 = false;
    const int k = parts.size() == 2 ? parts[0].toInt(&ok1) : 0;
    const int d = parts.size() == 2 ? parts[1].toInt(&ok2) : 0;
    if (!ok1 || !ok2 || k < 1 || (d != 2 && d != 3)) {
        if (error)
            *error = QStringLiteral("bad kpt_shape '%1': expected K,2 or K,3 with K >= 1 (e.g. 14,3)").arg(text);
        return false;
    }
    if (count)
        *count = k;
    if (dims)
        *dims = d;
    return true;
}

QString ModelSpec::validate() const
{
    if (numClasses < 1 || numClasses > 100000)
        return QStringLiteral("number of classes must be at least 1 (got %1)").arg(numClasses);
    if (numKeypoints < 1 || numKeypoints > 10000)
        return QStringLiteral("number of keypoints must be at least 1 (got %1)").arg(numKeypoints);
    if (keypointDims != 2 && keypointDims != 3)
        return QStringLiteral("keypoint dimensions must be 2 or 3 (got %1)").arg(keypointDims);
    return {};
}

QString LayerRow::moduleName() const
{
    switch (kind) {
    case Kind::Conv:
        return QStringLiteral("Conv");
    case Kind::C2f:
        return QStringLiteral("C2f");
    case Kind::Sppf:
        return QStringLiteral("SPPF");
    case Kind::Upsample:
        return QStringLiteral("Upsample");
    case Kind::Concat:
        return QStringLiteral("Concat");
    case Kind::Pose:
        return QStringLiteral("Pose");
    }
    return {};
}

QString LayerRow::arguments() const
{
    switch (kind) {
    case Kind::Conv:
        return QStringLiteral("[%1, %2, %3, %4]").arg(inChannels).arg(outChannels).arg(kernel).arg(stride);
    case Kind::C2f:
        return QStringLiteral("[%1, %2, %3%4]")
            .arg(inChannels)
            .arg(outChannels)
            .arg(repeats)
            .arg(shortcut ? QStringLiteral(", True") : QString());
    case Kind::Sppf:
        return QStringLiteral("[%1, %2, %3]").arg(inChannels).arg(outChannels).arg(kernel);
    case Kind::Upsample:
        return QStringLiteral("[None, 2, 'nearest']");
    case Kind::Concat:
        return QStringLiteral("[1]");
    case Kind::Pose:
        return {};
    }
    return {};
}

ModelSummary describeModel(const ModelSpec &spec, int imgsz)
{
    ModelSummary s;
    s.spec = spec;
    s.imgsz = imgsz;
    const auto &yaml = yamlRows();
    std::vector<int> outC;
    std::vector<int> outH;
    std::vector<int> outW;
    Cost total;
    for (size_t i = 0; i < yaml.size(); ++i) {
        const YamlRow &y = yaml[i];
        LayerRow r;
        r.index = int(i);
        r.from = y.from;
        r.kind = y.kind;
        r.kernel = y.kernel;
        r.stride = y.stride;
        r.shortcut = y.shortcut;
        auto src = [&](int f) { return f < 0 ? int(i) + f : f; };
        const int in0 = src(y.from[0]);
        const int c1 = i == 0 ? 3 : outC[size_t(in0)];
        const int h1 = i == 0 ? imgsz : outH[size_t(in0)];
        const int w1 = i == 0 ? imgsz : outW[size_t(in0)];
        r.inChannels = c1;
        Cost cost;
        switch (y.kind) {
        case LayerRow::Kind::Conv: {
            r.outChannels = spec.channels(y.channels);
            const int pad = y.kernel / 2;
            r.outH = (h1 + 2 * pad - y.kernel) / y.stride + 1;
            r.outW = (w1 + 2 * pad - y.kernel) / y.stride + 1;
            cost = convBlock(c1, r.outChannels, y.kernel, double(r.outH) * r.outW);
            break;
        }
        case LayerRow::Kind::C2f:
            r.repeats = spec.repeats(y.repeats);
            r.outChannels = spec.channels(y.channels);
            r.outH = h1;
            r.outW = w1;
            cost = c2fBlock(c1, r.outChannels, r.repeats, double(h1) * w1);
            break;
        case LayerRow::Kind::Sppf:
            r.outChannels = spec.channels(y.channels);
            r.outH = h1;
            r.outW = w1;
            cost = sppfBlock(c1, r.outChannels, double(h1) * w1);
            break;
        case LayerRow::Kind::Upsample:
            r.outChannels = c1;
            r.outH = 2 * h1;
            r.outW = 2 * w1;
            cost.macs = cost.fusedMacs = double(c1) * r.outH * r.outW;
            break;
        case LayerRow::Kind::Concat:
            r.outChannels = 0;
            for (int f : y.from)
                r.outChannels += outC[size_t(src(f))];
            r.outH = h1;
            r.outW = w1;
            break;
        case LayerRow::Kind::Pose: {
            std::vector<int> ch;
            for (int f : y.from)
                ch.push_back(outC[size_t(f)]);
            s.headChannels = ch;
            const int nk = spec.keypointChannels();
            const int c2 = std::max({ 16, ch[0] / 4, ModelSpec::kRegMax * 4 });
            const int c3 = std::max(ch[0], std::min(spec.numClasses, 100));
            const int c4 = std::max(ch[0] / 4, nk);
            s.boxChannels = c2;
            s.classChannels = c3;
            s.keypointHidden = c4;
            for (size_t l = 0; l < ch.size(); ++l) {
                const int f = y.from[l];
                const double hw = double(outH[size_t(f)]) * outW[size_t(f)];
                s.numAnchors += outH[size_t(f)] * outW[size_t(f)];
                cost += convBlock(ch[l], c2, 3, hw);
                cost += convBlock(c2, c2, 3, hw);
                cost += plainConv(c2, 4 * ModelSpec::kRegMax, 1, hw);
                cost += convBlock(ch[l], c3, 3, hw);
                cost += convBlock(c3, c3, 3, hw);
                cost += plainConv(c3, spec.numClasses, 1, hw);
                cost += convBlock(ch[l], c4, 3, hw);
                cost += convBlock(c4, c4, 3, hw);
                cost += plainConv(c4, nk, 1, hw);
            }
            // DFL: a fixed 16 -> 1 conv (parameters, not trained; not run in training mode,
            // which is how thop sees the model).
            cost.params += ModelSpec::kRegMax;
            cost.fusedParams += ModelSpec::kRegMax;
            r.inChannels = ch[0];
            r.outChannels = 0;
            r.outH = outH[size_t(y.from.back())];
            r.outW = outW[size_t(y.from.back())];
            break;
        }
        }
        r.params = cost.params;
        r.gflops = 2.0 * cost.macs / 1e9;
        total += cost;
        outC.push_back(r.outChannels);
        outH.push_back(r.outH);
        outW.push_back(r.outW);
        s.layers.push_back(r);
    }
    s.parameters = total.params;
    s.trainable = total.params - ModelSpec::kRegMax;
    s.fusedParameters = total.fusedParams;
    s.gflops = 2.0 * total.macs / 1e9;
    s.fusedGflops = 2.0 * total.fusedMacs / 1e9;
    return s;
}

QString formatLayerTable(const ModelSummary &s)
{
    QString out;
    out += QStringLiteral("%1  nc=%2  kpt_shape=[%3, %4]  imgsz=%5\n")
               .arg(s.spec.name())
               .arg(s.spec.numClasses)
               .arg(s.spec.numKeypoints)
               .arg(s.spec.keypointDims)
               .arg(s.imgsz);
    out += QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
               .arg(QStringLiteral("#"), 3)
               .arg(QStringLiteral("from"), -12)
               .arg(QStringLiteral("n"), 2)
               .arg(QStringLiteral("params"), 10)
               .arg(QStringLiteral("module"), -9)
               .arg(QStringLiteral("arguments"), -22)
               .arg(QStringLiteral("output (C,H,W)"));
    for (const LayerRow &r : s.layers) {
        QStringList from;
        for (int f : r.from)
            from << QString::number(f);
        const QString fromText
            = r.from.size() == 1 ? from.first() : QStringLiteral("[%1]").arg(from.join(QStringLiteral(", ")));
        QString shape;
        if (r.kind == LayerRow::Kind::Pose) {
            shape = QStringLiteral("%1 anchors x %2")
                        .arg(s.numAnchors)
                        .arg(4 + s.spec.numClasses + s.spec.keypointChannels());
        } else {
            shape = QStringLiteral("%1,%2,%3").arg(r.outChannels).arg(r.outH).arg(r.outW);
        }
        QString args = r.arguments();
        if (r.kind == LayerRow::Kind::Pose) {
            QStringList ch;
            for (int c : s.headChannels)
                ch << QString::number(c);
            args = QStringLiteral("[%1, [%2, %3], [%4]]")
                       .arg(s.spec.numClasses)
                       .arg(s.spec.numKeypoints)
                       .arg(s.spec.keypointDims)
                       .arg(ch.join(QStringLiteral(", ")));
        }
        out += QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                   .arg(r.index, 3)
                   .arg(fromText, -12)
                   .arg(r.kind == LayerRow::Kind::C2f ? r.repeats : 1, 2)
                   .arg(grouped(r.params), 10)
                   .arg(r.moduleName(), -9)
                   .arg(args, -22)
                   .arg(shape);
    }
    out += QStringLiteral(
        "%1 summary: %2 layers, %3 parameters, %4 gradients, %5 GFLOPs @%6 (fused: %7 parameters, %8 GFLOPs)\n")
               .arg(s.spec.name())
               .arg(s.layers.size())
               .arg(grouped(s.parameters))
               .arg(grouped(s.trainable))
               .arg(s.gflops, 0, 'f', 1)
               .arg(s.imgsz)
               .arg(grouped(s.fusedParameters))
               .arg(s.fusedGflops, 0, 'f', 1);
    return out;
}

} // namespace gp
