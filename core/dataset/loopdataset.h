#pragma once

#include "datasetconfig.h"

#include <QCoreApplication>
#include <QString>

namespace gp {

class ReviewState;

// The labels a person has accepted, as a dataset to train on (the labelling loop's "train on my
// labels"): every image of the project with a label file that is not awaiting review, in list
// files beside a data.yaml of its own in `<project>/.gripperpose/loop/`, so that neither the
// project's data.yaml nor anything Ultralytics reads in the dataset changes. The project's
// val images go to val, the others to train; with no accepted val image, every fifth accepted
// train image is held out for validation.
class LoopDataset
{
    Q_DECLARE_TR_FUNCTIONS(LoopDataset)

public:
    struct Counts
    {
        int train = 0;
        int val = 0;
    };

    static QString dirFor(const QString &projectDir);
    // Writes the lists and data.yaml; *yamlFile gets its path. False with *error when there is
    // nothing to train on (no accepted label) or a file cannot be written.
    static bool write(
        const DatasetConfig &project, const ReviewState &review, QString *yamlFile, Counts *counts, QString *error);
};

} // namespace gp
