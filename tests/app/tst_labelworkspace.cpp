// The Label workspace with real clicks and keys: labelling an unlabelled image writes its
// label file and moves it from "unlabelled" to "partial" and "complete" in the list; the
// status filter and the search; a click on a point's name makes it the next one; copying
// the previous image's objects; a rebound key from the cheat-sheet; a label file that
// cannot be written keeps the edit and asks before the image is left. With
// GP_SCREENSHOT_DIR set it also saves a picture of the workspace mid-labelling.

#include "labelworkspacefixture.h"

#include <QThread>

using namespace labelworkspacetest;

class TestLabelWorkspace : public QObject, private LabelWorkspaceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { isolateSettings(); }
    void init() { makeProject(); }
    void labellingAnUnlabelledImage();
    void filterAndSearch();
    void copyPreviousObjects();
    void anEditWhileTheImageReloadsIsKept();
    void reboundKey();
    void aFailedSaveKeepsTheEditAndAsksBeforeLeaving();
};

void TestLabelWorkspace::labellingAnUnlabelledImage()
{
    LabelWorkspace ws;
    open(ws);
    const int row = rowOf(ws, m_unlabelled);
    QVERIFY(row >= 0);
    QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Unlabelled);
    const int unlabelledBefore = ws.imageModel()->counts().unlabelled;
    ws.setCurrentRow(row);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    QCOMPARE(ws.document()->instanceCount(), 0);
    // The first point is the one highlighted in the panel.
    QTreeWidget *points = ws.pointTable();
    QVERIFY(points->topLevelItem(0)->text(0).startsWith(QStringLiteral("▶")));
    // The colour swatches are the same icons on every refresh: new ones each time filled Qt's
    // pixmap cache with dead keys, whose clean-up a soak caught stalling the GUI thread.
    const qint64 swatch = points->topLevelItem(0)->icon(1).cacheKey();

    // Zoomed in, so the clicks land on whole image pixels apart from each other.
    ws.canvas()->setZoom(2.5, QPointF(ws.canvas()->rect().center()));
    const QPointF origin = ws.canvas()->viewToImage(QPointF(ws.canvas()->rect().center())) - QPointF(60, 40);
    auto pointOf = [&](int k) { return origin + QPointF(8 * k, (k % 4) * 9); };
    for (int k = 0; k < 5; ++k)
        clickImagePoint(ws, pointOf(k));
    QCOMPARE(ws.document()->nextKeypoint(), 5);
    QVERIFY(points->topLevelItem(5)->text(0).startsWith(QStringLiteral("▶")));
    QCOMPARE(points->topLevelItem(0)->icon(1).cacheKey(), swatch);
    QCOMPARE(ws.objectList()->count(), 1);
    // Saved at once: the list calls it partial.
    const QString labelFile = DatasetConfig::labelFileFor(m_unlabelled);
    QVERIFY(QFile::exists(labelFile));
    QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Labelled);
    QVERIFY(ws.imageModel()->entry(row).partial);
    QCOMPARE(ws.imageModel()->counts().unlabelled, unlabelledBefore - 1);
    QCOMPARE(ws.splitCounts(QStringLiteral("train")).unlabelled, unlabelledBefore - 1);

    // A click on "right_palm" in the panel makes it the next point.
    QTreeWidgetItem *palm = points->topLevelItem(8);
    QTest::mouseClick(points->viewport(), Qt::LeftButton, {}, points->visualItemRect(palm).center());
    QCOMPARE(ws.document()->nextKeypoint(), 8);
    clickImagePoint(ws, pointOf(8));
    QCOMPARE(ws.document()->instances()[0].keypoints[8].visibility, int(Keypoint::Visible));
    // Back to 5, then the rest in order with one skip; every point decided: complete? No:
    // a skipped point is absent, so the image stays partial until it is placed.
    ws.document()->setNextKeypoint(5);
    QTest::mouseMove(ws.canvas(), ws.canvas()->imageToView(pointOf(5) + QPointF(3, 3)).toPoint());
    if (qEnvironmentVariableIsSet("GP_SCREENSHOT_DIR"))
        ws.grab().save(qEnvironmentVariable("GP_SCREENSHOT_DIR") + QStringLiteral("/label-workspace-midway.png"));
    for (int k = 5; k < 14; ++k) {
        if (k == 8)
            continue;
        if (k == 11) {
            QTest::keyClick(ws.canvas(), Qt::Key_S);
            continue;
        }
        clickImagePoint(ws, pointOf(k));
    }
    QCOMPARE(ws.document()->nextKeypoint(), 14);
    QVERIFY(ws.imageModel()->entry(row).partial);
    ws.document()->setNextKeypoint(11);
    clickImagePoint(ws, pointOf(11), Qt::ShiftModifier); // occluded
    QVERIFY(!ws.imageModel()->entry(row).partial);
    QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Labelled);
    QCOMPARE(ws.document()->instances()[0].keypoints[11].visibility, int(Keypoint::Occluded));

    // Moving on and back reads the same labels from disk.
    const auto labelled = ws.document()->instances();
    ws.nextImage();
    QTRY_VERIFY_WITH_TIMEOUT(ws.shownFile() != m_unlabelled, kSlowMachineMs);
    ws.previousImage();
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    QCOMPARE(ws.document()->instanceCount(), 1);
    for (int k = 0; k < 14; ++k) {
        QVERIFY(
            std::abs(ws.document()->instances()[0].keypoints[size_t(k)].x - labelled[0].keypoints[size_t(k)].x) < 1e-3);
        QCOMPARE(
            ws.document()->instances()[0].keypoints[size_t(k)].visibility, labelled[0].keypoints[size_t(k)].visibility);
    }
}

