#include "exportcommand.h"

#include "modelexporter.h"
#include "progressbar.h"

#include <QDir>
#include <QFileInfo>

#include <optional>

using gp::CalibrationMethod;
using gp::ExportOptions;
using gp::ExportReport;
using gp::ModelExporter;
using gp::OnnxLayout;

QString ExportCommand::summary() const
{
    return tr("export a model to ONNX (fp32, fp16 or INT8; decoded or raw outputs) for deployment");
}

std::vector<CliOption> ExportCommand::options() const
{
    const ExportOptions d;
    return { { QStringLiteral("model"), QString(), tr("checkpoint, weight file, or a model name (random weights)") },
        { QStringLiteral("format"), QStringLiteral("onnx"), tr("export format (onnx)") },
        { QStringLiteral("imgsz"), QString::number(d.imgsz), tr("square input size, a multiple of 32") },
        { QStringLiteral("batch"), QString::number(d.batch), tr("batch size of the input") },
        { QStringLiteral("dynamic"), QStringLiteral("false"), tr("leave the batch size open") },
        { QStringLiteral("half"), QStringLiteral("false"), tr("fp16 weights, input and output") },
        { QStringLiteral("int8"), QStringLiteral("false"), tr("INT8 QDQ post-training quantisation (needs data=)") },
        { QStringLiteral("data"), QString(), tr("data.yaml: INT8 calibration images and class names"), true },
        { QStringLiteral("split"), d.split, tr("split whose images calibrate INT8") },
        { QStringLiteral("fraction"), QString::number(d.fraction),
            tr("INT8 calibration images: a share of the split in (0, 1], or a number of images") },
        { QStringLiteral("calib"), QStringLiteral("minmax"), tr("INT8 activation ranges: minmax or percentile") },
        { QStringLiteral("percentile"), QString::number(d.percentile),
            tr("share of the values kept by calib=percentile") },
        { QStringLiteral("opset"), QString::number(d.opset), tr("ONNX opset, 11 to 17 (INT8: 13 to 17)") },
        { QStringLiteral("layout"), QStringLiteral("decoded"),
            tr("decoded (Ultralytics' output0) or raw (head outputs, for OpenCV DNN and `gripperpose predict`)") },
        { QStringLiteral("out"), QString(), tr("the .onnx file (default: beside the weights)"), true } };
}

QString ExportCommand::defaultOutput(const QString &model, bool raw, bool half, bool int8)
{
    const QFileInfo fi(model);
    const QString dir = fi.exists() ? fi.absolutePath() : QDir::currentPath();
    QString stem = fi.exists() ? fi.completeBaseName() : model.section(QLatin1Char('.'), 0, 0);
    if (raw)
        stem += QStringLiteral("_raw");
    if (half)
        stem += QStringLiteral("_fp16");
    if (int8)
        stem += QStringLiteral("_int8");
    return QDir(dir).filePath(stem + QStringLiteral(".onnx"));
}

int ExportCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString error;
    if (args.value(QStringLiteral("format")).toLower() != QLatin1String("onnx")) {
        err << tr("format=%1 is not supported; the export format is onnx").arg(args.value(QStringLiteral("format")))
            << '\n';
        return 2;
    }
    ExportOptions o;
    o.model = args.value(QStringLiteral("model"));
    o.data = args.value(QStringLiteral("data"));
    o.split = args.value(QStringLiteral("split"));
    const auto imgsz = args.intValue(QStringLiteral("imgsz"), &error);
    const auto batch = args.intValue(QStringLiteral("batch"), &error);
    const auto dynamic = args.boolValue(QStringLiteral("dynamic"), &error);
    const auto half = args.boolValue(QStringLiteral("half"), &error);
    const auto int8 = args.boolValue(QStringLiteral("int8"), &error);
    const auto fraction = args.doubleValue(QStringLiteral("fraction"), &error);
    const auto percentile = args.doubleValue(QStringLiteral("percentile"), &error);
    const auto opset = args.intValue(QStringLiteral("opset"), &error);
    if (!imgsz || !batch || !dynamic || !half || !int8 || !fraction || !percentile || !opset) {
        err << error << '\n';
        return 2;
    }
    const QString layout = args.value(QStringLiteral("layout")).toLower();
    if (layout != QLatin1String("decoded") && layout != QLatin1String("raw")) {
        err << tr("layout must be decoded or raw (got \"%1\")").arg(layout) << '\n';
        return 2;
    }
    const QString calib = args.value(QStringLiteral("calib")).toLower();
    if (calib != QLatin1String("minmax") && calib != QLatin1String("percentile")) {
        err << tr("calib must be minmax or percentile (got \"%1\")").arg(calib) << '\n';
        return 2;
    }
    o.imgsz = *imgsz;
    o.batch = *batch;
    o.dynamic = *dynamic;
    o.half = *half;
    o.int8 = *int8;
    o.fraction = *fraction;
    o.percentile = *percentile;
    o.opset = *opset;
    o.layout = layout == QLatin1String("raw") ? OnnxLayout::Raw : OnnxLayout::Decoded;
    o.calibration = calib == QLatin1String("percentile") ? CalibrationMethod::Percentile : CalibrationMethod::MinMax;
    o.out = args.isSet(QStringLiteral("out")) ? args.value(QStringLiteral("out"))
                                              : defaultOutput(o.model, o.layout == OnnxLayout::Raw, o.half, o.int8);
    if (const QString problem = ModelExporter::validate(o); !problem.isEmpty()) {
        err << problem << '\n';
        return 2;
    }

    std::optional<ProgressBar> bar;
    ExportReport report;
    const bool ok = ModelExporter::run(o, &report, &error, {}, [&](int64_t done, int64_t total) {
        if (!bar)
            bar.emplace(err, tr("calibrate"), int(total));
        bar->update(int(done));
    });
    if (bar)
        bar->finish();
    for (const QString &p : report.problems)
        err << p << '\n';
    if (!ok) {
        err << error << '\n';
        return 1;
    }
    out << tr("weights: %1").arg(report.weights) << '\n';
    if (o.int8)
        out << tr("INT8: %1 convolutions quantised, activation ranges (%2) from %3 images in %4 s")
                   .arg(report.quantizedConvs)
                   .arg(calib)
                   .arg(report.calibrationImages)
                   .arg(report.calibrationSeconds, 0, 'f', 1)
            << '\n';
    out << tr("%1 nodes, opset %2: %3").arg(report.nodes).arg(o.opset).arg(report.opTypes.join(QStringLiteral(", ")))
        << '\n';
    out << tr("ONNX checker and shape inference passed") << '\n';
    out << tr("Exported %1 (%2 MB) in %3 s")
               .arg(report.file)
               .arg(report.bytes / 1e6, 0, 'f', 1)
               .arg(report.seconds, 0, 'f', 1)
        << '\n';
    if (o.layout == OnnxLayout::Decoded && !o.int8)
        out << tr("To predict with it in this program (OpenCV DNN), export with layout=raw.") << '\n';
    return 0;
}
