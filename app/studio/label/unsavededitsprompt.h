#pragma once

#include <QCoreApplication>
#include <QString>

class ScenarioTagController;
class QWidget;
namespace gp {
class AnnotationDocument;
} // namespace gp

// Asks before edits that could not be written are dropped: the labels of the image shown
// and the project's scenario tags. Each tries the write again while the user says Retry;
// Discard drops the edits, Cancel stays. True: go on (written, or dropped on purpose).
class UnsavedEditsPrompt
{
    Q_DECLARE_TR_FUNCTIONS(UnsavedEditsPrompt)

public:
    static bool confirmLabels(QWidget *parent, gp::AnnotationDocument *document, const QString &imageFile);
    static bool confirmTags(QWidget *parent, ScenarioTagController *tags);
};
