// gp_bench_export: what the ONNX export costs and what it gives (docs/BENCHMARKS.md, "Export").
//
//   gp_bench_export speed [--scales n,s] [--imgsz 640] [--threads 2] [--reps 20] [--data DATA.yaml]
//       export time of each variant; latency of one image in LibTorch (fused, fp32), in ONNX
//       Runtime (fp32, fp16, INT8) and in OpenCV DNN (raw fp32). Random weights (speed does
//       not depend on them); INT8 calibrates on --data (its val split, up to 300 images).
//   gp_bench_export accuracy --model CKPT --data DATA.yaml [--imgsz 320] [--calib-split train]
//       box and pose mAP50-95 on the val split of the same model: LibTorch, OpenCV DNN (raw
//       fp32), and ONNX Runtime on the fp32, fp16, INT8 minmax and INT8 percentile exports;
//       every runtime sees the same square letterboxed images and the same NMS and metrics.
//       Beside each, the agreement with LibTorch fp32 at predict's thresholds (conf 0.25): the
//       images whose detection count differs, and the distance between matched keypoints.
//       Where the CPU runs bf16 convolutions, LibTorch bf16 (predict bf16=true) too.
//
// ONNX Runtime runs through npm's onnxruntime-node (scripts/setup.sh installs it).

#include "boxgeometry.h"
#include "datasetconfig.h"
#include "inferencemodel.h"
#include "labelcache.h"
#include "modelexporter.h"
#include "onnxnetwork.h"
#include "ortnode.h"
#include "poseloss.h"
#include "posemodel.h"
#include "postprocess.h"
#include "validator_p.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <QTemporaryDir>

#include <opencv2/core.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace gp;

