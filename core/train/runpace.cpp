#include "runpace.h"

#include <algorithm>

namespace gp {

RunPace RunPace::of(
    const std::vector<EpochReport> &history, int epochs, double sinceLastEpoch, int trainImages, bool training)
{
    RunPace pace;
    // Epoch times from the time column's differences. Where the column steps back, a resumed
    // run started counting again, and that epoch's time is its own value.
    std::vector<double> durations;
    for (size_t i = 0; i < history.size(); ++i) {
        const bool restarted = i == 0 || history[i].seconds <= history[i - 1].seconds;
        const double d = restarted ? history[i].seconds : history[i].seconds - history[i - 1].seconds;
        if (d > 0)
            durations.push_back(d);
    }
    if (durations.empty())
        return pace;
    const size_t n = std::min(durations.size(), size_t(kWindow));
    double sum = 0;
    for (size_t i = durations.size() - n; i < durations.size(); ++i)
        sum += durations[i];
    const double perEpoch = sum / double(n);
    pace.secondsPerEpoch = perEpoch;
    if (trainImages > 0)
        pace.imagesPerSecond = trainImages / perEpoch;
    const int done = int(history.size());
    if (training && epochs > done) {
        // The epoch in progress started when results.csv last changed; one that takes longer
        // than the pace says has nothing left to show but 0.
        const double epochLeft = std::max(0.0, perEpoch - std::max(0.0, sinceLastEpoch));
        pace.epochLeftSeconds = epochLeft;
        pace.runLeftSeconds = epochLeft + double(epochs - done - 1) * perEpoch;
    }
    return pace;
}

} // namespace gp
