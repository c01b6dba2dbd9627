#include "importcommand.h"

#include "weightimport.h"

using gp::importWeightsToCheckpoint;
using gp::inspectWeightFile;
using gp::ModelSpec;
using gp::WeightImportSummary;

QString ImportCommand::summary() const
{
    return tr("import YOLOv8-pose weights (.pt state dict or TorchScript) into a checkpoint");
}

std::vector<CliOption> ImportCommand::options() const
{
    return { { QStringLiteral("weights"), QString(),
                 tr("state dict (.pt) or TorchScript file with Ultralytics names") },
        { QStringLiteral("out"), QString(), tr("checkpoint to write") },
        { QStringLiteral("model"), QString(), tr("target model (default: as the file)"), true },
        { QStringLiteral("kpt_shape"), QString(), tr("target keypoint shape, e.g. 14,3 (default: as the file)"), true },
        { QStringLiteral("nc"), QString(), tr("target number of classes (default: as the file)"), true } };
}

int ImportCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString error;
    const QString weights = args.value(QStringLiteral("weights"));
    const auto info = inspectWeightFile(weights, &error);
    if (!info) {
        err << error << '\n';
        return 1;
    }
    std::optional<ModelSpec> spec = info->spec;
    const bool custom = args.isSet(QStringLiteral("model")) || args.isSet(QStringLiteral("kpt_shape"))
        || args.isSet(QStringLiteral("nc"));
    if (custom) {
        ModelSpec s = spec.value_or(ModelSpec());
        if (args.isSet(QStringLiteral("model"))) {
            const auto scale = ModelSpec::parseScale(args.value(QStringLiteral("model")), &error);
            if (!scale) {
                err << error << '\n';
                return 2;
            }
            s.scale = *scale;
        }
        if (args.isSet(QStringLiteral("kpt_shape"))
            && !ModelSpec::parseKeypointShape(
                args.value(QStringLiteral("kpt_shape")), &s.numKeypoints, &s.keypointDims, &error)) {
            err << error << '\n';
            return 2;
        }
        if (args.isSet(QStringLiteral("nc"))) {
            const auto nc = args.intValue(QStringLiteral("nc"), &error);
            if (!nc) {
                err << error << '\n';
                return 2;
            }
            s.numClasses = *nc;
        }
        spec = s;
    }
    WeightImportSummary summary;
    if (!importWeightsToCheckpoint(weights, args.value(QStringLiteral("out")), spec, &summary, &error)) {
        err << error << '\n';
        return 1;
    }
    out << summary.toText();
    out << tr("Wrote %1").arg(args.value(QStringLiteral("out"))) << '\n';
    return 0;
}
