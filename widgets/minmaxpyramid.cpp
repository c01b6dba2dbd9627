#include "minmaxpyramid.h"

#include <algorithm>
#include <cmath>

void MinMaxPyramid::clear()
{
    m_levels.clear();
    m_seen = 0;
}

MinMaxPyramid::Entry MinMaxPyramid::merge(const std::vector<double> &y, Entry left, Entry right)
{
    // Left first and strict comparisons: of equal values the earlier index stays, as in a scan.
    if (left.lo == kNoEntry)
        return right;
    if (right.lo == kNoEntry)
        return left;
    return { y[right.lo] < y[left.lo] ? right.lo : left.lo, y[right.hi] > y[left.hi] ? right.hi : left.hi };
}

void MinMaxPyramid::sync(const std::vector<double> &y)
{
    if (y.size() < m_seen)
        clear();
    m_seen = y.size();
    for (unsigned k = 0; (size_t(1) << (kFirstShift + k)) <= y.size(); ++k) {
        if (m_levels.size() <= k)
            m_levels.emplace_back();
        std::vector<Entry> &level = m_levels[k];
        const size_t blocks = y.size() >> (kFirstShift + k);
        for (size_t j = level.size(); j < blocks; ++j) {
            if (k > 0) {
                level.push_back(merge(y, m_levels[k - 1][2 * j], m_levels[k - 1][2 * j + 1]));
                continue;
            }
            Entry e { kNoEntry, kNoEntry };
            const size_t begin = j << kFirstShift;
            for (size_t i = begin; i < begin + (size_t(1) << kFirstShift); ++i)
                if (std::isfinite(y[i]))
                    e = merge(y, e, { std::uint32_t(i), std::uint32_t(i) });
            level.push_back(e);
        }
    }
}

std::pair<size_t, size_t> MinMaxPyramid::extremes(const std::vector<double> &y, size_t begin, size_t end) const
{
    end = std::min(end, m_seen);
    Entry e { kNoEntry, kNoEntry };
    size_t i = begin;
    while (i < end) {
        const size_t first = size_t(1) << kFirstShift;
        if (i % first != 0 || i + first > end || m_levels.empty()) {
            if (std::isfinite(y[i]))
                e = merge(y, e, { std::uint32_t(i), std::uint32_t(i) });
            ++i;
            continue;
        }
        // The largest whole block that starts at i and ends by `end`.
        unsigned k = 0;
        while (k + 1 < m_levels.size() && i % (first << (k + 1)) == 0 && i + (first << (k + 1)) <= end)
            ++k;
        e = merge(y, e, m_levels[k][i >> (kFirstShift + k)]);
        i += first << k;
    }
    if (e.lo == kNoEntry)
        return { kNone, kNone };
    return { e.lo, e.hi };
}
