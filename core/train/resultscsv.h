#pragma once

#include "trainerevents.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace gp {

// Reads a run's results.csv (Ultralytics' column names, one row per epoch) back into the
// trainer's epoch reports, so a run seen from outside (started by `gripperpose train`, or
// by Ultralytics itself) plots like one trained here. Columns are found by name, so their
// order and Ultralytics' padding spaces do not matter; a missing column reads as 0.
class ResultsCsv
{
    Q_DECLARE_TR_FUNCTIONS(ResultsCsv)

public:
    static constexpr char kFileName[] = "results.csv";

    struct Contents
    {
        std::vector<EpochReport> epochs; // in file order; best and epochsWithoutImprovement as the trainer counts them
        QStringList problems; // "results.csv:7: ..." for each row that was skipped
    };

    // `fileName` names the source in the problems. A last line without its newline that does
    // not parse is taken as still being written and skipped without a problem.
    static Contents parse(const QString &text, const QString &fileName);
    // A missing or unreadable file is one problem and no epochs.
    static Contents read(const QString &path);

    // The trainer's fitness of an epoch: box mAP50-95 + pose mAP50-95 when validated, else
    // the negative train loss (what decides best.ckpt and early stopping).
    static double fitness(const EpochReport &epoch);
    // Sets best and epochsWithoutImprovement of each epoch in order, as the trainer does.
    static void markBest(std::vector<EpochReport> &epochs);
};

} // namespace gp
