#include "valcommand.h"

#include "progressbar.h"
#include "validator.h"

#include <QFile>

#include <optional>

using gp::ImageEnhancement;
using gp::PoseMetrics;
using gp::ValidationReport;
using gp::ValidationRequest;
using gp::ValidationRunner;

QString ValCommand::summary() const
{
    return tr("validate a checkpoint or weight file: box and pose P, R, mAP50, mAP50-95 and per-keypoint errors");
}

std::vector<CliOption> ValCommand::options() const
{
    const ValidationRequest d;
    return { { QStringLiteral("model"), QString(),
                 tr("checkpoint (weights/best.ckpt), weight file or .onnx export (layout=raw)") },
        { QStringLiteral("data"), QString(), tr("the dataset's data.yaml") },
        { QStringLiteral("split"), d.split, tr("train, val or test") },
        { QStringLiteral("imgsz"), QString::number(d.imgsz), tr("network input size (an .onnx file uses its own)") },
        { QStringLiteral("batch"), QString::number(d.batch), tr("images per batch") },
        { QStringLiteral("device"), QString(), tr("cpu or a GPU index (empty: the first GPU, else the CPU)"), true },
        { QStringLiteral("bf16"), QStringLiteral("false"),
            tr("run a checkpoint or weight file in bfloat16, as predict bf16=true does (metrics only, no loss)") },
        { QStringLiteral("conf"), QString::number(d.conf), tr("confidence threshold") },
        { QStringLiteral("iou"), QString::number(d.iou), tr("NMS IoU threshold") },
        { QStringLiteral("max_det"), QString::number(d.maxDet), tr("maximum detections per image") },
        { QStringLiteral("enhance"), ImageEnhancement::key(d.enhance),
            tr("correction of each image before inference: %1 (for dark footage)")
                .arg(ImageEnhancement::keys().join(QStringLiteral(", "))) },
        { QStringLiteral("project"), d.project, tr("folder of the runs") },
        { QStringLiteral("name"), d.name, tr("run name") },
        { QStringLiteral("cache_dir"), QString(),
            tr("folder for the label cache (empty: .gripperpose-cache beside data.yaml)"), true } };
}

void ValCommand::printMetrics(QTextStream &out, const PoseMetrics &m)
{
    out << QStringLiteral("%1 %2 %3 %4 %5\n")
               .arg(QString(), 6)
               .arg(tr("P"), 8)
               .arg(tr("R"), 8)
               .arg(QStringLiteral("mAP50"), 8)
               .arg(QStringLiteral("mAP50-95"), 9);
    for (const auto &[label, s] : { std::pair { tr("Box"), &m.box }, std::pair { tr("Pose"), &m.pose } })
        out << QStringLiteral("%1 %2 %3 %4 %5\n")
                   .arg(label, 6)
                   .arg(s->precision, 8, 'f', 4)
                   .arg(s->recall, 8, 'f', 4)
                   .arg(s->map50, 8, 'f', 4)
                   .arg(s->map, 9, 'f', 4);
    out << tr("fitness %1").arg(m.fitness, 0, 'f', 4) << '\n';
    out << tr("Per keypoint (matched at OKS ≥ 0.5): mean error px, mean OKS") << '\n';
    for (size_t k = 0; k < m.perKeypoint.size(); ++k)
        out << QStringLiteral("  %1 %2 %3 (%4)\n")
                   .arg(k, 2)
                   .arg(m.perKeypoint[k].meanPixelError, 7, 'f', 2)
                   .arg(m.perKeypoint[k].meanOks, 6, 'f', 3)
                   .arg(m.perKeypoint[k].count);
    out << tr("visible: %1 px (%2), occluded: %3 px (%4)")
               .arg(m.visible.meanPixelError, 0, 'f', 2)
               .arg(m.visible.count)
               .arg(m.occluded.meanPixelError, 0, 'f', 2)
               .arg(m.occluded.count)
        << '\n';
}

int ValCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString error;
    ValidationRequest r;
    r.model = args.value(QStringLiteral("model"));
    r.data = args.value(QStringLiteral("data"));
    r.split = args.value(QStringLiteral("split"));
    r.device = args.value(QStringLiteral("device"));
    r.project = args.value(QStringLiteral("project"));
    r.name = args.value(QStringLiteral("name"));
    r.cacheDir = args.value(QStringLiteral("cache_dir"));
    const auto imgsz = args.intValue(QStringLiteral("imgsz"), &error);
    const auto batch = args.intValue(QStringLiteral("batch"), &error);
    const auto conf = args.doubleValue(QStringLiteral("conf"), &error);
    const auto iou = args.doubleValue(QStringLiteral("iou"), &error);
    const auto maxDet = args.intValue(QStringLiteral("max_det"), &error);
    const auto bf16 = args.boolValue(QStringLiteral("bf16"), &error);
    if (!imgsz || !batch || !conf || !iou || !maxDet || !bf16 || *imgsz < 32 || *imgsz % 32 || *batch < 1) {
        err << (error.isEmpty() ? tr("imgsz must be a multiple of 32 and batch at least 1") : error) << '\n';
        return 2;
    }
    const auto enhance = ImageEnhancement::parse(args.value(QStringLiteral("enhance")));
    if (!enhance) {
        err << ImageEnhancement::unknownKeyMessage(args.value(QStringLiteral("enhance"))) << '\n';
        return 2;
    }
    r.enhance = *enhance;
    r.imgsz = *imgsz;
    r.batch = *batch;
    r.conf = *conf;
    r.iou = *iou;
    r.maxDet = *maxDet;
    r.bf16 = *bf16;

    std::optional<ProgressBar> bar;
    ValidationReport report;
    const bool ok = ValidationRunner::run(r, &report, &error, {}, [&](int64_t done, int64_t total) {
        if (!bar)
            bar.emplace(err, tr("val"), int(total));
        bar->update(int(done));
    });
    if (bar)
        bar->finish();
    for (const QString &p : report.problems)
        out << p << '\n';
    if (!ok) {
        err << error << '\n';
        return 1;
    }
    const PoseMetrics &m = report.metrics;
    out << tr("%1 images, %2 instances, %3 images/s")
               .arg(report.images)
               .arg(m.instances)
               .arg(report.imagesPerSecond, 0, 'f', 1)
        << '\n';
    printMetrics(out, m);
    // The same for each scenario tag of the split: how the model does in each hard case.
    for (const auto &[tag, sm] : report.scenarios) {
        out << '\n' << tr("Scenario %1: %2 images, %3 instances").arg(tag).arg(sm.images).arg(sm.instances) << '\n';
        printMetrics(out, sm);
    }
    out << tr("metrics written to %1").arg(report.metricsFile) << '\n';
    return 0;
}
