#pragma once

#include "datasetissue.h"
#include "imageannotation.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>

// Reads and writes one Ultralytics pose label file:
// `class cx cy w h x1 y1 [v1] ... xK yK [vK]`, all coordinates normalised to [0, 1].
class LabelFile
{
    Q_DECLARE_TR_FUNCTIONS(LabelFile)

public:
    struct Format
    {
        int keypointCount = 14;
        int keypointDims = 3;
        int classCount = 1;
    };

    // Parses `labelFile` for an image of `imageSize` pixels. Each bad line is reported in
    // *issues (with `displayName` as the file name) and skipped; the good lines are kept.
    // A missing file reads as no instances and no issue; an empty file is valid.
    static std::vector<PoseInstance> read(const QString &labelFile, const QSize &imageSize,
                                          const Format &format, DatasetIssueList *issues,
                                          const QString &displayName = QString());
    static std::vector<PoseInstance> parse(const QByteArray &text, const QSize &imageSize,
                                           const Format &format, DatasetIssueList *issues,
                                           const QString &displayName);

    static QByteArray serialize(const std::vector<PoseInstance> &instances, const QSize &imageSize,
                                int keypointDims);
    // Writes atomically (temporary file + rename), creating the folder if needed.
    static bool write(const QString &labelFile, const std::vector<PoseInstance> &instances,
                      const QSize &imageSize, int keypointDims, QString *error);
};
