// AnnotationCanvas's keyboard actions: the list, their default keys and texts for the
// shortcuts list (F1), the user's bindings, and what each action does to the document.
#include "annotationcanvas.h"

#include "annotationdocument.h"

#include <QKeyEvent>
#include <QUndoStack>

using gp::AnnotationDocument;

QList<AnnotationCanvas::Action> AnnotationCanvas::actions()
{
    return { Action::SkipPoint, Action::ToggleOccluded, Action::ClearPoint, Action::NewInstance, Action::NextInstance,
        Action::DeleteInstance, Action::SwapLeftRight, Action::Undo, Action::Redo, Action::ToggleNames,
        Action::FitToWindow, Action::ActualSize, Action::AcceptObject, Action::AcceptConfident };
}

QKeySequence AnnotationCanvas::defaultBinding(Action action)
{
    switch (action) {
    case Action::SkipPoint:
        return QKeySequence(Qt::Key_S);
    case Action::ToggleOccluded:
        return QKeySequence(Qt::Key_O);
    case Action::ClearPoint:
        return QKeySequence(Qt::Key_Delete);
    case Action::NewInstance:
        return QKeySequence(Qt::Key_N);
    case Action::NextInstance:
        return QKeySequence(Qt::Key_Tab);
    case Action::DeleteInstance:
        return QKeySequence(Qt::SHIFT | Qt::Key_Delete);
    case Action::SwapLeftRight:
        return QKeySequence(Qt::Key_F);
    case Action::Undo:
        return QKeySequence(Qt::CTRL | Qt::Key_Z);
    case Action::Redo:
        return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
    case Action::ToggleNames:
        return QKeySequence(Qt::Key_T);
    case Action::FitToWindow:
        return QKeySequence(Qt::Key_0);
    case Action::ActualSize:
        return QKeySequence(Qt::Key_1);
    case Action::AcceptObject:
        return QKeySequence(Qt::SHIFT | Qt::Key_Return);
    case Action::AcceptConfident:
        return QKeySequence(Qt::Key_Return);
    }
    return {};
}

QString AnnotationCanvas::actionText(Action action)
{
    switch (action) {
    case Action::SkipPoint:
        return tr("Skip the next point (absent, v=0)");
    case Action::ToggleOccluded:
        return tr("Toggle occluded (v=1) on the hovered or selected point");
    case Action::ClearPoint:
        return tr("Clear the hovered or selected point");
    case Action::NewInstance:
        return tr("Start a new object");
    case Action::NextInstance:
        return tr("Select the next object");
    case Action::DeleteInstance:
        return tr("Delete the selected object");
    case Action::SwapLeftRight:
        return tr("Swap left and right of the hovered or selected object");
    case Action::Undo:
        return tr("Undo");
    case Action::Redo:
        return tr("Redo");
    case Action::ToggleNames:
        return tr("Show or hide point names");
    case Action::FitToWindow:
        return tr("Fit the image to the window");
    case Action::ActualSize:
        return tr("Zoom to actual size (1:1)");
    case Action::AcceptObject:
        return tr("Accept the model's points of the hovered or selected object");
    case Action::AcceptConfident:
        return tr("Accept every confident point of the image, then go to the next doubtful one");
    }
    return {};
}

QString AnnotationCanvas::actionKey(Action action)
{
    switch (action) {
    case Action::SkipPoint:
        return QStringLiteral("skip-point");
    case Action::ToggleOccluded:
        return QStringLiteral("toggle-occluded");
    case Action::ClearPoint:
        return QStringLiteral("clear-point");
    case Action::NewInstance:
        return QStringLiteral("new-object");
    case Action::NextInstance:
        return QStringLiteral("next-object");
    case Action::DeleteInstance:
        return QStringLiteral("delete-object");
    case Action::SwapLeftRight:
        return QStringLiteral("swap-left-right");
    case Action::Undo:
        return QStringLiteral("undo");
    case Action::Redo:
        return QStringLiteral("redo");
    case Action::ToggleNames:
        return QStringLiteral("toggle-names");
    case Action::FitToWindow:
        return QStringLiteral("fit");
    case Action::ActualSize:
        return QStringLiteral("actual-size");
    case Action::AcceptObject:
        return QStringLiteral("accept-object");
    case Action::AcceptConfident:
        return QStringLiteral("accept-confident");
    }
    return {};
}

void AnnotationCanvas::setBinding(Action action, const QKeySequence &keys)
{
    m_bindings.insert(action, keys);
}

bool AnnotationCanvas::matchAction(const QKeyEvent *event, Action *action) const
{
    const QKeySequence pressed(event->keyCombination());
    for (auto it = m_bindings.cbegin(); it != m_bindings.cend(); ++it) {
        if (!it.value().isEmpty() && it.value().matches(pressed) == QKeySequence::ExactMatch) {
            *action = it.key();
            return true;
        }
    }
    // Backtab arrives for Shift+Tab; Ctrl+Y is the other common redo.
    if (event->key() == Qt::Key_Y && event->modifiers() == Qt::ControlModifier) {
        *action = Action::Redo;
        return true;
    }
    // The keypad's Enter does what Return is bound to.
    if (event->key() == Qt::Key_Enter) {
        const QKeySequence asReturn(QKeyCombination(event->modifiers() & ~Qt::KeypadModifier, Qt::Key_Return));
        for (auto it = m_bindings.cbegin(); it != m_bindings.cend(); ++it)
            if (!it.value().isEmpty() && it.value().matches(asReturn) == QKeySequence::ExactMatch) {
                *action = it.key();
                return true;
            }
    }
    return false;
}

void AnnotationCanvas::trigger(Action action)
{
    AnnotationDocument *doc = m_document;
    // The point a key acts on: the hovered one, else the selected one.
    int inst = m_hoverInstance, kp = m_hoverKeypoint;
    if (inst < 0) {
        inst = m_selInstance;
        kp = m_selKeypoint;
    }
    const int cur = m_selInstance >= 0 ? m_selInstance : doc->currentInstance();
    switch (action) {
    case Action::SkipPoint:
        doc->skipNext();
        break;
    case Action::ToggleOccluded:
        doc->toggleOccluded(inst, kp);
        break;
    case Action::ClearPoint:
        doc->clearKeypoint(inst, kp);
        if (inst == m_hoverInstance && kp == m_hoverKeypoint)
            m_hoverInstance = m_hoverKeypoint = -1;
        break;
    case Action::NewInstance:
        doc->addInstance();
        select(-1, -1);
        break;
    case Action::NextInstance:
        if (doc->instanceCount() > 0) {
            doc->setCurrentInstance((doc->currentInstance() + 1) % doc->instanceCount());
            select(-1, -1);
        }
        break;
    case Action::DeleteInstance:
        doc->removeInstance(targetInstance());
        m_hoverInstance = m_hoverKeypoint = -1;
        select(-1, -1);
        break;
    case Action::AcceptObject:
        doc->acceptInstance(targetInstance());
        break;
    case Action::AcceptConfident: {
        const auto [i, k] = doc->acceptConfident(doubtfulThreshold());
        goToNextDoubtful(i, k);
        break;
    }
    case Action::SwapLeftRight:
        doc->swapLeftRight(m_hoverInstance >= 0 ? m_hoverInstance : cur);
        break;
    case Action::Undo:
        doc->undoStack()->undo();
        break;
    case Action::Redo:
        doc->undoStack()->redo();
        break;
    case Action::ToggleNames:
        setShowNames(!m_showNames);
        break;
    case Action::FitToWindow:
        fitToWindow();
        break;
    case Action::ActualSize:
        zoomToActualSize();
        break;
    }
    update();
}
