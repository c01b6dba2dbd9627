// AnnotationCanvas and AnnotationDocument together, driven by real mouse and key events on
// the widget: clicks in skeleton order write the label line the format defines, the skip
// and occlude keys, dragging a point (one undo step), the image <-> view mapping under
// wheel zoom and panning, the left/right swap, box handles, objects, and an autosave that
// survives a SIGKILL of a child process in the middle of labelling.

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "labelfile.h"

#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <memory>

using gp::AnnotationDocument;
using gp::DatasetIssueList;
using gp::ImageAnnotation;
using gp::Keypoint;
using gp::LabelFile;
using gp::PoseInstance;
using gp::Skeleton;

namespace {

// 400x300 image in an 800x600 canvas: fitted at zoom 2 with no offset, so the image point
// under view pixel (vx, vy) is (vx / 2, vy / 2).
constexpr int kImageW = 400;
constexpr int kImageH = 300;

QPointF imagePointOf(int i)
{
    return QPointF(60 + 20 * i, 80 + (i % 5) * 25);
}

QPoint viewPointOf(int i)
{
    return (imagePointOf(i) * 2).toPoint();
}

QString num(double v)
{
    return QString::number(std::clamp(v, 0.0, 1.0), 'f', 6);
}

// The label line for one object whose points are `points` (image pixels) with `vis`, by
// the format's definition: class, box centre and size, then x y v per point, all divided
// by the image size. The box is the points' bounds grown by max(8 px, 10 % of the larger
// extent), clipped to the image.
QString expectedLine(const std::vector<QPointF> &points, const std::vector<int> &vis)
{
    double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
    for (size_t k = 0; k < points.size(); ++k) {
        if (vis[k] == 0)
            continue;
        x0 = std::min(x0, points[k].x());
        y0 = std::min(y0, points[k].y());
        x1 = std::max(x1, points[k].x());
        y1 = std::max(y1, points[k].y());
    }
    const double m = std::max(8.0, 0.1 * std::max(x1 - x0, y1 - y0));
    x0 = std::max(0.0, x0 - m);
    y0 = std::max(0.0, y0 - m);
    x1 = std::min(double(kImageW), x1 + m);
    y1 = std::min(double(kImageH), y1 + m);
    QStringList cols { QStringLiteral("0"), num((x0 + x1) / 2 / kImageW), num((y0 + y1) / 2 / kImageH),
        num((x1 - x0) / kImageW), num((y1 - y0) / kImageH) };
    for (size_t k = 0; k < points.size(); ++k) {
        const QPointF p = vis[k] == 0 ? QPointF() : points[k];
        cols << num(p.x() / kImageW) << num(p.y() / kImageH) << QString::number(vis[k]);
    }
    return cols.join(QLatin1Char(' '));
}

QStringList fileLines(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

struct Fixture
{
    QTemporaryDir dir;
    QString labelFile;
    std::unique_ptr<AnnotationDocument> doc;
    std::unique_ptr<AnnotationCanvas> canvas;

    Fixture()
    {
        labelFile = dir.filePath(QStringLiteral("labels/train/img.txt"));
        doc = std::make_unique<AnnotationDocument>(Skeleton::defaultGripper());
        canvas = std::make_unique<AnnotationCanvas>(doc.get(), Skeleton::defaultGripper());
        QImage image(kImageW, kImageH, QImage::Format_RGB32);
        image.fill(Qt::darkGray);
        canvas->resize(800, 600);
        canvas->setImage(image);
        ImageAnnotation a;
        a.imageSize = image.size();
        doc->load(a, labelFile);
        canvas->show();
    }
    void clickAll(int from = 0, int to = 14)
    {
        for (int i = from; i < to; ++i)
            QTest::mouseClick(canvas.get(), Qt::LeftButton, Qt::NoModifier, viewPointOf(i));
    }
};

void wheel(QWidget *w, const QPoint &at, int notches)
{
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

} // namespace

class TestAnnotationCanvas : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fourteenClicksWriteTheLabelLine();
    void skipAndOccludeKeys();
    void deleteClearsAndTheNextClickRefillsIt();
    void dragMovesAPointAndOneUndoRestoresIt();
    void clickOnAPointPlacesOrSelects();
    void mappingStaysExact_data();
    void mappingStaysExact();
    void swapLeftRight();
    void boxHandleDragMakesTheBoxManual();
    void newAndNextObject();
    void redoAfterUndo();
    void autosaveSurvivesAKill();
};

void TestAnnotationCanvas::fourteenClicksWriteTheLabelLine()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    QCOMPARE(f.canvas->zoom(), 2.0);
    QCOMPARE(f.canvas->offset(), QPointF(0, 0));
    for (int i = 0; i < 14; ++i) {
        QCOMPARE(f.doc->nextKeypoint(), i);
        QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, viewPointOf(i));
    }
    QCOMPARE(f.doc->nextKeypoint(), 14);
    QCOMPARE(f.doc->instanceCount(), 1);
    std::vector<QPointF> pts;
    for (int i = 0; i < 14; ++i)
        pts.push_back(imagePointOf(i));
    // Written at once, without waiting for a timer.
    const QStringList lines = fileLines(f.labelFile);
    QCOMPARE(lines.size(), 1);
    QCOMPARE(lines.first(), expectedLine(pts, std::vector<int>(14, 2)));
    // The file reads back as the format's reader sees it.
    DatasetIssueList issues;
    const auto back = LabelFile::read(f.labelFile, QSize(kImageW, kImageH), {}, &issues);
    QVERIFY(issues.issues.empty());
    QCOMPARE(int(back.size()), 1);
    QCOMPARE(back[0].keypoints[13].x, 320.0);
}

