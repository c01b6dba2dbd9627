#include "onnxmodelinfo.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace gp {

namespace {

// A value of a Python literal (what Ultralytics writes with str() and reads back with
// literal_eval): enough of the grammar for its metadata props.
struct PyValue
{
    enum class Kind { None, Bool, Int, Float, Str, List, Dict };
    Kind kind = Kind::None;
    long long i = 0;
    double f = 0.0;
    QString s;
    std::vector<PyValue> items; // List
    std::vector<std::pair<PyValue, PyValue>> entries; // Dict

    bool isNumber() const { return kind == Kind::Int || kind == Kind::Float; }
    double number() const { return kind == Kind::Int ? double(i) : f; }
};

class PyLiteralParser
{
public:
    explicit PyLiteralParser(const QString &text)
        : m_text(text)
    { }

    std::optional<PyValue> parse()
    {
        std::optional<PyValue> v = value();
        skipSpace();
        if (!v || m_pos != m_text.size())
            return std::nullopt;
        return v;
    }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() && m_text[m_pos].isSpace())
            ++m_pos;
    }
    bool take(QChar c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool takeWord(const char *word)
    {
        const QString w = QLatin1String(word);
        if (m_text.mid(m_pos, w.size()) != w)
            return false;
        m_pos += w.size();
        return true;
    }

    std::optional<PyValue> value()
    {
        skipSpace();
        if (m_pos >= m_text.size())
            return std::nullopt;
        const QChar c = m_text[m_pos];
        PyValue v;
        if (c == QLatin1Char('[') || c == QLatin1Char('(')) {
            const QChar close = c == QLatin1Char('[') ? QLatin1Char(']') : QLatin1Char(')');
            ++m_pos;
            v.kind = PyValue::Kind::List;
            while (!take(close)) {
                std::optional<PyValue> item = value();
                if (!item)
                    return std::nullopt;
                v.items.push_back(std::move(*item));
                if (!take(QLatin1Char(','))) {
                    if (!take(close))
                        return std::nullopt;
                    break;
                }
            }
            return v;
        }
        if (c == QLatin1Char('{')) {
            ++m_pos;
            v.kind = PyValue::Kind::Dict;
            while (!take(QLatin1Char('}'))) {
                std::optional<PyValue> key = value();
                if (!key || !take(QLatin1Char(':')))
                    return std::nullopt;
                std::optional<PyValue> val = value();
                if (!val)
                    return std::nullopt;
                v.entries.emplace_back(std::move(*key), std::move(*val));
                if (!take(QLatin1Char(','))) {
                    if (!take(QLatin1Char('}')))
                        return std::nullopt;
                    break;
                }
            }
            return v;
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"'))
            return string(c);
        if (takeWord("True")) {
            v.kind = PyValue::Kind::Bool;
            v.i = 1;
            return v;
        }
        if (takeWord("False")) {
            v.kind = PyValue::Kind::Bool;
            return v;
        }
        if (takeWord("None"))
            return v;
        const int start = m_pos;
        while (m_pos < m_text.size() && (m_text[m_pos].isDigit() || QStringLiteral("+-.eE").contains(m_text[m_pos])))
            ++m_pos;
        const QString number = m_text.mid(start, m_pos - start);
        bool ok = false;
        v.i = number.toLongLong(&ok);
        if (ok) {
            v.kind = PyValue::Kind::Int;
            return v;
        }
        v.f = number.toDouble(&ok);
        if (!ok)
            return std::nullopt;
        v.kind = PyValue::Kind::Float;
        return v;
    }

    std::optional<PyValue> string(QChar quote)
    {
        ++m_pos;
        PyValue v;
        v.kind = PyValue::Kind::Str;
        while (m_pos < m_text.size() && m_text[m_pos] != quote) {
            QChar c = m_text[m_pos++];
            if (c == QLatin1Char('\\') && m_pos < m_text.size()) {
                const QChar e = m_text[m_pos++];
                if (e == QLatin1Char('n'))
                    c = QLatin1Char('\n');
                else if (e == QLatin1Char('t'))
                    c = QLatin1Char('\t');
                else if (e == QLatin1Char('r'))
                    c = QLatin1Char('\r');
                else if (e == QLatin1Char('x') && m_pos + 2 <= m_text.size()) {
                    c = QChar(m_text.mid(m_pos, 2).toUShort(nullptr, 16));
                    m_pos += 2;
                } else
                    c = e;
            }
            v.s.append(c);
        }
        if (m_pos >= m_text.size())
            return std::nullopt;
        ++m_pos;
        return v;
    }

    QString m_text;
    int m_pos = 0;
};

// Python's repr of a str (single quotes), which literal_eval reads back.
QString pyString(const QString &s)
{
    QString out = QStringLiteral("'");
    for (const QChar c : s) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('\''))
            out += QLatin1Char('\\') + QString(c);
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (c == QLatin1Char('\r'))
            out += QStringLiteral("\\r");
        else if (c.unicode() < 0x20)
            out += QStringLiteral("\\x%1").arg(int(c.unicode()), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('\'');
}

QString pyBool(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

template<typename T> QString pyList(const std::vector<T> &values)
{
    QStringList parts;
    for (const T &v : values)
        parts << QString::number(v);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

bool intList(const PyValue &v, std::vector<int> *out)
{
    if (v.kind != PyValue::Kind::List)
        return false;
    out->clear();
    for (const PyValue &item : v.items) {
        if (item.kind != PyValue::Kind::Int)
            return false;
        out->push_back(int(item.i));
    }
    return true;
}

size_t elementBytes(int dataType)
{
    switch (dataType) {
    case onnx::TensorProto::FLOAT:
    case onnx::TensorProto::INT32:
    case onnx::TensorProto::UINT32:
        return 4;
    case onnx::TensorProto::FLOAT16:
    case onnx::TensorProto::BFLOAT16:
    case onnx::TensorProto::INT16:
    case onnx::TensorProto::UINT16:
        return 2;
    case onnx::TensorProto::INT8:
    case onnx::TensorProto::UINT8:
    case onnx::TensorProto::BOOL:
        return 1;
    case onnx::TensorProto::INT64:
    case onnx::TensorProto::UINT64:
    case onnx::TensorProto::DOUBLE:
        return 8;
    default:
        return 0;
    }
}

// The number of stored elements of a tensor not kept in raw_data.
long long typedCount(const onnx::TensorProto &t)
{
    switch (t.data_type()) {
    case onnx::TensorProto::FLOAT:
        return t.float_data_size();
    case onnx::TensorProto::DOUBLE:
        return t.double_data_size();
    case onnx::TensorProto::INT64:
        return t.int64_data_size();
    case onnx::TensorProto::UINT32:
    case onnx::TensorProto::UINT64:
        return t.uint64_data_size();
    default:
        return t.int32_data_size();
    }
}

} // namespace

QString OnnxModelInfo::precisionName(Precision p)
{
    switch (p) {
    case Precision::Float16:
        return QStringLiteral("fp16");
    case Precision::Int8:
        return QStringLiteral("int8");
    case Precision::Float32:
        break;
    }
    return QStringLiteral("fp32");
}

QString OnnxModelInfo::layoutName(OnnxLayout l)
{
    return l == OnnxLayout::Raw ? QStringLiteral("raw") : QStringLiteral("decoded");
}

std::vector<std::pair<QString, QString>> OnnxModelInfo::toMetadataProps() const
{
    QStringList names_;
    for (int i = 0; i < names.size(); ++i)
        names_ << QStringLiteral("%1: %2").arg(i).arg(pyString(names.at(i)));
    const QString version = QStringLiteral(GP_MODEL_VERSION);
    const QString args
        = QStringLiteral("{'batch': %1, 'dynamic': %2, 'half': %3, 'int8': %4, 'imgsz': %5, "
                         "'opset': %6, 'nms': False}")
              .arg(batch)
              .arg(pyBool(dynamic), pyBool(precision == Precision::Float16), pyBool(precision == Precision::Int8))
              .arg(imgsz)
              .arg(opset);
    std::vector<std::pair<QString, QString>> props = {
        { QStringLiteral("description"),
            QStringLiteral("GripperPose %1 (%2 keypoints), %3 layout")
                .arg(spec.name())
                .arg(spec.numKeypoints)
                .arg(layoutName(layout)) },
        { QStringLiteral("author"), QStringLiteral("GripperPose Studio") },
        { QStringLiteral("date"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate) },
        { QStringLiteral("version"), version },
        { QStringLiteral("license"), QStringLiteral("GPL-3.0-or-later") },
        { QStringLiteral("stride"), QString::number(stride) },
        { QStringLiteral("task"), QStringLiteral("pose") },
        { QStringLiteral("batch"), QString::number(batch) },
        { QStringLiteral("imgsz"), pyList(std::vector<int> { imgsz, imgsz }) },
        { QStringLiteral("names"), QLatin1Char('{') + names_.join(QStringLiteral(", ")) + QLatin1Char('}') },
        { QStringLiteral("args"), args },
        { QStringLiteral("channels"), QStringLiteral("3") },
        { QStringLiteral("end2end"), QStringLiteral("False") },
        { QStringLiteral("kpt_shape"), pyList(std::vector<int> { spec.numKeypoints, spec.keypointDims }) },
        { QStringLiteral("flip_idx"), pyList(flipIdx) },
        { QStringLiteral("model"), spec.name() },
        { QStringLiteral("layout"), layoutName(layout) },
        { QStringLiteral("precision"), precisionName(precision) },
        { QStringLiteral("gripperpose_version"), version },
    };
    if (!skeletonJson.isEmpty())
        props.emplace_back(QStringLiteral("skeleton"), skeletonJson);
    return props;
}

bool OnnxModelInfo::readMetadataProps(const std::vector<std::pair<QString, QString>> &props, QString *error)
{
    std::map<QString, QString> m(props.begin(), props.end());
    auto literal = [&](const QString &key) -> std::optional<PyValue> {
        const auto it = m.find(key);
        if (it == m.end())
            return std::nullopt;
        std::optional<PyValue> v = PyLiteralParser(it->second).parse();
        if (!v)
            *error = tr("metadata \"%1\" is not a Python literal: %2").arg(key, it->second.left(80));
        return v;
    };
    error->clear();
    if (const auto v = literal(QStringLiteral("names"))) {
        if (v->kind != PyValue::Kind::Dict) {
            *error = tr("metadata \"names\" is not a dictionary");
            return false;
        }
        names.clear();
        for (const auto &[k, name] : v->entries) {
            if (k.kind != PyValue::Kind::Int || k.i != names.size() || name.kind != PyValue::Kind::Str) {
                *error = tr("metadata \"names\" must map 0, 1, ... to strings");
                return false;
            }
            names << name.s;
        }
        spec.numClasses = int(names.size());
    }
    if (const auto v = literal(QStringLiteral("kpt_shape"))) {
        std::vector<int> shape;
        if (!intList(*v, &shape) || shape.size() != 2 || shape[0] < 1 || (shape[1] != 2 && shape[1] != 3)) {
            *error = tr("metadata \"kpt_shape\" must be [K, 2] or [K, 3]");
            return false;
        }
        spec.numKeypoints = shape[0];
        spec.keypointDims = shape[1];
    }
    if (const auto v = literal(QStringLiteral("imgsz"))) {
        std::vector<int> size;
        if (v->kind == PyValue::Kind::Int)
            size = { int(v->i), int(v->i) };
        else if (!intList(*v, &size) || size.empty()) {
            *error = tr("metadata \"imgsz\" must be a size");
            return false;
        }
        if (size.size() == 2 && size[0] != size[1]) {
            *error = tr("metadata \"imgsz\" is not square (%1x%2); only square inputs are supported")
                         .arg(size[0])
                         .arg(size[1]);
            return false;
        }
        imgsz = size[0];
    }
    for (const auto &[key, target] :
        { std::pair { QStringLiteral("stride"), &stride }, std::pair { QStringLiteral("batch"), &batch } }) {
        if (const auto v = literal(key)) {
            if (v->kind != PyValue::Kind::Int) {
                *error = tr("metadata \"%1\" is not an integer").arg(key);
                return false;
            }
            *target = int(v->i);
        }
    }
    if (const auto v = literal(QStringLiteral("flip_idx")); v && !intList(*v, &flipIdx)) {
        *error = tr("metadata \"flip_idx\" is not a list of integers");
        return false;
    }
    if (const auto v = literal(QStringLiteral("args")); v && v->kind == PyValue::Kind::Dict) {
        for (const auto &[k, val] : v->entries) {
            if (k.kind == PyValue::Kind::Str && k.s == QLatin1String("dynamic") && val.kind == PyValue::Kind::Bool)
                dynamic = val.i != 0;
        }
    }
    if (!error->isEmpty())
        return false;
    if (const auto it = m.find(QStringLiteral("model")); it != m.end()) {
        if (const auto scale = ModelSpec::parseScale(it->second))
            spec.scale = *scale;
    } else if (const auto d = m.find(QStringLiteral("description")); d != m.end()) {
        // Ultralytics: "Ultralytics YOLOv8s-pose model trained on ...".
        for (const QString &word : d->second.split(QLatin1Char(' ')))
            if (const auto scale = ModelSpec::parseScale(word))
                spec.scale = *scale;
    }
    if (const auto it = m.find(QStringLiteral("layout")); it != m.end()) {
        if (it->second == QLatin1String("raw"))
            layout = OnnxLayout::Raw;
        else if (it->second == QLatin1String("decoded"))
            layout = OnnxLayout::Decoded;
        else {
            *error = tr("metadata \"layout\" must be decoded or raw (got \"%1\")").arg(it->second);
            return false;
        }
    }
    if (const auto it = m.find(QStringLiteral("skeleton")); it != m.end())
        skeletonJson = it->second;
    ours = m.count(QStringLiteral("gripperpose_version")) > 0;
    return true;
}

bool isOnnxFile(const QString &path)
{
    return path.endsWith(QLatin1String(".onnx"), Qt::CaseInsensitive);
}

bool readOnnxModelInfo(const QString &path, OnnxModelInfo *info, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = OnnxModelInfo::tr("%1: cannot open: %2").arg(path, f.errorString());
        return false;
    }
    const QByteArray bytes = f.readAll();
    auto model = std::make_unique<onnx::ModelProto>();
    if (bytes.isEmpty() || !model->ParseFromArray(bytes.constData(), int(bytes.size()))) {
        *error = OnnxModelInfo::tr("%1: not an ONNX model (the file is truncated or corrupt: it does not parse as "
                                   "an ONNX protobuf)")
                     .arg(path);
        return false;
    }
    if (!model->has_graph() || model->graph().node_size() == 0 || model->graph().output_size() == 0) {
        *error = OnnxModelInfo::tr("%1: not an ONNX model (no graph, nodes or outputs; truncated?)").arg(path);
        return false;
    }
    const onnx::GraphProto &g = model->graph();
    for (const onnx::TensorProto &t : g.initializer()) {
        long long count = 1;
        for (const auto d : t.dims())
            count *= d;
        const size_t size = elementBytes(t.data_type());
        const long long have
            = t.has_raw_data() ? (size ? (long long)(t.raw_data().size() / size) : count) : typedCount(t);
        if (have != count || (t.has_raw_data() && size && t.raw_data().size() % size)) {
            *error = OnnxModelInfo::tr("%1: truncated or corrupt: the weights \"%2\" hold %3 of %4 values")
                         .arg(path, QString::fromStdString(t.name()))
                         .arg(have)
                         .arg(count);
            return false;
        }
    }
    try {
        onnx::checker::check_model(*model);
    } catch (const std::exception &e) {
        *error = OnnxModelInfo::tr("%1: the ONNX checker refuses it: %2")
                     .arg(path, QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 1).trimmed());
        return false;
    }

    OnnxModelInfo out;
    for (const auto &o : model->opset_import())
        if (o.domain().empty() || o.domain() == "ai.onnx")
            out.opset = int(o.version());
    out.producer = QString::fromStdString(model->producer_name() + " " + model->producer_version()).trimmed();
    std::vector<std::pair<QString, QString>> props;
    for (const auto &p : model->metadata_props())
        props.emplace_back(QString::fromStdString(p.key()), QString::fromStdString(p.value()));
    if (!out.readMetadataProps(props, error)) {
        *error = QStringLiteral("%1: %2").arg(path, *error);
        return false;
    }
    std::set<std::string> initializers;
    for (const auto &t : g.initializer())
        initializers.insert(t.name());
    for (const auto &i : g.input()) {
        if (initializers.count(i.name()))
            continue;
        out.inputs << QString::fromStdString(i.name());
        if (out.inputs.size() == 1 && i.type().has_tensor_type()) {
            const auto &tt = i.type().tensor_type();
            if (tt.elem_type() == onnx::TensorProto::FLOAT16)
                out.precision = OnnxModelInfo::Precision::Float16;
            if (tt.shape().dim_size() == 4) {
                const auto &b = tt.shape().dim(0);
                out.dynamic = !b.has_dim_value();
                if (b.has_dim_value())
                    out.batch = int(b.dim_value());
                if (tt.shape().dim(2).has_dim_value())
                    out.imgsz = int(tt.shape().dim(2).dim_value());
            }
        }
    }
    for (const auto &o : g.output())
        out.outputs << QString::fromStdString(o.name());
    if (g.output(0).type().has_tensor_type())
        for (const auto &d : g.output(0).type().tensor_type().shape().dim())
            out.outputShape.push_back(d.has_dim_value() ? d.dim_value() : -1);
    for (const auto &n : g.node())
        if (n.op_type() == "DequantizeLinear" || n.op_type() == "QLinearConv") {
            out.precision = OnnxModelInfo::Precision::Int8;
            break;
        }
    if (!out.ours && out.outputs.size() >= 3)
        out.layout = OnnxLayout::Raw; // a raw export of another producer would have no layout key
    *info = out;
    return true;
}

} // namespace gp
