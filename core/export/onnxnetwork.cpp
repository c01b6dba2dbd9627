#include "onnxnetwork.h"

#include "postprocess.h"

#include <QRegularExpression>

#include <opencv2/core/utils/logger.hpp>
#include <opencv2/dnn.hpp>

namespace gp {

namespace {

// The strides of P3, P4, P5: those of every YOLOv8 detection head.
const std::vector<double> kStrides { 8.0, 16.0, 32.0 };

// OpenCV's exception text without its source locations, on one line: "(-2:Unspecified error)
// in function 'handleNode' > Node [Split@ai.onnx]:(onnx_node!x) parse error: ...".
QString openCvMessage(const char *what)
{
    QString s = QString::fromUtf8(what);
    static const QRegularExpression location(QStringLiteral("OpenCV\\([^)]*\\) [^ ]*:\\d+: error: "));
    s.remove(location);
    s = s.simplified();
    return s.size() > 300 ? s.left(300) + QStringLiteral("...") : s;
}

} // namespace

struct OnnxNetwork::Private
{
    OnnxModelInfo info;
    cv::dnn::Net net;
    std::vector<cv::String> outputs;
    bool loaded = false;
    std::vector<std::array<int64_t, 2>> grids;

    // One OpenCV forward pass of a chunk; the outputs as CPU tensors (copies).
    std::vector<torch::Tensor> run(const torch::Tensor &chunk)
    {
        const torch::Tensor x = chunk.to(torch::kCPU, torch::kFloat).contiguous();
        const int sizes[4] = { int(x.size(0)), int(x.size(1)), int(x.size(2)), int(x.size(3)) };
        const cv::Mat blob(4, sizes, CV_32F, x.data_ptr<float>());
        net.setInput(blob);
        std::vector<cv::Mat> mats;
        net.forward(mats, outputs);
        std::vector<torch::Tensor> out;
        for (const cv::Mat &m : mats) {
            std::vector<int64_t> shape;
            for (int i = 0; i < m.dims; ++i)
                shape.push_back(m.size[i]);
            cv::Mat f;
            m.convertTo(f, CV_32F);
            out.push_back(torch::from_blob(f.ptr<float>(), shape, torch::kFloat).clone());
        }
        return out;
    }

