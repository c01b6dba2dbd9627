#include "splitscan.h"

#include "datasetconfig.h"

#include <map>

int SplitScan::count(DatasetImage::Status status) const
{
    int n = 0;
    for (const DatasetImage &i : images)
        n += i.status == status;
    return n;
}

int SplitScan::usableCount() const
{
    int n = 0;
    for (const DatasetImage &i : images)
        n += i.usable();
    return n;
}

int SplitScan::instances() const
{
    int n = 0;
    for (const DatasetImage &i : images)
        if (i.usable())
            n += int(i.annotation.instances.size());
    return n;
}

DatasetIssueList SplitScan::issues() const
{
    DatasetIssueList out;
    for (const DatasetImage &i : images)
        out.issues.insert(out.issues.end(), i.issues.begin(), i.issues.end());
    return out;
}

std::vector<ImageAnnotation> SplitScan::usable() const
{
    std::vector<ImageAnnotation> out;
    for (const DatasetImage &i : images)
        if (i.usable())
            out.push_back(i.annotation);
    return out;
}

namespace {

// "kpt_shape [14, 3]" when `columns` fits a label line of some kpt_shape.
QString shapeFor(int columns)
{
    QStringList fits;
    for (int dims : { 3, 2 })
        if (columns > 5 && (columns - 5) % dims == 0)
            fits << QStringLiteral("[%1, %2]").arg((columns - 5) / dims).arg(dims);
    return fits.join(QStringLiteral(" / "));
}

} // namespace

DatasetIssueList SplitScan::fatalProblems(const DatasetConfig &config, bool needsObjects) const
{
    DatasetIssueList out;
    const QString yaml = config.yamlFile.isEmpty() ? QStringLiteral("data.yaml") : config.yamlFile;
    if (!found) {
        out.add(
            DatasetIssue::Kind::ConfigInvalid, yaml, 0, tr("the %1 images \"%2\" do not exist").arg(split, imagesDir));
        return out;
    }
    if (cancelled)
        return out;
    int lines = 0, rejected = 0;
    for (const DatasetImage &i : images) {
        lines += i.labelLines;
        rejected += i.rejectedLines;
    }
    if (lines > 0 && rejected == lines) {
        // The usual cause: kpt_shape says another number of columns than the labels have.
        std::map<int, int> widths;
        for (const DatasetImage &i : images)
            for (int w : i.wrongWidths)
                ++widths[w];
        QString message = tr("none of the %n label line(s) of the %1 split can be used", nullptr, lines).arg(split);
        if (widths.size() == 1 && widths.begin()->second == lines && !shapeFor(widths.begin()->first).isEmpty())
            message += QStringLiteral(": ")
                + tr("the labels have %1 columns, which fits kpt_shape %2, but data.yaml says kpt_shape [%3, %4] "
                     "(%5 columns)")
                      .arg(widths.begin()->first)
                      .arg(shapeFor(widths.begin()->first))
                      .arg(config.keypointCount)
                      .arg(config.keypointDims)
                      .arg(config.columnsPerLine());
        out.add(DatasetIssue::Kind::LabelsUnusable, yaml, 0, message);
    } else if (usableCount() == 0) {
        out.add(DatasetIssue::Kind::SplitEmpty, yaml, 0,
            images.empty()
                ? tr("the %1 split has no images (in %2)").arg(split, config.displayName(imagesDir))
                : tr("the %1 split has no usable image: all %n image(s) are skipped (see the problems above)", nullptr,
                    int(images.size()))
                      .arg(split));
    } else if (needsObjects && instances() == 0) {
        out.add(DatasetIssue::Kind::LabelsUnusable, yaml, 0,
            tr("the %1 split has no labelled object: its %n usable image(s) are all background", nullptr, usableCount())
                .arg(split));
    }
    return out;
}

DatasetIssueList SplitScan::evaluationWarnings(const DatasetConfig &config) const
{
    DatasetIssueList out;
    if (!found || cancelled || usableCount() == 0 || instances() > 0)
        return out;
    const QString yaml = config.yamlFile.isEmpty() ? QStringLiteral("data.yaml") : config.yamlFile;
    const int unlabelled = count(DatasetImage::Status::Unlabelled);
    out.add(DatasetIssue::Kind::NoObjects, yaml, 0,
        tr("the %1 split has no labelled object, so every metric on it is zero: %2 of its %n usable image(s) have "
           "no label file and the rest are background",
            nullptr, usableCount())
            .arg(split)
            .arg(unlabelled));
    return out;
}
