#pragma once

// What the training tests share: the tiny generated dataset they train on, a line count for
// results.csv, and a bit-for-bit comparison of two checkpoints' weights.

#include "checkpoint_p.h"
#include "tinydataset.h"

#include <QFile>
#include <QString>

namespace tinytraining {

// 14 images of 192×128 (11 train, 3 val) under `dir`; returns its data.yaml, or an empty
// string with *error.
inline QString makeDataset(const QString &dir, QString *error)
{
    return testsupport::makeTinyDataset(dir, error);
}

inline int countLines(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? int(f.readAll().count('\n')) : 0;
}

// Empty when the two checkpoints hold the same weights bit for bit, else what differs.
inline QString weightDifference(const QString &checkpointA, const QString &checkpointB)
{
    const gp::NamedTensors a = gp::loadCheckpoint(checkpointA).model;
    const gp::NamedTensors b = gp::loadCheckpoint(checkpointB).model;
    if (a.size() != b.size())
        return QStringLiteral("%1 tensors against %2").arg(a.size()).arg(b.size());
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].first != b[i].first || !torch::equal(a[i].second, b[i].second))
            return QString::fromStdString(a[i].first);
    return QString();
}

} // namespace tinytraining
