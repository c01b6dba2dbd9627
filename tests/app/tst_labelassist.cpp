// The Label workspace's help beyond clicking points, with real clicks: frames imported from a
// video into a split, pre-labelling with a checkpoint marking images for review, accepting
// and rejecting a review, and the Checks panel opening the image a suspicious label is on.

#include "labelworkspacefixture.h"
#include "pointorigins.h"

#include <QDirIterator>
#include <QMap>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

using namespace labelworkspacetest;

class TestLabelAssist : public QObject, private LabelWorkspaceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { isolateSettings(); }
    void init() { makeProject(); }
    void importsFramesFromAVideo();
    void prelabelMarksNeedsReview();
    void acceptAndRejectReview();
    void proposalsKeepTheirOrigin();
    void checksPanelOpensTheImage();
};

void TestLabelAssist::importsFramesFromAVideo()
{
    // A generated demo video of 24 frames.
    SynthOptions o;
    o.outDir = m_tmp.filePath(QStringLiteral("video"));
    o.count = 1;
    o.imageSize = QSize(320, 192);
    o.videoFrames = 24;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    QString video = QDir(o.outDir).filePath(SynthGenerator::videoFileName());
    if (!QFile::exists(video))
        video = QDir(o.outDir).filePath(SynthGenerator::fallbackVideoFileName());
    QVERIFY(QFile::exists(video));

    LabelWorkspace ws;
    open(ws);
    const QString shown = ws.shownFile();
    const int before = ws.imageModel()->rowCount();
    QSignalSpy done(&ws, &LabelWorkspace::framesImported);
    ws.importFrames(video, QStringLiteral("train"), 5);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.at(0).at(0).toInt(), 5); // frames 0, 5, 10, 15, 20
    QCOMPARE(done.at(0).at(1).toInt(), 0);
    QVERIFY(done.at(0).at(2).toString().isEmpty());
    QCOMPARE(ws.imageModel()->rowCount(), before + 5);
    QCOMPARE(ws.shownFile(), shown); // the image on screen stays
    const QString imagesDir = m_dir + QStringLiteral("/images/train/");
    for (int f : { 0, 5, 10, 15, 20 }) {
        const QString file = imagesDir + FrameImporter::frameFileName(video, f);
        const int row = ws.imageModel()->rowOf(file);
        QVERIFY2(row >= 0, qPrintable(file));
        QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Unlabelled);
    }
    QVERIFY(!QFile::exists(imagesDir + FrameImporter::frameFileName(video, 4)));
    // Frame 10 is frame 10 of the video (read here sequentially), up to JPEG loss.
    cv::VideoCapture capture(video.toStdString());
    cv::Mat frame;
    for (int i = 0; i <= 10; ++i)
        QVERIFY(capture.read(frame));
    cv::Mat rgb;
    cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
    const QImage written(imagesDir + FrameImporter::frameFileName(video, 10));
    QCOMPARE(written.size(), QSize(rgb.cols, rgb.rows));
    const QImage got = written.convertToFormat(QImage::Format_RGB888);
    double diff = 0;
    for (int y = 0; y < rgb.rows; ++y)
        for (int x = 0; x < rgb.cols * 3; ++x)
            diff += std::abs(int(got.constScanLine(y)[x]) - int(rgb.ptr<uchar>(y)[x]));
    QVERIFY2(diff / (rgb.rows * rgb.cols * 3) < 3.0, qPrintable(QString::number(diff / (rgb.rows * rgb.cols * 3))));
    // Again: nothing is written over.
    ws.importFrames(video, QStringLiteral("train"), 5);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.at(1).at(0).toInt(), 0);
    QCOMPARE(done.at(1).at(1).toInt(), 5);
    QCOMPARE(ws.imageModel()->rowCount(), before + 5);
}

