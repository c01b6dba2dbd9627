#include "framecache.h"

#include <algorithm>

namespace gp {

FrameCache::FrameCache(qint64 budgetBytes)
    : m_budget(budgetBytes)
{ }

void FrameCache::setBudget(qint64 bytes)
{
    m_budget = std::max<qint64>(0, bytes);
    evict();
}

QImage FrameCache::take(qint64 index)
{
    m_playhead = index;
    const auto it = m_frames.find(index);
    return it == m_frames.end() ? QImage() : it->second;
}

void FrameCache::insert(qint64 index, const QImage &image)
{
    if (image.isNull())
        return;
    const auto it = m_frames.find(index);
    if (it != m_frames.end()) {
        m_bytes -= it->second.sizeInBytes();
        it->second = image;
    } else {
        m_frames.emplace(index, image);
    }
    m_bytes += image.sizeInBytes();
    evict();
}

void FrameCache::clear()
{
    m_frames.clear();
    m_bytes = 0;
}

int FrameCache::capacityFor(const QImage &image) const
{
    return image.sizeInBytes() > 0 ? int(std::min<qint64>(m_budget / image.sizeInBytes(), 1 << 20)) : 0;
}

void FrameCache::evict()
{
    // The farthest frame from the playhead is at one end of the ordered map.
    while (m_bytes > m_budget && !m_frames.empty()) {
        auto first = m_frames.begin();
        auto last = std::prev(m_frames.end());
        auto victim = (m_playhead - first->first) >= (last->first - m_playhead) ? first : last;
        m_bytes -= victim->second.sizeInBytes();
        m_frames.erase(victim);
    }
}

} // namespace gp
