#include "columndecimation.h"

#include <algorithm>

std::vector<size_t> ColumnDecimation::minMax(const std::vector<double> &x, const std::vector<double> &y,
    const MinMaxPyramid &extremes, size_t begin, size_t end, double x0, double x1, int columns)
{
    end = std::min({ end, x.size(), y.size() });
    begin = std::min(begin, end);
    std::vector<size_t> out;
    if (columns <= 0 || end - begin <= 2 * size_t(columns) || !(x1 > x0)) {
        out.resize(end - begin);
        for (size_t i = begin; i < end; ++i)
            out[i - begin] = i;
        return out;
    }
    out.reserve(2 * size_t(columns) + 2);
    // The points inside the view, [first, last).
    const size_t first = size_t(std::lower_bound(x.begin() + long(begin), x.begin() + long(end), x0) - x.begin());
    const size_t last = size_t(std::upper_bound(x.begin() + long(first), x.begin() + long(end), x1) - x.begin());
    if (first > begin)
        out.push_back(first - 1);
    const double perColumn = double(columns) / (x1 - x0);
    // x ascends from x0 on here, so the column grows with the index: each column's points are
    // found by a binary search for where the next column starts.
    const auto columnOf = [&](double v) { return std::min(columns - 1, int((v - x0) * perColumn)); };
    size_t i = first;
    while (i < last) {
        const int column = columnOf(x[i]);
        const size_t next = size_t(std::partition_point(x.begin() + long(i), x.begin() + long(last), [&](double v) {
            return columnOf(v) <= column;
        }) - x.begin());
        auto [lo, hi] = extremes.extremes(y, i, next);
        if (lo == MinMaxPyramid::kNone)
            lo = hi = i;
        out.push_back(std::min(lo, hi));
        if (hi != lo)
            out.push_back(std::max(lo, hi));
        i = next;
    }
    if (last < end)
        out.push_back(last);
    // The first and last point in view too, so the drawn series spans what the view shows.
    if (first < last) {
        out.push_back(first);
        out.push_back(last - 1);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    return out;
}
