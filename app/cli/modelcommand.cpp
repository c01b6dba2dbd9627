#include "modelcommand.h"

#include "modelspec.h"

using gp::describeModel;
using gp::formatLayerTable;
using gp::ModelSpec;

QString ModelCommand::summary() const
{
    return tr("print a model's layer table, parameter count and GFLOPs");
}

std::vector<CliOption> ModelCommand::options() const
{
    return { { QStringLiteral("model"), QStringLiteral("yolov8s-pose"), tr("yolov8n-pose ... yolov8x-pose") },
        { QStringLiteral("kpt_shape"), QStringLiteral("14,3"),
            tr("keypoints per object and values per keypoint (2 or 3)") },
        { QStringLiteral("nc"), QStringLiteral("1"), tr("number of classes") },
        { QStringLiteral("imgsz"), QStringLiteral("640"), tr("input size for the shapes and GFLOPs") } };
}

int ModelCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString error;
    ModelSpec spec;
    const auto scale = ModelSpec::parseScale(args.value(QStringLiteral("model")), &error);
    const auto nc = args.intValue(QStringLiteral("nc"), &error);
    const auto imgsz = args.intValue(QStringLiteral("imgsz"), &error);
    if (!scale || !nc || !imgsz
        || !ModelSpec::parseKeypointShape(
            args.value(QStringLiteral("kpt_shape")), &spec.numKeypoints, &spec.keypointDims, &error)) {
        err << error << '\n';
        return 2;
    }
    spec.scale = *scale;
    spec.numClasses = *nc;
    const QString problem = spec.validate();
    if (!problem.isEmpty() || *imgsz < 32 || *imgsz % 32) {
        err << (problem.isEmpty() ? tr("imgsz must be a positive multiple of 32") : problem) << '\n';
        return 2;
    }
    out << formatLayerTable(describeModel(spec, *imgsz));
    return 0;
}
