#pragma once

#include "datasetissue.h"

#include <QCoreApplication>
#include <QString>

class Skeleton;

// Converts between COCO keypoints JSON and the Ultralytics pose layout, so users can
// bring labels from CVAT / X-AnyLabeling and take them back out.
class DatasetConverter
{
    Q_DECLARE_TR_FUNCTIONS(DatasetConverter)

public:
    // Copies the images of `cocoJson` (resolved against `imageRoot`) into
    // `outDir/images/<split>/`, writes their labels and a data.yaml + skeleton.json.
    // Bad entries are reported in *issues and skipped. Returns false on I/O failure.
    static bool cocoToYolo(const QString &cocoJson, const QString &imageRoot, const QString &outDir,
                           const QString &split, const Skeleton &skeleton, DatasetIssueList *issues,
                           int *imagesWritten, QString *error);
    // Writes the `split` of the dataset `dataYaml` as COCO keypoints JSON; file_name values
    // are relative to the dataset root.
    static bool yoloToCoco(const QString &dataYaml, const QString &split, const QString &cocoJson,
                           const Skeleton &skeleton, DatasetIssueList *issues, int *imagesWritten,
                           QString *error);
};
