#pragma once

#include <cstdint>
#include <vector>

namespace gp {

// Frame latencies in fixed 0.1 ms bins up to 10 s, for percentiles over a run of any length
// (a camera left on all day adds counts, not samples). Slower frames are counted above the
// last bin and still set the maximum.
class LatencyHistogram
{
public:
    LatencyHistogram();

    void add(double ms);
    void clear();
    int64_t count() const { return m_count; }
    double maxMs() const { return m_max; }
    double meanMs() const { return m_count ? m_sum / double(m_count) : 0.0; }
    // The smallest bin edge below which at least q of the frames fall (q in [0, 1]); the
    // maximum when that lies above the bins; 0 with no frames.
    double percentileMs(double q) const;

    static constexpr double kBinMs = 0.1;
    static constexpr int kBins = 100000;

private:
    std::vector<int64_t> m_bins;
    int64_t m_count = 0;
    int64_t m_above = 0;
    double m_sum = 0.0;
    double m_max = 0.0;
};

} // namespace gp
