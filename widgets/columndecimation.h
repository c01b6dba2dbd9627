#pragma once

#include "minmaxpyramid.h"

#include <cstddef>
#include <vector>

// Which points of a long series to hand to a plot: with more points than the view has pixel
// columns, only the lowest and the highest point of each column (in their order), the first
// and the last point in view, and the nearest point on either side of the view so a line
// runs on to its edges. Drawn, that is
// the same picture as every point: each column's points lie between its lowest and highest,
// and a polyline through them covers exactly that span of the column. A per-column mean
// would not do for the loss plot: its faint batch points are there to show the spread and a
// diverged batch, which a mean hides. The points kept are real points (their own x and y),
// so the read-out names a batch that exists. Each column's extremes come from the series'
// MinMaxPyramid, so the cost is the columns', not the points': O(columns · log n).
class ColumnDecimation
{
public:
    // The fewest pixel columns a plot decimates for (one not laid out yet has none).
    static constexpr int kMinColumns = 400;

    // Indices into [begin, end) of x (ascending) and y, ascending, for a view of x from x0 to
    // x1 that is `columns` pixels wide. When [begin, end) has no more than two points a
    // column, every index. Values that are not finite are left out of a column's lowest and
    // highest; a column with nothing finite keeps its first point. `extremes` is y's pyramid,
    // synced with y.
    static std::vector<size_t> minMax(const std::vector<double> &x, const std::vector<double> &y,
        const MinMaxPyramid &extremes, size_t begin, size_t end, double x0, double x1, int columns);
};
