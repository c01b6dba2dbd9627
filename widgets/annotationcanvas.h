#pragma once

#include "imageview.h"

#include <QKeySequence>
#include <QMap>
#include <QPointF>

namespace gp {
class AnnotationDocument;
} // namespace gp

// The editing canvas of the Label workspace: an ImageView (its zoom, pan and the one
// image <-> view mapping) that edits an AnnotationDocument with the mouse and keys.
//
// A left click places the next keypoint of the current instance in skeleton order and
// advances, also on top of an existing point while an instance is being labelled; the name
// and side of the next point follow the cursor. Dragging a point (past kDragThreshold) moves
// it, dragging a handle or the edge of the current instance's box resizes or moves the
// box (once the instance is complete or its box manual, or with Ctrl held). Middle-drag or Space+drag pans, the wheel
// zooms around the cursor. The keys are bindings (setBinding()) so the workspace can let the user change them.
//
// Correcting a model's proposals: dragging a proposed point makes it a person's and the rest of
// its gripper follows (AnnotationDocument::moveKeypoint); Alt+drag on a point moves its whole
// gripper, Alt+wheel over a gripper rotates it and Alt+Shift+wheel scales it, about its centre;
// AcceptObject confirms the hovered (or current) object's proposals, AcceptConfident every
// confident proposal of the image, and then selects the next doubtful point and puts the
// cursor on it.
class AnnotationCanvas : public ImageView
{
    Q_OBJECT

public:
    enum class Action {
        SkipPoint,
        ToggleOccluded,
        ClearPoint,
        NewInstance,
        NextInstance,
        DeleteInstance,
        SwapLeftRight,
        Undo,
        Redo,
        ToggleNames,
        FitToWindow,
        ActualSize,
        AcceptObject,
        AcceptConfident,
    };
    static constexpr double kGrabRadius = 9.0; // view pixels: a press this close takes a point
    static constexpr double kHandleSize = 8.0; // view pixels
    static constexpr double kDragThreshold = 3.0; // view pixels a press moves before it drags
    static constexpr double kRotateStep = 2.0; // degrees per wheel notch with Alt
    static constexpr double kScaleStep = 1.02; // per wheel notch with Alt+Shift

    AnnotationCanvas(gp::AnnotationDocument *document, const gp::Skeleton &skeleton, QWidget *parent = nullptr);

    gp::AnnotationDocument *document() const { return m_document; }

    static QList<Action> actions();
    static QKeySequence defaultBinding(Action action);
    // A short translated description of an action, for the cheat-sheet.
    static QString actionText(Action action);
    static QString actionKey(Action action); // stable name for settings ("skip-point")
    QKeySequence binding(Action action) const { return m_bindings.value(action); }
    void setBinding(Action action, const QKeySequence &keys);
    // Performs an action as its key would.
    void trigger(Action action);

    void setShowNames(bool show);
    bool showNames() const { return m_showNames; }
    void setShowCrosshair(bool show);
    bool showCrosshair() const { return m_showCrosshair; }

    // The selected point (instance, keypoint), or (-1, -1).
    int selectedInstance() const { return m_selInstance; }
    int selectedKeypoint() const { return m_selKeypoint; }
    // The labelled point nearest `viewPoint` within kGrabRadius: its instance and index.
    bool pointAt(const QPointF &viewPoint, int *instance, int *keypoint) const;
    // The gripper (instance, Skeleton::partGroups() index) under `viewPoint`: the part whose
    // points' bounds, grown by kGrabRadius, hold it, the nearest centre winning; false if none.
    bool partAt(const QPointF &viewPoint, int *instance, int *group) const;

Q_SIGNALS:
    void selectionChanged(int instance, int keypoint);
    // A drag of one point ended (its undo step is `dragId`'s).
    void pointDragged(int instance, int keypoint, int dragId);
    void showNamesChanged(bool show);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void paintUnderLabels(QPainter &painter) const override;

private:
    // Pending*: pressed on a point or a handle, not moved past kDragThreshold yet.
    enum class Drag { None, Pan, PendingPoint, Point, PendingBox, Box, Part };
    // Box handles: 0..7 the corners and edge middles clockwise from top-left, 8 the edge (move).
    bool boxHandlesActive() const;
    int boxHandleAt(const QPointF &viewPoint) const;
    QRectF draggedBox(const QPointF &imagePoint) const;
    bool matchAction(const QKeyEvent *event, Action *action) const;
    void placeAt(const QPointF &imagePoint, int visibility);
    // The object keys act on: the hovered point's, else the current one.
    int targetInstance() const;
    void goToNextDoubtful(int instance, int keypoint);
    void syncFromDocument();
    void select(int instance, int keypoint);
    void paintOverlay(QPainter &painter) const;

    gp::AnnotationDocument *m_document;
    QMap<Action, QKeySequence> m_bindings;
    bool m_showNames = false;
    bool m_showCrosshair = true;
    bool m_spaceHeld = false;
    bool m_mouseInside = false;
    QPointF m_mouse; // view
    Drag m_drag = Drag::None;
    int m_dragHandle = -1;
    int m_dragId = 0;
    int m_dragInstance = -1;
    int m_dragKeypoint = -1;
    int m_dragPart = -1;
    quint64 m_lastPressTime = 0;
    QRectF m_dragStartBox;
    QPointF m_dragStartPoint; // image pixels: where the dragged point was at the press
    QPointF m_pressView;
    QPointF m_pressImage;
    int m_pressVisibility = 2;
    int m_selInstance = -1;
    int m_selKeypoint = -1;
    int m_hoverInstance = -1;
    int m_hoverKeypoint = -1;
};
