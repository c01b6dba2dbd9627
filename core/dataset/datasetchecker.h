#pragma once

#include "canceltoken.h"
#include "datasetconfig.h"
#include "progress.h"

#include <QCoreApplication>
#include <QString>

#include <map>

// Validates a whole dataset up front: data.yaml, every image (decoded) and every label
// line, plus label files that have no image. Runs the images in parallel; cancellable.
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
        int badImages = 0;
    };

    struct Report
    {
        DatasetIssueList issues;
        std::map<QString, SplitSummary> splits;
        bool cancelled = false;
        int totalImages() const;
        int totalInstances() const;
    };

    explicit DatasetChecker(DatasetConfig config);

    // Progress counts images and is reported from worker threads.
    Report run(const gp::CancelToken &cancel = {}, const gp::Progress &progress = {}) const;

private:
    DatasetConfig m_config;
};
