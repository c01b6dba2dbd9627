#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

// The lowest and the highest finite value of any range of a long series in O(log n): each
// level holds, for every whole block of 16·2^k values, the index of its lowest and its highest.
// A plot with 10^6 batch points asks this once per pixel column on each redraw instead of
// passing over every batch (docs/BENCHMARKS.md, "Plots with 10⁶ batch points"). The series
// itself is not copied: sync() and extremes() are given it, and it may only grow at its end
// between calls (a shorter one, or one changed before its end, needs clear()).
class MinMaxPyramid
{
public:
    static constexpr size_t kNone = size_t(-1);

    void clear();
    // Takes in the values of y past those already seen.
    void sync(const std::vector<double> &y);
    // The first index of the lowest and of the highest finite value of y in [begin, end), as a
    // scan from begin would find them; {kNone, kNone} when none is finite.
    std::pair<size_t, size_t> extremes(const std::vector<double> &y, size_t begin, size_t end) const;

private:
    // 16 values a block at the first level: below that a scan is as quick as a lookup, and the
    // levels together hold one entry per 8 values.
    static constexpr unsigned kFirstShift = 4;
    struct Entry
    {
        std::uint32_t lo;
        std::uint32_t hi;
    };
    static constexpr std::uint32_t kNoEntry = std::uint32_t(-1);
    static Entry merge(const std::vector<double> &y, Entry left, Entry right);

    std::vector<std::vector<Entry>> m_levels;
    size_t m_seen = 0;
};
