#pragma once

// The tiny generated dataset the training tests and the Train workspace tests train on.

#include "skeleton.h"
#include "synthgenerator.h"

#include <QSize>
#include <QString>

namespace testsupport {

// 14 images of 192×128 (11 train, 3 val) under `dir`; returns its data.yaml, or an empty
// string with *error.
inline QString makeTinyDataset(const QString &dir, QString *error)
{
    gp::SynthOptions o;
    o.outDir = dir;
    o.count = 14;
    o.imageSize = QSize(192, 128);
    o.seed = 5;
    o.videoFrames = 0;
    if (!gp::SynthGenerator(gp::Skeleton::defaultGripper(), o).run(error))
        return QString();
    return dir + QStringLiteral("/data.yaml");
}

} // namespace testsupport
