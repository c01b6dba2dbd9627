#include "labelactions.h"

#include "annotationcanvas.h"

#include <QAction>
#include <QMenu>
#include <QToolBar>
#include <QToolButton>
#include <QWidget>

LabelActions::LabelActions(QWidget *workspace)
    : QObject(workspace)
    , next(new QAction(this))
    , previous(new QAction(this))
    , undo(new QAction(this))
    , redo(new QAction(this))
    , newObject(new QAction(this))
    , deleteObject(new QAction(this))
    , swap(new QAction(this))
    , copyPrevious(new QAction(this))
    , markBackground(new QAction(this))
    , fit(new QAction(this))
    , actualSize(new QAction(this))
    , shortcuts(new QAction(this))
    , importFrames(new QAction(this))
    , prelabelImage(new QAction(this))
    , prelabelAll(new QAction(this))
    , accept(new QAction(this))
    , reject(new QAction(this))
    , acceptObject(new QAction(this))
    , acceptConfident(new QAction(this))
    , assistSettings(new QAction(this))
    , trainOnLabels(new QAction(this))
    , suggestNext(new QAction(this))
    , prelabelButton(new QToolButton(workspace))
{
    trainOnLabels->setObjectName(QStringLiteral("trainOnLabels"));
    suggestNext->setObjectName(QStringLiteral("suggestNext"));
    next->setShortcuts({ QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown) });
    previous->setShortcuts({ QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp) });
    shortcuts->setShortcuts({ QKeySequence(Qt::Key_F1), QKeySequence(Qt::Key_Question) });
    copyPrevious->setShortcut(QKeySequence(Qt::Key_C));
    markBackground->setShortcut(QKeySequence(Qt::Key_B));
    markBackground->setObjectName(QStringLiteral("markBackground"));
    accept->setShortcut(QKeySequence(Qt::Key_A));
    // A modifier: rejecting deletes the model's labels.
    reject->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_R));
    // Anywhere in the workspace. For undo, redo and the object commands that includes the
    // list and the panels; on the canvas the canvas's own keys take them first.
    for (QAction *a : { next, previous, shortcuts, copyPrevious, markBackground, accept, reject, undo, redo, newObject,
             deleteObject, swap, fit, actualSize }) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        workspace->addAction(a);
    }
}

QToolBar *LabelActions::createToolBar(QWidget *parent)
{
    auto *bar = new QToolBar(parent);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->setIconSize(QSize(16, 16));
    for (QAction *a : { undo, redo })
        bar->addAction(a);
    bar->addSeparator();
    for (QAction *a : { newObject, deleteObject, swap, copyPrevious, markBackground })
        bar->addAction(a);
    bar->addSeparator();
    for (QAction *a : { fit, actualSize })
        bar->addAction(a);
    bar->addSeparator();
    bar->addAction(importFrames);
    bar->addSeparator();
    auto *prelabelMenu = new QMenu(prelabelButton);
    prelabelMenu->addAction(prelabelImage);
    prelabelMenu->addAction(prelabelAll);
    prelabelMenu->addAction(trainOnLabels);
    prelabelMenu->addAction(suggestNext);
    prelabelMenu->addSeparator();
    prelabelMenu->addAction(assistSettings);
    prelabelButton->setMenu(prelabelMenu);
    prelabelButton->setPopupMode(QToolButton::InstantPopup);
    prelabelButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    prelabelButton->setAutoRaise(true);
    bar->addWidget(prelabelButton);
    bar->addSeparator();
    bar->addAction(shortcuts);
    return bar;
}

