#include "annotationcanvas.h"

#include "annotationdocument.h"

#include <QApplication>
#include <QCursor>
#include <QEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using gp::AnnotationDocument;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;

namespace {
const QColor kCrosshair(255, 255, 255, 110);
const QColor kCrosshairShadow(0, 0, 0, 90);
const QColor kLabelBackground(20, 20, 20, 200);
const QColor kCurrentBox(255, 255, 255);
constexpr double kSelectRing = 8.0;

void drawOutlinedText(QPainter &painter, const QPointF &at, const QFont &font, const QString &text, const QColor &fill)
{
    QPainterPath path;
    path.addText(at, font, text);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(QColor(0, 0, 0, 220), 3.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPath(path);
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawPath(path);
}
} // namespace

AnnotationCanvas::AnnotationCanvas(AnnotationDocument *document, const Skeleton &skeleton, QWidget *parent)
    : ImageView(skeleton, parent)
    , m_document(document)
{
    for (Action a : actions())
        m_bindings.insert(a, defaultBinding(a));
    setCursor(Qt::CrossCursor);
    connect(m_document, &AnnotationDocument::changed, this, &AnnotationCanvas::syncFromDocument);
    connect(m_document, &AnnotationDocument::cursorChanged, this, [this] { update(); });
    syncFromDocument();
}

void AnnotationCanvas::setShowNames(bool show)
{
    if (show == m_showNames)
        return;
    m_showNames = show;
    update();
    Q_EMIT showNamesChanged(show);
}

void AnnotationCanvas::setShowCrosshair(bool show)
{
    m_showCrosshair = show;
    update();
}

void AnnotationCanvas::syncFromDocument()
{
    setAnnotation(m_document->annotation());
    QStringList captions;
    for (int i = 0; i < m_document->instanceCount(); ++i)
        captions << QString::number(i + 1);
    setInstanceCaptions(captions);
    if (m_selInstance >= m_document->instanceCount())
        select(-1, -1);
    update();
}

void AnnotationCanvas::select(int instance, int keypoint)
{
    if (instance == m_selInstance && keypoint == m_selKeypoint)
        return;
    m_selInstance = instance;
    m_selKeypoint = keypoint;
    update();
    Q_EMIT selectionChanged(instance, keypoint);
}

bool AnnotationCanvas::pointAt(const QPointF &viewPoint, int *instance, int *keypoint) const
{
    const auto &insts = m_document->instances();
    // A model's proposals win over a person's points (they are what a review works on), then
    // the current instance's points (the ones being worked on), then the nearest.
    for (const bool proposals : { true, false }) {
        for (int pass = 0; pass < 2; ++pass) {
            double best = kGrabRadius * kGrabRadius;
            bool found = false;
            for (int i = 0; i < int(insts.size()); ++i) {
                if ((pass == 0) != (i == m_document->currentInstance()))
                    continue;
                const auto &kps = insts[size_t(i)].keypoints;
                for (int k = 0; k < int(kps.size()); ++k) {
                    if (!kps[size_t(k)].isLabelled() || kps[size_t(k)].isProposal() != proposals)
                        continue;
                    const QPointF d = imageToView(QPointF(kps[size_t(k)].x, kps[size_t(k)].y)) - viewPoint;
                    const double d2 = QPointF::dotProduct(d, d);
                    if (d2 <= best) {
                        best = d2;
                        *instance = i;
                        *keypoint = k;
                        found = true;
                    }
                }
            }
            if (found)
                return true;
        }
    }
    return false;
}

bool AnnotationCanvas::partAt(const QPointF &viewPoint, int *instance, int *group) const
{
    const auto groups = skeleton().partGroups();
    const auto &insts = m_document->instances();
    double best = -1;
    for (int i = 0; i < int(insts.size()); ++i)
        for (int g = 0; g < int(groups.size()); ++g) {
            double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            QPointF centre;
            int n = 0;
            for (int k : groups[size_t(g)]) {
                const Keypoint &p = insts[size_t(i)].keypoints[size_t(k)];
                if (!p.isLabelled())
                    continue;
                const QPointF v = imageToView(QPointF(p.x, p.y));
                x0 = n == 0 ? v.x() : std::min(x0, v.x());
                y0 = n == 0 ? v.y() : std::min(y0, v.y());
                x1 = n == 0 ? v.x() : std::max(x1, v.x());
                y1 = n == 0 ? v.y() : std::max(y1, v.y());
                centre += v;
                ++n;
            }
            if (n == 0 || viewPoint.x() < x0 - kGrabRadius || viewPoint.x() > x1 + kGrabRadius
                || viewPoint.y() < y0 - kGrabRadius || viewPoint.y() > y1 + kGrabRadius)
                continue;
            const QPointF d = centre / n - viewPoint;
            const double d2 = QPointF::dotProduct(d, d);
            if (best < 0 || d2 < best) {
                best = d2;
                *instance = i;
                *group = g;
            }
        }
    return best >= 0;
}

int AnnotationCanvas::targetInstance() const
{
    return m_hoverInstance >= 0 ? m_hoverInstance : m_document->currentInstance();
}

void AnnotationCanvas::goToNextDoubtful(int instance, int keypoint)
{
    if (instance < 0)
        return;
    m_document->setCurrentInstance(instance);
    select(instance, keypoint);
    const Keypoint &k = m_document->instances()[size_t(instance)].keypoints[size_t(keypoint)];
    const QPointF view = imageToView(QPointF(k.x, k.y));
    if (!rect().contains(view.toPoint()))
        pan(QPointF(rect().center()) - view);
    // The cursor goes to the point: the next key (O, Delete) or drag starts there.
    const QPointF at = imageToView(QPointF(k.x, k.y));
    QCursor::setPos(mapToGlobal(at.toPoint()));
    m_hoverInstance = instance;
    m_hoverKeypoint = keypoint;
    m_mouse = at;
}

bool AnnotationCanvas::boxHandlesActive() const
{
    // While an object's points are being clicked its automatic box hugs them, and the next
    // point often lands on its edge: the handles then wait for the object to be complete
    // (or the box to be manual already, or Ctrl to be held).
    const int cur = m_document->currentInstance();
    if (cur < 0 || cur >= m_document->instanceCount())
        return false;
    return m_document->isBoxManual(cur) || m_document->nextKeypoint() >= skeleton().keypointCount()
        || (QApplication::keyboardModifiers() & Qt::ControlModifier);
}

int AnnotationCanvas::boxHandleAt(const QPointF &p) const
{
    const int cur = m_document->currentInstance();
    if (!boxHandlesActive())
        return -1;
    const QRectF box = imageToView(m_document->instances()[size_t(cur)].box);
    if (box.isEmpty())
        return -1;
    const QPointF handles[8] = { box.topLeft(), QPointF(box.center().x(), box.top()), box.topRight(),
        QPointF(box.right(), box.center().y()), box.bottomRight(), QPointF(box.center().x(), box.bottom()),
        box.bottomLeft(), QPointF(box.left(), box.center().y()) };
    for (int h = 0; h < 8; ++h)
        if (std::abs(handles[h].x() - p.x()) <= kHandleSize && std::abs(handles[h].y() - p.y()) <= kHandleSize)
            return h;
    const double tol = kHandleSize / 2;
    const bool nearVertical = (std::abs(p.x() - box.left()) <= tol || std::abs(p.x() - box.right()) <= tol)
        && p.y() >= box.top() - tol && p.y() <= box.bottom() + tol;
    const bool nearHorizontal = (std::abs(p.y() - box.top()) <= tol || std::abs(p.y() - box.bottom()) <= tol)
        && p.x() >= box.left() - tol && p.x() <= box.right() + tol;
    return nearVertical || nearHorizontal ? 8 : -1;
}

QRectF AnnotationCanvas::draggedBox(const QPointF &imagePoint) const
{
    QRectF b = m_dragStartBox;
    const QPointF d = imagePoint - m_pressImage;
    switch (m_dragHandle) {
    case 0:
        b.setTopLeft(b.topLeft() + d);
        break;
    case 1:
        b.setTop(b.top() + d.y());
        break;
    case 2:
        b.setTopRight(b.topRight() + d);
        break;
    case 3:
        b.setRight(b.right() + d.x());
        break;
    case 4:
        b.setBottomRight(b.bottomRight() + d);
        break;
    case 5:
        b.setBottom(b.bottom() + d.y());
        break;
    case 6:
        b.setBottomLeft(b.bottomLeft() + d);
        break;
    case 7:
        b.setLeft(b.left() + d.x());
        break;
    default:
        b.translate(d);
        break;
    }
    return b.normalized();
}

bool AnnotationCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        auto *ke = static_cast<QKeyEvent *>(event);
        Action action;
        if (matchAction(ke, &action) || ke->key() == Qt::Key_Space) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept(); // the canvas's keys win over window shortcuts
                return true;
            }
            // Tab would move the focus before keyPressEvent() sees it.
            keyPressEvent(ke);
            return true;
        }
    }
    return ImageView::event(event);
}