void TestAnnotationCanvas::skipAndOccludeKeys()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    std::vector<QPointF> pts;
    std::vector<int> vis;
    for (int i = 0; i < 14; ++i) {
        if (i == 3 || i == 10) { // skipped: absent
            QTest::keyClick(f.canvas.get(), Qt::Key_S);
            pts.push_back(QPointF());
            vis.push_back(0);
            continue;
        }
        QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, viewPointOf(i));
        pts.push_back(imagePointOf(i));
        vis.push_back(2);
        if (i == 5) { // O right after placing: the placed point is selected
            QTest::keyClick(f.canvas.get(), Qt::Key_O);
            vis.back() = 1;
        }
    }
    // O on a hovered point.
    QTest::mouseMove(f.canvas.get(), viewPointOf(8) + QPoint(3, -2));
    QTest::keyClick(f.canvas.get(), Qt::Key_O);
    vis[8] = 1;
    // Shift+click places an occluded point: jump back to the skipped point 3 first.
    f.doc->setNextKeypoint(3);
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::ShiftModifier, viewPointOf(3));
    pts[3] = imagePointOf(3);
    vis[3] = 1;
    const QStringList lines = fileLines(f.labelFile);
    QCOMPARE(lines.size(), 1);
    QCOMPARE(lines.first(), expectedLine(pts, vis));
    QCOMPARE(f.doc->instances()[0].keypoints[10].visibility, int(Keypoint::Absent));
}

void TestAnnotationCanvas::deleteClearsAndTheNextClickRefillsIt()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.clickAll(0, 6);
    QTest::mouseMove(f.canvas.get(), viewPointOf(2));
    QTest::keyClick(f.canvas.get(), Qt::Key_Delete);
    QVERIFY(!f.doc->instances()[0].keypoints[2].isLabelled());
    QCOMPARE(f.doc->nextKeypoint(), 2);
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, QPoint(300, 300));
    QCOMPARE(f.doc->instances()[0].keypoints[2].x, 150.0);
    QCOMPARE(f.doc->nextKeypoint(), 6); // on to the first one still missing
}

