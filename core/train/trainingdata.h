#pragma once

#include "datasetconfig.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace gp {

// The images a training run or a validation uses, after the one dataset validation
// (LabelCache's per-image verdicts, SplitScan's fatal problems): what `check` reports is
// what is trained on. A fatal problem (a bad kpt_shape or flip_idx, a split without
// images, labels none of which can be used) refuses the whole dataset, before any batch.
struct TrainingData
{
    Q_DECLARE_TR_FUNCTIONS(TrainingData)

public:
    DatasetConfig config;
    std::vector<ImageAnnotation> train;
    std::vector<ImageAnnotation> val; // or the split a validation asked for
    // Per image of `val`: its scenario tags from scenarios.yaml beside data.yaml (all empty
    // when the dataset has none), for validation's per-scenario metrics.
    std::vector<QStringList> valTags;
    DatasetIssueList problems; // the skipped images' problems
    QStringList notes; // things done on the way (an old cache removed)

    // The train and val splits; `cacheDir` as LabelCache's (empty: beside data.yaml).
    static std::optional<TrainingData> forTraining(const QString &dataYaml, const QString &cacheDir, QString *error);
    // One split, in `val`.
    static std::optional<TrainingData> forValidation(
        const QString &dataYaml, const QString &split, const QString &cacheDir, QString *error);
};

} // namespace gp