void AnnotationCanvas::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            setCursor(Qt::OpenHandCursor);
        }
        event->accept();
        return;
    }
    Action action;
    if (matchAction(event, &action)) {
        trigger(action);
        event->accept();
        return;
    }
    ImageView::keyPressEvent(event);
}

void AnnotationCanvas::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        if (m_drag != Drag::Pan)
            setCursor(Qt::CrossCursor);
        event->accept();
        return;
    }
    ImageView::keyReleaseEvent(event);
}

void AnnotationCanvas::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    m_lastPressTime = event->timestamp();
    m_mouse = event->position();
    if (image().isNull() || !m_document->isLoaded()) {
        event->ignore();
        return;
    }
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld)) {
        m_drag = Drag::Pan;
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() != Qt::LeftButton) {
        event->ignore();
        return;
    }
    m_pressView = event->position();
    m_pressImage = viewToImage(event->position());
    m_pressVisibility = event->modifiers() & Qt::ShiftModifier ? Keypoint::Occluded : Keypoint::Visible;
    int inst = -1, kp = -1;
    int part = -1;
    // On a point or a handle the press waits: moving makes it a drag, releasing a click.
    if ((event->modifiers() & Qt::AltModifier) && partAt(event->position(), &inst, &part)) {
        // Alt+drag: the whole gripper under the cursor.
        ++m_dragId;
        m_document->beginInteraction();
        m_document->setCurrentInstance(inst);
        m_drag = Drag::Part;
        m_dragInstance = inst;
        m_dragPart = part;
        setCursor(Qt::SizeAllCursor);
    } else if (pointAt(event->position(), &inst, &kp)) {
        m_drag = Drag::PendingPoint;
        m_dragInstance = inst;
        m_dragKeypoint = kp;
    } else if (const int handle = boxHandleAt(event->position()); handle >= 0) {
        m_drag = Drag::PendingBox;
        m_dragHandle = handle;
        m_dragStartBox = m_document->instances()[size_t(m_document->currentInstance())].box;
    } else {
        placeAt(m_pressImage, m_pressVisibility);
    }
    event->accept();
}

