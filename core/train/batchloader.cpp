#include "batchloader.h"

#include <algorithm>
#include <numeric>

namespace gp {

namespace {

// Room for the mosaic window, the batches in flight and the images they touch: a window
// entry stays while later samples touch partners up to a window behind them. At batch 16 that
// is 368 images with two loader threads: 64 MB at imgsz 320, 254 MB at 640 (for 16:9 images).
size_t cacheCapacity(size_t window, const BatchLoader::Options &o)
{
    const size_t inFlight = size_t(o.batch) * size_t(std::max(1, o.workers) * (o.prefetch + 1) + 1);
    return 2 * window + inFlight;
}

} // namespace

BatchLoader::BatchLoader(
    const TrainDataset &dataset, const Augmenter &augmenter, const TrainingConfig &config, Options options)
    : m_dataset(dataset)
    , m_augmenter(augmenter)
    , m_config(config)
    , m_scenarios(config)
    , m_options(options)
    , m_cache(cacheCapacity(mosaicWindow(), options))
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

size_t BatchLoader::mosaicWindow() const
{
    return std::max<size_t>(1, std::min({ usableImages(), size_t(m_options.batch) * 8, size_t(1000) }));
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

std::vector<size_t> BatchLoader::epochOrder(int epoch) const
{
    std::vector<size_t> order(usableImages());
    std::iota(order.begin(), order.end(), size_t(0));
    if (m_options.shuffle) {
        AugmentRng rng(m_options.seed, uint64_t(epoch), ~0ULL);
        for (size_t i = order.size(); i > 1; --i)
            std::swap(order[i - 1], order[rng.below(i)]);
    }
    for (size_t i = 0; order.size() < paddedImages(); ++i)
        order.push_back(order[i]);
    return order;
}

void BatchLoader::startEpoch(int epoch, bool mosaic, int firstBatch)
{
    stop();
    m_epoch = epoch;
    m_mosaic = mosaic;
    m_order = epochOrder(epoch);
    m_previousOrder = epoch > 0 ? epochOrder(epoch - 1) : std::vector<size_t>();
    std::lock_guard lock(m_mutex);
    m_ready.clear();
    m_nextToBuild = firstBatch;
    m_nextToDeliver = firstBatch;
    for (int i = 0; i < m_options.workers; ++i)
        m_threads.emplace_back([this] { workerLoop(); });
}

size_t BatchLoader::partnerImage(size_t position, int epoch, AugmentRng &rng) const
{
    // The first epoch's window holds only the images loaded so far (at position 0 that is
    // the image itself, as in Ultralytics' first mosaic); later it reaches back into the
    // previous epoch's order.
    const size_t span = epoch == 0 ? std::min(mosaicWindow(), position + 1) : mosaicWindow();
    const size_t back = rng.below(span);
    const size_t n = m_dataset.size();
    if (back <= position)
        return m_order.empty() ? (position - back) % n : m_order[position - back];
    const size_t fromEnd = back - position; // 1: the previous epoch's last position
    if (m_previousOrder.empty()) // a sample built outside an epoch: the order is the split's
        return (paddedImages() - fromEnd) % n;
    return m_previousOrder[m_previousOrder.size() - fromEnd];
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
                four[k] = load(partnerImage(position, epoch, rng));
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