void TestLabelWorkspace::filterAndSearch()
{
    LabelWorkspace ws;
    open(ws);
    const int all = ws.imageModel()->rowCount();
    QComboBox *filter = ws.statusFilterBox();
    filter->setCurrentIndex(filter->findData(int(ImageListModel::Filter::Unlabelled)));
    QCOMPARE(ws.filterModel()->rowCount(), 1);
    QCOMPARE(ws.filterModel()->index(0, 0).data(ImageListModel::FileRole).toString(), m_unlabelled);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs); // the one image shown is opened
    // Labelling it keeps it in the list (and on screen) until the filter changes.
    QTest::mouseClick(ws.canvas(), Qt::LeftButton, {}, ws.canvas()->imageToView(QPointF(50, 60)).toPoint());
    QCOMPARE(ws.document()->instanceCount(), 1);
    QCOMPARE(ws.imageModel()->entry(rowOf(ws, m_unlabelled)).status, ImageListModel::Status::Labelled);
    QCOMPARE(ws.filterModel()->rowCount(), 1);
    QTest::qWait(50);
    QCOMPARE(ws.shownFile(), m_unlabelled);
    QCOMPARE(ws.currentRow(), rowOf(ws, m_unlabelled));
    filter->setCurrentIndex(filter->findData(int(ImageListModel::Filter::Partial)));
    QCOMPARE(
        ws.filterModel()->rowCount(), 1 + [&] {
            int n = 0;
            for (const auto &e : ws.imageModel()->entries())
                n += e.file != m_unlabelled && e.status == ImageListModel::Status::Labelled && e.partial;
            return n;
        }());
    filter->setCurrentIndex(filter->findData(int(ImageListModel::Filter::All)));
    QCOMPARE(ws.filterModel()->rowCount(), all);
    QTest::keyClicks(ws.searchEdit(), QStringLiteral("0001"));
    QCOMPARE(ws.filterModel()->rowCount(), 1);
    QVERIFY(ws.filterModel()->index(0, 0).data().toString().contains(QStringLiteral("synth_000001")));
    ws.searchEdit()->clear();
    QCOMPARE(ws.filterModel()->rowCount(), all);

    // Thumbnails arrive from the background for the rows shown.
    ws.thumbnailsBox()->setChecked(true);
    const QModelIndex first = ws.imageModel()->index(0);
    QTRY_VERIFY_WITH_TIMEOUT(ws.imageModel()->hasThumbnail(ws.imageModel()->entry(0).file), kSlowMachineMs);
    const QPixmap thumb = qvariant_cast<QPixmap>(first.data(Qt::DecorationRole));
    QCOMPARE(thumb.size(), ImageListModel::kThumbnailSize);
    // The image fills the width (320x192 is wider than 96x54 is tall): its middle is opaque.
    QCOMPARE(qAlpha(thumb.toImage().pixel(48, 27)), 255);
    ws.thumbnailsBox()->setChecked(false);
    QVERIFY(qvariant_cast<QIcon>(first.data(Qt::DecorationRole)).availableSizes().value(0).width() <= 16);
}

