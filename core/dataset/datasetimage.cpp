#include "datasetimage.h"

#include "datasetconfig.h"
#include "imagecheck.h"
#include "labelfile.h"

#include <QFileInfo>

namespace gp {

DatasetImage DatasetImage::inspect(const DatasetConfig &config, const QString &imageFile, ImageCheck::Depth depth)
{
    DatasetImage r;
    r.annotation.imagePath = imageFile;
    const QString labels = DatasetConfig::labelFileFor(imageFile);
    r.hasLabelFile = QFileInfo::exists(labels) || QFileInfo(labels).isSymLink();
    DatasetIssueList issues;
    const ImageVerdict verdict = ImageCheck::inspect(imageFile, depth);
    r.complete = verdict.decoded || !verdict.ok;
    if (!verdict.ok) {
        r.status = Status::ImageUnusable;
        r.issues.push_back({ DatasetIssue::Kind::ImageUndecodable, config.displayName(imageFile), 0, verdict.problem });
        return r;
    }
    r.annotation.imageSize = verdict.size;
    LabelFile::Outcome outcome;
    r.annotation.instances
        = LabelFile::read(labels, verdict.size, config.labelFormat(), &issues, config.displayName(labels), &outcome);
    r.issues = std::move(issues.issues);
    r.labelLines = outcome.lines;
    r.rejectedLines = outcome.rejected;
    r.wrongWidths = outcome.wrongWidths;
    if (!outcome.usable())
        r.status = Status::LabelsUnusable;
    else if (!outcome.exists)
        r.status = Status::Unlabelled;
    else
        r.status = r.annotation.instances.empty() ? Status::Background : Status::Labelled;
    return r;
}

} // namespace gp