void TestAnnotationCanvas::dragMovesAPointAndOneUndoRestoresIt()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.clickAll();
    const std::vector<PoseInstance> before = f.doc->instances();
    const QStringList linesBefore = fileLines(f.labelFile);
    const int steps = f.doc->undoStack()->count();
    const QPoint from = viewPointOf(4);
    QTest::mousePress(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, from);
    for (int s = 1; s <= 10; ++s)
        QTest::mouseMove(f.canvas.get(), from + QPoint(6 * s, 4 * s));
    QTest::mouseRelease(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, from + QPoint(60, 40));
    const Keypoint &moved = f.doc->instances()[0].keypoints[4];
    QCOMPARE(QPointF(moved.x, moved.y), imagePointOf(4) + QPointF(30, 20));
    QCOMPARE(moved.visibility, int(Keypoint::Visible));
    QCOMPARE(f.doc->undoStack()->count(), steps + 1); // the whole drag is one step
    // Saved on release.
    std::vector<QPointF> pts;
    for (int i = 0; i < 14; ++i)
        pts.push_back(imagePointOf(i));
    pts[4] += QPointF(30, 20);
    QCOMPARE(fileLines(f.labelFile).value(0), expectedLine(pts, std::vector<int>(14, 2)));
    QTest::keyClick(f.canvas.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(f.doc->instances(), before);
    QCOMPARE(fileLines(f.labelFile), linesBefore);
}

void TestAnnotationCanvas::clickOnAPointPlacesOrSelects()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.clickAll(0, 3);
    // Mid-object, a click 2 view pixels from point 1 places point 3 there: points can lie
    // close together (a fingertip over a palm) and the click order is what counts.
    const QPoint near1 = viewPointOf(1) + QPoint(2, 0);
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, near1);
    QCOMPARE(f.doc->nextKeypoint(), 4);
    QCOMPARE(f.doc->instances()[0].keypoints[3].x, near1.x() / 2.0);
    QCOMPARE(f.doc->instances()[0].keypoints[1].x, imagePointOf(1).x());
    // A wobble of a pixel or two is still a click, not a drag.
    QTest::mousePress(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, viewPointOf(0));
    QTest::mouseMove(f.canvas.get(), viewPointOf(0) + QPoint(1, 1));
    QTest::mouseRelease(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, viewPointOf(0) + QPoint(1, 1));
    QCOMPARE(f.doc->nextKeypoint(), 5);
    QCOMPARE(f.doc->instances()[0].keypoints[0].x, imagePointOf(0).x());
    // On a complete object a click selects: O then acts on that point.
    f.clickAll(5, 14);
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, viewPointOf(7));
    QCOMPARE(f.doc->instanceCount(), 1);
    QCOMPARE(f.canvas->selectedKeypoint(), 7);
    QTest::mouseMove(f.canvas.get(), QPoint(790, 590)); // away from every point
    QTest::keyClick(f.canvas.get(), Qt::Key_O);
    QCOMPARE(f.doc->instances()[0].keypoints[7].visibility, int(Keypoint::Occluded));
    // Grabbed off-centre, a point moves by the cursor's travel and does not jump to it.
    const QPoint grab = viewPointOf(9) + QPoint(4, -3);
    QTest::mousePress(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, grab);
    QTest::mouseMove(f.canvas.get(), grab + QPoint(5, 0));
    QTest::mouseMove(f.canvas.get(), grab + QPoint(10, 8));
    QTest::mouseRelease(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, grab + QPoint(10, 8));
    const Keypoint &k = f.doc->instances()[0].keypoints[9];
    QCOMPARE(QPointF(k.x, k.y), imagePointOf(9) + QPointF(5, 4));
}

