#pragma once

#include "trainerevents.h"

#include <optional>
#include <vector>

namespace gp {

// Where a run that another process trains stands, from its files alone: results.csv's time
// column (seconds since the run started, one row per finished epoch), the epochs args.yaml
// plans, how long ago results.csv last changed, and the size of the training split. The
// dashboard shows a watched run's speed and time left with it, as it does a run of its own
// from the trainer's events.
struct RunPace
{
    // Seconds per epoch, validation included: the mean of the last kWindow epochs' times
    // (the first epoch of a run, or the first after a resume, also builds the model and
    // warms the caches, so recent epochs say more about the next ones than the mean over all).
    static constexpr int kWindow = 3;

    std::optional<double> secondsPerEpoch;
    // Training images per second: the split's images over an epoch's time. Validation is in
    // that time, so this is a little under the trainer's own figure (training steps only).
    std::optional<double> imagesPerSecond;
    std::optional<double> epochLeftSeconds;
    std::optional<double> runLeftSeconds;

    // `epochs`: the epochs planned (0 when unknown); `sinceLastEpoch`: seconds since
    // results.csv changed; `trainImages`: 0 when unknown; `training`: whether a process is
    // training it now (RunCatalog's Active): only then is there time left.
    static RunPace of(
        const std::vector<EpochReport> &history, int epochs, double sinceLastEpoch, int trainImages, bool training);
};

} // namespace gp