void AnnotationCanvas::placeAt(const QPointF &imagePoint, int visibility)
{
    if (!QRectF(QPointF(0, 0), QSizeF(imageSize())).contains(imagePoint))
        return;
    // The point just placed is the selected one: O and Delete act on it.
    const int placed = m_document->placeNext(imagePoint, visibility);
    select(placed >= 0 ? m_document->currentInstance() : -1, placed);
}

void AnnotationCanvas::mouseMoveEvent(QMouseEvent *event)
{
    const QPointF delta = event->position() - m_mouse;
    m_mouse = event->position();
    m_mouseInside = true;
    const QPointF imagePoint = viewToImage(event->position());
    const QPointF travel = event->position() - m_pressView;
    const bool pastThreshold = std::hypot(travel.x(), travel.y()) > kDragThreshold;
    if (m_drag == Drag::PendingPoint && pastThreshold
        && (m_dragInstance >= m_document->instanceCount()
            || !m_document->instances()[size_t(m_dragInstance)].keypoints[size_t(m_dragKeypoint)].isLabelled())) {
        m_drag = Drag::None; // the point went away under the button (a key cleared it)
    } else if (m_drag == Drag::PendingPoint && pastThreshold) {
        select(m_dragInstance, m_dragKeypoint);
        if (m_dragInstance != m_document->currentInstance())
            m_document->setCurrentInstance(m_dragInstance);
        const Keypoint &k = m_document->instances()[size_t(m_dragInstance)].keypoints[size_t(m_dragKeypoint)];
        m_dragStartPoint = QPointF(k.x, k.y);
        ++m_dragId;
        m_document->beginInteraction();
        m_drag = Drag::Point;
    } else if (m_drag == Drag::PendingBox && pastThreshold) {
        ++m_dragId;
        m_document->beginInteraction();
        m_drag = Drag::Box;
    }
    switch (m_drag) {
    case Drag::Pan:
        pan(delta);
        break;
    case Drag::Point:
        if (m_dragInstance >= m_document->instanceCount())
            break;
        // The point keeps its offset from the cursor: grabbing it off-centre does not make it jump.
        // Shift held at the press: the point is occluded, as Shift+click places one.
        m_document->moveKeypoint(m_dragInstance, m_dragKeypoint, m_dragStartPoint + (imagePoint - m_pressImage),
            m_dragId, m_pressVisibility == Keypoint::Occluded ? int(Keypoint::Occluded) : -1);
        break;
    case Drag::Box:
        m_document->setBox(m_document->currentInstance(), draggedBox(imagePoint), m_dragId);
        break;
    case Drag::Part:
        m_document->transformPart(
            m_dragInstance, m_dragPart, gp::Similarity::translation(imagePoint - m_pressImage), m_dragId);
        break;
    case Drag::PendingPoint:
    case Drag::PendingBox:
        break;
    case Drag::None: {
        int inst = -1, kp = -1;
        if (!pointAt(event->position(), &inst, &kp))
            inst = kp = -1;
        m_hoverInstance = inst;
        m_hoverKeypoint = kp;
        if (!m_spaceHeld) {
            const int h = boxHandleAt(event->position());
            static const Qt::CursorShape shapes[9]
                = { Qt::SizeFDiagCursor, Qt::SizeVerCursor, Qt::SizeBDiagCursor, Qt::SizeHorCursor, Qt::SizeFDiagCursor,
                      Qt::SizeVerCursor, Qt::SizeBDiagCursor, Qt::SizeHorCursor, Qt::SizeAllCursor };
            setCursor(inst >= 0 ? Qt::PointingHandCursor : h >= 0 ? shapes[h] : Qt::CrossCursor);
        }
        break;
    }
    }
    update();
    ImageView::mouseMoveEvent(event); // reports the cursor position; the base pans only after its own press
}

void AnnotationCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    const Drag drag = m_drag;
    m_drag = Drag::None;
    m_dragHandle = -1;
    switch (drag) {
    case Drag::Point:
        Q_EMIT pointDragged(m_dragInstance, m_dragKeypoint, m_dragId);
        m_document->endInteraction();
        break;
    case Drag::Box:
    case Drag::Part:
        m_document->endInteraction();
        break;
    case Drag::PendingPoint: {
        // A click on a point: while an object is being labelled it places the next point
        // there (points may lie close together); on a complete object it selects the point.
        const int cur = m_document->currentInstance();
        const bool placing = cur < 0 || m_document->nextKeypoint() < skeleton().keypointCount();
        if (placing) {
            placeAt(m_pressImage, m_pressVisibility);
        } else {
            if (m_dragInstance != cur)
                m_document->setCurrentInstance(m_dragInstance);
            select(m_dragInstance, m_dragKeypoint);
        }
        break;
    }
    case Drag::PendingBox:
        placeAt(m_pressImage, m_pressVisibility);
        break;
    case Drag::Pan:
    case Drag::None:
        break;
    }
    if (drag != Drag::None)
        setCursor(m_spaceHeld ? Qt::OpenHandCursor : Qt::CrossCursor);
    event->accept();
}

void AnnotationCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    // Fast clicking is labelling, not a request to fit. Qt 6 delivers the second press
    // before the double click; a platform that sends only the double click gets a press.
    if (event->timestamp() != m_lastPressTime)
        mousePressEvent(event);
    else
        event->accept();
}

