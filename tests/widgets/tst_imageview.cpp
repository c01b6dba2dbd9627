// ImageView: the image <-> view mapping, fit, wheel zoom around the cursor, panning, and
// that labels are drawn where the mapping puts them in the skeleton's colours.

#include "imageview.h"

#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

using gp::ImageAnnotation;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;

namespace {

ImageAnnotation oneInstance()
{
    ImageAnnotation a;
    a.imageSize = QSize(400, 300);
    PoseInstance inst;
    inst.box = QRectF(QPointF(50, 50), QPointF(350, 250));
    inst.keypoints.resize(14);
    inst.keypoints[0] = { 100, 100, Keypoint::Visible }; // left side
    inst.keypoints[7] = { 200, 100, Keypoint::Occluded }; // right side: hollow
    inst.keypoints[8] = { 300, 100, Keypoint::Absent }; // not drawn
    inst.keypoints[9] = { 300, 200, Keypoint::Visible }; // right side
    a.instances.push_back(inst);
    return a;
}

bool near(const QColor &a, const QColor &b, int tolerance = 12)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance
        && std::abs(a.blue() - b.blue()) <= tolerance;
}

} // namespace

class TestImageView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void mappingRoundTrip_data();
    void mappingRoundTrip();
    void fitCentresTheImage();
    void wheelZoomsAroundTheCursor();
    void dragPans();
    void doubleClickFits();
    void sameSizeImageKeepsZoom();
    void drawsLabelsInSkeletonColours_data();
    void drawsLabelsInSkeletonColours();

private:
    void prepare(ImageView &view);
    QImage m_white;
};

void TestImageView::initTestCase()
{
    m_white = QImage(400, 300, QImage::Format_RGB32);
    m_white.fill(Qt::white);
}

void TestImageView::prepare(ImageView &view)
{
    view.resize(640, 480);
    view.setImage(m_white);
    view.setAnnotation(oneInstance());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
}

void TestImageView::mappingRoundTrip_data()
{
    QTest::addColumn<double>("zoom");
    QTest::addColumn<QPointF>("anchor");
    QTest::addColumn<QPointF>("point");
    const double zooms[] = { ImageView::kMinZoom, 0.1, 0.5, 1.0, 1.6, 3.0, 12.5, ImageView::kMaxZoom };
    for (double z : zooms) {
        QTest::addRow("zoom %g centre", z) << z << QPointF(320, 240) << QPointF(17.25, 401.5);
        QTest::addRow("zoom %g corner", z) << z << QPointF(0, 0) << QPointF(639, 479);
        QTest::addRow("zoom %g outside", z) << z << QPointF(600, 20) << QPointF(-35.5, 1200.125);
    }
}

void TestImageView::mappingRoundTrip()
{
    QFETCH(double, zoom);
    QFETCH(QPointF, anchor);
    QFETCH(QPointF, point);
    ImageView view(Skeleton::defaultGripper());
    prepare(view);
    view.setZoom(zoom, anchor);
    QCOMPARE(view.zoom(), zoom);
    QCOMPARE(view.imageToView(view.viewToImage(point)), point);
    QCOMPARE(view.viewToImage(view.imageToView(point)), point);
    // The image point under the anchor did not move.
    const QRectF r(QPointF(10, 20), QSizeF(30, 40));
    QCOMPARE(view.viewToImage(view.imageToView(r)), r);
    QCOMPARE(view.imageToView(QPointF(0, 0)), view.offset());
    QCOMPARE(view.imageToView(QPointF(1, 1)) - view.imageToView(QPointF(0, 0)), QPointF(zoom, zoom));
}

void TestImageView::fitCentresTheImage()
{
    ImageView view(Skeleton::defaultGripper());
    prepare(view);
    QVERIFY(view.isFitToWindow());
    // 400x300 in 640x480: zoom 1.6 fills the widget exactly.
    QCOMPARE(view.zoom(), 1.6);
    QCOMPARE(view.imageToView(QPointF(0, 0)), QPointF(0, 0));
    QCOMPARE(view.imageToView(QPointF(400, 300)), QPointF(640, 480));
    view.resize(800, 300);
    QCOMPARE(view.zoom(), 1.0);
    QCOMPARE(view.imageToView(QPointF(200, 150)), QPointF(400, 150));
}