void TestLabelWorkspace::anEditWhileTheImageReloadsIsKept()
{
    // → then ← quickly, and a drag before the image comes back: the loader read the labels
    // before the drag was saved. What comes back must be the drag, on screen and on disk, not
    // the labels as they were (found by the GUI monkey's soak: the next edit wrote the stale
    // labels over the drag).
    LabelWorkspace ws;
    open(ws);
    int x = -1;
    for (int r = 0; r + 1 < ws.imageModel()->rowCount() && x < 0; ++r)
        if (ws.imageModel()->entry(r).status == ImageListModel::Status::Labelled)
            x = r;
    QVERIFY(x >= 0);
    ws.setCurrentRow(x);
    const QString file = ws.imageModel()->entry(x).file;
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), file, kSlowMachineMs);
    QTRY_VERIFY_WITH_TIMEOUT(!ws.isBusy(), kSlowMachineMs);
    AnnotationDocument *doc = ws.document();
    QVERIFY(doc->instanceCount() > 0);
    // Away and back: the loader reads the next image, then this one again, while it stays shown.
    ws.setCurrentRow(x + 1);
    ws.setCurrentRow(x);
    // Both reads finish (their results wait in the event queue: the GUI thread is asleep).
    QThread::msleep(1000);
    QCoreApplication::processEvents(); // the next image's result: the loader starts on this one
    QThread::msleep(1000);
    // The drag, written before the reload's result is handled.
    const Keypoint before = doc->instances()[0].keypoints[0];
    const QPointF moved(before.x + 7, before.y - 5);
    doc->moveKeypoint(0, 0, moved, 4242, Keypoint::Visible);
    QVERIFY(doc->flush());
    QTRY_VERIFY_WITH_TIMEOUT(!ws.isBusy(), kSlowMachineMs);
    QCOMPARE(ws.shownFile(), file);
    const Keypoint &shown = doc->instances()[0].keypoints[0];
    QVERIFY2(std::abs(shown.x - moved.x()) < 1e-3 && std::abs(shown.y - moved.y()) < 1e-3,
        qPrintable(QStringLiteral("shown %1,%2 after a drag to %3,%4")
                       .arg(shown.x)
                       .arg(shown.y)
                       .arg(moved.x())
                       .arg(moved.y())));
    DatasetIssueList issues;
    const auto onDisk
        = LabelFile::read(DatasetConfig::labelFileFor(file), doc->annotation().imageSize, LabelFile::Format(), &issues);
    QVERIFY(!onDisk.empty());
    // Within the 6 decimals the file keeps of a normalised coordinate.
    QVERIFY(std::abs(onDisk[0].keypoints[0].x - moved.x()) < 1e-5 * doc->annotation().imageSize.width());
}

void TestLabelWorkspace::copyPreviousObjects()
{
    LabelWorkspace ws;
    open(ws);
    const int row = rowOf(ws, m_unlabelled);
    // The image before it, if labelled, else any labelled one.
    int source = -1;
    for (int r = 0; r < ws.imageModel()->rowCount() && source < 0; ++r)
        if (ws.imageModel()->entry(r).status == ImageListModel::Status::Labelled)
            source = r;
    QVERIFY(source >= 0);
    ws.setCurrentRow(source);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), ws.imageModel()->entry(source).file, kSlowMachineMs);
    const auto objects = ws.document()->instances();
    QVERIFY(!objects.empty());
    ws.setCurrentRow(row);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    QCOMPARE(ws.document()->instanceCount(), 0);
    // C, with the focus on the image list.
    ws.imageList()->setFocus();
    QTest::keyClick(ws.imageList(), Qt::Key_C);
    QCOMPARE(int(ws.document()->instanceCount()), int(objects.size()));
    for (size_t i = 0; i < objects.size(); ++i)
        QCOMPARE(ws.document()->instances()[i].keypoints, objects[i].keypoints);
    QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Labelled);
    // One step to undo (Ctrl+Z works from the list too), which writes the empty state back.
    QTest::keyClick(ws.imageList(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(ws.document()->instanceCount(), 0);
    QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Empty);
}