namespace {

QByteArray readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every label file of the project, by path.
QMap<QString, QByteArray> labelFiles(const QString &dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(
        dir + QStringLiteral("/labels"), { QStringLiteral("*.txt") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        out.insert(f, readAll(f));
    }
    return out;
}

} // namespace

void TestLabelAssist::prelabelMarksNeedsReview()
{
    // A randomly initialised model with conf=0 finds objects everywhere: enough to see
    // where they go.
    const QMap<QString, QByteArray> before = labelFiles(m_dir);
    QVERIFY(!before.isEmpty());
    {
        LabelWorkspace ws;
        open(ws);
        ws.setPrelabelModel(QStringLiteral("yolov8n-pose"), 160, 0.0);
        QSignalSpy done(&ws, &LabelWorkspace::prelabelFinished);
        ws.prelabelUnlabelled();
        QVERIFY(done.wait(120000));
        QCOMPARE(done.at(0).at(0).toInt(), 1); // the one unlabelled image
        QVERIFY2(done.at(0).at(2).toString().isEmpty(), qPrintable(done.at(0).at(2).toString()));
        // Hand-made labels are untouched; the new file reads as the model's objects.
        QMap<QString, QByteArray> after = labelFiles(m_dir);
        const QString labelFile = DatasetConfig::labelFileFor(m_unlabelled);
        QVERIFY(after.contains(labelFile));
        const QByteArray written = after.take(labelFile);
        QCOMPARE(after, before);
        const QList<QByteArray> lines = written.trimmed().split('\n');
        QVERIFY(!lines.isEmpty() && lines.size() <= 10);
        for (const QByteArray &line : lines) {
            const QList<QByteArray> tok = line.split(' ');
            QCOMPARE(tok.size(), 5 + 14 * 3);
            for (int i = 7; i < tok.size(); i += 3)
                QVERIFY(tok[i] == "0" || tok[i] == "1" || tok[i] == "2");
        }
        const int row = ws.imageModel()->rowOf(m_unlabelled);
        QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Labelled);
        QVERIFY(ws.imageModel()->entry(row).needsReview);
        QVERIFY(ws.needsReview(m_unlabelled));
        QCOMPARE(ws.imageModel()->counts().needsReview, 1);
        QVERIFY(QFile::exists(ReviewState::fileFor(m_dir)));
        // The filter shows it alone.
        ws.statusFilterBox()->setCurrentIndex(ws.statusFilterBox()->findData(int(ImageListModel::Filter::NeedsReview)));
        QCOMPARE(ws.filterModel()->rowCount(), 1);
        QCOMPARE(ws.filterModel()->index(0, 0).data(ImageListModel::FileRole).toString(), m_unlabelled);
        // An image with labels asked for explicitly is left alone.
        const QString labelled = before.firstKey();
        QString image;
        for (const auto &e : ws.imageModel()->entries())
            if (DatasetConfig::labelFileFor(e.file) == labelled)
                image = e.file;
        if (!image.isEmpty()) {
            ws.prelabel({ image });
            QVERIFY(done.wait(120000));
            QCOMPARE(done.at(1).at(0).toInt(), 0);
            QCOMPARE(done.at(1).at(1).toInt(), 1);
            QCOMPARE(readAll(labelled), before.value(labelled));
            QVERIFY(!ws.needsReview(image));
        }
    }
    // After a restart the mark is still there.
    LabelWorkspace again;
    open(again);
    const int row = again.imageModel()->rowOf(m_unlabelled);
    QVERIFY(again.imageModel()->entry(row).needsReview);
    QVERIFY(again.imageModel()
                ->data(again.imageModel()->index(row), Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("review")));
}

void TestLabelAssist::acceptAndRejectReview()
{
    LabelWorkspace ws;
    open(ws);
    ws.setPrelabelModel(QStringLiteral("yolov8n-pose"), 160, 0.0);
    QSignalSpy done(&ws, &LabelWorkspace::prelabelFinished);
    const QString labelFile = DatasetConfig::labelFileFor(m_unlabelled);
    const int row = ws.imageModel()->rowOf(m_unlabelled);
    ws.setCurrentRow(row);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    QCOMPARE(ws.document()->instanceCount(), 0);
    ws.prelabelCurrent();
    QVERIFY(done.wait(120000));
    QCOMPARE(done.at(0).at(0).toInt(), 1);
    // The image on screen shows the model's objects.
    QTRY_VERIFY_WITH_TIMEOUT(ws.document()->instanceCount() > 0, kSlowMachineMs);
    QVERIFY(ws.needsReview(m_unlabelled));

    // Shift+R: the model's labels go, the image is unlabelled again.
    ws.canvas()->setFocus();
    QTest::keyClick(ws.canvas(), Qt::Key_R, Qt::ShiftModifier);
    QVERIFY(!QFile::exists(labelFile));
    QVERIFY(!ws.needsReview(m_unlabelled));
    QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Unlabelled);
    QVERIFY(!ws.imageModel()->entry(row).needsReview);
    QTRY_VERIFY_WITH_TIMEOUT(ws.document()->isLoaded() && ws.document()->instanceCount() == 0, kSlowMachineMs);
    QTest::qWait(50);
    QVERIFY(!QFile::exists(labelFile)); // nothing wrote the objects back

    // Again, and A accepts: the labels stay, the mark goes (also from the file).
    ws.prelabelCurrent();
    QVERIFY(done.wait(120000));
    QTRY_VERIFY_WITH_TIMEOUT(ws.document()->instanceCount() > 0, kSlowMachineMs);
    const QByteArray prelabelled = readAll(labelFile);
    QVERIFY(!prelabelled.isEmpty());
    QVERIFY(ws.reviewBar()->isVisible());
    QTest::keyClick(ws.canvas(), Qt::Key_A);
    QVERIFY(!ws.needsReview(m_unlabelled));
    QVERIFY(!ws.reviewBar()->isVisible());
    QVERIFY(!ws.imageModel()->entry(row).needsReview);
    QCOMPARE(ws.imageModel()->entry(row).status, ImageListModel::Status::Labelled);
    QCOMPARE(readAll(labelFile), prelabelled);
    ReviewState state;
    QString error;
    QVERIFY(state.load(m_dir, &error));
    QCOMPARE(state.size(), 0);
}

