#include "videokeyframes.h"

#include "datasetconfig.h"
#include "labelfile.h"
#include "reviewstate.h"

#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QRegularExpression>

namespace gp {

std::map<qint64, std::vector<PoseInstance>> VideoKeyframes::collect(const DatasetConfig &config,
    const QString &projectDir, const QString &split, const QString &video, int *unreadable, QString *error)
{
    std::map<qint64, std::vector<PoseInstance>> out;
    *unreadable = 0;
    ReviewState review;
    if (!review.load(projectDir, error))
        return out;
    const QDir images(config.imagesDir(split));
    // The importer's names: <video base name>_<frame, 6 digits or more>.jpg
    const QRegularExpression name(
        QStringLiteral("^%1_(\\d{6,})\\.jpg$").arg(QRegularExpression::escape(QFileInfo(video).completeBaseName())));
    for (const QString &file : images.entryList({ QStringLiteral("*.jpg") }, QDir::Files)) {
        const QRegularExpressionMatch m = name.match(file);
        const QString path = images.filePath(file);
        if (!m.hasMatch() || review.contains(path))
            continue;
        const QString labelFile = DatasetConfig::labelFileFor(path);
        if (!QFileInfo::exists(labelFile))
            continue; // not labelled
        DatasetIssueList issues;
        LabelFile::Outcome outcome;
        std::vector<PoseInstance> objects
            = LabelFile::read(labelFile, QImageReader(path).size(), config.labelFormat(), &issues, QString(), &outcome);
        if (!outcome.usable()) {
            ++*unreadable;
            continue;
        }
        for (PoseInstance &p : objects)
            for (Keypoint &k : p.keypoints)
                k.origin = Keypoint::Origin::Person;
        out[m.captured(1).toLongLong()] = std::move(objects);
    }
    return out;
}

} // namespace gp
