#pragma once

#include "posetracker.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gp {

// Starting points for the temporal stage's settings per kind of footage. The values were
// chosen by `gp_bench_video presets` on the generated scenario videos with a trained model
// (docs/BENCHMARKS.md, "Smoothing presets"): on each scenario's video, the least jitter
// among the settings no worse than the default in keypoint error and in coverage. Steady
// is tuned on the normal video.
class TemporalPresets
{
    Q_DECLARE_TR_FUNCTIONS(TemporalPresets)

public:
    enum class Preset { Default, Steady, FastMotion, Occlusion, LowLight };

    // `base` keeps what a preset does not set (sigmas, tracking thresholds).
    static TemporalOptions apply(Preset preset, TemporalOptions base = {});
    // The name on screen.
    static QString name(Preset preset);
    // "default", "steady", "fast_motion", "occlusion", "low_light": the values of predict's
    // temporal= key (the scenario tags' words).
    static QString key(Preset preset);
    static std::optional<Preset> parse(const QString &key);
    static QStringList keys();
    static std::vector<Preset> all();
};

} // namespace gp