void TestAnnotationCanvas::mappingStaysExact_data()
{
    QTest::addColumn<QPoint>("anchor");
    QTest::addColumn<int>("notches");
    QTest::addColumn<QPoint>("panBy");
    QTest::addColumn<bool>("spaceDrag"); // else middle-drag
    QTest::addColumn<QPoint>("click");
    QTest::newRow("no zoom") << QPoint(400, 300) << 0 << QPoint(0, 0) << false << QPoint(123, 457);
    QTest::newRow("in 1 at centre") << QPoint(400, 300) << 1 << QPoint(0, 0) << false << QPoint(401, 299);
    QTest::newRow("in 3 at corner") << QPoint(10, 10) << 3 << QPoint(0, 0) << false << QPoint(77, 91);
    QTest::newRow("in 6 off-centre, middle pan")
        << QPoint(620, 130) << 6 << QPoint(-35, 22) << false << QPoint(600, 150);
    QTest::newRow("out 2, space pan") << QPoint(300, 500) << -2 << QPoint(40, -25) << true << QPoint(350, 280);
    QTest::newRow("in 9, space pan") << QPoint(200, 200) << 9 << QPoint(-120, 80) << true << QPoint(150, 260);
    QTest::newRow("in 2, middle pan far") << QPoint(790, 590) << 2 << QPoint(-300, -200) << false << QPoint(420, 330);
}

void TestAnnotationCanvas::mappingStaysExact()
{
    QFETCH(QPoint, anchor);
    QFETCH(int, notches);
    QFETCH(QPoint, panBy);
    QFETCH(bool, spaceDrag);
    QFETCH(QPoint, click);
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    // By hand: zoom z about anchor a keeps the image point under a, so the offset becomes
    // a - (a - o) * z'/z; a pan adds the mouse's travel to the offset.
    double z = 2.0;
    QPointF o(0, 0);
    if (notches != 0) {
        wheel(f.canvas.get(), anchor, notches);
        const double z2 = z * std::pow(1.25, notches);
        o = QPointF(anchor) - (QPointF(anchor) - o) * (z2 / z);
        z = z2;
    }
    QVERIFY(std::abs(f.canvas->zoom() - z) < 1e-12);
    if (!panBy.isNull()) {
        const QPoint start(400, 300);
        if (spaceDrag) {
            QTest::keyPress(f.canvas.get(), Qt::Key_Space);
            QTest::mousePress(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, start);
            QTest::mouseMove(f.canvas.get(), start + panBy / 2);
            QTest::mouseMove(f.canvas.get(), start + panBy);
            QTest::mouseRelease(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, start + panBy);
            QTest::keyRelease(f.canvas.get(), Qt::Key_Space);
        } else {
            QTest::mousePress(f.canvas.get(), Qt::MiddleButton, Qt::NoModifier, start);
            QTest::mouseMove(f.canvas.get(), start + panBy / 2);
            QTest::mouseMove(f.canvas.get(), start + panBy);
            QTest::mouseRelease(f.canvas.get(), Qt::MiddleButton, Qt::NoModifier, start + panBy);
        }
        o += QPointF(panBy);
        QCOMPARE(f.doc->instanceCount(), 0); // panning placed nothing
    }
    QVERIFY(std::abs(f.canvas->offset().x() - o.x()) < 1e-9);
    QVERIFY(std::abs(f.canvas->offset().y() - o.y()) < 1e-9);
    const QPointF expected = (QPointF(click) - o) / z;
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, click);
    if (expected.x() < 0 || expected.y() < 0 || expected.x() > kImageW || expected.y() > kImageH) {
        QCOMPARE(f.doc->instanceCount(), 0); // outside the image: no point
        return;
    }
    QCOMPARE(f.doc->instanceCount(), 1);
    const Keypoint &k = f.doc->instances()[0].keypoints[0];
    QVERIFY2(std::abs(k.x - expected.x()) < 1e-9 && std::abs(k.y - expected.y()) < 1e-9,
        qPrintable(QStringLiteral("%1,%2 vs %3,%4").arg(k.x).arg(k.y).arg(expected.x()).arg(expected.y())));
    // And the point is drawn back where it was clicked.
    const QPointF back = f.canvas->imageToView(QPointF(k.x, k.y));
    QVERIFY(std::abs(back.x() - click.x()) < 1e-9 && std::abs(back.y() - click.y()) < 1e-9);
}

