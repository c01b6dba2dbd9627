#pragma once

#include "poseinstance.h"

#include <QCoreApplication>
#include <QString>
#include <QtGlobal>

#include <map>
#include <vector>

namespace gp {
class DatasetConfig;

// A video's keyframes in a project: its frames in a split's image folder (named as the frame
// importer names them) whose labels a person has reviewed: labelled, and not marked "needs
// review". What KeyframeFill carries to the frames between them.
class VideoKeyframes
{
    Q_DECLARE_TR_FUNCTIONS(VideoKeyframes)

public:
    // Frame → its objects. Labels that do not read are counted in *unreadable and left out; an
    // unreadable review state is an error (nothing returned).
    static std::map<qint64, std::vector<PoseInstance>> collect(const DatasetConfig &config, const QString &projectDir,
        const QString &split, const QString &video, int *unreadable, QString *error);
};

} // namespace gp
