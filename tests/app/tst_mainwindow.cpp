// The main window on a small generated project: the three workspaces and clicking
// through them on the real tab bar, the Label workspace's list and image view, the Train
// workspace's dataset check, the Video workspace, and what the workspaces hand each other.
// The language switch, the About dialog, the settings and the demo project are in
// tst_mainwindowshell.

#include "annotationdocument.h"
#include "configfield.h"
#include "datasetchecker.h"
#include "datasetcheckpanel.h"
#include "frameimporter.h"
#include "imagebrowser.h"
#include "imagelistmodel.h"
#include "imageview.h"
#include "labelworkspace.h"
#include "languages.h"
#include "mainwindow.h"
#include "mainwindowfixture.h"
#include "poseoverlayview.h"
#include "project.h"
#include "runsetupform.h"
#include "trainworkspace.h"
#include "videoworkspace.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QGroupBox>
#include <QLabel>
#include <QListView>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using gp::DatasetChecker;
using gp::DatasetConfig;
using gp::DatasetIssue;
using gp::DatasetIssueList;
using gp::FrameImporter;
using gp::ImageAnnotation;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Project;
using gp::Skeleton;
using mainwindowtest::kSlowMachineMs;

namespace {

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = QDir(to).filePath(QDir(from).relativeFilePath(file));
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(file, target))
            return false;
    }
    return true;
}

// The view's geometry text for a failing comparison.
QString describe(const ImageView *v)
{
    return QStringLiteral("zoom %1 offset %2,%3").arg(v->zoom()).arg(v->offset().x()).arg(v->offset().y());
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void startsWithThreeWorkspaces();
    void clicksThroughWorkspacesOnTheTabBar();
    void labelWorkspaceListsImages();
    void labelWorkspaceKeyboardNavigation();
    void imageViewShowsLabels_data();
    void imageViewShowsLabels();
    void trainWorkspaceSummarisesDataset();
    void trainWorkspaceListsProblems();
    void videoWorkspaceOpensProjectVideo();
    void videoFrameOpensInLabelWorkspace();
    void trainWorkspaceHandsOverImagesAndWeights();
    void anInvalidProjectSaysWhyInTheWindow();

private:
    void openWindow(MainWindow &w);

    QTemporaryDir m_tmp;
    QString m_project;
    Languages m_languages;
};

void TestMainWindow::initTestCase()
{
    mainwindowtest::prepare(m_tmp, m_languages, &m_project);
}

void TestMainWindow::init()
{
    QSettings().clear();
}