void TestAnnotationCanvas::swapLeftRight()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.clickAll();
    f.doc->setVisibility(0, 2, Keypoint::Occluded);
    const PoseInstance before = f.doc->instances()[0];
    QTest::keyClick(f.canvas.get(), Qt::Key_F);
    const PoseInstance &after = f.doc->instances()[0];
    // gripper14 pairs left i with right i + 7.
    for (int k = 0; k < 14; ++k)
        QCOMPARE(after.keypoints[size_t(k)], before.keypoints[size_t(k < 7 ? k + 7 : k - 7)]);
    QCOMPARE(after.box, before.box);
    std::vector<QPointF> pts;
    std::vector<int> vis(14, 2);
    for (int k = 0; k < 14; ++k)
        pts.push_back(imagePointOf(k < 7 ? k + 7 : k - 7));
    vis[9] = 1;
    QCOMPARE(fileLines(f.labelFile).value(0), expectedLine(pts, vis));
    // Swapping twice is the identity; undo is one step back.
    QTest::keyClick(f.canvas.get(), Qt::Key_F);
    QCOMPARE(f.doc->instances()[0], before);
    QTest::keyClick(f.canvas.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(f.doc->instances()[0], after);
}

void TestAnnotationCanvas::boxHandleDragMakesTheBoxManual()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.clickAll(0, 5);
    // While points are still being clicked the handles wait: a press there places a point.
    const QRectF hugging = f.doc->instances()[0].box;
    QTest::mouseClick(
        f.canvas.get(), Qt::LeftButton, Qt::NoModifier, f.canvas->imageToView(hugging.bottomRight()).toPoint());
    QVERIFY(f.doc->instances()[0].keypoints[5].isLabelled());
    QVERIFY(!f.doc->isBoxManual(0));
    QTest::keyClick(f.canvas.get(), Qt::Key_Z, Qt::ControlModifier);
    f.clickAll(5, 14);
    const QRectF automatic = f.doc->instances()[0].box;
    QVERIFY(!f.doc->isBoxManual(0));
    const int steps = f.doc->undoStack()->count();
    // Bottom-right handle, dragged by (+20, +10) view pixels = (+10, +5) image pixels.
    const QPoint handle = f.canvas->imageToView(automatic.bottomRight()).toPoint();
    QTest::mousePress(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, handle);
    QTest::mouseMove(f.canvas.get(), handle + QPoint(10, 4));
    QTest::mouseMove(f.canvas.get(), handle + QPoint(20, 10));
    QTest::mouseRelease(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, handle + QPoint(20, 10));
    QCOMPARE(f.doc->undoStack()->count(), steps + 1);
    QVERIFY(f.doc->isBoxManual(0));
    const QRectF manual(automatic.topLeft(), automatic.bottomRight() + QPointF(10, 5));
    QCOMPARE(f.doc->instances()[0].box, manual);
    QCOMPARE(f.doc->instanceCount(), 1); // the press on the handle placed nothing
    // Manual boxes stay where the user put them while points change.
    QTest::mouseMove(f.canvas.get(), viewPointOf(2));
    QTest::keyClick(f.canvas.get(), Qt::Key_Delete);
    f.doc->setNextKeypoint(2);
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, viewPointOf(2));
    QCOMPARE(f.doc->instances()[0].box, manual);
    const QString line = fileLines(f.labelFile).value(0);
    const QStringList cols = line.split(QLatin1Char(' '));
    QCOMPARE(cols.value(1), num(manual.center().x() / kImageW));
    QCOMPARE(cols.value(3), num(manual.width() / kImageW));
}

