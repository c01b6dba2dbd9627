#pragma once

#include "poseinstance.h"

#include <QCoreApplication>
#include <QString>

class QJsonArray;

#include <utility>
#include <vector>

namespace gp {

// Where each point of an image's labels came from (Keypoint::Origin and the model's
// confidence), kept beside the labels and never in them, so the label files stay plain
// Ultralytics labels: one small JSON file per image that still has proposals, recording every
// labelled point of it, `<project>/labels/.origins/<image path relative to the project>.json`,
// written atomically. An image whose points are all a person's has no file.
//
// A record is matched to the label file's points by keypoint index and position, so labels
// changed by another tool (a text editor, a script) never inherit stale origins.
class PointOrigins
{
    Q_DECLARE_TR_FUNCTIONS(PointOrigins)

public:
    // A label file stores coordinates to 6 decimals of the image size: well under 0.01 px
    // for any image under 10,000 pixels across.
    static constexpr double kMatchTolerance = 0.01; // image pixels

    static QString fileFor(const QString &projectDir, const QString &imageFile);

    // Records the proposals of `instances` (removes the file when there are none).
    static bool write(const QString &projectDir, const QString &imageFile, const std::vector<PoseInstance> &instances,
        QString *error);

    // Gives the points of `instances` (as read from the image's label file) their recorded
    // origin. A labelled point with no matching record stays a person's, unless
    // `unmatchedAreDoubtful` (the image still awaits review and its labels changed outside
    // the studio), when it becomes a refit proposal of confidence 0, to be looked at.
    // Returns false with *error when a record exists but does not parse (then nothing is applied).
    static bool apply(const QString &projectDir, const QString &imageFile, std::vector<PoseInstance> *instances,
        bool unmatchedAreDoubtful, QString *error);

    // How many recorded proposals an image has, and how many of them below `doubtfulBelow`
    // (read from its record alone, for the image list); 0, 0 without a record.
    static std::pair<int, int> count(const QString &projectDir, const QString &imageFile, double doubtfulBelow);

private:
    // The records of one file (none when it does not exist); false with *error when it does not parse.
    static bool records(const QString &file, QJsonArray *out, QString *error);
};

} // namespace gp
