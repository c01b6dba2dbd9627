#include "modelexporter.h"
#include "savefilecommit.h"

#include "activationcalibrator.h"
#include "datasetconfig.h"
#include "inferencemodel.h"
#include "onnxgraphbuilder.h"
#include "onnxmodelinfo.h"
#include "posegraphemitter.h"
#include "postprocess.h"
#include "project.h"
#include "skeleton.h"

#include <onnx/checker.h>
#include <onnx/shape_inference/implementation.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

#include <opencv2/imgcodecs.hpp>
#include <yaml-cpp/yaml.h>

#include <cmath>

namespace gp {

namespace {

// The IR version that goes with an opset (onnx/docs/Versioning.md).
int irVersion(int opset)
{
    return opset >= 15 ? 8 : opset >= 12 ? 7 : 6;
}

QString firstLine(const char *what)
{
    return QString::fromUtf8(what).section(QLatin1Char('\n'), 0, 0).trimmed();
}

// The dataset the checkpoint was trained on, when its run says so and the file is there.
QString trainingData(const QString &trainingConfig)
{
    if (trainingConfig.isEmpty())
        return QString();
    try {
        const YAML::Node root = YAML::Load(trainingConfig.toStdString());
        if (root.IsMap() && root["data"] && root["data"].IsScalar()) {
            const QString data = QString::fromStdString(root["data"].as<std::string>());
            if (QFileInfo::exists(data))
                return data;
        }
    } catch (const YAML::Exception &) {
        // Not YAML: no dataset to take names from.
    }
    return QString();
}

// The images of the split that calibrate an INT8 export: `fraction` of them, or that many,
// evenly spread over the sorted list so that every part of the split is represented.
QStringList calibrationImages(const QStringList &all, double fraction)
{
    const int n = all.size();
    int want = fraction <= 1.0 ? int(std::lround(fraction * n)) : int(std::min<double>(fraction, n));
    want = std::clamp(want, std::min(1, n), n);
    QStringList out;
    for (int i = 0; i < want; ++i)
        out << all.at(int((long long)i * n / want));
    return out;
}

} // namespace

QString ModelExporter::validate(const ExportOptions &o)
{
    if (o.imgsz < 32 || o.imgsz % 32)
        return tr("imgsz must be a positive multiple of 32 (got %1)").arg(o.imgsz);
    if (o.batch < 1)
        return tr("batch must be at least 1 (got %1)").arg(o.batch);
    if (o.opset < 11 || o.opset > 17)
        return tr("opset must be between 11 and 17 (got %1)").arg(o.opset);
    if (o.half && o.int8)
        return tr("half and int8 exclude each other: an INT8 export keeps its float parts in fp32");
    if (o.int8 && o.opset < 13)
        return tr("int8 needs opset 13 or later (per-channel DequantizeLinear); got %1").arg(o.opset);
    if (o.int8 && o.data.isEmpty())
        return tr("int8=true needs data=DATA.yaml: its images calibrate the activation ranges");
    if (o.int8 && !(o.fraction > 0.0))
        return tr("fraction must be a share of the images in (0, 1] or a number of images (got %1)").arg(o.fraction);
    if (o.int8 && o.calibration == CalibrationMethod::Percentile && !(o.percentile > 50.0 && o.percentile <= 100.0))
        return tr("percentile must be in (50, 100] (got %1)").arg(o.percentile);
    if (o.out.isEmpty())
        return tr("no output file given (out=)");
    return QString();
}

bool ModelExporter::run(const ExportOptions &o, ExportReport *report, QString *error, const gp::CancelToken &cancel,
    const gp::Progress &progress)
{
    *report = ExportReport();
    if (const QString problem = validate(o); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    QElapsedTimer clock;
    clock.start();
    InferenceModel loaded;
    if (!loaded.load(o.model, error))
        return false;
    report->weights = loaded.description;
    PoseModelImpl &model = *loaded.model;
    const ModelSpec spec = loaded.spec;

    // What the file says about itself.
    OnnxModelInfo info;
    info.spec = spec;
    info.imgsz = o.imgsz;
    info.batch = o.batch;
    info.dynamic = o.dynamic;
    info.layout = o.layout;
    info.opset = o.opset;
    info.precision = o.int8 ? OnnxModelInfo::Precision::Int8
        : o.half            ? OnnxModelInfo::Precision::Float16
                            : OnnxModelInfo::Precision::Float32;
    info.stride = int(model.strides().back());
    const QString data = o.data.isEmpty() ? trainingData(loaded.trainingConfig) : o.data;
    std::optional<DatasetConfig> dataset;
    if (!data.isEmpty()) {
        DatasetIssueList issues;
        dataset = DatasetConfig::load(data, &issues);
        if (!dataset && !o.data.isEmpty()) {
            *error = issues.isEmpty() ? tr("%1: cannot read").arg(data) : issues.issues.front().toString();
            return false;
        }
    }
    info.names = o.names;
    if (info.names.isEmpty() && dataset && dataset->names.size() == spec.numClasses)
        info.names = dataset->names;
    if (info.names.isEmpty() && DatasetConfig().names.size() == spec.numClasses)
        info.names = DatasetConfig().names;
    for (int c = int(info.names.size()); c < spec.numClasses; ++c)
        info.names << QStringLiteral("class%1").arg(c);
    std::optional<Skeleton> skeleton;
    if (!loaded.skeletonJson.isEmpty()) {
        QString why;
        skeleton = Skeleton::fromJson(loaded.skeletonJson.toUtf8(), &why);
    }
    if (!skeleton && dataset)
        skeleton = Project::skeletonForDataset(dataset->yamlFile);
    if (!skeleton && spec.numKeypoints == Skeleton::defaultGripper().keypointCount())
        skeleton = Skeleton::defaultGripper();
    if (skeleton && skeleton->keypointCount() == spec.numKeypoints) {
        info.skeletonJson
            = QString::fromUtf8(QJsonDocument::fromJson(skeleton->toJson()).toJson(QJsonDocument::Compact));
        info.flipIdx = skeleton->flipIndex();
    } else if (dataset && int(dataset->flipIdx.size()) == spec.numKeypoints) {
        info.flipIdx = dataset->flipIdx;
    }

    try {
        torch::NoGradGuard noGrad;
        model.eval();
        model.fuse();

        // INT8: run the float graph over the calibration images and record every tensor that
        // will be quantised, under its name in the graph.
        std::map<std::string, ActivationRange> ranges;
        if (o.int8) {
            QElapsedTimer calibration;
            calibration.start();
            if (!dataset || !dataset->splits().contains(o.split)) {
                *error = tr("%1 has no %2 split to calibrate on").arg(o.data, o.split);
                return false;
            }
            const QStringList images = calibrationImages(dataset->imageFiles(o.split), o.fraction);
            if (images.isEmpty()) {
                *error = tr("%1: the %2 split has no images to calibrate on").arg(o.data, o.split);
                return false;
            }
            ActivationCalibrator calibrator;
            PoseGraphEmitter evaluator(model, nullptr, o.layout, o.imgsz);
            evaluator.setObserver(
                [&](const std::string &name, const torch::Tensor &value) { calibrator.observe(name, value); });
            std::vector<torch::Tensor> batch;
            auto flush = [&]() {
                if (batch.empty())
                    return;
                evaluator.run({ "images", torch::stack(batch) });
                report->calibrationImages += int(batch.size());
                batch.clear();
            };
            for (int i = 0; i < images.size(); ++i) {
                if (cancel.isCancelled()) {
                    *error = tr("cancelled");
                    return false;
                }
                const cv::Mat bgr = cv::imread(images.at(i).toStdString(), cv::IMREAD_COLOR);
                if (bgr.empty()) {
                    report->problems << tr("%1: does not decode; skipped").arg(dataset->displayName(images.at(i)));
                } else {
                    const LetterboxTransform t = LetterboxTransform::make(bgr.cols, bgr.rows, o.imgsz);
                    batch.push_back(letterboxImage(bgr, t));
                    if (int(batch.size()) >= std::max(1, o.calibrationBatch))
                        flush();
                }
                progress.report(i + 1, images.size());
            }
            flush();
            if (report->calibrationImages == 0) {
                *error = tr("%1: none of the %2 calibration images decodes").arg(o.data).arg(images.size());
                return false;
            }
            ranges = calibrator.ranges(o.calibration, o.percentile);
            report->calibrationSeconds = calibration.elapsed() / 1000.0;
        }

        // The graph.
        onnx::ModelProto proto;
        proto.set_ir_version(irVersion(o.opset));
        proto.set_producer_name("gripperpose");
        proto.set_producer_version(GP_MODEL_VERSION);
        proto.set_model_version(1);
        proto.set_doc_string("YOLOv8-pose (" + spec.name().toStdString() + ") exported by GripperPose Studio");
        onnx::OperatorSetIdProto *opset = proto.add_opset_import();
        opset->set_domain("");
        opset->set_version(o.opset);
        onnx::GraphProto *graph = proto.mutable_graph();
        graph->set_name("gripperpose_" + spec.name().toStdString());
        OnnxGraphBuilder builder(graph, o.opset, o.half);
        const int64_t b = o.dynamic ? -1 : o.batch;
        builder.addInput("images", builder.floatType(), { b, 3, o.imgsz, o.imgsz });
        PoseGraphEmitter emitter(model, &builder, o.layout, o.imgsz);
        if (o.int8)
            emitter.setQuantization(&ranges);
        const std::vector<GraphValue> outputs = emitter.run({ "images", {} });
        int64_t anchors = 0;
        for (const double s : model.strides())
            anchors += int64_t(o.imgsz / s) * int64_t(o.imgsz / s);
        const int64_t nk = spec.keypointChannels();
        if (o.layout == OnnxLayout::Decoded) {
            builder.addOutput(outputs[0].name, builder.floatType(), { b, 4 + spec.numClasses + nk, anchors });
        } else {
            builder.addOutput(outputs[0].name, builder.floatType(), { b, 4 * ModelSpec::kRegMax, anchors });
            builder.addOutput(outputs[1].name, builder.floatType(), { b, spec.numClasses, anchors });
            builder.addOutput(outputs[2].name, builder.floatType(), { b, nk, anchors });
        }
        report->quantizedConvs = emitter.quantizedConvs();
        report->nodes = builder.nodeCount();
        for (const std::string &op : builder.opTypes())
            report->opTypes << QString::fromStdString(op);
        for (const auto &[key, value] : info.toMetadataProps()) {
            onnx::StringStringEntryProto *p = proto.add_metadata_props();
            p->set_key(key.toStdString());
            p->set_value(value.toStdString());
        }

        // The ONNX checker, then shape inference in strict mode: every node's output shape
        // is inferred and must agree with the declared outputs.
        onnx::checker::check_model(proto);
        onnx::shape_inference::InferShapes(
            proto, onnx::OpSchemaRegistry::Instance(), onnx::ShapeInferenceOptions(true, 1, false));

        std::string bytes;
        if (!proto.SerializeToString(&bytes)) {
            *error = tr("%1: the model does not serialise (over 2 GB?)").arg(o.out);
            return false;
        }
        const QFileInfo target(o.out);
        QDir().mkpath(target.absolutePath());
        QSaveFile file(o.out);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size())
            || !gp::commitSaveFile(file)) {
            *error = tr("%1: cannot write: %2").arg(o.out, file.errorString());
            return false;
        }
        report->file = o.out;
        report->bytes = qint64(bytes.size());
    } catch (const onnx::checker::ValidationError &e) {
        *error = tr("%1: the exported graph fails the ONNX checker: %2").arg(o.out, firstLine(e.what()));
        return false;
    } catch (const std::exception &e) {
        *error = tr("%1: export failed: %2").arg(o.out, firstLine(e.what()));
        return false;
    }
    report->seconds = clock.elapsed() / 1000.0;
    return true;
}

} // namespace gp