void TestImageView::wheelZoomsAroundTheCursor()
{
    ImageView view(Skeleton::defaultGripper());
    prepare(view);
    QSignalSpy zoomed(&view, &ImageView::zoomChanged);
    const QPointF cursor(123, 321);
    const QPointF under = view.viewToImage(cursor);
    const double before = view.zoom();
    QWheelEvent wheel(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QCOMPARE(view.zoom(), before * ImageView::kZoomStep);
    QCOMPARE(view.viewToImage(cursor), under);
    QVERIFY(!view.isFitToWindow());
    QCOMPARE(zoomed.count(), 1);
    QWheelEvent back(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &back);
    QCOMPARE(view.zoom(), before);
    QCOMPARE(view.viewToImage(cursor), under);
}

void TestImageView::dragPans()
{
    ImageView view(Skeleton::defaultGripper());
    prepare(view);
    const QPointF before = view.offset();
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    QTest::mouseMove(&view, QPoint(130, 90));
    QTest::mouseMove(&view, QPoint(160, 80));
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(160, 80));
    QCOMPARE(view.offset(), before + QPointF(60, -20));
    QVERIFY(!view.isFitToWindow());
}

void TestImageView::doubleClickFits()
{
    ImageView view(Skeleton::defaultGripper());
    prepare(view);
    view.setZoom(5.0, QPointF(10, 10));
    QVERIFY(!view.isFitToWindow());
    QTest::mouseDClick(&view, Qt::LeftButton, Qt::NoModifier, QPoint(200, 200));
    QVERIFY(view.isFitToWindow());
    QCOMPARE(view.zoom(), 1.6);
}

void TestImageView::sameSizeImageKeepsZoom()
{
    ImageView view(Skeleton::defaultGripper());
    prepare(view);
    view.setZoom(3.0, QPointF(50, 60));
    const QPointF offset = view.offset();
    QImage other(400, 300, QImage::Format_RGB32);
    other.fill(Qt::gray);
    view.setImage(other);
    QCOMPARE(view.zoom(), 3.0);
    QCOMPARE(view.offset(), offset);
    QImage bigger(800, 600, QImage::Format_RGB32);
    bigger.fill(Qt::gray);
    view.setImage(bigger);
    QVERIFY(view.isFitToWindow());
    QCOMPARE(view.zoom(), 0.8);
}

void TestImageView::drawsLabelsInSkeletonColours_data()
{
    QTest::addColumn<double>("zoom");
    QTest::newRow("fit") << 0.0;
    QTest::newRow("zoom 0.75") << 0.75;
    QTest::newRow("zoom 2.5") << 2.5;
}

void TestImageView::drawsLabelsInSkeletonColours()
{
    QFETCH(double, zoom);
    const Skeleton skeleton = Skeleton::defaultGripper();
    ImageView view(skeleton);
    prepare(view);
    if (zoom > 0)
        view.setZoom(zoom, QPointF(200, 150));
    const QImage shot = view.grab().toImage();
    auto pixel = [&](const QPointF &imagePoint) { return shot.pixelColor(view.imageToView(imagePoint).toPoint()); };
    const QColor left = skeleton.sideColor(Skeleton::Side::Left);
    const QColor right = skeleton.sideColor(Skeleton::Side::Right);
    QVERIFY2(near(pixel({ 100, 100 }), left), qPrintable(pixel({ 100, 100 }).name()));
    QVERIFY2(near(pixel({ 300, 200 }), right), qPrintable(pixel({ 300, 200 }).name()));
    // Occluded: a hollow ring, so the image shows through at its centre.
    QVERIFY2(near(pixel({ 200, 100 }), Qt::white), qPrintable(pixel({ 200, 100 }).name()));
    // Absent: nothing drawn.
    QVERIFY2(near(pixel({ 300, 100 }), Qt::white), qPrintable(pixel({ 300, 100 }).name()));
    // Hiding the labels leaves the image alone.
    view.setShowAnnotation(false);
    const QImage bare = view.grab().toImage();
    QVERIFY(near(bare.pixelColor(view.imageToView(QPointF(100, 100)).toPoint()), Qt::white));
}

QTEST_MAIN(TestImageView)
#include "tst_imageview.moc"
