#pragma once

// Internal header (OpenCV, through TrainSample in trainsample_p.h): core/train, its tests
// and benchmarks only.

#include "augmenter.h"
#include "loadedimagecache.h"
#include "scenarioaugmenter.h"
#include "traindataset.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace gp {

// Builds training batches on `workers` threads with a bounded prefetch. Every sample's
// augmentation is seeded from (seed, epoch, position), so an epoch's batches are the same
// bytes whatever the worker count; batches are delivered in order.
// Mosaic partners come from the whole split; decoded images stay in a cache (the whole split
// where it fits), so a mosaic sample decodes about one file instead of four. (Ultralytics draws
// partners from its buffer of the last 8 batches' images; that rule, tried here, cost pose
// mAP50-95 over seeds: docs/BENCHMARKS.md.)
// In a data-parallel run each rank builds its share of every batch: `batch` is the global
// batch and rank r takes the r-th of `worldSize` equal slices of it, so the ranks' slices
// together are the batch a single process would train on. The epoch's order is padded
// (repeating its start) to a multiple of worldSize so that every rank has the same count.
class BatchLoader
{
public:
    struct Options
    {
        int batch = 16;
        int workers = 4; // 0: build in the calling thread
        int prefetch = 2; // batches ready ahead, per worker
        uint64_t seed = 0;
        bool shuffle = true;
        double fraction = 1.0;
        int rank = 0;
        int worldSize = 1; // batch must be a multiple of it
    };

    struct Batch
    {
        int index = 0;
        std::vector<TrainSample> samples;
        std::vector<size_t> images; // dataset indices
        QStringList problems; // images that failed to decode
    };

    BatchLoader(const TrainDataset &dataset, const Augmenter &augmenter, const TrainingConfig &config, Options options);
    ~BatchLoader();
    BatchLoader(const BatchLoader &) = delete;
    BatchLoader &operator=(const BatchLoader &) = delete;

    int batchesPerEpoch() const;
    // Images in this rank's share of batch `index` (the last batch may be smaller).
    int localBatchSize(int index) const;
    // Starts producing the batches of `epoch` from `firstBatch` (a resumed epoch skips
    // what it already trained on); mosaic (and mixup) only when `mosaic`.
    void startEpoch(int epoch, bool mosaic, int firstBatch = 0);
    // The next batch of the epoch in order, or nothing at its end.
    std::optional<Batch> next();
    void stop();

    // One augmented training sample (what a worker computes), for tests and benchmarks.
    TrainSample buildSample(size_t position, int epoch, bool mosaic, QStringList *problems = nullptr) const;
    const LoadedImageCache &cache() const { return m_cache; }

private:
    size_t usableImages() const;
    size_t paddedImages() const;
    Batch buildBatch(int index) const;
    void workerLoop();

    const TrainDataset &m_dataset;
    const Augmenter &m_augmenter;
    TrainingConfig m_config;
    ScenarioAugmenter m_scenarios;
    Options m_options;
    std::vector<size_t> m_order;
    mutable LoadedImageCache m_cache;
    int m_epoch = 0;
    bool m_mosaic = true;

    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::map<int, Batch> m_ready;
    int m_nextToBuild = 0;
    int m_nextToDeliver = 0;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

} // namespace gp
