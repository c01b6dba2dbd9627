#include "savefilecommit.h"
#include "validator.h"

#include "checkpoint_p.h"
#include "datasetconfig.h"
#include "epochmetricsfile.h"
#include "onnxmodelinfo.h"
#include "onnxnetwork.h"
#include "project.h"
#include "skeleton.h"
#include "trainer.h"
#include "trainingdata.h"
#include "validator_p.h"
#include "weightimport.h"
#include "weightimport_p.h"
#include "writablefolder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QThread>

namespace gp {

bool ValidationRunner::run(const ValidationRequest &req, ValidationReport *report, QString *error,
    const CancelToken &cancel, const gp::Progress &progress)
{
    try {
        // The one dataset validation (as `check` and training): fatal problems stop here.
        auto prepared = TrainingData::forValidation(req.data, req.split, req.cacheDir, error);
        if (!prepared)
            return false;
        const std::optional<DatasetConfig> data = prepared->config;
        for (const DatasetIssue &i : prepared->problems.issues)
            report->problems << i.toString();
        report->problems << prepared->notes;
        const TrainDataset set(std::move(prepared->val));
        const std::vector<QStringList> tags = std::move(prepared->valTags);
        QElapsedTimer clock;
        ValOutcome v;
        if (isOnnxFile(req.model)) {
            // An exported model: its own input size and batch, square batches, OpenCV DNN.
            if (req.bf16) {
                *error = tr("%1: bf16 applies to checkpoints and weight files; an .onnx export keeps the precision "
                            "it was exported with")
                             .arg(req.model);
                return false;
            }
            OnnxNetwork net;
            if (!net.load(req.model, error))
                return false;
            const ModelSpec &spec = net.info().spec;
            if (spec.numClasses != int(data->names.size()) || spec.numKeypoints != data->keypointCount
                || spec.keypointDims != data->keypointDims) {
                //: %1 is a model file, %2 a data.yaml; the numbers are class and keypoint counts.
                *error = tr("%1 predicts %3 classes and %4x%5 keypoints; %2 has %6 classes and %7x%8 keypoints")
                             .arg(req.model, req.data)
                             .arg(spec.numClasses)
                             .arg(spec.numKeypoints)
                             .arg(spec.keypointDims)
                             .arg(data->names.size())
                             .arg(data->keypointCount)
                             .arg(data->keypointDims);
                return false;
            }
            PoseLossOptions lo;
            lo.numClasses = spec.numClasses;
            const PoseLoss loss(lo);
            ValOptions vo
                = ValOptions::make(req.conf, req.iou, req.maxDet, loss, spec.numKeypoints, torch::kCPU, cancel);
            vo.loss = nullptr;
            vo.progress = progress;
            vo.imageTags = tags;
            vo.enhance = req.enhance;
            const int imgsz = net.info().imgsz;
            const int batch = net.info().dynamic ? req.batch : net.info().batch;
            clock.start();
            v = validate(
                spec, [&](const torch::Tensor &images) { return net.forward(images); }, set,
                squareBatches(set, imgsz, batch), imgsz, vo);
        } else {
            ModelSpec spec;
            spec.numClasses = int(data->names.size());
            spec.numKeypoints = data->keypointCount;
            spec.keypointDims = data->keypointDims;
            const auto info = inspectWeightFile(req.model, error);
            if (!info)
                return false;
            if (info->spec)
                spec.scale = info->spec->scale;
            PoseModel model(spec);
            CheckpointInfo ck;
            QString why;
            if (readCheckpointInfo(req.model, &ck, &why)) {
                // A training checkpoint: validate its EMA weights, as the trainer does.
                if (const QString m = checkpointMismatch(ck, spec); !m.isEmpty()) {
                    *error = tr("%1 does not fit %2: %3").arg(req.model, req.data, m);
                    return false;
                }
                const CheckpointData c = loadCheckpoint(req.model, spec);
                restoreState(*model, c.ema.empty() ? c.model : c.ema);
            } else {
                const WeightImportSummary s = importWeights(*model, req.model.toStdString());
                if (s.copied == 0) {
                    *error = tr("%1: no tensor fits a %2 model").arg(req.model, spec.name());
                    return false;
                }
            }
            torch::Device device(torch::kCPU);
            if ((req.device.isEmpty() || req.device != QLatin1String("cpu")) && torch::cuda::is_available())
                device = torch::Device(torch::kCUDA, int8_t(req.device.isEmpty() ? 0 : req.device.toInt()));
            torch::set_num_threads(std::max(1, QThread::idealThreadCount()));
            model->to(device);

            PoseLossOptions lo;
            lo.numClasses = spec.numClasses;
            const PoseLoss loss(lo);
            ValOptions vo = ValOptions::make(req.conf, req.iou, req.maxDet, loss, spec.numKeypoints, device, cancel);
            vo.progress = progress;
            vo.imageTags = tags;
            vo.enhance = req.enhance;
            clock.start();
            if (req.bf16 && device.is_cpu() && !cpuRunsBf16Convolutions()) {
                *error = tr("bf16 needs a CPU whose convolutions run in bf16 (AVX512-BF16, AVX-512 or AMX); this one "
                            "has none: run without bf16=true");
                return false;
            }
            if (req.bf16) {
                // The fused network in bf16, decoded in fp32, as the predictor runs it.
                model->eval();
                model->fuse();
                model->to(torch::kBFloat16);
                vo.loss = nullptr;
                v = validate(
                    spec,
                    [&](const torch::Tensor &images) {
                        torch::NoGradGuard noGrad;
                        return model->decode(model->forwardRaw(images.to(device, torch::kBFloat16)));
                    },
                    set, rectBatches(set, req.imgsz, req.batch), req.imgsz, vo);
            } else {
                v = validate(*model, set, rectBatches(set, req.imgsz, req.batch), req.imgsz, vo);
            }
        }
        if (v.cancelled) {
            *error = tr("cancelled");
            return false;
        }
        report->metrics = v.metrics;
        report->scenarios = v.scenarios;
        report->loss = v.loss;
        report->images = v.images;
        report->seconds = clock.elapsed() / 1000.0;
        report->imagesPerSecond = report->seconds > 0 ? v.images / report->seconds : 0;

        report->runDir = Trainer::runDirectory(req.project, req.name, req.existOk);
        if (!WritableFolder::make(report->runDir, error))
            return false;
        report->metricsFile = QDir(report->runDir).filePath(QStringLiteral("metrics.json"));
        const Skeleton skeleton = Project::skeletonForDataset(data->yamlFile);
        QStringList names;
        for (const Skeleton::Point &p : skeleton.points())
            names << p.name;
        QSaveFile f(report->metricsFile);
        if (!f.open(QIODevice::WriteOnly) || f.write(metricsJson(*report, names)) < 0 || !gp::commitSaveFile(f)) {
            *error = tr("%1: cannot write: %2").arg(report->metricsFile, f.errorString());
            return false;
        }
        return true;
    } catch (const std::exception &e) {
        *error = tr("validation failed: %1").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 2));
        return false;
    }
}