namespace {

QString arg(const QStringList &args, const QString &key, const QString &fallback)
{
    const int i = args.indexOf(key);
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
}

double medianMs(const std::function<void()> &f, int reps)
{
    f(); // warm-up
    std::vector<double> t;
    for (int i = 0; i < reps; ++i) {
        QElapsedTimer c;
        c.start();
        f();
        t.push_back(c.nsecsElapsed() / 1e6);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

bool exportOne(const QString &model, const QString &out, int imgsz, OnnxLayout layout, const QString &precision,
    const QString &data, const QString &split, CalibrationMethod calib, ExportReport *report)
{
    ExportOptions o;
    o.model = model;
    o.out = out;
    o.imgsz = imgsz;
    o.layout = layout;
    o.half = precision == QLatin1String("fp16");
    o.int8 = precision.startsWith(QLatin1String("int8"));
    o.data = data;
    o.split = split;
    o.calibration = calib;
    QString error;
    if (!ModelExporter::run(o, report, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return false;
    }
    return true;
}

int speed(const QStringList &args)
{
    const int imgsz = arg(args, QStringLiteral("--imgsz"), QStringLiteral("640")).toInt();
    const int threads = arg(args, QStringLiteral("--threads"), QStringLiteral("2")).toInt();
    const int reps = arg(args, QStringLiteral("--reps"), QStringLiteral("20")).toInt();
    const QString data = arg(args, QStringLiteral("--data"), QString());
    torch::set_num_threads(threads);
    cv::setNumThreads(threads);
    QTemporaryDir dir;
    std::printf("scale imgsz variant export_s size_MB latency_ms (batch 1, %d threads)\n", threads);
    for (const QString &scale : arg(args, QStringLiteral("--scales"), QStringLiteral("n,s")).split(QLatin1Char(','))) {
        const QString model = QStringLiteral("yolov8%1-pose").arg(scale);
        ModelSpec spec;
        spec.scale = *ModelSpec::parseScale(scale);
        torch::manual_seed(0);
        PoseModel m(spec);
        m->eval();
        m->fuse();
        const torch::Tensor x = torch::rand({ 1, 3, imgsz, imgsz });
        const double torchMs = medianMs(
            [&] {
                c10::InferenceMode guard;
                m->forward(x);
            },
            reps);
        std::printf("%s %d libtorch-fp32 - - %.1f\n", qPrintable(scale), imgsz, torchMs);
        struct Variant
        {
            const char *name;
            OnnxLayout layout;
            const char *precision;
        };
        for (const Variant &v :
            { Variant { "decoded-fp32", OnnxLayout::Decoded, "fp32" }, Variant { "raw-fp32", OnnxLayout::Raw, "fp32" },
                Variant { "decoded-fp16", OnnxLayout::Decoded, "fp16" },
                Variant { "decoded-int8", OnnxLayout::Decoded, "int8" } }) {
            if (QString::fromLatin1(v.precision) == QLatin1String("int8") && data.isEmpty())
                continue;
            const QString file = dir.filePath(QStringLiteral("%1-%2.onnx").arg(scale, QLatin1String(v.name)));
            ExportReport r;
            if (!exportOne(model, file, imgsz, v.layout, QLatin1String(v.precision), data, QStringLiteral("val"),
                    CalibrationMethod::MinMax, &r))
                return 1;
            const ortnode::Run run = ortnode::run(file, x, 1, dir.filePath(QStringLiteral("ort")), threads, reps, 2);
            if (!run.error.isEmpty()) {
                std::fprintf(stderr, "%s\n", qPrintable(run.error));
                return 1;
            }
            const double ortMs
                = run.result.value(QStringLiteral("latencyMs")).toObject().value(QStringLiteral("median")).toDouble();
            std::printf("%s %d ort-%s %.2f %.1f %.1f (export: %d calibration images in %.1f s)\n", qPrintable(scale),
                imgsz, v.name, r.seconds, r.bytes / 1e6, ortMs, r.calibrationImages, r.calibrationSeconds);
            if (v.layout == OnnxLayout::Raw) {
                OnnxNetwork net;
                QString error;
                if (!net.load(file, &error)) {
                    std::fprintf(stderr, "%s\n", qPrintable(error));
                    return 1;
                }
                const double cvMs = medianMs([&] { net.forwardRaw(x); }, reps);
                std::printf("%s %d opencv-raw-fp32 - - %.1f\n", qPrintable(scale), imgsz, cvMs);
            }
            std::fflush(stdout);
        }
    }
    return 0;
}

void printMetrics(const char *what, const ValOutcome &v)
{
    std::printf("%-26s box mAP50 %.3f mAP50-95 %.3f | pose mAP50 %.3f mAP50-95 %.3f (%d images)\n", what,
        v.metrics.box.map50, v.metrics.box.map, v.metrics.pose.map50, v.metrics.pose.map, v.images);
    std::fflush(stdout);
}

// How far a runtime's predictions are from LibTorch fp32's on the same inputs, as predict
// shows them (conf 0.25, iou 0.7): the images whose count differs, and the distance between
// the keypoints of detections paired greedily by box IoU (>= 0.5, best first), in network
// pixels. As bench/ultralytics/compare_predictions.py does for two prediction files.
void printAgreement(const char *what, const torch::Tensor &reference, const torch::Tensor &decoded, int64_t nc)
{
    const std::vector<torch::Tensor> a = nonMaxSuppression(reference.to(torch::kFloat), nc);
    const std::vector<torch::Tensor> b = nonMaxSuppression(decoded.to(torch::kFloat), nc);
    int countsDiffer = 0;
    std::vector<double> distances;
    for (size_t i = 0; i < a.size(); ++i) {
        const torch::Tensor ra = a[i].to(torch::kDouble).contiguous(), rb = b[i].to(torch::kDouble).contiguous();
        countsDiffer += ra.size(0) != rb.size(0);
        const auto pa = ra.accessor<double, 2>(), pb = rb.accessor<double, 2>();
        struct Pair
        {
            double iou;
            int64_t i, j;
        };
        std::vector<Pair> pairs;
        for (int64_t x = 0; x < ra.size(0); ++x)
            for (int64_t y = 0; y < rb.size(0); ++y) {
                const double iou
                    = boxIou({ pa[x][0], pa[x][1], pa[x][2], pa[x][3] }, { pb[y][0], pb[y][1], pb[y][2], pb[y][3] });
                if (iou >= 0.5)
                    pairs.push_back({ iou, x, y });
            }
        std::sort(pairs.begin(), pairs.end(), [](const Pair &p, const Pair &q) { return p.iou > q.iou; });
        std::vector<char> usedA(size_t(ra.size(0))), usedB(size_t(rb.size(0)));
        for (const Pair &p : pairs) {
            if (usedA[size_t(p.i)] || usedB[size_t(p.j)])
                continue;
            usedA[size_t(p.i)] = usedB[size_t(p.j)] = 1;
            for (int64_t k = 6; k + 1 < ra.size(1); k += 3)
                distances.push_back(std::hypot(pa[p.i][k] - pb[p.j][k], pa[p.i][k + 1] - pb[p.j][k + 1]));
        }
    }
    std::sort(distances.begin(), distances.end());
    double sum = 0;
    for (double d : distances)
        sum += d;
    const size_t n = distances.size();
    std::printf("%-26s against LibTorch fp32: counts differ on %d of %zu images; %zu keypoints matched, mean %.3f px, "
                "p99 %.3f px, max %.3f px\n",
        what, countsDiffer, a.size(), n, n ? sum / double(n) : 0.0, n ? distances[std::min(n - 1, n * 99 / 100)] : 0.0,
        n ? distances.back() : 0.0);
    std::fflush(stdout);
}

int accuracy(const QStringList &args)
{
    const QString model = arg(args, QStringLiteral("--model"), QString());
    const QString dataYaml = arg(args, QStringLiteral("--data"), QString());
    const int imgsz = arg(args, QStringLiteral("--imgsz"), QStringLiteral("320")).toInt();
    const QString calibSplit = arg(args, QStringLiteral("--calib-split"), QStringLiteral("train"));
    torch::set_num_threads(2);
    DatasetIssueList issues;
    const auto data = DatasetConfig::load(dataYaml, &issues);
    if (model.isEmpty() || !data) {
        std::fprintf(stderr, "usage: gp_bench_export accuracy --model CKPT --data DATA.yaml [--imgsz 320]\n");
        return 2;
    }
    const TrainDataset set(LabelCache::load(*data, QStringLiteral("val"), &issues));
    const std::vector<ValBatch> batches = squareBatches(set, imgsz, 8);
    QTemporaryDir dir;
    PoseLossOptions lo;
    lo.numClasses = int(data->names.size());
    const PoseLoss loss(lo);
    ValOptions vo = ValOptions::make(0.001, 0.7, 300, loss, data->keypointCount, torch::kCPU);
    vo.loss = nullptr;

    // The fp32 export, run in LibTorch's place by OpenCV DNN, gives the model and its spec.
    const QString raw = dir.filePath(QStringLiteral("raw.onnx"));
    ExportReport r;
    if (!exportOne(model, raw, imgsz, OnnxLayout::Raw, QStringLiteral("fp32"), dataYaml, calibSplit,
            CalibrationMethod::MinMax, &r))
        return 1;
    OnnxNetwork net;
    QString error;
    if (!net.load(raw, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const ModelSpec spec = net.info().spec;
    std::vector<torch::Tensor> inputs;
    const auto collect = [&](const torch::Tensor &x) {
        inputs.push_back(x.clone());
        return net.forward(x);
    };
    printMetrics("OpenCV DNN, raw fp32", validate(spec, collect, set, batches, imgsz, vo));
    const torch::Tensor all = torch::cat(inputs);

    InferenceModel loaded;
    if (!loaded.load(model, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    loaded.model->fuse();
    const auto libtorch = [&](const torch::Tensor &x) {
        torch::NoGradGuard noGrad;
        return loaded.model->forward(x);
    };
    printMetrics("LibTorch, fp32", validate(spec, libtorch, set, batches, imgsz, vo));
    torch::Tensor reference;
    {
        torch::NoGradGuard noGrad;
        reference = loaded.model->forward(all);
    }
    printAgreement("OpenCV DNN, raw fp32", reference, net.forward(all), spec.numClasses);
    if (cpuRunsBf16Convolutions()) {
        // predict bf16=true: the fused channels-last network in bf16, decoded in fp32.
        loaded.model->toChannelsLast();
        loaded.model->to(torch::kBFloat16);
        const auto bf16 = [&](const torch::Tensor &x) {
            torch::NoGradGuard noGrad;
            return loaded.model->forward(x.to(torch::kBFloat16).contiguous(at::MemoryFormat::ChannelsLast));
        };
        printMetrics("LibTorch, bf16", validate(spec, bf16, set, batches, imgsz, vo));
        printAgreement("LibTorch, bf16", reference, bf16(all), spec.numClasses);
    }

    struct Variant
    {
        const char *name;
        const char *precision;
        CalibrationMethod calib;
    };
    int index = 0;
    for (const Variant &v : { Variant { "ONNX Runtime, fp32", "fp32", CalibrationMethod::MinMax },
             Variant { "ONNX Runtime, fp16", "fp16", CalibrationMethod::MinMax },
             Variant { "ONNX Runtime, int8 minmax", "int8", CalibrationMethod::MinMax },
             Variant { "ONNX Runtime, int8 pct", "int8", CalibrationMethod::Percentile } }) {
        const QString file = dir.filePath(QStringLiteral("variant%1.onnx").arg(++index));
        ExportReport er;
        if (!exportOne(model, file, imgsz, OnnxLayout::Decoded, QLatin1String(v.precision), dataYaml, calibSplit,
                v.calib, &er))
            return 1;
        const ortnode::Run run = ortnode::run(file, all, 1, dir.filePath(QStringLiteral("ort")), 2);
        if (!run.error.isEmpty()) {
            std::fprintf(stderr, "%s\n", qPrintable(run.error));
            return 1;
        }
        const torch::Tensor out = run.outputs.at(QStringLiteral("output0"));
        int64_t at = 0;
        const auto replay = [&](const torch::Tensor &x) {
            const torch::Tensor y = out.slice(0, at, at + x.size(0));
            at += x.size(0);
            return y;
        };
        printMetrics(v.name, validate(spec, replay, set, batches, imgsz, vo));
        printAgreement(v.name, reference, out, spec.numClasses);
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.value(0) == QLatin1String("speed"))
        return speed(args);
    if (args.value(0) == QLatin1String("accuracy"))
        return accuracy(args);
    std::fprintf(stderr, "usage: gp_bench_export speed|accuracy [options] (see the source's header)\n");
    return 2;
}
