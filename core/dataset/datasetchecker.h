#pragma once

#include "datasetconfig.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <functional>
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
        int labelled = 0;    // images with a label file holding at least one object
        int background = 0;  // images with an empty label file
        int unlabelled = 0;  // images without a label file
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

    // Called from worker threads with (images done, total); keep it cheap and thread-safe.
    using Progress = std::function<void(int done, int total)>;

    explicit DatasetChecker(DatasetConfig config);

    Report run(const std::atomic_bool *cancel = nullptr, const Progress &progress = {}) const;

private:
    DatasetConfig m_config;
};
