#pragma once

#include <QObject>

class AnnotationCanvas;
class QAction;
class QToolBar;
class QToolButton;
class QWidget;

// The Label workspace's commands: the actions with their keys (the canvas's rebindable
// ones follow its bindings), texts and tooltips, and the tool bar that shows them.
// The workspace connects them to what they do.
class LabelActions : public QObject
{
    Q_OBJECT

public:
    explicit LabelActions(QWidget *workspace);

    // The tool bar: edit, view, import, pre-label and shortcut commands.
    QToolBar *createToolBar(QWidget *parent);
    // Keys (from the canvas's bindings), texts and tooltips, in the current language.
    void retranslate(const AnnotationCanvas &canvas);
    // The one-line reminder of the canvas's keys shown under the points.
    static QString hint(const AnnotationCanvas &canvas);

    QAction *next;
    QAction *previous;
    QAction *undo;
    QAction *redo;
    QAction *newObject;
    QAction *deleteObject;
    QAction *swap;
    QAction *copyPrevious;
    // No object in the image: an empty label file (a background image, reviewed).
    QAction *markBackground;
    QAction *fit;
    QAction *actualSize;
    QAction *shortcuts;
    QAction *importFrames;
    QAction *prelabelImage;
    QAction *prelabelAll;
    QAction *accept;
    QAction *reject;
    // Model-assisted review: accept the hovered or current object's proposals; accept every
    // confident proposal and go to the next doubtful point; the review's settings.
    QAction *acceptObject;
    QAction *acceptConfident;
    QAction *assistSettings;
    // The labelling loop: fine-tune on the accepted labels, then pre-label again.
    QAction *trainOnLabels;
    // Rank the images not reviewed yet by what labelling them would teach the model.
    QAction *suggestNext;
    // Pre-label: a click pre-labels the image shown, its menu all unlabelled ones.
    QToolButton *prelabelButton;
};
