#pragma once

#include <QCoreApplication>
#include <QString>

// What went wrong with a run, told apart so the dashboard can say what to do: the loss is
// not finite, the GPU (or host) ran out of memory (the trainer's message names the batch to
// try), the disk is full, the dataset is missing; anything else is a plain failure.
struct TrainAlert
{
    Q_DECLARE_TR_FUNCTIONS(TrainAlert)

public:
    enum class Kind { Failed, NonFinite, OutOfMemory, DiskFull, DatasetMissing };

    Kind kind = Kind::Failed;
    QString title;
    QString message; // the trainer's own words
    QString advice;

    // From a failure message; `runDir` (may be empty) is checked for free space, because a
    // full disk shows up as many different write errors.
    static TrainAlert fromFailure(const QString &message, const QString &runDir, const QString &dataYaml);
    // Free bytes below which the run folder's disk counts as full.
    static constexpr qint64 kLowDiskBytes = 64ll * 1024 * 1024;
};
