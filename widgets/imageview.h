#pragma once

#include "imageannotation.h"
#include "skeleton.h"

#include <QImage>
#include <QPixmap>
#include <QPointF>
#include <QRectF>
#include <QStringList>
#include <QWidget>

#include <vector>

// Shows one image with its pose labels drawn over it: boxes, the skeleton's edges and
// keypoint dots in the skeleton's side colours. Visible points are filled, occluded ones
// hollow with dashed edges, absent ones are not drawn.
//
// Geometry stays in image pixels (the ImageAnnotation's coordinates); the one mapping
// between image and view is view = image * zoom() + offset, in imageToView() and
// viewToImage(). The view starts fitted to the window; the wheel zooms around the cursor,
// a drag with the left or middle button pans, a double click fits again.
class ImageView : public QWidget
{
    Q_OBJECT

public:
    static constexpr double kMinZoom = 0.02;
    static constexpr double kMaxZoom = 40.0;
    static constexpr double kZoomStep = 1.25; // per wheel notch

    explicit ImageView(const gp::Skeleton &skeleton, QWidget *parent = nullptr);

    void setSkeleton(const gp::Skeleton &skeleton);
    const gp::Skeleton &skeleton() const { return m_skeleton; }

    // Call on the GUI thread (it makes the pixmap). An image of another size than the
    // previous one is fitted to the window; one of the same size keeps zoom and pan.
    void setImage(const QImage &image);
    QImage image() const { return m_image; }
    QSize imageSize() const { return m_image.size(); }
    void setAnnotation(const gp::ImageAnnotation &annotation);
    const gp::ImageAnnotation &annotation() const { return m_annotation; }
    // Text drawn at each instance's box ("track 3"); instance i gets captions[i].
    void setInstanceCaptions(const QStringList &captions);
    // Where each instance's caption is drawn (view pixels; empty without a caption), laid out
    // by CaptionLayout so that no caption hides another.
    std::vector<QRectF> instanceCaptionRects() const;
    void clear();

    // Keypoint index drawn with a ring in every instance; -1 for none.
    void setHighlightedKeypoint(int index);
    int highlightedKeypoint() const { return m_highlighted; }
    void setShowKeypointNumbers(bool show);
    bool showKeypointNumbers() const { return m_showNumbers; }
    void setShowAnnotation(bool show);
    bool showAnnotation() const { return m_showAnnotation; }
    // A model's proposal below this confidence is doubtful: drawn hollow; one at or above it
    // is drawn filled, and every proposal carries a dashed ring until a person confirms it.
    void setDoubtfulThreshold(double threshold);
    double doubtfulThreshold() const { return m_doubtfulThreshold; }
    // Shown when there is no image; empty for the default text.
    void setPlaceholderText(const QString &text);

    // The image <-> view mapping (view in widget pixels, image in image pixels).
    QPointF imageToView(const QPointF &imagePoint) const;
    QPointF viewToImage(const QPointF &viewPoint) const;
    QRectF imageToView(const QRectF &imageRect) const;
    QRectF viewToImage(const QRectF &viewRect) const;

    double zoom() const { return m_zoom; }
    QPointF offset() const { return m_offset; }
    bool isFitToWindow() const { return m_fit; }
    // Sets the zoom keeping the image point under `anchor` (view coordinates) in place.
    void setZoom(double zoom, const QPointF &anchor);
    void setZoom(double zoom);
    // Moves the view by `delta` view pixels.
    void pan(const QPointF &delta);
    // The zoom at which the whole image fits the widget.
    double fitZoom() const;

    QSize sizeHint() const override { return { 800, 500 }; }
    QSize minimumSizeHint() const override { return { 160, 120 }; }

public Q_SLOTS:
    void fitToWindow();
    void zoomIn();
    void zoomOut();
    void zoomToActualSize();

Q_SIGNALS:
    void zoomChanged(double zoom);
    // The image pixel under the mouse, and whether it lies inside the image.
    void cursorMoved(const QPointF &imagePoint, bool insideImage);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

    // Called by paintEvent() after the image and before the labels, in view coordinates;
    // a subclass draws what must not hide a keypoint (box handles) here.
    virtual void paintUnderLabels(QPainter &painter) const;

private:
    void paintInstance(
        QPainter &painter, const gp::PoseInstance &instance, const QString &caption, const QRectF &captionRect) const;
    void applyFit();
    QColor edgeColor(int a, int b) const;

    gp::Skeleton m_skeleton;
    QImage m_image;
    QPixmap m_pixmap;
    gp::ImageAnnotation m_annotation;
    QStringList m_captions;
    QString m_placeholder;
    int m_highlighted = -1;
    bool m_showNumbers = false;
    bool m_showAnnotation = true;
    double m_doubtfulThreshold = 0.5;

    double m_zoom = 1.0;
    QPointF m_offset;
    bool m_fit = true;
    bool m_panning = false;
    QPointF m_lastMouse;
};
