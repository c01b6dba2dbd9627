#pragma once

#include <QStringList>
#include <QUndoCommand>

class ScenarioTagController;

// One change of scenario tags as an undo step: these files tagged (or untagged) with one
// tag. Only files whose tag changed are in it, so undoing gives back exactly what was there.
class ScenarioTagCommand : public QUndoCommand
{
public:
    ScenarioTagCommand(ScenarioTagController *controller, const QStringList &files, const QString &tag, bool on);

    void redo() override;
    void undo() override;

private:
    ScenarioTagController *m_controller;
    QStringList m_files;
    QString m_tag;
    bool m_on;
};