void TestLabelAssist::proposalsKeepTheirOrigin()
{
    LabelWorkspace ws;
    open(ws);
    ws.setPrelabelModel(QStringLiteral("yolov8n-pose"), 160, 0.0);
    QSignalSpy done(&ws, &LabelWorkspace::prelabelFinished);
    ws.setCurrentRow(ws.imageModel()->rowOf(m_unlabelled));
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    ws.prelabelCurrent();
    QVERIFY(done.wait(120000));
    QTRY_VERIFY_WITH_TIMEOUT(ws.document()->instanceCount() > 0, kSlowMachineMs);
    // Every point is the model's, recorded beside the labels and never in them.
    const QString origins = gp::PointOrigins::fileFor(m_dir, m_unlabelled);
    QVERIFY(QFile::exists(origins));
    const int points = ws.document()->proposalCount();
    QVERIFY(points > 0);
    for (const Keypoint &k : ws.document()->instances()[0].keypoints)
        QVERIFY(!k.isLabelled() || k.origin == Keypoint::Origin::Model);
    const QString labels = QString::fromUtf8(readAll(DatasetConfig::labelFileFor(m_unlabelled)));
    QVERIFY(!labels.contains(QLatin1String("model")));
    // The list and the banner count what is left to confirm; the points table says whose.
    const int row = ws.imageModel()->rowOf(m_unlabelled);
    QVERIFY(ImageListModel::statusName(ws.imageModel()->entry(row)).contains(QString::number(points)));
    QVERIFY(ws.pointTable()->topLevelItem(0)->text(2).contains(QLatin1String("model"))
        || !ws.document()->instances()[0].keypoints[0].isLabelled());
    // Seen again (another image and back): the points are still the model's.
    ws.nextImage();
    QTRY_VERIFY_WITH_TIMEOUT(ws.shownFile() != m_unlabelled, kSlowMachineMs);
    ws.setCurrentRow(row);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
    QCOMPARE(ws.document()->proposalCount(), points);
    // A accepts: every point becomes a person's, the record goes, and the next image shows.
    ws.canvas()->setFocus();
    QTest::keyClick(ws.canvas(), Qt::Key_A);
    QVERIFY(!QFile::exists(origins));
    QTRY_VERIFY_WITH_TIMEOUT(ws.shownFile() != m_unlabelled, kSlowMachineMs);
}

void TestLabelAssist::checksPanelOpensTheImage()
{
    LabelWorkspace ws;
    open(ws);
    // A labelled image other than the one shown gets its first object twice.
    QString target;
    for (const auto &e : ws.imageModel()->entries())
        if (e.status == ImageListModel::Status::Labelled && e.file != ws.shownFile())
            target = e.file;
    QVERIFY(!target.isEmpty());
    const QString labelFile = DatasetConfig::labelFileFor(target);
    const QByteArray text = readAll(labelFile);
    const QList<QByteArray> lines = text.trimmed().split('\n');
    {
        QFile f(labelFile);
        QVERIFY(f.open(QIODevice::Append));
        // Nudged a little: an exact copy of a line is already refused when the file is read.
        QList<QByteArray> tok = lines.first().split(' ');
        tok[5] = QByteArray::number(tok[5].toDouble() + 0.001, 'f', 6);
        f.write((text.endsWith('\n') ? QByteArray() : QByteArrayLiteral("\n")) + tok.join(' ') + "\n");
    }
    const int duplicate = int(lines.size()); // the new last object
    // The filter hides the image: opening it from the panel shows everything again.
    ws.statusFilterBox()->setCurrentIndex(ws.statusFilterBox()->findData(int(ImageListModel::Filter::Unlabelled)));

    QSignalSpy finished(ws.checksPanel(), &ChecksPanel::finished);
    // The first look at the tab runs the checks (in the background).
    ws.sideTabs()->setCurrentWidget(ws.checksPanel());
    QVERIFY(finished.wait(30000));
    QTreeWidget *tree = ws.checksPanel()->tree();
    QTreeWidgetItem *item = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        const ChecksPanel::Row &r = ws.checksPanel()->rows()[size_t(i)];
        if (r.file == target && r.finding.kind == LabelAudit::Kind::DuplicateInstance)
            item = tree->topLevelItem(i);
    }
    QVERIFY2(item, qPrintable(target));
    QCOMPARE(item->text(1), LabelAudit::kindName(LabelAudit::Kind::DuplicateInstance));
    tree->scrollToItem(item);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(item).center());
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), target, kSlowMachineMs);
    QCOMPARE(ws.document()->instanceCount(), duplicate + 1);
    QCOMPARE(ws.document()->currentInstance(), duplicate);
    QVERIFY(ws.filterModel()->rowCount() == ws.imageModel()->rowCount());
    if (!qEnvironmentVariableIsEmpty("GP_SCREENSHOT_DIR"))
        ws.grab().save(QDir(qEnvironmentVariable("GP_SCREENSHOT_DIR")).filePath(QStringLiteral("label-checks.png")));
}

QTEST_MAIN(TestLabelAssist)
#include "tst_labelassist.moc"
