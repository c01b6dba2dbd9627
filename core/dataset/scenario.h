#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gp {

// The footage that breaks a gripper-pose model: grippers covered by what they hold, by the
// other arm or by people; fast arm motion with motion blur; low light with noise. The
// synthetic generator renders each, datasets tag images with them (ScenarioTags), and
// validation reports metrics per tag.
enum class Scenario { Normal, Occlusion, FastMotion, LowLight };

class Scenarios
{
public:
    // "normal", "occlusion", "fast_motion", "low_light": the tags in scenarios.yaml.
    static QString name(Scenario scenario);
    static std::optional<Scenario> parse(const QString &name);
    // The hard ones, in the order above.
    static std::vector<Scenario> hard();
    static QStringList hardNames();
};

} // namespace gp
