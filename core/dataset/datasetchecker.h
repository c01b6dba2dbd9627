#pragma once

#include "canceltoken.h"
#include "datasetconfig.h"
#include "progress.h"

#include <QCoreApplication>
#include <QString>

#include <map>

namespace gp {

// Validates a whole dataset up front: data.yaml, every image (decoded) and every label
// line, plus label files that have no image. The per-image verdicts are LabelCache's (the
// ones training and validation use), so `check` and `train` always agree; cancellable.
class DatasetChecker
{
    Q_DECLARE_TR_FUNCTIONS(DatasetChecker)

public:
    struct SplitSummary
    {
        int images = 0;
        int labelled = 0; // images with a label file holding at least one object
        int background = 0; // images with an empty label file
        int unlabelled = 0; // images without a label file
        int instances = 0;
        int visible = 0, occluded = 0, absent = 0; // keypoints by visibility
        int badImages = 0; // images refused (do not decode, truncated, too large, ...)
        int badLabels = 0; // images skipped for their label file (unreadable, a line that fails)
    };

    struct Report
    {
        DatasetIssueList issues; // every problem; the fatal ones (DatasetIssue::isFatal) last
        std::map<QString, SplitSummary> splits;
        bool cancelled = false;
        int totalImages() const;
        int totalInstances() const;
    };

    // `cacheDir`: where LabelCache keeps its verdicts (empty: beside data.yaml).
    explicit DatasetChecker(DatasetConfig config, QString cacheDir = QString());

    // Progress counts images and is reported from worker threads.
    Report run(const gp::CancelToken &cancel = {}, const gp::Progress &progress = {}) const;

private:
    DatasetConfig m_config;
    QString m_cacheDir;
};

} // namespace gp
