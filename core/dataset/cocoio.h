#pragma once

#include "datasetissue.h"
#include "imageannotation.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gp {
class Skeleton;

// COCO keypoints JSON (images, annotations with `keypoints` [x, y, v, ...] and `bbox`
// [x, y, w, h] in pixels, categories with `keypoints` names and 1-based `skeleton`).
class CocoIo
{
    Q_DECLARE_TR_FUNCTIONS(CocoIo)

public:
    struct Dataset
    {
        std::vector<ImageAnnotation> images; // imagePath absolute (imageRoot + file_name)
        QStringList fileNames; // each image's file_name, cleaned (subfolders kept)
        QStringList categories; // class index = position in this list
        QStringList keypointNames;
    };

    // Reads `jsonFile`; file_name values are resolved against `imageRoot` and refused when
    // they escape it (absolute paths, `..`). Bad entries are reported and skipped: an image
    // id used twice skips every image with that id (their annotations cannot be told
    // apart), a file_name used twice skips the later images.
    static std::optional<Dataset> read(
        const QString &jsonFile, const QString &imageRoot, int keypointCount, DatasetIssueList *issues);
    // read() on the file's text; `jsonFile` names it in the issues.
    static std::optional<Dataset> parse(const QByteArray &text, const QString &jsonFile, const QString &imageRoot,
        int keypointCount, DatasetIssueList *issues);
    // Writes atomically; image paths are stored relative to `imageRoot`.
    static bool write(const QString &jsonFile, const Dataset &dataset, const Skeleton &skeleton,
        const QString &imageRoot, QString *error);

    // True when `fileName` stays inside the image root.
    static bool isSafeRelativePath(const QString &fileName);
};

} // namespace gp
