#include "temporalpresets.h"

namespace gp {

TemporalOptions TemporalPresets::apply(Preset preset, TemporalOptions o)
{
    const TemporalOptions defaults;
    o.smooth = true;
    o.filter.dCutoff = defaults.filter.dCutoff;
    // min cutoff (Hz), beta (1/px), keypoint confidence threshold, longest bridged gap (frames).
    auto set = [&o](double minCutoff, double beta, double kpt, int gap) {
        o.filter.minCutoff = minCutoff;
        o.filter.beta = beta;
        o.keypointConf = kpt;
        o.maxGap = gap;
    };
    switch (preset) {
    case Preset::Default:
        set(defaults.filter.minCutoff, defaults.filter.beta, defaults.keypointConf, defaults.maxGap);
        break;
    // From `gp_bench_video presets` on the generated scenario videos (docs/BENCHMARKS.md,
    // "Smoothing presets").
    case Preset::Steady:
        set(0.5, 0.01, 0.5, 5);
        break;
    case Preset::FastMotion:
        set(4.0, 0.1, 0.7, 5);
        break;
    case Preset::Occlusion:
        set(2.0, 0.01, 0.5, 5);
        break;
    case Preset::LowLight:
        set(2.0, 0.01, 0.5, 20);
        break;
    }
    return o;
}

QString TemporalPresets::name(Preset preset)
{
    switch (preset) {
    case Preset::Default:
        return tr("Default");
    case Preset::Steady:
        return tr("Steady");
    case Preset::FastMotion:
        return tr("Fast motion");
    case Preset::Occlusion:
        return tr("Occlusion");
    case Preset::LowLight:
        return tr("Low light");
    }
    return {};
}

QString TemporalPresets::key(Preset preset)
{
    switch (preset) {
    case Preset::Default:
        return QStringLiteral("default");
    case Preset::Steady:
        return QStringLiteral("steady");
    case Preset::FastMotion:
        return QStringLiteral("fast_motion");
    case Preset::Occlusion:
        return QStringLiteral("occlusion");
    case Preset::LowLight:
        return QStringLiteral("low_light");
    }
    return {};
}

std::optional<TemporalPresets::Preset> TemporalPresets::parse(const QString &key)
{
    const QString k = key.trimmed().toLower();
    for (Preset p : all())
        if (k == TemporalPresets::key(p))
            return p;
    return std::nullopt;
}

QStringList TemporalPresets::keys()
{
    QStringList out;
    for (Preset p : all())
        out << key(p);
    return out;
}

std::vector<TemporalPresets::Preset> TemporalPresets::all()
{
    return { Preset::Default, Preset::Steady, Preset::FastMotion, Preset::Occlusion, Preset::LowLight };
}

} // namespace gp
