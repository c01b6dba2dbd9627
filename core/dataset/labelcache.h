#pragma once

#include "datasetconfig.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

// The parsed labels of one split, cached next to the labels (`labels/<split>.cache`,
// Ultralytics' place for it) and keyed by each image's and label file's size and mtime,
// so a second run parses only what changed. Problems found while parsing are stored too,
// so every run reports them.
class LabelCache
{
    Q_DECLARE_TR_FUNCTIONS(LabelCache)

public:
    struct Stats
    {
        int images = 0;
        int reused = 0; // entries taken from the cache unchanged
        int parsed = 0;
        bool written = false;
    };

    // The annotations of every readable image of `split` (unreadable images are reported
    // in *issues and left out).
    static std::vector<ImageAnnotation> load(const DatasetConfig &config, const QString &split, DatasetIssueList *issues,
                                             Stats *stats = nullptr);
    static QString cacheFile(const DatasetConfig &config, const QString &split);
};
