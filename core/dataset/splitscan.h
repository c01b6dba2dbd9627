#pragma once

#include "datasetimage.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

class DatasetConfig;

// The verdicts on every image of one split (LabelCache::scan), and what they mean for the
// split as a whole.
struct SplitScan
{
    Q_DECLARE_TR_FUNCTIONS(SplitScan)

public:
    QString split;
    QString imagesDir; // absolute folder or list file
    bool found = false; // the folder or list file exists
    bool cancelled = false;
    std::vector<DatasetImage> images;

    int count(DatasetImage::Status status) const;
    int usableCount() const;
    int instances() const;
    // Every image's problems, in image order.
    DatasetIssueList issues() const;
    // The images that may be trained on or validated with.
    std::vector<ImageAnnotation> usable() const;

    // What makes the split unusable as a whole (fatal issues): its folder is missing, no
    // image is usable, its label lines all fail (with a hint when kpt_shape disagrees with
    // the labels), or, with `needsObjects`, no image holds an object.
    DatasetIssueList fatalProblems(const DatasetConfig &config, bool needsObjects) const;
    // What makes an evaluation split useless without making it unusable: usable images but
    // not one labelled object (no label files yet, or all background), so every metric
    // computed on it would be zero. Not fatal: a user may be labelling it right now.
    DatasetIssueList evaluationWarnings(const DatasetConfig &config) const;
};
