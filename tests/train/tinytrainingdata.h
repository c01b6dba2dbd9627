#pragma once

// What the training tests share: the tiny generated dataset they train on, and a line count
// for results.csv.

#include "skeleton.h"
#include "synthgenerator.h"

#include <QFile>
#include <QString>

namespace tinytraining {

// 14 images of 192×128 (11 train, 3 val) under `dir`; returns its data.yaml, or an empty
// string with *error.
inline QString makeDataset(const QString &dir, QString *error)
{
    SynthOptions o;
    o.outDir = dir;
    o.count = 14;
    o.imageSize = QSize(192, 128);
    o.seed = 5;
    o.videoFrames = 0;
    if (!SynthGenerator(Skeleton::defaultGripper(), o).run({}, error))
        return QString();
    return dir + QStringLiteral("/data.yaml");
}

inline int countLines(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? int(f.readAll().count('\n')) : 0;
}

} // namespace tinytraining
