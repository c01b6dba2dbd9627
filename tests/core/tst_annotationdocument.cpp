// AnnotationDocument without a view: placement order and the cursor, the box that follows
// the points, undo and redo (a drag is one step), the left/right swap through the
// skeleton's flip index, manual boxes, skipping before an object starts, and when the
// label file is written (at once; debounced during a drag; on load; on failure).

#include "annotationdocument.h"
#include "labelfile.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using gp::AnnotationDocument;
using gp::DatasetIssueList;
using gp::ImageAnnotation;
using gp::Keypoint;
using gp::LabelFile;
using gp::PoseInstance;
using gp::Skeleton;

// Background work (thumbnails, decoding, checks) can be slow on a loaded CI machine.
static constexpr int kSlowMachineMs = 60000;

namespace {

const QSize kSize(640, 480);

ImageAnnotation blank()
{
    ImageAnnotation a;
    a.imageSize = kSize;
    return a;
}

QByteArray readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestAnnotationDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placesInOrderAndTheBoxFollows();
    void boxIsClippedToTheImage();
    void aPointPastTheEdgeKeepsABox();
    void backgroundIsAnEmptyLabelFile();
    void undoRestoresPointsAndCursor();
    void aDragIsOneStep();
    void swapFollowsTheSkeletonsFlipIndex();
    void boxesFromFilesAndManualBoxes();
    void skipBeforeAnObjectStarts();
    void writesAtOnceAndDebouncesDrags();
    void emptyObjectsAreNotWritten();
    void reportsAWriteFailure();

private:
    QTemporaryDir m_tmp;
};

void TestAnnotationDocument::placesInOrderAndTheBoxFollows()
{
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(blank(), QString());
    doc.placeNext({ 100, 200 });
    doc.placeNext({ 300, 150 });
    doc.placeNext({ 250, 260 });
    QCOMPARE(doc.instanceCount(), 1);
    QCOMPARE(doc.currentInstance(), 0);
    QCOMPARE(doc.nextKeypoint(), 3);
    // Bounds 100..300 x 150..260; margin max(8, 0.1 * 200) = 20.
    QCOMPARE(doc.instances()[0].box, QRectF(QPointF(80, 130), QPointF(320, 280)));
    // One point: the minimum margin.
    AnnotationDocument one(Skeleton::defaultGripper());
    one.load(blank(), QString());
    one.placeNext({ 50, 60 });
    QCOMPARE(one.instances()[0].box, QRectF(42, 52, 16, 16));
}

void TestAnnotationDocument::boxIsClippedToTheImage()
{
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(blank(), QString());
    doc.placeNext({ 2, 3 });
    doc.placeNext({ 635, 470 });
    QCOMPARE(doc.instances()[0].box, QRectF(QPointF(0, 0), QPointF(640, 480)));
}

void TestAnnotationDocument::aPointPastTheEdgeKeepsABox()
{
    // Found by the GUI monkey: one point dragged 8 px below a 384-px image gave a box clipped to
    // 1.4e-4 px, written as height 0, which the reader refuses: the object was lost on reload and
    // the file turned read-only. The box is now grown around the point as written, on the edge.
    const QString file = m_tmp.filePath(QStringLiteral("edge.txt"));
    AnnotationDocument doc(Skeleton::defaultGripper());
    ImageAnnotation image = blank();
    image.imageSize = QSize(640, 384);
    doc.load(image, file);
    doc.placeNext({ 300, 200 });
    doc.moveKeypoint(0, 0, { 487.693, 392 }, 1);
    doc.endInteraction();
    QVERIFY(doc.flush());
    // Bounds at y = 384 (clamped), the minimum margin above it: 376..384.
    QCOMPARE(doc.instances()[0].box, QRectF(QPointF(479.693, 376), QPointF(495.693, 384)));
    DatasetIssueList issues;
    const auto back = LabelFile::read(file, image.imageSize, LabelFile::Format(), &issues);
    QVERIFY2(issues.issues.empty(), qPrintable(issues.issues.empty() ? QString() : issues.issues.front().toString()));
    QCOMPARE(back.size(), size_t(1));
    // Every corner: a box of the minimum margin inside the image.
    for (const QPointF corner : { QPointF(-5, -5), QPointF(700, -5), QPointF(-5, 400), QPointF(700, 400) }) {
        AnnotationDocument one(Skeleton::defaultGripper());
        one.load(image, QString());
        one.placeNext(corner);
        QCOMPARE(one.instances()[0].box.width(), AnnotationDocument::kMinBoxMargin);
        QCOMPARE(one.instances()[0].box.height(), AnnotationDocument::kMinBoxMargin);
    }
}

