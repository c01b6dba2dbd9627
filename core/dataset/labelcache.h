#pragma once

#include "canceltoken.h"
#include "datasetconfig.h"
#include "progress.h"
#include "splitscan.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace gp {

// The verdicts on the images of one split (DatasetImage: decoded, labels parsed), cached
// and keyed by each image's and label file's size and times, so a second run inspects
// only what changed. The problems found are stored too, so every run reports them.
//
// The cache lives in the project, never in the dataset's folders: by default in
// `.gripperpose-cache/` beside data.yaml (or in a folder the user names), one file per
// split named after the split and a hash of its image folder. `labels/<split>.cache` is
// Ultralytics' own cache (a NumPy pickle) and is never written; one that an earlier
// version of this program wrote there (which stops Ultralytics) is removed when found.
class LabelCache
{
    Q_DECLARE_TR_FUNCTIONS(LabelCache)

public:
    struct Options
    {
        QString cacheDir; // empty: defaultCacheDir()
        // Decode (check, training, validation), or Structure to list a folder quickly (the
        // Label workspace): entries judged at Structure depth are decoded by the next Decode scan.
        ImageCheck::Depth depth = ImageCheck::Depth::Decode;
        gp::CancelToken cancel; // polled between images; a cancelled scan writes no cache
        gp::Progress progress; // counts images, reported from worker threads
    };

    struct Stats
    {
        int images = 0; // usable images
        int reused = 0; // entries taken from the cache unchanged
        int parsed = 0; // images inspected
        bool written = false;
        QString legacyRemoved; // the old-style cache file removed, if any
    };

    // Every image of `split`, usable or not, in the split's order, with its verdict;
    // inspected in parallel where not cached.
    static SplitScan scan(
        const DatasetConfig &config, const QString &split, const Options &options, Stats *stats = nullptr);
    static SplitScan scan(const DatasetConfig &config, const QString &split);
    // The usable images of `split`; the problems of the others go to *issues.
    static std::vector<ImageAnnotation> load(const DatasetConfig &config, const QString &split,
        DatasetIssueList *issues, Stats *stats = nullptr, const QString &cacheDir = QString());

    // `.gripperpose-cache` in the folder of data.yaml.
    static QString defaultCacheDir(const DatasetConfig &config);
    static QString cacheFile(const DatasetConfig &config, const QString &split, const QString &cacheDir = QString());
    // Where Ultralytics keeps its cache of `split` (which this class never writes).
    static QString ultralyticsCacheFile(const DatasetConfig &config, const QString &split);
};

} // namespace gp
