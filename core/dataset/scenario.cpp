#include "scenario.h"

namespace gp {

QString Scenarios::name(Scenario scenario)
{
    switch (scenario) {
    case Scenario::Occlusion:
        return QStringLiteral("occlusion");
    case Scenario::FastMotion:
        return QStringLiteral("fast_motion");
    case Scenario::LowLight:
        return QStringLiteral("low_light");
    case Scenario::Normal:
        break;
    }
    return QStringLiteral("normal");
}

std::optional<Scenario> Scenarios::parse(const QString &name)
{
    for (Scenario s : { Scenario::Normal, Scenario::Occlusion, Scenario::FastMotion, Scenario::LowLight })
        if (name == Scenarios::name(s))
            return s;
    return std::nullopt;
}

std::vector<Scenario> Scenarios::hard()
{
    return { Scenario::Occlusion, Scenario::FastMotion, Scenario::LowLight };
}

QStringList Scenarios::hardNames()
{
    QStringList out;
    for (Scenario s : hard())
        out << name(s);
    return out;
}

QString Scenarios::displayName(const QString &tag)
{
    const std::optional<Scenario> known = parse(tag);
    if (!known)
        return tag;
    switch (*known) {
    case Scenario::Normal:
        return tr("Normal", "scenario");
    case Scenario::Occlusion:
        return tr("Occlusion", "scenario");
    case Scenario::FastMotion:
        return tr("Fast motion", "scenario");
    case Scenario::LowLight:
        return tr("Low light", "scenario");
    }
    return tag;
}

} // namespace gp
