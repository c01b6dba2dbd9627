#pragma once

#include "posetracker.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

// Starting points for the temporal stage's settings per kind of footage. The values were
// chosen by `gp_bench_video presets` on simulated detections of the demo video's ground
// truth in each scenario (docs/BENCHMARKS.md, "Smoothing presets"): the setting with the
// lowest sum of keypoint error and jitter.
class TemporalPresets
{
    Q_DECLARE_TR_FUNCTIONS(TemporalPresets)

public:
    enum class Preset { Default, Steady, FastMotion, Occlusion, LowLight };

    // `base` keeps what a preset does not set (sigmas, tracking thresholds).
    static TemporalOptions apply(Preset preset, TemporalOptions base = {});
    static QString name(Preset preset);
    static std::vector<Preset> all();
};