void TestAnnotationDocument::backgroundIsAnEmptyLabelFile()
{
    // An image never labelled, with no object: B writes the empty file that says "none".
    const QString none = m_tmp.filePath(QStringLiteral("background.txt"));
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(blank(), none);
    doc.markBackground();
    QFile written(none);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.size(), qint64(0));
    QVERIFY(!doc.hasUnsavedChanges());
    // An image with a (false) object: the object goes, one undo step brings it back.
    const QString one = m_tmp.filePath(QStringLiteral("oneobject.txt"));
    doc.load(blank(), one);
    doc.placeNext({ 20, 30 });
    doc.placeNext({ 60, 90 });
    const int steps = doc.undoStack()->count();
    doc.markBackground();
    QCOMPARE(doc.instanceCount(), 0);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QFile emptied(one);
    QVERIFY(emptied.open(QIODevice::ReadOnly));
    QCOMPARE(emptied.size(), qint64(0));
    emptied.close();
    doc.undoStack()->undo();
    QCOMPARE(doc.instanceCount(), 1);
    QVERIFY(doc.flush());
    QVERIFY(emptied.open(QIODevice::ReadOnly));
    QVERIFY(emptied.size() > 0);
}

void TestAnnotationDocument::undoRestoresPointsAndCursor()
{
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(blank(), QString());
    for (int i = 0; i < 4; ++i)
        doc.placeNext({ 10.0 + 30 * i, 40 });
    QCOMPARE(doc.undoStack()->count(), 4);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.nextKeypoint(), 2);
    QVERIFY(!doc.instances()[0].keypoints[2].isLabelled());
    QCOMPARE(doc.instances()[0].box, QRectF(QPointF(2, 32), QPointF(48, 48)));
    doc.undoStack()->redo();
    QCOMPARE(doc.nextKeypoint(), 3);
    QCOMPARE(doc.instances()[0].keypoints[2].x, 70.0);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.instanceCount(), 0);
    QCOMPARE(doc.currentInstance(), -1);
}

void TestAnnotationDocument::aDragIsOneStep()
{
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(blank(), QString());
    doc.placeNext({ 100, 100 });
    doc.placeNext({ 200, 100 });
    const int steps = doc.undoStack()->count();
    for (int i = 1; i <= 5; ++i)
        doc.moveKeypoint(0, 1, { 200.0 + i, 100.0 + 2 * i }, 1);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(doc.instances()[0].keypoints[1].x, 205.0);
    // Another drag (or another point) is another step.
    doc.moveKeypoint(0, 1, { 210, 100 }, 2);
    doc.moveKeypoint(0, 0, { 90, 100 }, 2);
    QCOMPARE(doc.undoStack()->count(), steps + 3);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.instances()[0].keypoints[1].x, 200.0);
    QCOMPARE(doc.instances()[0].keypoints[1].y, 100.0);
    // Moving an absent point does nothing.
    doc.moveKeypoint(0, 5, { 1, 1 }, 3);
    QCOMPARE(doc.undoStack()->index(), steps);
}

void TestAnnotationDocument::swapFollowsTheSkeletonsFlipIndex()
{
    // Three points, 0 and 2 a pair, 1 in the middle: the permutation is the skeleton's data.
    Skeleton sk;
    sk.setName(QStringLiteral("three"));
    sk.setPoints({ { QStringLiteral("l"), Skeleton::Side::Left, 0.1 },
        { QStringLiteral("c"), Skeleton::Side::Center, 0.1 }, { QStringLiteral("r"), Skeleton::Side::Right, 0.1 } });
    sk.setFlipPairs({ { 0, 2 } });
    AnnotationDocument doc(sk);
    doc.load(blank(), QString());
    doc.placeNext({ 10, 10 });
    doc.placeNext({ 20, 20 }, Keypoint::Occluded);
    doc.placeNext({ 30, 30 });
    doc.setVisibility(0, 0, Keypoint::Occluded);
    doc.swapLeftRight(0);
    const auto &k = doc.instances()[0].keypoints;
    QCOMPARE(k[0], (Keypoint { 30, 30, Keypoint::Visible }));
    QCOMPARE(k[1], (Keypoint { 20, 20, Keypoint::Occluded }));
    QCOMPARE(k[2], (Keypoint { 10, 10, Keypoint::Occluded }));
}