void AnnotationCanvas::wheelEvent(QWheelEvent *event)
{
    if (!(event->modifiers() & Qt::AltModifier) || !m_document->isLoaded()) {
        ImageView::wheelEvent(event);
        return;
    }
    // Alt turns the wheel sideways on some platforms: either axis counts.
    const QPoint delta = event->angleDelta();
    const double notches = (delta.y() != 0 ? delta.y() : delta.x()) / 120.0;
    int inst = -1, part = -1;
    if (notches == 0.0 || !partAt(event->position(), &inst, &part)) {
        event->accept();
        return;
    }
    const auto &kps = m_document->instances()[size_t(inst)].keypoints;
    QPointF centre;
    int n = 0;
    const std::vector<int> members = skeleton().partGroups()[size_t(part)];
    for (int k : members)
        if (kps[size_t(k)].isLabelled()) {
            centre += QPointF(kps[size_t(k)].x, kps[size_t(k)].y);
            ++n;
        }
    centre /= n;
    const bool scaling = event->modifiers() & Qt::ShiftModifier;
    // Up (away from the user) turns clockwise on screen and enlarges.
    const gp::Similarity t = scaling ? gp::Similarity::about(centre, 0.0, std::pow(kScaleStep, notches))
                                     : gp::Similarity::about(centre, notches * kRotateStep * M_PI / 180.0, 1.0);
    m_document->setCurrentInstance(inst);
    m_document->transformPart(inst, part, t, 0);
    event->accept();
}

void AnnotationCanvas::leaveEvent(QEvent *event)
{
    m_mouseInside = false;
    m_hoverInstance = m_hoverKeypoint = -1;
    update();
    ImageView::leaveEvent(event);
}

void AnnotationCanvas::paintEvent(QPaintEvent *event)
{
    ImageView::paintEvent(event);
    if (image().isNull())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    paintOverlay(painter);
}

void AnnotationCanvas::paintUnderLabels(QPainter &painter) const
{
    const auto &insts = m_document->instances();
    const int cur = m_document->currentInstance();
    // The current object's box with its handles.
    if (cur >= 0 && cur < int(insts.size()) && !insts[size_t(cur)].box.isEmpty()) {
        const QRectF box = imageToView(insts[size_t(cur)].box);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(kCurrentBox, 1.0, m_document->isBoxManual(cur) ? Qt::SolidLine : Qt::DashLine));
        painter.drawRect(box);
        const QPointF handles[8] = { box.topLeft(), QPointF(box.center().x(), box.top()), box.topRight(),
            QPointF(box.right(), box.center().y()), box.bottomRight(), QPointF(box.center().x(), box.bottom()),
            box.bottomLeft(), QPointF(box.left(), box.center().y()) };
        painter.setPen(QPen(Qt::black, 1.0));
        painter.setBrush(kCurrentBox);
        const double hs = kHandleSize / 2 + 1;
        if (boxHandlesActive())
            for (const QPointF &h : handles)
                painter.drawRect(QRectF(h - QPointF(hs / 2 + 1, hs / 2 + 1), QSizeF(hs + 2, hs + 2)));
    }
}

