// The canvas's model-assisted review, driven by real mouse, wheel and key events: dragging a
// proposed point refits its gripper (one undo step), Shift+drag also marks it occluded, Alt+drag
// moves a whole gripper, Alt+wheel turns it and Alt+Shift+wheel scales it about its centre,
// Shift+Enter accepts the hovered object, Enter accepts the confident points and selects the
// next doubtful one, and a proposal wins a press over a person's point beside it.

#include "annotationcanvas.h"
#include "annotationdocument.h"

#include <QApplication>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <cmath>
#include <memory>

using gp::AnnotationDocument;
using gp::ImageAnnotation;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;

namespace {

// 400x300 image in an 800x600 canvas: zoom 2, no offset.
constexpr int kImageW = 400;
constexpr int kImageH = 300;

QPoint view(const Keypoint &k)
{
    return QPoint(int(std::lround(k.x * 2)), int(std::lround(k.y * 2)));
}

// One robot the model proposed: two grippers, each a wrist, a palm and two fingers.
PoseInstance proposal()
{
    PoseInstance p;
    const double left[7][2]
        = { { 100, 200 }, { 100, 180 }, { 90, 160 }, { 90, 130 }, { 110, 160 }, { 110, 130 }, { 100, 130 } };
    p.keypoints.resize(14);
    for (int side = 0; side < 2; ++side)
        for (int k = 0; k < 7; ++k) {
            Keypoint &kp = p.keypoints[size_t(7 * side + k)];
            kp = { left[k][0] + 150.0 * side, left[k][1], Keypoint::Visible, Keypoint::Origin::Model, 0.9f };
        }
    p.keypoints[5].confidence = 0.2f; // doubtful
    p.keypoints[12].confidence = 0.3f; // doubtful
    return p;
}

struct Fixture
{
    std::unique_ptr<AnnotationDocument> doc;
    std::unique_ptr<AnnotationCanvas> canvas;
    PoseInstance proposed = proposal();

    Fixture()
    {
        doc = std::make_unique<AnnotationDocument>(Skeleton::defaultGripper());
        canvas = std::make_unique<AnnotationCanvas>(doc.get(), Skeleton::defaultGripper());
        QImage image(kImageW, kImageH, QImage::Format_RGB32);
        image.fill(Qt::darkGray);
        canvas->resize(800, 600);
        canvas->setImage(image);
        ImageAnnotation a;
        a.imageSize = image.size();
        a.instances = { proposed };
        doc->load(a, QString());
        canvas->show();
    }
    const Keypoint &point(int k) const { return doc->instances()[0].keypoints[size_t(k)]; }
    void drag(const QPoint &from, const QPoint &to, Qt::KeyboardModifiers mods = {})
    {
        QTest::mousePress(canvas.get(), Qt::LeftButton, mods, from);
        QTest::mouseMove(canvas.get(), from + QPoint(8, 8));
        QTest::mouseMove(canvas.get(), to);
        QTest::mouseRelease(canvas.get(), Qt::LeftButton, mods, to);
    }
    void wheel(const QPoint &at, int notches, Qt::KeyboardModifiers mods)
    {
        QWheelEvent e(at, canvas->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, mods,
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(canvas.get(), &e);
    }
};

} // namespace

class TestAssistedReview : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dragRefitsTheGripper();
    void shiftDragMarksOccluded();
    void altDragMovesAGripper();
    void altWheelTurnsAndScales();
    void acceptKeys();
    void aProposalWinsAPress();
};

void TestAssistedReview::dragRefitsTheGripper()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    // The palm is 6 px too far left: dragged, the rest of the left gripper follows, the right waits.
    f.drag(view(f.point(1)), view(f.point(1)) + QPoint(12, 0));
    QCOMPARE(f.doc->undoStack()->count(), 1);
    QCOMPARE(f.point(1).origin, Keypoint::Origin::Person);
    QCOMPARE(f.point(1).x, f.proposed.keypoints[1].x + 6);
    for (int k : { 0, 2, 3, 4, 5, 6 }) {
        QCOMPARE(f.point(k).x, f.proposed.keypoints[size_t(k)].x + 6);
        QCOMPARE(f.point(k).origin, Keypoint::Origin::Refit);
    }
    QCOMPARE(f.point(8), f.proposed.keypoints[8]);
    f.doc->undoStack()->undo();
    QCOMPARE(f.doc->instances()[0], f.proposed);
}

void TestAssistedReview::shiftDragMarksOccluded()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    f.drag(view(f.point(3)), view(f.point(3)) + QPoint(0, -10), Qt::ShiftModifier);
    QCOMPARE(f.point(3).visibility, int(Keypoint::Occluded));
    QCOMPARE(f.point(3).origin, Keypoint::Origin::Person);
    QCOMPARE(f.doc->undoStack()->count(), 1);
}

