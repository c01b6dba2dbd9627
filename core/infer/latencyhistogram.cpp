#include "latencyhistogram.h"

#include <algorithm>
#include <cmath>

namespace gp {

LatencyHistogram::LatencyHistogram()
    : m_bins(size_t(kBins), 0)
{ }

void LatencyHistogram::add(double ms)
{
    ms = std::max(0.0, ms);
    const double bin = std::floor(ms / kBinMs);
    if (bin < kBins)
        ++m_bins[size_t(bin)];
    else
        ++m_above;
    ++m_count;
    m_sum += ms;
    m_max = std::max(m_max, ms);
}

void LatencyHistogram::clear()
{
    std::fill(m_bins.begin(), m_bins.end(), 0);
    m_count = m_above = 0;
    m_sum = m_max = 0.0;
}

double LatencyHistogram::percentileMs(double q) const
{
    if (m_count == 0)
        return 0.0;
    // The rank of the q-quantile among the sorted samples (1-based, nearest rank).
    const int64_t rank = std::max<int64_t>(1, int64_t(std::ceil(std::clamp(q, 0.0, 1.0) * double(m_count))));
    int64_t seen = 0;
    for (int i = 0; i < kBins; ++i) {
        seen += m_bins[size_t(i)];
        if (seen >= rank)
            return std::min(m_max, (i + 1) * kBinMs);
    }
    return m_max;
}

} // namespace gp
