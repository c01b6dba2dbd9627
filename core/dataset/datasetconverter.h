#pragma once

#include "datasetissue.h"

#include <QCoreApplication>
#include <QString>

namespace gp {
class Skeleton;

// Converts between COCO keypoints JSON and the Ultralytics pose layout, so users can
// bring labels from CVAT / X-AnyLabeling and take them back out.
class DatasetConverter
{
    Q_DECLARE_TR_FUNCTIONS(DatasetConverter)

public:
    struct CocoImport
    {
        QString cocoJson;
        QString imageRoot; // what the file_name values are relative to
        QString outDir;
        QString split = QStringLiteral("train");
        // Add to a folder that already holds a dataset (its data.yaml and label files are
        // kept); without it such a folder is refused.
        bool merge = false;
    };

    // Copies the images of the COCO file into `outDir/images/<split>/`, keeping the
    // subfolders of their file_name (less the leading folders all of them share), writes
    // their labels beside them
    // (`labels/<split>/...`) and a data.yaml + skeleton.json when the folder has none.
    // Nothing is overwritten: an image or label file already there with other content is
    // reported (ExistingFile) and that image is not imported. Bad entries are reported in
    // *issues and skipped. False with *error on I/O failure or a refused folder.
    static bool cocoToYolo(const CocoImport &import, const Skeleton &skeleton, DatasetIssueList *issues,
        int *imagesWritten, QString *error);
    // Writes the `split` of the dataset `dataYaml` as COCO keypoints JSON; file_name values
    // are relative to the dataset root.
    static bool yoloToCoco(const QString &dataYaml, const QString &split, const QString &cocoJson,
        const Skeleton &skeleton, DatasetIssueList *issues, int *imagesWritten, QString *error);
};

} // namespace gp