void AnnotationCanvas::paintOverlay(QPainter &painter) const
{
    const Skeleton &sk = skeleton();
    const auto &insts = m_document->instances();
    const int cur = m_document->currentInstance();

    // Point names.
    if (m_showNames) {
        for (const PoseInstance &inst : insts)
            for (int k = 0; k < int(inst.keypoints.size()) && k < sk.keypointCount(); ++k) {
                const Keypoint &p = inst.keypoints[size_t(k)];
                if (!p.isLabelled())
                    continue;
                drawOutlinedText(painter, imageToView(QPointF(p.x, p.y)) + QPointF(7, -6), font(),
                    sk.points()[size_t(k)].name, sk.pointColor(k).lighter(130));
            }
    }

    // The selected and the hovered point.
    auto ring = [&](int i, int k, const QColor &color, double r) {
        if (i < 0 || i >= int(insts.size()) || k < 0 || k >= int(insts[size_t(i)].keypoints.size()))
            return;
        const Keypoint &p = insts[size_t(i)].keypoints[size_t(k)];
        if (!p.isLabelled())
            return;
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(color, 2.0));
        painter.drawEllipse(imageToView(QPointF(p.x, p.y)), r, r);
    };
    ring(m_selInstance, m_selKeypoint, Qt::white, kSelectRing);
    if (m_hoverInstance != m_selInstance || m_hoverKeypoint != m_selKeypoint)
        ring(m_hoverInstance, m_hoverKeypoint, QColor(255, 255, 0), kSelectRing);

    if (!m_mouseInside || m_drag == Drag::Pan)
        return;
    // The crosshair through the cursor, across the image.
    if (m_showCrosshair && m_drag != Drag::Point && m_drag != Drag::Box) {
        const QRectF shown = imageToView(QRectF(QPointF(0, 0), QSizeF(imageSize()))).intersected(QRectF(rect()));
        const QPointF c = m_mouse;
        if (shown.contains(c)) {
            painter.setRenderHint(QPainter::Antialiasing, false);
            painter.setPen(QPen(kCrosshairShadow, 3.0));
            painter.drawLine(QPointF(shown.left(), c.y()), QPointF(shown.right(), c.y()));
            painter.drawLine(QPointF(c.x(), shown.top()), QPointF(c.x(), shown.bottom()));
            painter.setPen(QPen(kCrosshair, 1.0));
            painter.drawLine(QPointF(shown.left(), c.y()), QPointF(shown.right(), c.y()));
            painter.drawLine(QPointF(c.x(), shown.top()), QPointF(c.x(), shown.bottom()));
            painter.setRenderHint(QPainter::Antialiasing, true);
        }
    }
    // The next point's name and side follow the cursor.
    if (m_drag != Drag::Point && m_drag != Drag::Box && m_hoverInstance < 0 && m_document->isLoaded()) {
        const int next = m_document->nextKeypoint();
        const bool newObject = cur < 0 || next >= sk.keypointCount();
        const int k = next >= sk.keypointCount() ? 0 : next;
        if (k < sk.keypointCount()) {
            const Skeleton::Point &pt = sk.points()[size_t(k)];
            const QString side = Skeleton::sideName(pt.side);
            QString text;
            if (newObject)
                //: Beside the cursor: the first point of an object not started yet and its side.
                text = tr("New object: %1 (%2)").arg(pt.name, side);
            else
                //: Beside the cursor: the point the next click places and its side, "left_wrist (left)".
                text = tr("%1 (%2)").arg(pt.name, side);
            const QFontMetricsF fm(font());
            const QRectF tag(m_mouse + QPointF(14, 10), QSizeF(fm.horizontalAdvance(text) + 20, fm.height() + 6));
            painter.setPen(Qt::NoPen);
            painter.setBrush(kLabelBackground);
            painter.drawRoundedRect(tag, 4, 4);
            painter.setBrush(sk.pointColor(k));
            painter.drawEllipse(QPointF(tag.left() + 8, tag.center().y()), 4, 4);
            painter.setPen(Qt::white);
            painter.drawText(tag.adjusted(15, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
}