void TestAnnotationCanvas::newAndNextObject()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.clickAll(0, 3);
    QTest::keyClick(f.canvas.get(), Qt::Key_N);
    QCOMPARE(f.doc->instanceCount(), 2);
    QCOMPARE(f.doc->currentInstance(), 1);
    QCOMPARE(f.doc->nextKeypoint(), 0);
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, QPoint(700, 500));
    QCOMPARE(f.doc->instances()[1].keypoints[0].x, 350.0);
    // Tab goes back to the first object and to its first missing point.
    QTest::keyClick(f.canvas.get(), Qt::Key_Tab);
    QCOMPARE(f.doc->currentInstance(), 0);
    QCOMPARE(f.doc->nextKeypoint(), 3);
    QCOMPARE(fileLines(f.labelFile).size(), 2);
    // A click after the 14th point starts the next object by itself.
    f.clickAll(3, 14);
    QTest::mouseClick(f.canvas.get(), Qt::LeftButton, Qt::NoModifier, QPoint(50, 50));
    QCOMPARE(f.doc->instanceCount(), 3);
    QCOMPARE(f.doc->currentInstance(), 2);
    // Shift+Delete deletes the current object.
    QTest::keyClick(f.canvas.get(), Qt::Key_Delete, Qt::ShiftModifier);
    QCOMPARE(f.doc->instanceCount(), 2);
    QCOMPARE(fileLines(f.labelFile).size(), 2);
}

void TestAnnotationCanvas::redoAfterUndo()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.clickAll(0, 4);
    const auto four = f.doc->instances();
    QTest::keyClick(f.canvas.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!f.doc->instances()[0].keypoints[3].isLabelled());
    QCOMPARE(f.doc->nextKeypoint(), 3);
    QTest::keyClick(f.canvas.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(f.doc->instances(), four);
    QCOMPARE(f.doc->nextKeypoint(), 4);
}

void TestAnnotationCanvas::autosaveSurvivesAKill()
{
#ifndef Q_OS_UNIX
    QSKIP("needs SIGKILL");
#else
    QTemporaryDir dir;
    const QString labelFile = dir.filePath(QStringLiteral("labels/train/killed.txt"));
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    // The helper clicks imagePointOf(i) one after another and reports each finished click.
    child.start(QStringLiteral(GP_AUTOSAVE_HELPER), { labelFile, QStringLiteral("14"), QStringLiteral("15") });
    QVERIFY(child.waitForStarted(10000));
    int reported = -1;
    QByteArray buffer;
    while (reported < 8) {
        if (!child.waitForReadyRead(15000))
            break;
        buffer += child.readAllStandardOutput();
        int nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
            const QByteArray line = buffer.left(nl).trimmed();
            buffer.remove(0, nl + 1);
            if (line.startsWith("placed "))
                reported = line.mid(7).toInt();
        }
    }
    QVERIFY2(reported >= 8, "the helper did not report its clicks");
    child.kill(); // SIGKILL: no destructor, no flush
    QVERIFY(child.waitForFinished(10000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    // Every point reported before the kill is on disk, and the file is whole.
    DatasetIssueList issues;
    const auto back = LabelFile::read(labelFile, QSize(kImageW, kImageH), {}, &issues);
    QVERIFY(issues.issues.empty());
    QCOMPARE(int(back.size()), 1);
    for (int i = 0; i <= reported; ++i) {
        const Keypoint &k = back[0].keypoints[size_t(i)];
        QCOMPARE(k.visibility, int(Keypoint::Visible));
        QVERIFY(std::abs(k.x - imagePointOf(i).x()) < 1e-3 && std::abs(k.y - imagePointOf(i).y()) < 1e-3);
    }
#endif
}

QTEST_MAIN(TestAnnotationCanvas)
#include "tst_annotationcanvas.moc"
