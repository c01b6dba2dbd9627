#pragma once

#include "datasetissue.h"
#include "imageannotation.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>

#include <vector>

namespace gp {

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
        // kpt_shape's limit: what a label line can hold and data.yaml may ask for.
        static constexpr int kMaxKeypoints = 1000;
        bool isValid() const;
        int columns() const { return 5 + keypointCount * keypointDims; }
    };

    // What reading one label file found, beside the instances: whether the image may be
    // trained on (a file that cannot be read, or with a line that fails, may not: the
    // objects it misses would be learnt as background).
    struct Outcome
    {
        bool exists = false;
        bool readable = true; // false: the file exists but cannot be read
        int lines = 0; // non-empty lines
        int rejected = 0; // lines that failed (duplicates are not counted)
        std::vector<int> wrongWidths; // the column count of each line of the wrong width
        bool usable() const { return readable && rejected == 0; }
    };

    // Parses `labelFile` for an image of `imageSize` pixels. Each bad line is reported in
    // *issues (with `displayName` as the file name) and skipped; the good lines are kept.
    // A missing file reads as no instances and no issue; an empty file is valid; a file
    // that exists but cannot be read (a folder, no permission) is reported.
    static std::vector<PoseInstance> read(const QString &labelFile, const QSize &imageSize, const Format &format,
        DatasetIssueList *issues, const QString &displayName = QString(), Outcome *outcome = nullptr);
    static std::vector<PoseInstance> parse(const QByteArray &text, const QSize &imageSize, const Format &format,
        DatasetIssueList *issues, const QString &displayName, Outcome *outcome = nullptr);

    static QByteArray serialize(const std::vector<PoseInstance> &instances, const QSize &imageSize, int keypointDims);
    // What the file holds now, to tell another program's change from the studio's own: the
    // SHA-1 of its bytes, or "absent" when there is no such file (an empty file has a print).
    static QByteArray fingerprint(const QString &labelFile);
    // Writes atomically (temporary file + rename), creating the folder if needed.
    static bool write(const QString &labelFile, const std::vector<PoseInstance> &instances, const QSize &imageSize,
        int keypointDims, QString *error);
};

} // namespace gp
