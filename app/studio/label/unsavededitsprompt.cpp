#include "unsavededitsprompt.h"

#include "annotationdocument.h"
#include "scenariotagcontroller.h"

#include <QFileInfo>
#include <QMessageBox>

using gp::AnnotationDocument;

namespace {

// Retry, Discard or Cancel in a box named `name` (tests answer it by that name).
QMessageBox::StandardButton ask(QWidget *parent, const QString &name, const QString &title, const QString &text)
{
    QMessageBox box(
        QMessageBox::Warning, title, text, QMessageBox::Retry | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(name);
    box.setDefaultButton(QMessageBox::Retry);
    return QMessageBox::StandardButton(box.exec());
}

} // namespace

bool UnsavedEditsPrompt::confirmLabels(QWidget *parent, AnnotationDocument *document, const QString &imageFile)
{
    while (document->isLoaded() && !document->flush()) {
        const auto answer = ask(parent, QStringLiteral("unsavedLabelsBox"), tr("Labels Not Saved"),
            tr("The labels of %1 could not be saved:\n%2\n\nThey are kept here and saved as soon as that works. "
               "Leave the image and lose them?")
                .arg(QFileInfo(imageFile).fileName(), document->lastError()));
        if (answer == QMessageBox::Discard) {
            document->discardUnsavedChanges();
            return true;
        }
        if (answer != QMessageBox::Retry)
            return false;
    }
    return true;
}

bool UnsavedEditsPrompt::confirmTags(QWidget *parent, ScenarioTagController *tags)
{
    while (tags->hasUnsavedChanges() && !tags->flush()) {
        const auto answer = ask(parent, QStringLiteral("unsavedTagsBox"), tr("Scenario Tags Not Saved"),
            tr("The scenario tags could not be saved:\n%1\n\nThey are kept here and saved as soon as that works. "
               "Close the project and lose them?")
                .arg(tags->saveError()));
        if (answer == QMessageBox::Discard) {
            tags->discardUnsavedChanges();
            return true;
        }
        if (answer != QMessageBox::Retry)
            return false;
    }
    return true;
}
