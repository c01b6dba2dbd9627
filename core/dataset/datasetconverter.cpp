#include "datasetconverter.h"

#include "cocoio.h"
#include "datasetconfig.h"
#include "labelfile.h"
#include "skeleton.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

bool DatasetConverter::cocoToYolo(const QString &cocoJson, const QString &imageRoot, const QString &outDir,
                                  const QString &split, const Skeleton &skeleton, DatasetIssueList *issues,
                                  int *imagesWritten, QString *error)
{
    *imagesWritten = 0;
    const auto coco = CocoIo::read(cocoJson, imageRoot, skeleton.keypointCount(), issues);
    if (!coco) {
        *error = issues->isEmpty() ? tr("%1: cannot read").arg(cocoJson) : issues->issues.back().toString();
        return false;
    }
    const QDir out(outDir);
    const QString imagesDir = out.filePath(QStringLiteral("images/") + split);
    if (!QDir().mkpath(imagesDir)) {
        *error = tr("%1: cannot create folder").arg(imagesDir);
        return false;
    }
    for (const ImageAnnotation &a : coco->images) {
        if (!QFileInfo::exists(a.imagePath)) {
            issues->add(DatasetIssue::Kind::ImageMissing, cocoJson, 0, tr("image %1 does not exist").arg(a.imagePath));
            continue;
        }
        const QString target = QDir(imagesDir).filePath(QFileInfo(a.imagePath).fileName());
        QFile::remove(target);
        if (!QFile::copy(a.imagePath, target)) {
            *error = tr("%1: cannot copy to %2").arg(a.imagePath, target);
            return false;
        }
        if (!LabelFile::write(DatasetConfig::labelFileFor(target), a.instances, a.imageSize, 3, error))
            return false;
        ++*imagesWritten;
    }
    DatasetConfig c;
    c.path = QStringLiteral(".");
    c.train = c.val = QStringLiteral("images/") + split;
    c.applySkeleton(skeleton);
    c.names = coco->categories;
    return c.save(out.filePath(QStringLiteral("data.yaml")), error)
           && skeleton.save(out.filePath(QStringLiteral("skeleton.json")), error);
}

bool DatasetConverter::yoloToCoco(const QString &dataYaml, const QString &split, const QString &cocoJson,
                                  const Skeleton &skeleton, DatasetIssueList *issues, int *imagesWritten,
                                  QString *error)
{
    *imagesWritten = 0;
    const auto config = DatasetConfig::load(dataYaml, issues);
    if (!config) {
        *error = issues->isEmpty() ? tr("%1: cannot read").arg(dataYaml) : issues->issues.back().toString();
        return false;
    }
    if (config->keypointCount != skeleton.keypointCount()) {
        *error = tr("%1 has %2 keypoints; the skeleton has %3").arg(dataYaml).arg(config->keypointCount).arg(skeleton.keypointCount());
        return false;
    }
    CocoIo::Dataset ds;
    ds.categories = config->names;
    for (const QString &image : config->imageFiles(split)) {
        ImageAnnotation a = config->loadAnnotation(image, issues);
        if (a.imageSize.isValid())
            ds.images.push_back(std::move(a));
    }
    *imagesWritten = int(ds.images.size());
    return CocoIo::write(cocoJson, ds, skeleton, config->rootDir(), error);
}
