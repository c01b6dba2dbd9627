#include "batchloader.h"

#include <algorithm>
#include <numeric>

namespace gp {

namespace {

// Mosaic draws its partners from the whole split, so the cache keeps the whole split where it
// fits in 1 GiB (sized for imgsz × imgsz images; 16:9 ones take 56 %): 400 images at 320 take
// 69 MB. A larger split keeps its most recently used images and decodes the rest again.
size_t cacheCapacity(size_t images, int imgsz)
{
    const size_t bytes = size_t(std::max(1, imgsz)) * size_t(std::max(1, imgsz)) * 3;
    return std::min(images, std::max<size_t>(64, (size_t(1) << 30) / bytes));
}

} // namespace

BatchLoader::BatchLoader(
    const TrainDataset &dataset, const Augmenter &augmenter, const TrainingConfig &config, Options options)
    : m_dataset(dataset)
    , m_augmenter(augmenter)
    , m_config(config)
    , m_scenarios(config)
    , m_options(options)
    , m_cache(cacheCapacity(dataset.size(), config.imgsz)) // partners come from all of it, fraction or not
{ }

BatchLoader::~BatchLoader()
{
    stop();
}

size_t BatchLoader::usableImages() const
{
    // `fraction` trains on a fixed subset: the first images of the split, as Ultralytics does.
    const size_t n = m_dataset.size();
    return std::min(n, std::max<size_t>(n ? 1 : 0, size_t(double(n) * m_options.fraction)));
}

size_t BatchLoader::paddedImages() const
{
    const size_t world = size_t(std::max(1, m_options.worldSize));
    return (usableImages() + world - 1) / world * world;
}

int BatchLoader::batchesPerEpoch() const
{
    return int((paddedImages() + size_t(m_options.batch) - 1) / size_t(m_options.batch));
}

int BatchLoader::localBatchSize(int index) const
{
    const size_t begin = size_t(index) * size_t(m_options.batch);
    const size_t end = std::min(begin + size_t(m_options.batch), paddedImages());
    return end > begin ? int((end - begin) / size_t(std::max(1, m_options.worldSize))) : 0;
}

void BatchLoader::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_cv.notify_all();
    for (std::thread &t : m_threads)
        t.join();
    m_threads.clear();
    m_stopping = false;
}

void BatchLoader::startEpoch(int epoch, bool mosaic, int firstBatch)
{
    stop();
    m_epoch = epoch;
    m_mosaic = mosaic;
    m_order.resize(usableImages());
    std::iota(m_order.begin(), m_order.end(), size_t(0));
    if (m_options.shuffle) {
        AugmentRng rng(m_options.seed, uint64_t(epoch), ~0ULL);
        for (size_t i = m_order.size(); i > 1; --i)
            std::swap(m_order[i - 1], m_order[rng.below(i)]);
    }
    for (size_t i = 0; m_order.size() < paddedImages(); ++i)
        m_order.push_back(m_order[i]);
    std::lock_guard lock(m_mutex);
    m_ready.clear();
    m_nextToBuild = firstBatch;
    m_nextToDeliver = firstBatch;
    for (int i = 0; i < m_options.workers; ++i)
        m_threads.emplace_back([this] { workerLoop(); });
}

TrainSample BatchLoader::buildSample(size_t position, int epoch, bool mosaic, QStringList *problems) const
{
    AugmentRng rng(m_options.seed, uint64_t(epoch), position);
    const size_t n = m_dataset.size();
    const size_t index = m_order.empty() ? position % n : m_order[position];
    auto decode = [&](size_t i, bool *ok) {
        QString error;
        TrainSample t = m_dataset.load(i, m_config.imgsz, &error);
        *ok = error.isEmpty();
        if (!*ok && problems)
            *problems << error;
        return t;
    };
    // Without mosaic each image is used once per epoch: nothing to gain from keeping it.
    const bool partners = mosaic && m_config.mosaic > 0;
    auto load = [&](size_t i) {
        bool ok;
        return partners ? m_cache.get(i, [&](bool *loaded) { return decode(i, loaded); }) : decode(i, &ok);
    };
    auto preTransform = [&](size_t first) {
        if (mosaic && rng.chance(m_config.mosaic)) {
            std::array<TrainSample, 4> four;
            four[0] = load(first);
            for (size_t k = 1; k < 4; ++k)
                four[k] = load(rng.below(n));
            return m_augmenter.mosaic(four, rng);
        }
        return m_augmenter.letterboxAndPerspective(load(first), rng);
    };
    TrainSample s = preTransform(index);
    // Mixup blends in a second pre-transformed image; like mosaic it stops in the last epochs.
    if (mosaic && rng.chance(m_config.mixup))
        s = Augmenter::mixup(s, preTransform(rng.below(n)), rng);
    // Blur, low light, noise and occluders, where Ultralytics runs its Albumentations; unlike
    // mosaic they stay on to the last epoch.
    m_scenarios.apply(s, rng);
    m_augmenter.hsv(s, rng);
    m_augmenter.flips(s, rng);
    return s;
}

BatchLoader::Batch BatchLoader::buildBatch(int index) const
{
    Batch b;
    b.index = index;
    const size_t local = size_t(localBatchSize(index));
    const size_t begin = size_t(index) * size_t(m_options.batch) + size_t(m_options.rank) * local;
    const size_t end = begin + local;
    for (size_t p = begin; p < end; ++p) {
        b.samples.push_back(buildSample(p, m_epoch, m_mosaic, &b.problems));
        b.images.push_back(m_order[p]);
    }
    return b;
}

void BatchLoader::workerLoop()
{
    const int total = batchesPerEpoch();
    const int ahead = std::max(1, m_options.prefetch * m_options.workers);
    for (;;) {
        int index;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(
                lock, [&] { return m_stopping || m_nextToBuild >= total || m_nextToBuild < m_nextToDeliver + ahead; });
            if (m_stopping || m_nextToBuild >= total)
                return;
            index = m_nextToBuild++;
        }
        Batch b = buildBatch(index);
        {
            std::lock_guard lock(m_mutex);
            m_ready.emplace(index, std::move(b));
        }
        m_cv.notify_all();
    }
}

std::optional<BatchLoader::Batch> BatchLoader::next()
{
    if (m_nextToDeliver >= batchesPerEpoch())
        return std::nullopt;
    if (m_options.workers == 0)
        return buildBatch(m_nextToDeliver++);
    std::unique_lock lock(m_mutex);
    m_cv.wait(lock, [&] { return m_ready.count(m_nextToDeliver) > 0; });
    Batch b = std::move(m_ready.at(m_nextToDeliver));
    m_ready.erase(m_nextToDeliver);
    ++m_nextToDeliver;
    lock.unlock();
    m_cv.notify_all();
    return b;
}

} // namespace gp
