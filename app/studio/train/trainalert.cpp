#include "trainalert.h"

#include <QDir>
#include <QFileInfo>
#include <QStorageInfo>

TrainAlert TrainAlert::fromFailure(const QString &message, const QString &runDir, const QString &dataYaml)
{
    TrainAlert a;
    a.message = message;
    const QString m = message.toLower();
    bool diskFull = m.contains(QLatin1String("no space left")) || m.contains(QLatin1String("disk full"))
        || m.contains(QLatin1String("disk quota"));
    if (!diskFull && !runDir.isEmpty()
        && (m.contains(QLatin1String("cannot write")) || m.contains(QLatin1String("saving the checkpoint failed")))) {
        const QStorageInfo storage(QFileInfo(runDir).absolutePath());
        diskFull = storage.isValid() && storage.bytesAvailable() >= 0 && storage.bytesAvailable() < kLowDiskBytes;
    }
    if (m.contains(QLatin1String("not finite"))) {
        a.kind = Kind::NonFinite;
        a.title = tr("The loss is not finite");
        a.advice = tr("Lower lr0, turn AMP off (amp=off), or check the labels named in the log; then resume or "
                      "start again.");
    } else if (m.contains(QLatin1String("out of memory"))) {
        a.kind = Kind::OutOfMemory;
        a.title = tr("Out of memory");
        a.advice = tr("Start again with the smaller batch the message names (or a smaller imgsz); the last "
                      "checkpoint is kept.");
    } else if (diskFull) {
        a.kind = Kind::DiskFull;
        a.title = tr("The disk is full");
        a.advice = tr("Free space on the disk of %1, then resume the run: the previous checkpoint is intact.")
                       .arg(QDir::toNativeSeparators(runDir.isEmpty() ? QDir::currentPath() : runDir));
    } else if ((!dataYaml.isEmpty() && !QFileInfo::exists(dataYaml)) || m.contains(QLatin1String("data.yaml"))) {
        a.kind = Kind::DatasetMissing;
        a.title = tr("The dataset is missing");
        a.advice = tr("Check that %1 and its images and labels folders exist (a removed or unmounted disk?).")
                       .arg(QDir::toNativeSeparators(dataYaml));
    } else {
        a.kind = Kind::Failed;
        a.title = tr("Training failed");
        a.advice = tr("The log below has the details; the last checkpoint, if any, can be resumed.");
    }
    return a;
}
