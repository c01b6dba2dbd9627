#include "imageview.h"

#include "captionlayout.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using gp::ImageAnnotation;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;

namespace {
constexpr double kPointRadius = 4.5; // view pixels, whatever the zoom
constexpr double kHighlightRadius = 9.0;
constexpr double kProposalRadius = 7.0; // the dashed ring of a point no person has confirmed
constexpr double kEdgeWidth = 2.0;
constexpr double kBoxWidth = 1.5;
constexpr double kSmoothBelowZoom = 2.0; // above it pixels are drawn as squares
const QColor kOutline(20, 20, 20, 200);
const QColor kBackground(0x30, 0x30, 0x30);
const QColor kPlaceholderText(0xc8, 0xc8, 0xc8);
} // namespace

ImageView::ImageView(const Skeleton &skeleton, QWidget *parent)
    : QWidget(parent)
    , m_skeleton(skeleton)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void ImageView::setSkeleton(const Skeleton &skeleton)
{
    m_skeleton = skeleton;
    update();
}

void ImageView::setImage(const QImage &image)
{
    const bool sameSize = !m_image.isNull() && image.size() == m_image.size();
    m_image = image;
    m_pixmap = image.isNull() ? QPixmap() : QPixmap::fromImage(image);
    if (!sameSize)
        m_fit = true;
    if (m_fit)
        applyFit();
    update();
}

void ImageView::setAnnotation(const ImageAnnotation &annotation)
{
    m_annotation = annotation;
    update();
}

void ImageView::setInstanceCaptions(const QStringList &captions)
{
    m_captions = captions;
    update();
}

void ImageView::clear()
{
    m_image = QImage();
    m_pixmap = QPixmap();
    m_annotation = ImageAnnotation();
    m_captions.clear();
    m_fit = true;
    update();
}

void ImageView::setHighlightedKeypoint(int index)
{
    if (index == m_highlighted)
        return;
    m_highlighted = index;
    update();
}

void ImageView::setShowKeypointNumbers(bool show)
{
    m_showNumbers = show;
    update();
}

void ImageView::setShowAnnotation(bool show)
{
    m_showAnnotation = show;
    update();
}

void ImageView::setPlaceholderText(const QString &text)
{
    m_placeholder = text;
    update();
}

QPointF ImageView::imageToView(const QPointF &imagePoint) const
{
    return imagePoint * m_zoom + m_offset;
}

QPointF ImageView::viewToImage(const QPointF &viewPoint) const
{
    return (viewPoint - m_offset) / m_zoom;
}

QRectF ImageView::imageToView(const QRectF &imageRect) const
{
    return { imageToView(imageRect.topLeft()), imageToView(imageRect.bottomRight()) };
}

QRectF ImageView::viewToImage(const QRectF &viewRect) const
{
    return { viewToImage(viewRect.topLeft()), viewToImage(viewRect.bottomRight()) };
}

double ImageView::fitZoom() const
{
    if (m_image.isNull() || width() <= 0 || height() <= 0)
        return 1.0;
    return std::clamp(
        std::min(double(width()) / m_image.width(), double(height()) / m_image.height()), kMinZoom, kMaxZoom);
}

void ImageView::setZoom(double zoom, const QPointF &anchor)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    const QPointF fixed = viewToImage(anchor);
    m_zoom = zoom;
    m_offset = anchor - fixed * m_zoom;
    m_fit = false;
    update();
    Q_EMIT zoomChanged(m_zoom);
}

void ImageView::setZoom(double zoom)
{
    setZoom(zoom, QRectF(rect()).center());
}

void ImageView::pan(const QPointF &delta)
{
    m_offset += delta;
    m_fit = false;
    update();
}

void ImageView::fitToWindow()
{
    m_fit = true;
    applyFit();
    update();
}

void ImageView::applyFit()
{
    const double before = m_zoom;
    m_zoom = fitZoom();
    const QSizeF shown = QSizeF(m_image.size()) * m_zoom;
    m_offset = QPointF((width() - shown.width()) / 2.0, (height() - shown.height()) / 2.0);
    if (m_zoom != before)
        Q_EMIT zoomChanged(m_zoom);
}

void ImageView::zoomIn()
{
    setZoom(m_zoom * kZoomStep);
}

void ImageView::zoomOut()
{
    setZoom(m_zoom / kZoomStep);
}

void ImageView::zoomToActualSize()
{
    setZoom(1.0);
}

QColor ImageView::edgeColor(int a, int b) const
{
    const auto &pts = m_skeleton.points();
    const auto sa = pts.at(size_t(a)).side;
    const auto sb = pts.at(size_t(b)).side;
    return m_skeleton.sideColor(sa == sb ? sa : Skeleton::Side::Center);
}

void ImageView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), kBackground);
    if (m_pixmap.isNull()) {
        painter.setPen(kPlaceholderText);
        painter.drawText(
            rect(), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder.isEmpty() ? tr("No image") : m_placeholder);
        return;
    }
    painter.setRenderHint(QPainter::SmoothPixmapTransform, m_zoom < kSmoothBelowZoom);
    painter.drawPixmap(imageToView(QRectF(QPointF(0, 0), QSizeF(m_pixmap.size()))), m_pixmap, QRectF(m_pixmap.rect()));
    if (!m_showAnnotation)
        return;
    painter.setRenderHint(QPainter::Antialiasing);
    paintUnderLabels(painter);
    const std::vector<QRectF> captions = instanceCaptionRects();
    for (size_t i = 0; i < m_annotation.instances.size(); ++i)
        paintInstance(painter, m_annotation.instances[i],
            int(i) < m_captions.size() ? m_captions.at(int(i)) : QString(), captions[i]);
}