void TestAnnotationDocument::boxesFromFilesAndManualBoxes()
{
    ImageAnnotation a = blank();
    PoseInstance fromFile;
    fromFile.keypoints.resize(14);
    fromFile.keypoints[0] = { 100, 100, Keypoint::Visible };
    fromFile.keypoints[1] = { 200, 150, Keypoint::Visible };
    fromFile.box = QRectF(QPointF(95, 95), QPointF(205, 155)); // another tool's margin
    PoseInstance automatic = fromFile;
    automatic.box = AnnotationDocument::boxForKeypoints(automatic.keypoints, kSize);
    a.instances = { fromFile, automatic };
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(a, QString());
    QVERIFY(doc.isBoxManual(0));
    QVERIFY(!doc.isBoxManual(1));
    QCOMPARE(doc.instances()[0].box, fromFile.box);
    doc.placeKeypoint(0, 2, { 300, 300 }, Keypoint::Visible);
    doc.placeKeypoint(1, 2, { 300, 300 }, Keypoint::Visible);
    QCOMPARE(doc.instances()[0].box, fromFile.box); // kept
    QCOMPARE(doc.instances()[1].box, QRectF(QPointF(80, 80), QPointF(320, 320))); // follows
    // Resizing makes a box manual; resetting makes it follow again.
    doc.setBox(1, QRectF(50, 50, 400, 300), 0);
    QVERIFY(doc.isBoxManual(1));
    QCOMPARE(doc.instances()[1].box, QRectF(50, 50, 400, 300));
    doc.resetBox(1);
    QVERIFY(!doc.isBoxManual(1));
    QCOMPARE(doc.instances()[1].box, QRectF(QPointF(80, 80), QPointF(320, 320)));
    doc.undoStack()->undo();
    QVERIFY(doc.isBoxManual(1));
}

void TestAnnotationDocument::skipBeforeAnObjectStarts()
{
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(blank(), QString());
    doc.skipNext();
    doc.skipNext();
    QCOMPARE(doc.instanceCount(), 0);
    QCOMPARE(doc.nextKeypoint(), 2);
    doc.placeNext({ 50, 50 });
    QCOMPARE(doc.instanceCount(), 1);
    QVERIFY(!doc.instances()[0].keypoints[0].isLabelled());
    QVERIFY(!doc.instances()[0].keypoints[1].isLabelled());
    QVERIFY(doc.instances()[0].keypoints[2].isLabelled());
    QCOMPARE(doc.nextKeypoint(), 3);
    // Skips inside an object pass over points already placed.
    doc.setNextKeypoint(1);
    doc.skipNext();
    QCOMPARE(doc.nextKeypoint(), 3);
}

void TestAnnotationDocument::writesAtOnceAndDebouncesDrags()
{
    const QString file = m_tmp.filePath(QStringLiteral("labels/a.txt"));
    const QString other = m_tmp.filePath(QStringLiteral("labels/b.txt"));
    AnnotationDocument doc(Skeleton::defaultGripper());
    QSignalSpy saved(&doc, &AnnotationDocument::saved);
    doc.load(blank(), file);
    QVERIFY(!QFile::exists(file)); // opening writes nothing
    doc.placeNext({ 64, 48 });
    QCOMPARE(saved.count(), 1);
    const QByteArray first = readAll(file);
    QVERIFY(first.startsWith("0 "));
    QVERIFY(first.contains(" 0.100000 0.100000 2 "));
    // During a drag the file waits...
    doc.beginInteraction();
    doc.moveKeypoint(0, 0, { 320, 240 }, 1);
    QVERIFY(doc.hasUnsavedChanges());
    QCOMPARE(readAll(file), first);
    // ... for the timer,
    QTRY_VERIFY_WITH_TIMEOUT(readAll(file).contains(" 0.500000 0.500000 2 "), kSlowMachineMs);
    // or for the end of the drag, or the next image.
    doc.moveKeypoint(0, 0, { 160, 240 }, 1);
    QCOMPARE(readAll(file).contains(" 0.250000 0.500000 2 "), false);
    doc.load(blank(), other);
    QVERIFY(readAll(file).contains(" 0.250000 0.500000 2 "));
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestAnnotationDocument::emptyObjectsAreNotWritten()
{
    const QString file = m_tmp.filePath(QStringLiteral("labels/empty.txt"));
    AnnotationDocument doc(Skeleton::defaultGripper());
    doc.load(blank(), file);
    QCOMPARE(doc.addInstance(), 0);
    QVERIFY(QFile::exists(file));
    QCOMPARE(readAll(file), QByteArray());
    doc.placeNext({ 10, 10 });
    QCOMPARE(readAll(file).count('\n'), 1);
    doc.removeInstance(0);
    QCOMPARE(doc.instanceCount(), 0);
    QCOMPARE(readAll(file), QByteArray());
}

void TestAnnotationDocument::reportsAWriteFailure()
{
    // A folder where the file should be: the write fails and the change stays pending.
    const QString file = m_tmp.filePath(QStringLiteral("blocked.txt"));
    QVERIFY(QDir().mkpath(file));
    AnnotationDocument doc(Skeleton::defaultGripper());
    QSignalSpy failed(&doc, &AnnotationDocument::saveFailed);
    doc.load(blank(), file);
    doc.placeNext({ 10, 10 });
    QCOMPARE(failed.count(), 1);
    QVERIFY(doc.hasUnsavedChanges());
    QVERIFY(!doc.lastError().isEmpty());
    QVERIFY(!doc.flush());
}

QTEST_GUILESS_MAIN(TestAnnotationDocument)
#include "tst_annotationdocument.moc"
