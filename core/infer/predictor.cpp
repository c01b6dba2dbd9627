#include "predictor.h"

#include "imageenhancement_p.h"
#include "inferencemodel.h"
#include "onnxnetwork.h"
#include "posemodel.h"
#include "postprocess.h"

#include <QThread>

#include <opencv2/core.hpp>

namespace gp {

struct Predictor::Private
{
    PredictorOptions options;
    ModelSpec spec;
    gp::PoseModel model { nullptr };
    // An exported .onnx file runs here instead (OpenCV DNN), with the same decode and NMS.
    std::unique_ptr<gp::OnnxNetwork> onnx;
    torch::Device device { torch::kCPU };
    torch::ScalarType dtype = torch::kFloat; // of the weights and the network's input
    QString weights;
};

Predictor::Predictor()
    : d(std::make_unique<Private>())
{ }

Predictor::~Predictor() = default;

bool Predictor::isLoaded() const
{
    return !d->model.is_empty() || d->onnx;
}
ModelSpec Predictor::spec() const
{
    return d->spec;
}
const PredictorOptions &Predictor::options() const
{
    return d->options;
}
QString Predictor::weightsDescription() const
{
    return d->weights;
}

QString Predictor::deviceName() const
{
    if (d->onnx)
        return QStringLiteral("cpu (OpenCV DNN)");
    return d->device.is_cuda() ? QStringLiteral("cuda:%1").arg(int(d->device.index())) : QStringLiteral("cpu");
}

void Predictor::setThresholds(double conf, double iou)
{
    d->options.conf = conf;
    d->options.iou = iou;
}

void Predictor::setEnhancement(Enhancement enhance)
{
    d->options.enhance = enhance;
}

void Predictor::setThreads(int threads)
{
    d->options.threads = threads;
}

bool Predictor::load(const PredictorOptions &options, QString *error)
{
    d->model = gp::PoseModel(nullptr);
    d->onnx.reset();
    if (isOnnxFile(options.model)) {
        if (options.bf16) {
            //: bf16 is a number format; an .onnx export carries its own (fp32, fp16 or INT8).
            *error = tr("%1: bf16 applies to checkpoints and weight files; an .onnx export keeps the precision it "
                        "was exported with")
                         .arg(options.model);
            return false;
        }
        auto net = std::make_unique<gp::OnnxNetwork>();
        if (!net->load(options.model, error))
            return false;
        const OnnxModelInfo &info = net->info();
        d->options = options;
        // An export has one input size: images are letterboxed to it, whatever imgsz says.
        d->options.imgsz = info.imgsz;
        d->spec = info.spec;
        d->device = torch::kCPU;
        d->dtype = torch::kFloat;
        //: %1 is a precision (fp32, fp16), %2 a layout (raw, decoded), %3 an image size.
        d->weights = tr("ONNX (%1, %2 layout, %3 px) in OpenCV DNN")
                         .arg(OnnxModelInfo::precisionName(info.precision), OnnxModelInfo::layoutName(info.layout))
                         .arg(info.imgsz);
        d->onnx = std::move(net);
        return true;
    }
    if (options.imgsz < 32 || options.imgsz % 32) {
        *error = tr("imgsz must be a positive multiple of 32 (got %1)").arg(options.imgsz);
        return false;
    }
    d->options = options;
    gp::InferenceModel loaded;
    if (!loaded.load(options.model, error))
        return false;
    try {
        gp::PoseModel model = loaded.model;
        torch::Device device(torch::kCPU);
        if (options.device != QLatin1String("cpu") && torch::cuda::is_available())
            device = torch::Device(torch::kCUDA, int8_t(options.device.isEmpty() ? 0 : options.device.toInt()));
        model->eval();
        if (!model->isFused())
            model->fuse();
        model->to(device);
        // Channels-last on the CPU: oneDNN's convolutions run without reordering each input
        // (docs/BENCHMARKS.md, "Inference": 0.84x the time, 0.74x with fusion).
        if (device.is_cpu())
            model->toChannelsLast();
        if (options.bf16 && device.is_cpu() && !gp::cpuRunsBf16Convolutions()) {
            *error = tr("bf16 needs a CPU whose convolutions run in bf16 (AVX512-BF16, AVX-512 or AMX); this one has "
                        "none: run without bf16=true");
            return false;
        }
        const bool half = options.half && device.is_cuda() && !options.bf16;
        d->dtype = options.bf16 ? torch::kBFloat16 : half ? torch::kHalf : torch::kFloat;
        if (d->dtype != torch::kFloat)
            model->to(d->dtype);
        d->spec = loaded.spec;
        d->device = device;
        d->model = model;
        //: %1 describes the weights ("checkpoint (EMA)"); bf16 is the number format they run in.
        d->weights = options.bf16 ? tr("%1, bf16").arg(loaded.description) : loaded.description;
        return true;
    } catch (const std::exception &e) {
        *error = tr("%1: cannot load the model: %2")
                     .arg(options.model, QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
        return false;
    }
}

bool Predictor::predict(const std::vector<cv::Mat> &images, std::vector<std::vector<PoseDetection>> *results,
    QString *error, std::vector<std::vector<float>> *features)
{
    results->clear();
    if (features)
        features->clear();
    if (!isLoaded()) {
        *error = tr("no model loaded");
        return false;
    }
    if (images.empty())
        return true;
    try {
        c10::InferenceMode guard;
        // Torch's thread count belongs to the calling thread (OpenMP's), so it is set where
        // the forward pass runs; pipeline workers each take their share of the cores.
        const int threads = d->options.threads > 0 ? d->options.threads : std::max(1, QThread::idealThreadCount());
        if (!d->onnx && d->device.is_cpu() && torch::get_num_threads() != threads)
            torch::set_num_threads(threads);
        const int imgsz = d->options.imgsz;
        bool sameSize = true;
        for (const cv::Mat &m : images)
            sameSize = sameSize && m.size() == images.front().size();
        // An export's input is square and fixed: no minimal-padding rectangles.
        const bool rect = d->options.rect && sameSize && !d->onnx;
        std::vector<LetterboxTransform> transforms;
        std::vector<torch::Tensor> inputs;
        transforms.reserve(images.size());
        for (const cv::Mat &m : images) {
            const LetterboxTransform t = LetterboxTransform::make(m.cols, m.rows, imgsz, imgsz, /*scaleUp=*/true,
                /*center=*/true, rect ? 32 : 0);
            transforms.push_back(t);
            inputs.push_back(gp::letterboxImage(gp::enhanced(m, d->options.enhance), t));
        }
        torch::Tensor decoded;
        if (d->onnx) {
            decoded = d->onnx->forward(torch::stack(inputs));
        } else {
            torch::Tensor x = torch::stack(inputs).to(d->device, /*non_blocking=*/false);
            if (d->dtype != torch::kFloat)
                x = x.to(d->dtype);
            if (d->device.is_cpu())
                x = x.contiguous(at::MemoryFormat::ChannelsLast);
            if (features) {
                std::vector<torch::Tensor> layers;
                decoded = d->model->decode(d->model->forwardRaw(x, &layers)).to(torch::kFloat);
                // Layer 9 ends the backbone (SPPF), the last layer before the neck mixes scales.
                const torch::Tensor pooled = layers.at(9).to(torch::kCPU, torch::kFloat).mean({ 2, 3 }).contiguous();
                for (int64_t i = 0; i < pooled.size(0); ++i) {
                    const float *row = pooled[i].data_ptr<float>();
                    features->emplace_back(row, row + pooled.size(1));
                }
            } else {
                decoded = d->model->forward(x).to(torch::kFloat);
            }
        }
        gp::NmsOptions nms;
        nms.conf = d->options.conf;
        nms.iou = d->options.iou;
        nms.maxDet = d->options.maxDet;
        std::vector<torch::Tensor> rows = gp::nonMaxSuppression(decoded, d->spec.numClasses, nms);
        const int nk = d->spec.numKeypoints;
        const int dims = d->spec.keypointDims;
        results->resize(images.size());
        for (size_t i = 0; i < rows.size(); ++i) {
            torch::Tensor r = rows[i].to(torch::kCPU, torch::kFloat).contiguous();
            gp::rowsToSource(r, transforms[i], dims);
            const auto a = r.accessor<float, 2>();
            std::vector<PoseDetection> &out = (*results)[i];
            out.reserve(size_t(r.size(0)));
            for (int64_t j = 0; j < r.size(0); ++j) {
                PoseDetection p;
                p.box = { a[j][0], a[j][1], a[j][2], a[j][3] };
                p.score = a[j][4];
                p.cls = int(a[j][5]);
                p.keypoints.resize(size_t(nk));
                for (int k = 0; k < nk; ++k) {
                    p.keypoints[size_t(k)].x = a[j][6 + k * dims];
                    p.keypoints[size_t(k)].y = a[j][6 + k * dims + 1];
                    p.keypoints[size_t(k)].conf = dims == 3 ? a[j][6 + k * dims + 2] : 1.0;
                }
                out.push_back(std::move(p));
            }
        }
        return true;
    } catch (const std::exception &e) {
        results->clear();
        if (features)
            features->clear();
        *error = tr("inference failed: %1").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
        return false;
    }
}

} // namespace gp
