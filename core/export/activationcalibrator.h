#pragma once

// Internal (torch-only).

#include "exportoptions.h"

#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

namespace gp {

// The value range an activation tensor is quantised over.
struct ActivationRange
{
    float low = 0.0f;
    float high = 0.0f;
};

// Collects the values each named activation tensor takes over the calibration images and
// turns them into quantisation ranges: min/max, or a percentile of a histogram that grows
// with the values seen (its bins are merged into wider ones when a batch falls outside, so
// one pass over the images suffices).
class ActivationCalibrator
{
public:
    static constexpr int kBins = 2048;

    void observe(const std::string &name, const torch::Tensor &values);
    // The range of every observed tensor; percentile in (50, 100] keeps that share of the
    // values between low and high (the rest split evenly between the two tails).
    std::map<std::string, ActivationRange> ranges(CalibrationMethod method, double percentile) const;
    size_t tensorCount() const { return m_stats.size(); }

private:
    struct Stats
    {
        float min = 0.0f;
        float max = 0.0f;
        double low = 0.0; // histogram range
        double high = 0.0;
        std::vector<double> counts;
        double total = 0.0;
    };
    static void widen(Stats &s, double low, double high);

    std::map<std::string, Stats> m_stats;
};

} // namespace gp