void LabelActions::retranslate(const AnnotationCanvas &canvas)
{
    using A = AnnotationCanvas::Action;
    auto withKey = [&canvas](const QString &text, A action) {
        const QString key = canvas.binding(action).toString(QKeySequence::NativeText);
        //: A tooltip followed by its key, e.g. "Undo the last edit (Ctrl+Z)".
        return key.isEmpty() ? text : tr("%1 (%2)").arg(text, key);
    };
    undo->setShortcut(canvas.binding(A::Undo));
    redo->setShortcut(canvas.binding(A::Redo));
    newObject->setShortcut(canvas.binding(A::NewInstance));
    deleteObject->setShortcut(canvas.binding(A::DeleteInstance));
    swap->setShortcut(canvas.binding(A::SwapLeftRight));
    fit->setShortcut(canvas.binding(A::FitToWindow));
    actualSize->setShortcut(canvas.binding(A::ActualSize));
    next->setText(tr("Next Image"));
    previous->setText(tr("Previous Image"));
    undo->setText(tr("Undo"));
    undo->setToolTip(withKey(tr("Undo the last edit"), A::Undo));
    redo->setText(tr("Redo"));
    redo->setToolTip(withKey(tr("Redo the edit undone last"), A::Redo));
    newObject->setText(tr("New Object"));
    newObject->setToolTip(withKey(tr("Start a new object; the next click places its first point"), A::NewInstance));
    deleteObject->setText(tr("Delete Object"));
    deleteObject->setToolTip(withKey(tr("Delete the selected object"), A::DeleteInstance));
    swap->setText(tr("Swap L/R"));
    swap->setToolTip(withKey(tr("Swap the left and right points of the selected object"), A::SwapLeftRight));
    markBackground->setText(tr("Background"));
    markBackground->setToolTip(tr("The image shows no object: remove its objects and save it as a background "
                                  "image, reviewed (B)"));
    copyPrevious->setText(tr("Copy Previous"));
    copyPrevious->setToolTip(tr("Replace this image's objects with those of the image shown before it; on a "
                                "sequence of frames, only the points that held still over the last frames (C)"));
    fit->setText(tr("Fit"));
    fit->setToolTip(withKey(tr("Fit the image to the window"), A::FitToWindow));
    actualSize->setText(tr("1:1"));
    actualSize->setToolTip(withKey(tr("Show the image at its actual size"), A::ActualSize));
    importFrames->setText(tr("Import Frames…"));
    importFrames->setToolTip(tr("Add every N-th frame of a video to this split, to be labelled"));
    //: A button with a menu: label images with a trained model.
    prelabelButton->setText(tr("Pre-label"));
    prelabelButton->setToolTip(tr("Label images with a trained model as a starting point; they are marked "
                                  "\"needs review\" until you accept them"));
    prelabelImage->setText(tr("Pre-label This Image"));
    prelabelImage->setToolTip(tr("Label this image with a trained model; the result is marked \"needs review\""));
    prelabelAll->setText(tr("Pre-label All Unlabelled Images…"));
    prelabelAll->setToolTip(tr("Label every unlabelled image of the project with a trained model, in the background; "
                               "images with labels are never touched"));
    //: Accept the labels a model wrote (pre-labelling) after checking them.
    accept->setText(tr("Accept"));
    accept->setToolTip(tr("The model's labels are right (after your fixes): clear \"needs review\" (%1)")
                           .arg(accept->shortcut().toString(QKeySequence::NativeText)));
    //: Reject the labels a model wrote (pre-labelling): they are deleted.
    reject->setText(tr("Reject"));
    reject->setToolTip(tr("Delete the model's labels of this image; it is unlabelled again (%1)")
                           .arg(reject->shortcut().toString(QKeySequence::NativeText)));
    acceptObject->setText(tr("Accept Object"));
    acceptObject->setToolTip(
        withKey(tr("Confirm the model's points of the hovered or selected object"), A::AcceptObject));
    acceptConfident->setText(tr("Accept Confident Points"));
    acceptConfident->setToolTip(
        withKey(tr("Confirm every point the model was sure of, then go to the next doubtful (hollow) one"),
            A::AcceptConfident));
    trainOnLabels->setText(tr("Train on My Labels, then Pre-label Again"));
    trainOnLabels->setToolTip(tr("Fine-tune the project's model on every accepted label (shown in the Train "
                                 "workspace), then pre-label the unlabelled images and revise the ones under "
                                 "review with it; your points never move"));
    suggestNext->setText(tr("Suggest What to Label Next"));
    suggestNext->setToolTip(tr("Rank the images nobody has reviewed by how unsure the model is of them (it looks "
                               "at each image and at its mirror image), covering every kind of scene; the list "
                               "shows them first, numbered"));
    assistSettings->setText(tr("Pre-label and Review Settings…"));
    assistSettings->setToolTip(tr("Which detections pre-labelling keeps, and below which confidence a proposed "
                                  "point is doubtful"));
    shortcuts->setText(tr("Shortcuts…"));
    shortcuts->setToolTip(tr("List every key and mouse gesture, and change the keys (F1)"));
}

QString LabelActions::hint(const AnnotationCanvas &canvas)
{
    using A = AnnotationCanvas::Action;
    auto key = [&canvas](A action) { return canvas.binding(action).toString(QKeySequence::NativeText); };
    //: %1..%7 are key names (S, O, Del, N, Tab, F, Ctrl+Z), which the user can rebind.
    return tr("Click: place the next point · %1: skip · %2: occluded · %3: clear · %4: new object · "
              "%5: next object · %6: swap left/right · %7: undo · wheel: zoom · middle or "
              "Space+drag: pan · → / ←: next and previous image · F1: all shortcuts")
        .arg(key(A::SkipPoint), key(A::ToggleOccluded), key(A::ClearPoint), key(A::NewInstance), key(A::NextInstance),
            key(A::SwapLeftRight), key(A::Undo));
}