std::vector<QRectF> ImageView::instanceCaptionRects() const
{
    std::vector<QRectF> out(m_annotation.instances.size());
    CaptionLayout layout { QRectF(rect()) };
    const QFontMetrics fm(font());
    for (size_t i = 0; i < out.size(); ++i) {
        const QString caption = int(i) < m_captions.size() ? m_captions.at(int(i)) : QString();
        const QRectF &box = m_annotation.instances[i].box;
        if (!caption.isEmpty() && !box.isEmpty())
            out[i] = layout.place(imageToView(box), QSizeF(fm.horizontalAdvance(caption) + 8, fm.height() + 2));
    }
    return out;
}

void ImageView::paintUnderLabels(QPainter &) const
{ }

void ImageView::paintInstance(
    QPainter &painter, const PoseInstance &instance, const QString &caption, const QRectF &captionRect) const
{
    const QColor boxColor = m_skeleton.sideColor(Skeleton::Side::Center);
    if (!instance.box.isEmpty()) {
        const QRectF box = imageToView(instance.box);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(boxColor, kBoxWidth));
        painter.drawRect(box);
        if (!caption.isEmpty() && !captionRect.isEmpty()) {
            painter.fillRect(captionRect, boxColor);
            painter.setPen(Qt::black);
            painter.drawText(captionRect, Qt::AlignCenter, caption);
        }
    }

    const auto &kps = instance.keypoints;
    const int n = std::min(int(kps.size()), m_skeleton.keypointCount());
    for (const auto &[a, b] : m_skeleton.edges()) {
        if (a >= n || b >= n || !kps[size_t(a)].isLabelled() || !kps[size_t(b)].isLabelled())
            continue;
        const bool occluded
            = kps[size_t(a)].visibility == Keypoint::Occluded || kps[size_t(b)].visibility == Keypoint::Occluded;
        QPen pen(edgeColor(a, b), kEdgeWidth, occluded ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap);
        painter.setPen(pen);
        painter.drawLine(imageToView(QPointF(kps[size_t(a)].x, kps[size_t(a)].y)),
            imageToView(QPointF(kps[size_t(b)].x, kps[size_t(b)].y)));
    }

    for (int i = 0; i < n; ++i) {
        const Keypoint &k = kps[size_t(i)];
        if (!k.isLabelled())
            continue;
        const QPointF c = imageToView(QPointF(k.x, k.y));
        const QColor color = m_skeleton.pointColor(i);
        if (k.isDoubtful(m_doubtfulThreshold)) {
            // Hollow and solid: the model was not sure, a person should look.
            painter.setPen(QPen(color, 2.0));
            painter.setBrush(Qt::NoBrush);
        } else if (k.visibility == Keypoint::Visible) {
            painter.setPen(QPen(kOutline, 1.0));
            painter.setBrush(color);
        } else {
            painter.setPen(QPen(color, 2.0, Qt::DotLine));
            painter.setBrush(Qt::NoBrush);
        }
        painter.drawEllipse(c, kPointRadius, kPointRadius);
        if (k.isProposal()) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(QColor(255, 255, 255, 200), 1.0, Qt::DashLine));
            painter.drawEllipse(c, kProposalRadius, kProposalRadius);
        }
        if (i == m_highlighted) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(Qt::white, 2.0));
            painter.drawEllipse(c, kHighlightRadius, kHighlightRadius);
            painter.setPen(QPen(kOutline, 1.0));
            painter.drawEllipse(c, kHighlightRadius + 1.5, kHighlightRadius + 1.5);
        }
        if (m_showNumbers) {
            const QString text = QString::number(i);
            const QPointF at = c + QPointF(kPointRadius + 2, -kPointRadius - 2);
            QPainterPath path;
            path.addText(at, font(), text);
            painter.setPen(QPen(kOutline, 3.0));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(path);
            painter.setPen(Qt::NoPen);
            painter.setBrush(Qt::white);
            painter.drawPath(path);
        }
    }
}

void ImageView::resizeEvent(QResizeEvent *)
{
    if (m_fit)
        applyFit();
}

void ImageView::setDoubtfulThreshold(double threshold)
{
    m_doubtfulThreshold = threshold;
    update();
}

void ImageView::wheelEvent(QWheelEvent *event)
{
    if (m_image.isNull()) {
        event->ignore();
        return;
    }
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0.0) {
        event->ignore();
        return;
    }
    setZoom(m_zoom * std::pow(kZoomStep, notches), event->position());
    event->accept();
}

void ImageView::mousePressEvent(QMouseEvent *event)
{
    if (!m_image.isNull() && (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton)) {
        m_panning = true;
        m_lastMouse = event->position();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void ImageView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        pan(event->position() - m_lastMouse);
        m_lastMouse = event->position();
    }
    if (!m_image.isNull()) {
        const QPointF p = viewToImage(event->position());
        Q_EMIT cursorMoved(p, QRectF(QPointF(0, 0), QSizeF(m_image.size())).contains(p));
    }
    QWidget::mouseMoveEvent(event);
}

void ImageView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning && (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton)) {
        m_panning = false;
        unsetCursor();
        event->accept();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void ImageView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        fitToWindow();
        event->accept();
        return;
    }
    QWidget::mouseDoubleClickEvent(event);
}

void ImageView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
        fitToWindow();
        break;
    case Qt::Key_1:
        zoomToActualSize();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void ImageView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        update();
    QWidget::changeEvent(event);
}