namespace {

// One metric set as metrics.json writes it: results.csv's metric keys, the counts and the
// per-keypoint table (all, visible and occluded points).
QJsonObject metricsObject(const PoseMetrics &m, int images, const QStringList &keypointNames)
{
    QJsonObject o { { QStringLiteral("metrics/precision(B)"), m.box.precision },
        { QStringLiteral("metrics/recall(B)"), m.box.recall }, { QStringLiteral("metrics/mAP50(B)"), m.box.map50 },
        { QStringLiteral("metrics/mAP50-95(B)"), m.box.map },
        { QStringLiteral("metrics/precision(P)"), m.pose.precision },
        { QStringLiteral("metrics/recall(P)"), m.pose.recall }, { QStringLiteral("metrics/mAP50(P)"), m.pose.map50 },
        { QStringLiteral("metrics/mAP50-95(P)"), m.pose.map }, { QStringLiteral("fitness"), m.fitness },
        { QStringLiteral("images"), images }, { QStringLiteral("instances"), m.instances } };
    const auto stats = &EpochMetricsFile::keypointStatsJson;
    QJsonArray perKeypoint;
    for (size_t k = 0; k < m.perKeypoint.size(); ++k) {
        QJsonObject e = stats(m.perKeypoint[k]);
        e.insert(QStringLiteral("index"), int(k));
        e.insert(QStringLiteral("name"), keypointNames.value(int(k)));
        perKeypoint.append(e);
    }
    o.insert(QStringLiteral("keypoints"), perKeypoint);
    o.insert(QStringLiteral("keypoints_visible"), stats(m.visible));
    o.insert(QStringLiteral("keypoints_occluded"), stats(m.occluded));
    return o;
}

} // namespace

QByteArray ValidationRunner::metricsJson(const ValidationReport &r, const QStringList &keypointNames)
{
    QJsonObject o = metricsObject(r.metrics, r.images, keypointNames);
    o.insert(QStringLiteral("val/box_loss"), r.loss.box);
    o.insert(QStringLiteral("val/pose_loss"), r.loss.pose);
    o.insert(QStringLiteral("val/kobj_loss"), r.loss.kobj);
    o.insert(QStringLiteral("val/cls_loss"), r.loss.cls);
    o.insert(QStringLiteral("val/dfl_loss"), r.loss.dfl);
    if (!r.scenarios.empty()) {
        QJsonObject scenarios;
        for (const auto &[tag, m] : r.scenarios)
            scenarios.insert(tag, metricsObject(m, m.images, keypointNames));
        o.insert(QStringLiteral("scenarios"), scenarios);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace gp
