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
// Mosaic partners come from the images of the last mosaicWindow() positions of the order
// (reaching back into the previous epoch's), as Ultralytics draws them from its buffer of
// recently loaded images; those images are still decoded in the cache.
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
    // How many of the latest positions mosaic partners are drawn from: Ultralytics' buffer
    // length, min(images, 8 batches, 1000).
    size_t mosaicWindow() const;
    // The dataset index of a mosaic partner for the sample at `position` of the current epoch
    // (what buildSample draws; public for tests).
    size_t partnerImage(size_t position, int epoch, AugmentRng &rng) const;
    const LoadedImageCache &cache() const { return m_cache; }

private:
    size_t usableImages() const;
    size_t paddedImages() const;
    std::vector<size_t> epochOrder(int epoch) const;
    Batch buildBatch(int index) const;
    void workerLoop();

    const TrainDataset &m_dataset;
    const Augmenter &m_augmenter;
    TrainingConfig m_config;
    ScenarioAugmenter m_scenarios;
    Options m_options;
    std::vector<size_t> m_order;
    std::vector<size_t> m_previousOrder; // the tail of the mosaic window at an epoch's start
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
