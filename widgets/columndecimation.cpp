#include "columndecimation.h"

#include <algorithm>
#include <cmath>

std::vector<size_t> ColumnDecimation::minMax(const std::vector<double> &x, const std::vector<double> &y, size_t begin,
    size_t end, double x0, double x1, int columns)
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
    size_t i = first;
    while (i < last) {
        const int column = std::min(columns - 1, int((x[i] - x0) * perColumn));
        size_t lo = i, hi = i;
        bool finite = false;
        for (; i < last && std::min(columns - 1, int((x[i] - x0) * perColumn)) == column; ++i) {
            if (!std::isfinite(y[i]))
                continue;
            if (!finite) {
                lo = hi = i;
                finite = true;
                continue;
            }
            if (y[i] < y[lo])
                lo = i;
            if (y[i] > y[hi])
                hi = i;
        }
        out.push_back(std::min(lo, hi));
        if (hi != lo)
            out.push_back(std::max(lo, hi));
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