void TestAssistedReview::altDragMovesAGripper()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    // Alt+drag on the right gripper's wrist: its seven points move 10 px down, still proposals.
    f.drag(view(f.point(7)), view(f.point(7)) + QPoint(0, 20), Qt::AltModifier);
    QCOMPARE(f.doc->undoStack()->count(), 1);
    for (int k = 7; k < 14; ++k) {
        QCOMPARE(f.point(k).y, f.proposed.keypoints[size_t(k)].y + 10);
        QVERIFY(f.point(k).isProposal());
    }
    QCOMPARE(f.point(0), f.proposed.keypoints[0]);
}

void TestAssistedReview::altWheelTurnsAndScales()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    auto centre = [&f](int first) {
        QPointF c;
        for (int k = first; k < first + 7; ++k)
            c += QPointF(f.point(k).x, f.point(k).y);
        return c / 7;
    };
    auto spread = [&f, &centre](int first) {
        const QPointF c = centre(first);
        return std::hypot(f.point(first).x - c.x(), f.point(first).y - c.y());
    };
    const QPointF c0 = centre(0);
    const double r0 = spread(0);
    const QPoint over = (c0 * 2).toPoint();
    // Alt+wheel: 3 notches turn the left gripper 6 degrees about its centre, one step each.
    f.wheel(over, 3, Qt::AltModifier);
    QCOMPARE(f.doc->undoStack()->count(), 1);
    QVERIFY(std::abs(centre(0).x() - c0.x()) < 1e-9 && std::abs(centre(0).y() - c0.y()) < 1e-9);
    QVERIFY(std::abs(spread(0) - r0) < 1e-9);
    const double turned = std::atan2(f.point(0).y - c0.y(), f.point(0).x - c0.x())
        - std::atan2(f.proposed.keypoints[0].y - c0.y(), f.proposed.keypoints[0].x - c0.x());
    QVERIFY2(std::abs(std::abs(turned) - 3 * AnnotationCanvas::kRotateStep * M_PI / 180) < 1e-9,
        qPrintable(QString::number(turned)));
    // Alt+Shift+wheel: 2 notches scale it by 1.02^2.
    f.wheel(over, 2, Qt::AltModifier | Qt::ShiftModifier);
    QVERIFY(std::abs(spread(0) / r0 - std::pow(AnnotationCanvas::kScaleStep, 2)) < 1e-9);
    // The plain wheel still zooms.
    const double zoom = f.canvas->zoom();
    f.wheel(over, 1, Qt::NoModifier);
    QVERIFY(f.canvas->zoom() > zoom);
}

void TestAssistedReview::acceptKeys()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    QCOMPARE(f.doc->doubtfulCount(f.canvas->doubtfulThreshold()), 2);
    // Enter: every confident point accepted, the first doubtful one selected.
    QTest::mouseMove(f.canvas.get(), QPoint(5, 5));
    QTest::keyClick(f.canvas.get(), Qt::Key_Return);
    QCOMPARE(f.doc->proposalCount(), 2);
    QCOMPARE(f.canvas->selectedInstance(), 0);
    QCOMPARE(f.canvas->selectedKeypoint(), 5);
    f.doc->undoStack()->undo();
    QCOMPARE(f.doc->proposalCount(), 14);
    // Shift+Enter over a point: its object accepted, doubtful points too.
    QTest::mouseMove(f.canvas.get(), view(f.point(9)));
    QTest::keyClick(f.canvas.get(), Qt::Key_Return, Qt::ShiftModifier);
    QCOMPARE(f.doc->proposalCount(), 0);
    QCOMPARE(f.doc->undoStack()->count(), 1);
}

void TestAssistedReview::aProposalWinsAPress()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(f.canvas.get()));
    // The right gripper's grasp, corrected by a person, ends 3 px from the left gripper's finger
    // tip, still a proposal; a press nearer the person's point takes the proposal, which is what
    // a review works on.
    f.drag(view(f.point(13)), view(f.point(3)) + QPoint(0, 6));
    QCOMPARE(f.point(13).origin, Keypoint::Origin::Person);
    QVERIFY(f.point(3).isProposal());
    int instance = -1, keypoint = -1;
    QVERIFY(f.canvas->pointAt(view(f.point(13)) + QPoint(0, -1), &instance, &keypoint));
    QCOMPARE(keypoint, 3);
}

QTEST_MAIN(TestAssistedReview)
#include "tst_assistedreview.moc"
