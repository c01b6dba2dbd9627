// The Label workspace with real clicks and keys: labelling an unlabelled image writes its
// label file and moves it from "unlabelled" to "partial" and "complete" in the list; the
// status filter and the search; a click on a point's name makes it the next one; copying
// the previous image's objects; a rebound key from the cheat-sheet. With
// GP_SCREENSHOT_DIR set it also saves a picture of the workspace mid-labelling.

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "checkspanel.h"
#include "frameimporter.h"
#include "hotkeydialog.h"
#include "imagefiltermodel.h"
#include "labelfile.h"
#include "labelworkspace.h"
#include "project.h"
#include "reviewstate.h"
#include "synthgenerator.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

using gp::AnnotationDocument;
using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::FrameImporter;
using gp::Keypoint;
using gp::LabelAudit;
using gp::LabelFile;
using gp::Project;
using gp::ReviewState;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

// Background work (thumbnails, decoding, checks) can be slow on a loaded CI machine.
static constexpr int kSlowMachineMs = 60000;

class TestLabelWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void labellingAnUnlabelledImage();
    void filterAndSearch();
    void copyPreviousObjects();
    void reboundKey();
    void importsFramesFromAVideo();
    void prelabelMarksNeedsReview();
    void acceptAndRejectReview();
    void checksPanelOpensTheImage();
    void aFailedSaveKeepsTheEditAndAsksBeforeLeaving();

private:
    void open(LabelWorkspace &ws);
    int rowOf(LabelWorkspace &ws, const QString &name) const;
    void clickImagePoint(LabelWorkspace &ws, const QPointF &imagePoint, Qt::KeyboardModifiers mods = {});

    QTemporaryDir m_tmp;
    QString m_dir;
    QString m_unlabelled; // the image whose label file was removed
};

void TestLabelWorkspace::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio Label Test"));
    QStandardPaths::setTestModeEnabled(true);
    const QString settingsDir = m_tmp.filePath(QStringLiteral("settings"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir);
}

void TestLabelWorkspace::init()
{
    QSettings().clear();
    // A fresh project for every test: the tests write labels.
    m_unlabelled.clear();
    m_dir = m_tmp.filePath(QStringLiteral("p%1").arg(QTest::currentTestFunction()));
    SynthOptions o;
    o.outDir = m_dir;
    o.count = 8;
    o.imageSize = QSize(320, 192);
    o.seed = 7;
    o.videoFrames = 0;
    QString error;
    const SynthGenerator generator(Skeleton::defaultGripper(), o);
    QVERIFY2(generator.run(&error), qPrintable(error));
    // The third training image loses its labels.
    int train = 0;
    for (int i = 0; i < o.count && m_unlabelled.isEmpty(); ++i)
        if (generator.imageFileName(i).startsWith(QLatin1String("images/train/")) && ++train == 3)
            m_unlabelled = m_dir + QLatin1Char('/') + generator.imageFileName(i);
    QVERIFY(QFile::exists(m_unlabelled));
    QFile::remove(DatasetConfig::labelFileFor(m_unlabelled));
}

void TestLabelWorkspace::open(LabelWorkspace &ws)
{
    QString error;
    auto project = Project::open(m_dir, &error);
    QVERIFY2(project, qPrintable(error));
    ws.resize(1400, 860);
    ws.setProject(std::make_shared<const Project>(*project));
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QTRY_VERIFY_WITH_TIMEOUT(!ws.shownFile().isEmpty(), kSlowMachineMs);
}

int TestLabelWorkspace::rowOf(LabelWorkspace &ws, const QString &file) const
{
    return ws.imageModel()->rowOf(file);
}

void TestLabelWorkspace::clickImagePoint(LabelWorkspace &ws, const QPointF &imagePoint, Qt::KeyboardModifiers mods)
{
    const QPoint at = ws.canvas()->imageToView(imagePoint).toPoint();
    QTest::mouseClick(ws.canvas(), Qt::LeftButton, mods, at);
}

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

    // Zoomed in, so the clicks land on whole image pixels apart from each other.
    ws.canvas()->setZoom(2.5, QPointF(ws.canvas()->rect().center()));
    const QPointF origin = ws.canvas()->viewToImage(QPointF(ws.canvas()->rect().center())) - QPointF(60, 40);
    auto pointOf = [&](int k) { return origin + QPointF(8 * k, (k % 4) * 9); };
    for (int k = 0; k < 5; ++k)
        clickImagePoint(ws, pointOf(k));
    QCOMPARE(ws.document()->nextKeypoint(), 5);
    QVERIFY(points->topLevelItem(5)->text(0).startsWith(QStringLiteral("▶")));
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

void TestLabelWorkspace::importsFramesFromAVideo()
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

void TestLabelWorkspace::prelabelMarksNeedsReview()
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

void TestLabelWorkspace::acceptAndRejectReview()
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

void TestLabelWorkspace::checksPanelOpensTheImage()
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

namespace {

// Answers the "labels not saved" box with `button` once it shows (counting it in *asked).
void answerUnsavedBox(QMessageBox::StandardButton button, int *asked, int tries = 200)
{
    QTimer::singleShot(25, [=] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || box->objectName() != QLatin1String("unsavedLabelsBox")) {
            if (tries > 0)
                answerUnsavedBox(button, asked, tries - 1);
            return;
        }
        ++*asked;
        box->button(button)->click();
    });
}

} // namespace

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
    answerUnsavedBox(QMessageBox::Cancel, &asked);
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
    answerUnsavedBox(QMessageBox::Discard, &asked);
    ws.nextImage();
    QTRY_COMPARE(asked, 2);
    QTRY_VERIFY_WITH_TIMEOUT(ws.shownFile() != m_unlabelled, kSlowMachineMs);
    repairFolder();
    QCOMPARE(LabelFile::read(labelFile, QSize(320, 192), LabelFile::Format(), &issues)[0].keypoints[1].visibility,
        int(Keypoint::Absent));
}

QTEST_MAIN(TestLabelWorkspace)
#include "tst_labelworkspace.moc"