    // Runs the whole batch (in chunks of the static batch size, the last padded with zeros).
    std::vector<torch::Tensor> runAll(const torch::Tensor &images)
    {
        const int64_t n = images.size(0);
        const int64_t step = info.dynamic ? n : info.batch;
        std::vector<std::vector<torch::Tensor>> parts;
        for (int64_t begin = 0; begin < n; begin += step) {
            torch::Tensor chunk = images.slice(0, begin, std::min(n, begin + step));
            const int64_t real = chunk.size(0);
            if (real < step)
                chunk = torch::cat({ chunk,
                    torch::zeros({ step - real, chunk.size(1), chunk.size(2), chunk.size(3) }, chunk.options()) });
            std::vector<torch::Tensor> out = run(chunk);
            for (torch::Tensor &t : out)
                t = t.slice(0, 0, real);
            parts.push_back(std::move(out));
        }
        std::vector<torch::Tensor> joined;
        for (size_t o = 0; o < outputs.size(); ++o) {
            std::vector<torch::Tensor> pieces;
            for (const auto &p : parts)
                pieces.push_back(p[o]);
            joined.push_back(torch::cat(pieces, 0));
        }
        return joined;
    }
};

OnnxNetwork::OnnxNetwork()
    : d(std::make_unique<Private>())
{ }

OnnxNetwork::~OnnxNetwork() = default;

bool OnnxNetwork::isLoaded() const
{
    return d->loaded;
}
const OnnxModelInfo &OnnxNetwork::info() const
{
    return d->info;
}

bool OnnxNetwork::load(const QString &path, QString *error)
{
    d->loaded = false;
    if (!readOnnxModelInfo(path, &d->info, error))
        return false;
    const OnnxModelInfo &info = d->info;
    const ModelSpec &spec = info.spec;
    const bool raw = info.layout == OnnxLayout::Raw;
    if (info.imgsz < 32 || info.imgsz % 32 || info.outputs.size() != (raw ? 3 : 1)) {
        *error = tr("%1: not a pose export of this program or of Ultralytics (inputs %2, outputs %3)")
                     .arg(path, info.inputs.join(QLatin1Char(',')), info.outputs.join(QLatin1Char(',')));
        return false;
    }
    d->grids.clear();
    for (const double s : kStrides)
        d->grids.push_back({ int64_t(info.imgsz / s), int64_t(info.imgsz / s) });
    d->outputs.clear();
    for (const QString &o : info.outputs)
        d->outputs.push_back(o.toStdString());
    // OpenCV logs its own errors while importing; this function says what they mean instead.
    const cv::utils::logging::LogLevel logLevel = cv::utils::logging::getLogLevel();
    cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
    struct RestoreLogLevel
    {
        cv::utils::logging::LogLevel level;
        ~RestoreLogLevel() { cv::utils::logging::setLogLevel(level); }
    } restore { logLevel };
    try {
        d->net = cv::dnn::readNetFromONNX(path.toStdString());
        d->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        d->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        // One pass on a blank batch: what OpenCV cannot run fails here, not on the first frame.
        const std::vector<torch::Tensor> out
            = d->run(torch::zeros({ info.dynamic ? 1 : info.batch, 3, info.imgsz, info.imgsz }));
        const int64_t width = 4 + spec.numClasses + spec.keypointChannels();
        const bool shapesFit = raw ? out[0].dim() == 3 && out[0].size(1) == 4 * ModelSpec::kRegMax
                && out[1].size(1) == spec.numClasses && out[2].size(1) == spec.keypointChannels()
                                   : out[0].dim() == 3 && out[0].size(1) == width;
        if (!shapesFit) {
            *error = tr("%1: the outputs do not fit its metadata (%2 classes, %3 keypoints x %4)")
                         .arg(path)
                         .arg(spec.numClasses)
                         .arg(spec.numKeypoints)
                         .arg(spec.keypointDims);
            return false;
        }
    } catch (const std::exception &e) {
        if (info.precision == OnnxModelInfo::Precision::Int8)
            *error = tr("%1 is an INT8 (QDQ) export, which OpenCV DNN %2 cannot run; run it in ONNX Runtime "
                        "(docs/DEPLOY.md) or predict from the fp32 export")
                         .arg(path, QString::fromLatin1(CV_VERSION));
        else if (info.precision == OnnxModelInfo::Precision::Float16)
            *error = tr("%1 is an fp16 export (half=true), which OpenCV DNN %2 cannot read (%3); export it without "
                        "half=true to predict with it here, or run it in ONNX Runtime")
                         .arg(path, QString::fromLatin1(CV_VERSION), openCvMessage(e.what()));
        else if (!raw)
            *error = tr("%1 has the decoded layout, which OpenCV DNN %2 cannot run (%3); export it again with "
                        "layout=raw to predict with it here")
                         .arg(path, QString::fromLatin1(CV_VERSION), openCvMessage(e.what()));
        else
            *error = tr("%1: OpenCV DNN %2 cannot run it: %3")
                         .arg(path, QString::fromLatin1(CV_VERSION), openCvMessage(e.what()));
        return false;
    }
    d->loaded = true;
    return true;
}

RawHeadOutput OnnxNetwork::forwardRaw(const torch::Tensor &images)
{
    if (d->info.layout != OnnxLayout::Raw)
        throw std::logic_error("OnnxNetwork::forwardRaw: not a raw-layout export");
    const std::vector<torch::Tensor> out = d->runAll(images);
    RawHeadOutput r;
    r.boxes = out[0];
    r.scores = out[1];
    r.kpts = out[2];
    r.grids = d->grids;
    return r;
}

torch::Tensor OnnxNetwork::forward(const torch::Tensor &images)
{
    if (d->info.layout == OnnxLayout::Raw)
        return decodeHead(forwardRaw(images), kStrides, d->info.spec.numKeypoints, d->info.spec.keypointDims);
    return d->runAll(images).front();
}

} // namespace gp
