#include "cococommands.h"

#include "datasetconverter.h"
#include "skeleton.h"

#include <functional>

using gp::DatasetConverter;
using gp::DatasetIssue;
using gp::DatasetIssueList;
using gp::Skeleton;

namespace {

// The skeleton named by skeleton=FILE, or the default gripper.
std::optional<Skeleton> skeletonArg(const CliArgs &args, QString *error)
{
    const QString file = args.value(QStringLiteral("skeleton"));
    return file.isEmpty() ? std::optional(Skeleton::defaultGripper()) : Skeleton::load(file, error);
}

// Runs a conversion with the skeleton of the arguments, then prints the problems it
// skipped; `done` is printed on success.
int convert(const CliArgs &args, QTextStream &out, QTextStream &err,
    const std::function<bool(const Skeleton &, DatasetIssueList *, int *, QString *)> &conversion,
    const std::function<QString(int written, int problems)> &done)
{
    QString error;
    const auto skeleton = skeletonArg(args, &error);
    if (!skeleton) {
        err << error << '\n';
        return 2;
    }
    DatasetIssueList issues;
    int written = 0;
    const bool ok = conversion(*skeleton, &issues, &written, &error);
    for (const DatasetIssue &i : issues.issues)
        out << i.toString() << '\n';
    if (!ok) {
        err << error << '\n';
        return 1;
    }
    out << done(written, int(issues.size())) << '\n';
    return 0;
}

} // namespace

QString CocoToYoloCommand::summary() const
{
    return tr("convert COCO keypoints JSON into an Ultralytics pose dataset");
}

std::vector<CliOption> CocoToYoloCommand::options() const
{
    return { { QStringLiteral("json"), QString(), tr("the COCO keypoints file") },
        { QStringLiteral("images"), QString(), tr("folder the COCO file_name values are relative to") },
        { QStringLiteral("out"), QString(), tr("output dataset folder") },
        { QStringLiteral("split"), QStringLiteral("train"), tr("split to write the images into") },
        { QStringLiteral("skeleton"), QString(), tr("skeleton JSON (default: the 14-point gripper)"), true },
        { QStringLiteral("merge"), QStringLiteral("false"),
            tr("add to a folder that already holds a dataset (nothing there is overwritten)") } };
}

int CocoToYoloCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString usage;
    const auto merge = args.boolValue(QStringLiteral("merge"), &usage);
    if (!merge) {
        err << usage << '\n';
        return 2;
    }
    return convert(
        args, out, err,
        [&](const Skeleton &skeleton, DatasetIssueList *issues, int *written, QString *error) {
            DatasetConverter::CocoImport import;
            import.cocoJson = args.value(QStringLiteral("json"));
            import.imageRoot = args.value(QStringLiteral("images"));
            import.outDir = args.value(QStringLiteral("out"));
            import.split = args.value(QStringLiteral("split"));
            import.merge = *merge;
            return DatasetConverter::cocoToYolo(import, skeleton, issues, written, error);
        },
        [](int written, int problems) {
            return tr("wrote %1 images; %2 problems skipped").arg(written).arg(problems);
        });
}

QString YoloToCocoCommand::summary() const
{
    return tr("write one split of an Ultralytics pose dataset as COCO keypoints JSON");
}

std::vector<CliOption> YoloToCocoCommand::options() const
{
    return { { QStringLiteral("data"), QString(), tr("the dataset's data.yaml") },
        { QStringLiteral("split"), QStringLiteral("val"), tr("train, val or test") },
        { QStringLiteral("out"), QString(), tr("the COCO JSON file to write") },
        { QStringLiteral("skeleton"), QString(), tr("skeleton JSON (default: the 14-point gripper)"), true } };
}

int YoloToCocoCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    const QString target = args.value(QStringLiteral("out"));
    return convert(
        args, out, err,
        [&](const Skeleton &skeleton, DatasetIssueList *issues, int *written, QString *error) {
            return DatasetConverter::yoloToCoco(args.value(QStringLiteral("data")), args.value(QStringLiteral("split")),
                target, skeleton, issues, written, error);
        },
        [&](int written, int problems) {
            return tr("wrote %1 images to %2; %3 problems skipped").arg(written).arg(target).arg(problems);
        });
}
