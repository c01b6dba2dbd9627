#pragma once

#include <QImage>

#include <map>

namespace gp {

// Decoded frames kept around the playhead of a screen that scrubs: images by frame index
// within a memory budget. When the budget is exceeded the frames farthest from the last
// frame asked for go first, so stepping back and forth near the playhead never decodes
// twice, and a jump elsewhere slowly replaces the old neighbourhood.
class FrameCache
{
public:
    explicit FrameCache(qint64 budgetBytes = kDefaultBudget);

    void setBudget(qint64 bytes);
    qint64 budget() const { return m_budget; }
    // The frame, or a null image; moves the playhead to `index`.
    QImage take(qint64 index);
    bool contains(qint64 index) const { return m_frames.count(index) != 0; }
    void insert(qint64 index, const QImage &image);
    void clear();
    int size() const { return int(m_frames.size()); }
    qint64 bytes() const { return m_bytes; }
    // How many frames of `image`'s size fit the budget.
    int capacityFor(const QImage &image) const;

    static constexpr qint64 kDefaultBudget = 512ll * 1024 * 1024;

private:
    void evict();

    std::map<qint64, QImage> m_frames;
    qint64 m_budget;
    qint64 m_bytes = 0;
    qint64 m_playhead = 0;
};

} // namespace gp
