#include "loadedimagecache.h"

namespace gp {

LoadedImageCache::LoadedImageCache(size_t capacity)
    : m_capacity(capacity)
{ }

TrainSample LoadedImageCache::get(size_t index, const std::function<TrainSample(bool *ok)> &load)
{
    {
        std::lock_guard lock(m_mutex);
        auto it = m_entries.find(index);
        if (it != m_entries.end()) {
            m_byAge.splice(m_byAge.begin(), m_byAge, it->second.age);
            ++m_hits;
            return it->second.sample;
        }
        ++m_misses;
    }
    bool ok = true;
    TrainSample s = load(&ok);
    if (!ok || m_capacity == 0)
        return s;
    std::lock_guard lock(m_mutex);
    if (m_entries.count(index)) // another thread loaded it meanwhile
        return s;
    m_byAge.push_front(index);
    m_entries.emplace(index, Entry { s, m_byAge.begin() });
    while (m_entries.size() > m_capacity) {
        m_entries.erase(m_byAge.back());
        m_byAge.pop_back();
    }
    return s;
}

void LoadedImageCache::clear()
{
    std::lock_guard lock(m_mutex);
    m_entries.clear();
    m_byAge.clear();
}

size_t LoadedImageCache::size() const
{
    std::lock_guard lock(m_mutex);
    return m_entries.size();
}

size_t LoadedImageCache::hits() const
{
    std::lock_guard lock(m_mutex);
    return m_hits;
}

size_t LoadedImageCache::misses() const
{
    std::lock_guard lock(m_mutex);
    return m_misses;
}

} // namespace gp
