#include "activationcalibrator.h"

#include <algorithm>
#include <cmath>

namespace gp {

void ActivationCalibrator::widen(Stats &s, double low, double high)
{
    std::vector<double> counts(size_t(kBins), 0.0);
    const double oldWidth = (s.high - s.low) / kBins;
    const double width = (high - low) / kBins;
    for (int i = 0; i < kBins; ++i) {
        if (s.counts[size_t(i)] == 0.0)
            continue;
        const double centre = s.low + (i + 0.5) * oldWidth;
        const int j = std::clamp(int((centre - low) / width), 0, kBins - 1);
        counts[size_t(j)] += s.counts[size_t(i)];
    }
    s.counts = std::move(counts);
    s.low = low;
    s.high = high;
}

void ActivationCalibrator::observe(const std::string &name, const torch::Tensor &values)
{
    torch::NoGradGuard noGrad;
    const torch::Tensor v = values.detach().to(torch::kCPU, torch::kFloat).flatten();
    if (v.numel() == 0)
        return;
    const float mn = v.min().item<float>();
    const float mx = v.max().item<float>();
    auto it = m_stats.find(name);
    if (it == m_stats.end()) {
        Stats s;
        s.min = mn;
        s.max = mx;
        s.low = mn;
        // histc needs a non-empty range.
        s.high = mx > mn ? double(mx) : double(mn) + 1e-6;
        s.counts.assign(size_t(kBins), 0.0);
        it = m_stats.emplace(name, std::move(s)).first;
    }
    Stats &s = it->second;
    s.min = std::min(s.min, mn);
    s.max = std::max(s.max, mx);
    if (mn < s.low || mx > s.high)
        widen(s, std::min(s.low, double(mn)), std::max(s.high, double(mx)));
    const torch::Tensor h = torch::histc(v, kBins, s.low, s.high).to(torch::kDouble);
    const double *c = h.data_ptr<double>();
    for (int i = 0; i < kBins; ++i)
        s.counts[size_t(i)] += c[i];
    s.total += double(v.numel());
}

std::map<std::string, ActivationRange> ActivationCalibrator::ranges(CalibrationMethod method, double percentile) const
{
    std::map<std::string, ActivationRange> out;
    for (const auto &[name, s] : m_stats) {
        ActivationRange r { s.min, s.max };
        if (method == CalibrationMethod::Percentile && percentile < 100.0) {
            const double tail = s.total * (100.0 - percentile) / 200.0;
            const double width = (s.high - s.low) / kBins;
            double seen = 0.0;
            int lo = 0;
            while (lo < kBins - 1 && seen + s.counts[size_t(lo)] <= tail)
                seen += s.counts[size_t(lo++)];
            seen = 0.0;
            int hi = kBins - 1;
            while (hi > lo && seen + s.counts[size_t(hi)] <= tail)
                seen += s.counts[size_t(hi--)];
            r.low = std::max(s.min, float(s.low + lo * width));
            r.high = std::min(s.max, float(s.low + (hi + 1) * width));
        }
        out.emplace(name, r);
    }
    return out;
}

} // namespace gp