void TestMainWindow::cleanup()
{
    m_languages.apply(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(); // deliver LanguageChange before the next test
}

void TestMainWindow::openWindow(MainWindow &w)
{
    mainwindowtest::openWindow(w, m_project);
}

void TestMainWindow::startsWithThreeWorkspaces()
{
    MainWindow w(&m_languages);
    openWindow(w);
    QTabWidget *tabs = w.workspaceTabs();
    QCOMPARE(tabs->count(), 3);
    QCOMPARE(tabs->tabText(0), QStringLiteral("Label"));
    QCOMPARE(tabs->tabText(1), QStringLiteral("Train"));
    QCOMPARE(tabs->tabText(2), QStringLiteral("Video"));
    QCOMPARE(tabs->widget(0), w.labelWorkspace());
    QCOMPARE(tabs->widget(1), w.trainWorkspace());
    QCOMPARE(tabs->widget(2), w.videoWorkspace());
    QVERIFY(w.project());
    QCOMPARE(w.project()->name(), QStringLiteral("tiny"));
    QVERIFY(w.windowTitle().contains(QStringLiteral("tiny")));
    // The status bar names the project and counts its images.
    const QStringList status = [&] {
        QStringList texts;
        for (QLabel *l : w.statusBar()->findChildren<QLabel *>())
            texts << l->text();
        return texts;
    }();
    QVERIFY2(status.join(' ').contains(QStringLiteral("tiny")), qPrintable(status.join(" | ")));
    QVERIFY2(status.join(' ').contains(QStringLiteral("10 image")), qPrintable(status.join(" | ")));
    // Menus: File, View (with Language), Help.
    QStringList menus;
    for (QAction *a : w.menuBar()->actions())
        menus << a->text();
    QCOMPARE(menus, (QStringList { "&File", "&View", "&Help" }));
}

void TestMainWindow::clicksThroughWorkspacesOnTheTabBar()
{
    MainWindow w(&m_languages);
    openWindow(w);
    QTabBar *bar = w.workspaceTabs()->tabBar();
    const MainWindow::Workspace order[] = { MainWindow::Workspace::Video, MainWindow::Workspace::Train,
        MainWindow::Workspace::Label, MainWindow::Workspace::Video };
    for (MainWindow::Workspace ws : order) {
        const int i = int(ws);
        QTest::mouseClick(bar, Qt::LeftButton, Qt::NoModifier, bar->tabRect(i).center());
        QCOMPARE(w.workspace(), ws);
        QVERIFY(w.workspaceTabs()->widget(i)->isVisible());
    }
    // Ctrl+1 goes back to Label.
    QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(w.workspace(), MainWindow::Workspace::Label);
    QTRY_VERIFY_WITH_TIMEOUT(!w.isBusy(), kSlowMachineMs);
}

void TestMainWindow::labelWorkspaceListsImages()
{
    MainWindow w(&m_languages);
    openWindow(w);
    LabelWorkspace *label = w.labelWorkspace();
    const DatasetConfig &config = w.project()->config();
    QCOMPARE(label->splits(), (QStringList { "train", "val" }));
    QCOMPARE(label->currentSplit(), QStringLiteral("train"));
    const QStringList train = config.imageFiles(QStringLiteral("train"));
    const QStringList val = config.imageFiles(QStringLiteral("val"));
    QCOMPARE(train.size() + val.size(), 10);
    QCOMPARE(label->imageModel()->rowCount(), train.size());
    QCOMPARE(label->imageList()->model()->rowCount(), train.size());
    // Each row's status follows its label file.
    int labelled = 0, empty = 0;
    for (int r = 0; r < train.size(); ++r) {
        const auto &e = label->imageModel()->entry(r);
        QCOMPARE(e.file, train.at(r));
        DatasetIssueList issues;
        const auto a = config.loadAnnotation(e.file, &issues);
        const auto expected = !QFileInfo::exists(DatasetConfig::labelFileFor(e.file))
            ? ImageListModel::Status::Unlabelled
            : a.instances.empty() ? ImageListModel::Status::Empty
                                  : ImageListModel::Status::Labelled;
        QCOMPARE(int(e.status), int(expected));
        labelled += e.status == ImageListModel::Status::Labelled;
        empty += e.status == ImageListModel::Status::Empty;
    }
    QCOMPARE(label->splitCounts(QStringLiteral("train")).labelled, labelled);
    QCOMPARE(label->splitCounts(QStringLiteral("train")).empty, empty);
    QCOMPARE(label->totalCounts().images, 10);
    // The first image with objects is shown, with its labels.
    auto firstLabelled = [&] {
        for (int r = 0; r < label->imageModel()->rowCount(); ++r)
            if (label->imageModel()->entry(r).status == ImageListModel::Status::Labelled)
                return label->imageModel()->entry(r).file;
        return label->imageModel()->entry(0).file;
    };
    QTRY_COMPARE_WITH_TIMEOUT(label->shownFile(), firstLabelled(), kSlowMachineMs);
    // The val split.
    label->splitBox()->setCurrentIndex(label->splitBox()->findData(QStringLiteral("val")));
    QCOMPARE(label->imageModel()->rowCount(), val.size());
    QTRY_COMPARE_WITH_TIMEOUT(label->shownFile(), firstLabelled(), kSlowMachineMs);
    // The point table lists the skeleton's names.
    QCOMPARE(label->pointTable()->topLevelItemCount(), 14);
    QCOMPARE(label->pointTable()->topLevelItem(0)->text(1), QStringLiteral("left_wrist"));
    QCOMPARE(label->pointTable()->topLevelItem(13)->text(1), QStringLiteral("right_grasp"));
}

void TestMainWindow::labelWorkspaceKeyboardNavigation()
{
    MainWindow w(&m_languages);
    openWindow(w);
    LabelWorkspace *label = w.labelWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(!label->shownFile().isEmpty(), kSlowMachineMs);
    label->imageList()->setFocus();
    label->setCurrentRow(0);
    QTest::keyClick(label->imageList(), Qt::Key_Right);
    QCOMPARE(label->currentRow(), 1);
    QTest::keyClick(label->imageList(), Qt::Key_PageDown);
    QCOMPARE(label->currentRow(), 2);
    QTest::keyClick(label->imageList(), Qt::Key_Left);
    QCOMPARE(label->currentRow(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(label->shownFile(), label->imageModel()->entry(1).file, kSlowMachineMs);
    // At the ends the selection stays.
    label->setCurrentRow(0);
    QTest::keyClick(label->imageList(), Qt::Key_Left);
    QCOMPARE(label->currentRow(), 0);
    const int last = label->imageModel()->rowCount() - 1;
    label->setCurrentRow(last);
    QTest::keyClick(label->imageList(), Qt::Key_Right);
    QCOMPARE(label->currentRow(), last);
    QTRY_COMPARE_WITH_TIMEOUT(label->shownFile(), label->imageModel()->entry(last).file, kSlowMachineMs);
}

void TestMainWindow::imageViewShowsLabels_data()
{
    QTest::addColumn<double>("zoom"); // 0: fitted to the window
    QTest::newRow("fit") << 0.0;
    QTest::newRow("0.5") << 0.5;
    QTest::newRow("1") << 1.0;
    QTest::newRow("2") << 2.0;
    QTest::newRow("4.75") << 4.75;
}

void TestMainWindow::imageViewShowsLabels()
{
    QFETCH(double, zoom);
    MainWindow w(&m_languages);
    openWindow(w);
    LabelWorkspace *label = w.labelWorkspace();
    ImageView *view = label->imageView();
    // The first image with objects.
    int row = -1;
    for (int r = 0; r < label->imageModel()->rowCount() && row < 0; ++r)
        if (label->imageModel()->entry(r).status == ImageListModel::Status::Labelled)
            row = r;
    QVERIFY2(row >= 0, "the tiny project has no labelled train image");
    const QString file = label->imageModel()->entry(row).file;
    label->setCurrentRow(row);
    QTRY_COMPARE_WITH_TIMEOUT(label->shownFile(), file, kSlowMachineMs);
    DatasetIssueList issues;
    const ImageAnnotation expected = w.project()->config().loadAnnotation(file, &issues);
    QVERIFY(!expected.instances.empty());
    QCOMPARE(view->annotation(), expected);
    QCOMPARE(view->imageSize(), expected.imageSize);
    QVERIFY(view->isFitToWindow());
    if (zoom > 0)
        view->setZoom(zoom, QRectF(view->rect()).center());

    // The mapping round trip at this zoom, for every labelled point.
    for (const PoseInstance &inst : expected.instances)
        for (const Keypoint &k : inst.keypoints) {
            const QPointF p(k.x, k.y);
            QCOMPARE(view->viewToImage(view->imageToView(p)), p);
            const QPointF v = view->imageToView(p);
            QCOMPARE(view->imageToView(view->viewToImage(v)), v);
        }

    // A visible point away from every other mark is drawn in its side's colour where the
    // mapping puts it.
    const Skeleton &skeleton = w.project()->skeleton();
    const QImage shot = view->grab().toImage();
    int checked = 0;
    int inView = 0;
    for (const PoseInstance &inst : expected.instances) {
        for (int i = 0; i < int(inst.keypoints.size()); ++i) {
            const Keypoint &k = inst.keypoints[size_t(i)];
            const QPointF c = view->imageToView(QPointF(k.x, k.y));
            if (k.visibility != Keypoint::Visible || !QRectF(view->rect()).adjusted(8, 8, -8, -8).contains(c))
                continue;
            ++inView;
            bool isolated = true;
            for (const PoseInstance &other : expected.instances) {
                const QRectF box = view->imageToView(other.box);
                if (QRectF(box.left() - 8, box.top() - 30, 120, 40).contains(c)) // the caption tag
                    isolated = false;
                for (int j = 0; j < int(other.keypoints.size()); ++j) {
                    const Keypoint &o = other.keypoints[size_t(j)];
                    if (&o == &k || !o.isLabelled())
                        continue;
                    // Another dot (radius 4.5 plus outline) could cover this centre.
                    if (QLineF(c, view->imageToView(QPointF(o.x, o.y))).length() < 7)
                        isolated = false;
                }
            }
            if (!isolated)
                continue;
            const QColor want = skeleton.pointColor(i);
            const QColor got = shot.pixelColor(c.toPoint());
            QVERIFY2(std::abs(got.red() - want.red()) < 16 && std::abs(got.green() - want.green()) < 16
                    && std::abs(got.blue() - want.blue()) < 16,
                qPrintable(QStringLiteral("point %1 at %2,%3 (%4): %5, want %6")
                               .arg(i)
                               .arg(c.x())
                               .arg(c.y())
                               .arg(describe(view), got.name(), want.name())));
            ++checked;
        }
    }
    QVERIFY2(checked > 0 || (zoom > 0 && inView == 0), "no isolated visible point to check");
}

void TestMainWindow::trainWorkspaceSummarisesDataset()
{
    MainWindow w(&m_languages);
    openWindow(w);
    TrainWorkspace *train = w.trainWorkspace();
    QVERIFY(!train->report()); // the check starts when the workspace is shown
    QSignalSpy finished(train, &TrainWorkspace::checkFinished);
    QTest::mouseClick(w.workspaceTabs()->tabBar(), Qt::LeftButton, Qt::NoModifier,
        w.workspaceTabs()->tabBar()->tabRect(int(MainWindow::Workspace::Train)).center());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(train->report());
    QVERIFY(!train->isBusy());
    QCOMPARE(train->progressBar()->value(), 10);
    QCOMPARE(train->progressBar()->maximum(), 10);

    const auto expected = DatasetChecker(w.project()->config()).run();
    QCOMPARE(int(train->report()->issues.size()), 0);
    QTableWidget *t = train->summaryTable();
    // One column per split and the total; one row per measure.
    QCOMPARE(t->columnCount(), 3);
    QCOMPARE(t->horizontalHeaderItem(0)->text(), QStringLiteral("train"));
    QCOMPARE(t->horizontalHeaderItem(1)->text(), QStringLiteral("val"));
    QCOMPARE(t->horizontalHeaderItem(2)->text(), QStringLiteral("Total"));
    int c = 0;
    for (const auto &[split, s] : expected.splits) {
        const int values[] = { s.images, s.labelled, s.background, s.unlabelled, s.badImages, s.instances, s.visible,
            s.occluded, s.absent };
        for (int r = 0; r < 9; ++r)
            QCOMPARE(t->item(r, c)->data(Qt::DisplayRole).toInt(), values[r]);
        ++c;
    }
    QCOMPARE(t->item(0, 2)->data(Qt::DisplayRole).toInt(), 10);
    QCOMPARE(train->problemTable()->rowCount(), 0);
    // The setup form starts from the recipe the trainer uses.
    RunSetupForm *form = train->setupForm();
    QCOMPARE(form->field("model")->text(), QStringLiteral("yolov8s-pose"));
    QCOMPARE(form->field("imgsz")->text(), QStringLiteral("640"));
    QCOMPARE(form->field("batch")->text(), QStringLiteral("16"));
    QCOMPARE(form->field("epochs")->text(), QStringLiteral("100"));
    QCOMPARE(form->field("optimizer")->text(), QStringLiteral("AdamW"));
    QCOMPARE(form->field("lr0")->text(), QStringLiteral("0.001"));
    // The dataset check's summary is shown above the settings.
    QCOMPARE(form->datasetLabel()->text(), train->datasetPanel()->summary());
    QVERIFY2(form->datasetLabel()->text().contains(QStringLiteral("10")), qPrintable(form->datasetLabel()->text()));
    QVERIFY(train->startButton()->isEnabled());
}

void TestMainWindow::trainWorkspaceListsProblems()
{
    const QString broken = m_tmp.filePath(QStringLiteral("broken"));
    QVERIFY(copyTree(m_project, broken));
    const DatasetConfig config = Project::open(broken, nullptr)->config();
    const QStringList train = config.imageFiles(QStringLiteral("train"));
    // A line with too few columns, and a label file without an image.
    QFile labels(DatasetConfig::labelFileFor(train.first()));
    QVERIFY(labels.open(QIODevice::Append));
    labels.write("0 0.5 0.5 0.1\n");
    labels.close();
    QFile orphan(QDir(broken).filePath(QStringLiteral("labels/train/orphan.txt")));
    QVERIFY(orphan.open(QIODevice::WriteOnly));
    orphan.close();

    MainWindow w(&m_languages);
    w.resize(1400, 900);
    w.show();
    QString error;
    QVERIFY2(w.openProject(broken, &error), qPrintable(error));
    w.setWorkspace(MainWindow::Workspace::Train);
    TrainWorkspace *tw = w.trainWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(tw->report() && !tw->isBusy(), 30000);

    const auto expected = DatasetChecker(config).run();
    QVERIFY(expected.issues.size() >= 2);
    QCOMPARE(tw->problemTable()->rowCount(), int(expected.issues.size()));
    QMap<QString, int> kinds;
    for (int r = 0; r < tw->kindTable()->rowCount(); ++r)
        kinds[tw->kindTable()->item(r, 0)->text()] = tw->kindTable()->item(r, 1)->data(Qt::DisplayRole).toInt();
    for (const auto &[kind, n] : expected.issues.countByKind())
        QCOMPARE(kinds.value(DatasetIssue::kindName(kind)), n);
    QVERIFY(kinds.contains(DatasetIssue::kindName(DatasetIssue::Kind::ColumnCount)));
    QVERIFY(kinds.contains(DatasetIssue::kindName(DatasetIssue::Kind::ImageMissing)));
    // The bad line is located as file:line.
    bool located = false;
    const QString labelName = QFileInfo(DatasetConfig::labelFileFor(train.first())).fileName();
    for (int r = 0; r < tw->problemTable()->rowCount(); ++r) {
        const QString where = tw->problemTable()->item(r, 1)->text();
        if (where.contains(labelName) && where.contains(QLatin1Char(':')))
            located = true;
    }
    QVERIFY(located);
}

void TestMainWindow::videoWorkspaceOpensProjectVideo()
{
    MainWindow w(&m_languages);
    openWindow(w);
    w.setWorkspace(MainWindow::Workspace::Video);
    VideoWorkspace *video = w.videoWorkspace();
    QTRY_COMPARE_WITH_TIMEOUT(video->videoInfo().frameCount, 8, kSlowMachineMs);
    QTRY_COMPARE_WITH_TIMEOUT(video->shownFrame(), 0, kSlowMachineMs);
    QVERIFY(video->hasGroundTruth());
    QVERIFY(!video->imageView()->annotation().instances.empty()
        || video->groundTruth()->frame(0)->annotation.instances.empty());
}

void TestMainWindow::videoFrameOpensInLabelWorkspace()
{
    MainWindow w(&m_languages);
    openWindow(w);
    w.setWorkspace(MainWindow::Workspace::Video);
    VideoWorkspace *video = w.videoWorkspace();
    QTRY_COMPARE_WITH_TIMEOUT(video->shownFrame(), 0, kSlowMachineMs);
    video->seek(5);
    QTRY_COMPARE_WITH_TIMEOUT(video->shownFrame(), 5, kSlowMachineMs);
    const QImage shown = video->imageView()->image();
    LabelWorkspace *label = w.labelWorkspace();
    const int before = label->splitCounts(QStringLiteral("train")).images;
    // E, with the focus in the Video workspace.
    video->imageView()->setFocus();
    QTest::keyClick(video->imageView(), Qt::Key_E);
    QCOMPARE(w.workspace(), MainWindow::Workspace::Label);
    const QString file = QDir(m_project).filePath(
        QStringLiteral("images/train/") + FrameImporter::frameFileName(video->videoInfo().file, 5));
    QVERIFY2(QFile::exists(file), qPrintable(file));
    // Listed once the split is read again (in the background), then opened.
    QTRY_COMPARE_WITH_TIMEOUT(label->splitCounts(QStringLiteral("train")).images, before + 1, kSlowMachineMs);
    QTRY_COMPARE_WITH_TIMEOUT(label->shownFile(), file, kSlowMachineMs);
    QCOMPARE(label->currentSplit(), QStringLiteral("train"));
    QCOMPARE(label->imageModel()->entry(label->currentRow()).status, ImageListModel::Status::Unlabelled);
    QCOMPARE(QImage(file).size(), shown.size());
    // Again (the button this time): the file is kept, the image opens again.
    w.setWorkspace(MainWindow::Workspace::Video);
    QTest::mouseClick(video->addFrameButton(), Qt::LeftButton);
    QCOMPARE(w.workspace(), MainWindow::Workspace::Label);
    QTRY_VERIFY_WITH_TIMEOUT(!label->browser()->isListing(), kSlowMachineMs);
    QCOMPARE(label->splitCounts(QStringLiteral("train")).images, before + 1);
    QFile::remove(file); // the shared project as it was
}

void TestMainWindow::trainWorkspaceHandsOverImagesAndWeights()
{
    MainWindow w(&m_languages);
    openWindow(w);
    // A worst validation image clicked on the dashboard: the Label workspace shows it with
    // the object selected.
    QString file;
    for (const QString &f : w.project()->config().imageFiles(QStringLiteral("val")))
        if (file.isEmpty() && QFileInfo(DatasetConfig::labelFileFor(f)).size() > 0)
            file = f;
    QVERIFY(!file.isEmpty());
    w.setWorkspace(MainWindow::Workspace::Train);
    Q_EMIT w.trainWorkspace()->openImageRequested(file, 0);
    QCOMPARE(w.workspace(), MainWindow::Workspace::Label);
    QTRY_COMPARE_WITH_TIMEOUT(w.labelWorkspace()->shownFile(), file, kSlowMachineMs);
    QTRY_COMPARE_WITH_TIMEOUT(w.labelWorkspace()->document()->currentInstance(), 0, kSlowMachineMs);
    // A run's weights: the Video workspace uses them.
    const QString weights = m_tmp.filePath(QStringLiteral("runs/pose/train/weights/best.ckpt"));
    Q_EMIT w.trainWorkspace()->openWeightsRequested(weights);
    QCOMPARE(w.workspace(), MainWindow::Workspace::Video);
    QCOMPARE(w.videoWorkspace()->model(), weights);
}

// A project whose data.yaml is invalid: the reason is in the window, not only on stderr.
void TestMainWindow::anInvalidProjectSaysWhyInTheWindow()
{
    const QString broken = m_tmp.filePath(QStringLiteral("broken"));
    QVERIFY(QDir().mkpath(broken));
    QFile yaml(broken + QStringLiteral("/data.yaml"));
    QVERIFY(yaml.open(QIODevice::WriteOnly));
    yaml.write("train: images/train\nval: images/val\nkpt_shape: [14, 3\n");
    yaml.close();
    MainWindow w(&m_languages);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString error;
    QVERIFY(!w.openProject(broken, &error));
    QVERIFY(!error.isEmpty());
    auto *info = w.labelWorkspace()->findChild<QLabel *>(QStringLiteral("labelInfo"));
    QVERIFY(info);
    QVERIFY2(info->text().contains(QStringLiteral("could not be opened"))
            && info->text().contains(QStringLiteral("data.yaml")),
        qPrintable(info->text()));
    QVERIFY(!info->text().contains(QStringLiteral("No project is open")));
    // A project that opens replaces the message.
    QVERIFY2(w.openProject(m_project, &error), qPrintable(error));
    QVERIFY(!info->text().contains(QStringLiteral("could not be opened")));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