void TestLabelWorkspace::reboundKey()
{
    LabelWorkspace ws;
    open(ws);
    {
        HotkeyDialog dialog(ws.canvas());
        auto *edit = dialog.findChild<QKeySequenceEdit *>(QStringLiteral("skip-point"));
        QVERIFY(edit);
        edit->setKeySequence(QKeySequence(Qt::Key_X));
        Q_EMIT edit->editingFinished();
        QVERIFY(dialog.table()->rowCount() > 12);
        if (qEnvironmentVariableIsSet("GP_SCREENSHOT_DIR")) {
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.grab().save(qEnvironmentVariable("GP_SCREENSHOT_DIR") + QStringLiteral("/label-shortcuts.png"));
        }
    }
    QCOMPARE(ws.canvas()->binding(AnnotationCanvas::Action::SkipPoint), QKeySequence(Qt::Key_X));
    QCOMPARE(QSettings().value(QStringLiteral("label/keys/skip-point")).toString(), QStringLiteral("X"));
    ws.setCurrentRow(rowOf(ws, m_unlabelled));
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    clickImagePoint(ws, QPointF(100, 100));
    QTest::keyClick(ws.canvas(), Qt::Key_X);
    QCOMPARE(ws.document()->nextKeypoint(), 2);
    QTest::keyClick(ws.canvas(), Qt::Key_S); // no longer bound
    QCOMPARE(ws.document()->nextKeypoint(), 2);
    // A new workspace reads the binding back.
    LabelWorkspace again;
    QCOMPARE(again.canvas()->binding(AnnotationCanvas::Action::SkipPoint), QKeySequence(Qt::Key_X));
}

// A label file that cannot be written (here: a file stands where its folder should be)
// keeps the edit in memory, says so, retries, and asks before the image is left.
void TestLabelWorkspace::aFailedSaveKeepsTheEditAndAsksBeforeLeaving()
{
    LabelWorkspace ws;
    open(ws);
    const int row = rowOf(ws, m_unlabelled);
    ws.setCurrentRow(row);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    const QString labelFile = DatasetConfig::labelFileFor(m_unlabelled);
    const QString folder = QFileInfo(labelFile).absolutePath();
    auto breakFolder = [&] {
        QVERIFY(QDir().rename(folder, folder + QStringLiteral(".aside")));
        QFile blocker(folder);
        QVERIFY(blocker.open(QIODevice::WriteOnly));
    };
    auto repairFolder = [&] {
        QVERIFY(QFile::remove(folder));
        QVERIFY(QDir().rename(folder + QStringLiteral(".aside"), folder));
    };
    breakFolder();

    ws.canvas()->setZoom(2.0, QPointF(ws.canvas()->rect().center()));
    const QPointF at = ws.canvas()->viewToImage(QPointF(ws.canvas()->rect().center()));
    clickImagePoint(ws, at);
    QCOMPARE(ws.document()->instanceCount(), 1);
    QVERIFY(ws.document()->hasUnsavedChanges());
    auto *info = ws.findChild<QLabel *>(QStringLiteral("labelInfo"));
    QVERIFY(info);
    QVERIFY2(info->text().contains(QStringLiteral("Not saved")), qPrintable(info->text()));

    // Moving on asks; "Cancel" stays on the image with the edit.
    int asked = 0;
    answerMessageBox(QStringLiteral("unsavedLabelsBox"), QMessageBox::Cancel, &asked);
    ws.nextImage();
    QTRY_COMPARE(asked, 1);
    QCOMPARE(ws.shownFile(), m_unlabelled);
    QCOMPARE(ws.currentRow(), row);
    QCOMPARE(ws.document()->instanceCount(), 1);
    QVERIFY(ws.document()->hasUnsavedChanges());

    // Once the folder can be written again, the retry saves the edit without a click.
    repairFolder();
    QTRY_VERIFY_WITH_TIMEOUT(!ws.document()->hasUnsavedChanges(), 3 * AnnotationDocument::kRetryDelayMs);
    DatasetIssueList issues;
    const auto saved = LabelFile::read(labelFile, ws.document()->annotation().imageSize, LabelFile::Format(), &issues);
    QCOMPARE(saved.size(), size_t(1));
    QVERIFY(std::abs(saved[0].keypoints[0].x - ws.document()->instances()[0].keypoints[0].x) < 0.01);
    QVERIFY(!info->text().contains(QStringLiteral("Not saved")));

    // Broken again: a second point; "Discard" leaves the image and keeps what was on disk.
    breakFolder();
    clickImagePoint(ws, at + QPointF(10, 10));
    QVERIFY(ws.document()->hasUnsavedChanges());
    answerMessageBox(QStringLiteral("unsavedLabelsBox"), QMessageBox::Discard, &asked);
    ws.nextImage();
    QTRY_COMPARE(asked, 2);
    QTRY_VERIFY_WITH_TIMEOUT(ws.shownFile() != m_unlabelled, kSlowMachineMs);
    repairFolder();
    QCOMPARE(LabelFile::read(labelFile, QSize(320, 192), LabelFile::Format(), &issues)[0].keypoints[1].visibility,
        int(Keypoint::Absent));
}

QTEST_MAIN(TestLabelWorkspace)
#include "tst_labelworkspace.moc"
