#include "datasetconverter.h"

#include "cocoio.h"
#include "datasetconfig.h"
#include "labelfile.h"
#include "skeleton.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <optional>

namespace gp {

namespace {

bool sameBytes(const QString &a, const QString &b)
{
    QFile fa(a), fb(b);
    if (!fa.open(QIODevice::ReadOnly) || !fb.open(QIODevice::ReadOnly) || fa.size() != fb.size())
        return false;
    while (!fa.atEnd())
        if (fa.read(1 << 20) != fb.read(1 << 20))
            return false;
    return true;
}

// A folder that already holds a dataset: a data.yaml, or image or label folders.
bool holdsDataset(const QDir &dir)
{
    return dir.exists(QStringLiteral("data.yaml")) || dir.exists(QStringLiteral("images"))
        || dir.exists(QStringLiteral("labels"));
}

// The leading folders every file name shares ("images/val/" in a file yolo2coco wrote):
// they tell no image apart, and kept they would nest images/val/ inside images/val/.
QString commonFolder(const QStringList &fileNames)
{
    if (fileNames.isEmpty())
        return QString();
    QStringList common = fileNames.first().split(QLatin1Char('/'));
    common.removeLast();
    for (const QString &name : fileNames) {
        QStringList parts = name.split(QLatin1Char('/'));
        parts.removeLast();
        int n = 0;
        while (n < common.size() && n < parts.size() && common[n] == parts[n])
            ++n;
        common = common.mid(0, n);
    }
    return common.isEmpty() ? QString() : common.join(QLatin1Char('/')) + QLatin1Char('/');
}

} // namespace

bool DatasetConverter::cocoToYolo(
    const CocoImport &import, const Skeleton &skeleton, DatasetIssueList *issues, int *imagesWritten, QString *error)
{
    using Kind = DatasetIssue::Kind;
    *imagesWritten = 0;
    const QDir out(import.outDir);
    if (holdsDataset(out) && !import.merge) {
        *error = tr("%1 already holds a dataset (data.yaml, images/ or labels/); pass merge=true to add the COCO "
                    "images to it (nothing there is overwritten), or choose an empty folder")
                     .arg(out.absolutePath());
        return false;
    }
    const QString yaml = out.filePath(QStringLiteral("data.yaml"));
    std::optional<DatasetConfig> existing;
    if (QFileInfo::exists(yaml)) {
        DatasetIssueList yamlIssues;
        existing = DatasetConfig::load(yaml, &yamlIssues);
        if (!existing) {
            *error = yamlIssues.issues.front().toString();
            return false;
        }
    }
    const auto coco = CocoIo::read(import.cocoJson, import.imageRoot, skeleton.keypointCount(), issues);
    if (!coco) {
        *error = issues->isEmpty() ? tr("%1: cannot read").arg(import.cocoJson) : issues->issues.back().toString();
        return false;
    }
    if (existing) {
        // Merging keeps data.yaml as the user wrote it: the imported labels must fit it.
        if (existing->keypointCount != skeleton.keypointCount()) {
            *error = tr("%1 says kpt_shape [%2, %3]; the COCO keypoints have %4 points")
                         .arg(yaml)
                         .arg(existing->keypointCount)
                         .arg(existing->keypointDims)
                         .arg(skeleton.keypointCount());
            return false;
        }
        if (existing->names.mid(0, coco->categories.size()) != coco->categories) {
            *error = tr("the COCO categories (%1) are not data.yaml's names (%2): class ids would not match")
                         .arg(coco->categories.join(QStringLiteral(", ")), existing->names.join(QStringLiteral(", ")));
            return false;
        }
    }
    const QString imagesDir = out.filePath(QStringLiteral("images/") + import.split);
    if (!QDir().mkpath(imagesDir)) {
        *error = tr("%1: cannot create folder").arg(imagesDir);
        return false;
    }
    QSet<QString> labelsWritten;
    const QString shared = commonFolder(coco->fileNames);
    for (size_t i = 0; i < coco->images.size(); ++i) {
        const ImageAnnotation &a = coco->images[i];
        const QString name = coco->fileNames[int(i)].mid(shared.size());
        if (!QFileInfo::exists(a.imagePath)) {
            issues->add(Kind::ImageMissing, import.cocoJson, 0, tr("image %1 does not exist").arg(a.imagePath));
            continue;
        }
        // Subfolders are kept: a/img.jpg and b/img.jpg are two images.
        const QString target = QDir::cleanPath(QDir(imagesDir).filePath(name));
        const QString label = DatasetConfig::labelFileFor(target);
        const QString shown = out.relativeFilePath(label);
        if (labelsWritten.contains(label)) {
            // a/img.jpg and a/img.png: one label file for two images.
            issues->add(Kind::DuplicateEntry, import.cocoJson, 0,
                tr("%1 and an image imported before it share the label file %2; %1 is skipped").arg(name, shown));
            continue;
        }
        const QByteArray text = LabelFile::serialize(a.instances, a.imageSize, 3);
        if (QFileInfo::exists(label)) {
            QFile f(label);
            if (!f.open(QIODevice::ReadOnly) || f.readAll() != text) {
                issues->add(Kind::ExistingFile, shown, 0,
                    tr("already exists with other labels and is kept; the COCO objects of %1 are not imported")
                        .arg(name));
                continue;
            }
        }
        if (QFileInfo::exists(target) && !sameBytes(target, a.imagePath)) {
            issues->add(Kind::ExistingFile, out.relativeFilePath(target), 0,
                tr("already exists with other content and is kept; %1 is not imported").arg(name));
            continue;
        }
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!QFileInfo::exists(target) && !QFile::copy(a.imagePath, target)) {
            *error = tr("%1: cannot copy to %2").arg(a.imagePath, target);
            return false;
        }
        if (!LabelFile::write(label, a.instances, a.imageSize, 3, error))
            return false;
        labelsWritten.insert(label);
        ++*imagesWritten;
    }
    if (existing) {
        if (!existing->splits().contains(import.split)
            || QDir::cleanPath(existing->imagesDir(import.split))
                != QDir::cleanPath(QFileInfo(imagesDir).absoluteFilePath()))
            issues->add(Kind::ExistingFile, yaml, 0,
                tr("data.yaml is kept as it is and does not use %1; add it to a split to train on the imported "
                   "images")
                    .arg(out.relativeFilePath(imagesDir)));
        return QFileInfo::exists(out.filePath(QStringLiteral("skeleton.json")))
            || skeleton.save(out.filePath(QStringLiteral("skeleton.json")), error);
    }
    DatasetConfig c;
    c.train = c.val = QStringLiteral("images/") + import.split;
    c.applySkeleton(skeleton);
    c.names = coco->categories;
    return c.save(yaml, error)
        && (QFileInfo::exists(out.filePath(QStringLiteral("skeleton.json")))
            || skeleton.save(out.filePath(QStringLiteral("skeleton.json")), error));
}

bool DatasetConverter::yoloToCoco(const QString &dataYaml, const QString &split, const QString &cocoJson,
    const Skeleton &skeleton, DatasetIssueList *issues, int *imagesWritten, QString *error)
{
    *imagesWritten = 0;
    const auto config = DatasetConfig::load(dataYaml, issues);
    if (!config) {
        *error = issues->isEmpty() ? tr("%1: cannot read").arg(dataYaml) : issues->issues.back().toString();
        return false;
    }
    if (config->keypointCount != skeleton.keypointCount()) {
        *error = tr("%1 has %2 keypoints; the skeleton has %3")
                     .arg(dataYaml)
                     .arg(config->keypointCount)
                     .arg(skeleton.keypointCount());
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

} // namespace gp
