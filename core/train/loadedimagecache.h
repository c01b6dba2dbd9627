#pragma once

// Internal header (OpenCV, through TrainSample in trainsample_p.h): core/train, its tests
// and benchmarks only.

#include "trainsample_p.h"

#include <cstddef>
#include <functional>
#include <list>
#include <mutex>
#include <unordered_map>

namespace gp {

// The most recently used decoded training images (already resized to imgsz), shared by the
// loader's threads, so that a mosaic sample decodes about one file instead of four. The cached images are shared, not
// copied: callers must not modify them in place (every augmentation writes into a new image before HSV and flips work
// in place).
class LoadedImageCache
{
public:
    explicit LoadedImageCache(size_t capacity);

    // Image `index` from the cache, or from `load` (run outside the lock, so two threads may
    // decode the same file once each). A load that reports a problem is not kept, so the
    // problem is reported again at each use rather than hidden behind a grey stand-in.
    TrainSample get(size_t index, const std::function<TrainSample(bool *ok)> &load);
    void clear();

    size_t capacity() const { return m_capacity; }
    size_t size() const;
    size_t hits() const;
    size_t misses() const;

private:
    struct Entry
    {
        TrainSample sample;
        std::list<size_t>::iterator age;
    };

    const size_t m_capacity;
    mutable std::mutex m_mutex;
    std::list<size_t> m_byAge; // most recently used first
    std::unordered_map<size_t, Entry> m_entries;
    size_t m_hits = 0;
    size_t m_misses = 0;
};

} // namespace gp
