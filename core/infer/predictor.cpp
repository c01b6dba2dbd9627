#include "predictor.h"

#include "checkpoint_p.h"
#include "posemodel.h"
#include "postprocess.h"
#include "weightimport_p.h"

#include <QFileInfo>

#include <opencv2/core.hpp>

struct Predictor::Private
{
    PredictorOptions options;
    ModelSpec spec;
    gp::PoseModel model{nullptr};
    torch::Device device{torch::kCPU};
    bool half = false;
    QString weights;
};

Predictor::Predictor()
    : d(std::make_unique<Private>())
{
}

Predictor::~Predictor() = default;

bool Predictor::isLoaded() const { return !d->model.is_empty(); }
ModelSpec Predictor::spec() const { return d->spec; }
const PredictorOptions &Predictor::options() const { return d->options; }
QString Predictor::weightsDescription() const { return d->weights; }

QString Predictor::deviceName() const
{
    return d->device.is_cuda() ? QStringLiteral("cuda:%1").arg(int(d->device.index())) : QStringLiteral("cpu");
}

void Predictor::setThresholds(double conf, double iou)
{
    d->options.conf = conf;
    d->options.iou = iou;
}

bool Predictor::load(const PredictorOptions &options, QString *error)
{
    if (options.imgsz < 32 || options.imgsz % 32) {
        *error = tr("imgsz must be a positive multiple of 32 (got %1)").arg(options.imgsz);
        return false;
    }
    d->options = options;
    d->model = gp::PoseModel(nullptr);
    try {
        const QFileInfo fi(options.model);
        ModelSpec spec;
        gp::PoseModel model{nullptr};
        if (!fi.exists()) {
            QString why;
            const auto scale = ModelSpec::parseScale(options.model, &why);
            if (!scale) {
                *error = tr("%1 does not exist (and is not a model name such as yolov8s-pose)").arg(options.model);
                return false;
            }
            spec.scale = *scale;
            torch::manual_seed(0);
            model = gp::PoseModel(spec);
            d->weights = tr("random initialisation");
        } else {
            CheckpointInfo ck;
            QString why;
            if (readCheckpointInfo(options.model, &ck, &why)) {
                spec = ck.spec;
                const gp::CheckpointData c = gp::loadCheckpoint(options.model, spec);
                model = gp::PoseModel(spec);
                if (ck.fused)
                    model->fuse();
                gp::restoreState(*model, c.ema.empty() ? c.model : c.ema);
                d->weights = c.ema.empty() ? tr("checkpoint") : tr("checkpoint (EMA weights)");
            } else {
                QString format;
                const gp::NamedTensors tensors = gp::readWeightFile(options.model.toStdString(), &format);
                const auto inferred = gp::inferModelSpec(tensors);
                if (!inferred) {
                    *error = tr("%1: not a YOLOv8-pose weight file (no pose head found)").arg(options.model);
                    return false;
                }
                spec = *inferred;
                model = gp::PoseModel(spec);
                const WeightImportSummary s = gp::applyWeights(*model, tensors);
                if (s.copied == 0) {
                    *error = tr("%1: no tensor fits a %2 model").arg(options.model, spec.name());
                    return false;
                }
                d->weights = format;
            }
        }
        torch::Device device(torch::kCPU);
        if (options.device != QLatin1String("cpu") && torch::cuda::is_available())
            device = torch::Device(torch::kCUDA, int8_t(options.device.isEmpty() ? 0 : options.device.toInt()));
        if (options.threads > 0)
            torch::set_num_threads(options.threads);
        model->eval();
        if (!model->isFused())
            model->fuse();
        model->to(device);
        d->half = options.half && device.is_cuda();
        if (d->half)
            model->to(torch::kHalf);
        d->spec = spec;
        d->device = device;
        d->model = model;
        return true;
    } catch (const std::exception &e) {
        *error = tr("%1: cannot load the model: %2").arg(options.model, QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
        return false;
    }
}

bool Predictor::predict(const std::vector<cv::Mat> &images, std::vector<std::vector<PoseDetection>> *results,
                        QString *error)
{
    results->clear();
    if (!isLoaded()) {
        *error = tr("no model loaded");
        return false;
    }
    if (images.empty())
        return true;
    try {
        c10::InferenceMode guard;
        const int imgsz = d->options.imgsz;
        bool sameSize = true;
        for (const cv::Mat &m : images)
            sameSize = sameSize && m.size() == images.front().size();
        std::vector<LetterboxTransform> transforms;
        std::vector<torch::Tensor> inputs;
        transforms.reserve(images.size());
        for (const cv::Mat &m : images) {
            const LetterboxTransform t = LetterboxTransform::make(m.cols, m.rows, imgsz, imgsz, /*scaleUp=*/true,
                                                                  /*center=*/true,
                                                                  d->options.rect && sameSize ? 32 : 0);
            transforms.push_back(t);
            inputs.push_back(gp::letterboxImage(m, t));
        }
        torch::Tensor x = torch::stack(inputs).to(d->device, /*non_blocking=*/false);
        if (d->half)
            x = x.to(torch::kHalf);
        torch::Tensor decoded = d->model->forward(x).to(torch::kFloat);
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
                p.box = {a[j][0], a[j][1], a[j][2], a[j][3]};
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
        *error = tr("inference failed: %1").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
        return false;
    }
}
