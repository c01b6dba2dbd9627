#pragma once

#include <QCoreApplication>
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
    Q_DECLARE_TR_FUNCTIONS(Scenarios)
public:
    // "normal", "occlusion", "fast_motion", "low_light": the tags in scenarios.yaml.
    static QString name(Scenario scenario);
    static std::optional<Scenario> parse(const QString &name);
    // The hard ones, in the order above.
    static std::vector<Scenario> hard();
    static QStringList hardNames();
    // What a user reads for a tag: "Occlusion" for occlusion, ..., "Normal" for the untagged
    // images validation reports as normal; a tag of the user's own as it is written.
    static QString displayName(const QString &tag);
};

} // namespace gp
