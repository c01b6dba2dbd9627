#include "scenariotagcommand.h"

#include "scenariotagcontroller.h"

ScenarioTagCommand::ScenarioTagCommand(
    ScenarioTagController *controller, const QStringList &files, const QString &tag, bool on)
    : m_controller(controller)
    , m_files(files)
    , m_tag(tag)
    , m_on(on)
{
    //: An undo step; %1 is a scenario tag.
    setText(on ? ScenarioTagController::tr("Tag %n image(s) %1", nullptr, int(files.size())).arg(tag)
               : ScenarioTagController::tr("Untag %n image(s) %1", nullptr, int(files.size())).arg(tag));
}

void ScenarioTagCommand::redo()
{
    m_controller->apply(m_files, m_tag, m_on);
}

void ScenarioTagCommand::undo()
{
    m_controller->apply(m_files, m_tag, !m_on);
}
