#pragma once

#include "canceltoken.h"
#include "datasetconfig.h"
#include "progress.h"

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

    // One image of a split as the cache knows it.
    struct Item
    {
        ImageAnnotation annotation; // imageSize invalid: the image does not decode
        bool hasLabelFile = false;
        std::vector<DatasetIssue> issues;
    };

    // The annotations of every readable image of `split` (unreadable images are reported
    // in *issues and left out).
    static std::vector<ImageAnnotation> load(
        const DatasetConfig &config, const QString &split, DatasetIssueList *issues, Stats *stats = nullptr);
    // Every image of `split`, readable or not, in the split's order. Progress counts images;
    // a cancelled scan returns what it has and writes no cache.
    static std::vector<Item> scan(const DatasetConfig &config, const QString &split, Stats *stats = nullptr,
        const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
    static QString cacheFile(const DatasetConfig &config, const QString &split);
};
