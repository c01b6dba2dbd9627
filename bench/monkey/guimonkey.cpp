#include "guimonkey.h"

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "imagebrowser.h"
#include "labelfile.h"
#include "labelworkspace.h"
#include "mainwindow.h"
#include "modelpanel.h"
#include "outputoptions.h"
#include "predictioncontroller.h"
#include "project.h"
#include "runsetupform.h"
#include "runspanel.h"
#include "scenariotagpanel.h"
#include "smoothingpanel.h"
#include "trainworkspace.h"
#include "videotimeline.h"
#include "videoworkspace.h"

#include <QApplication>
#include <QCheckBox>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QListView>
#include <QPushButton>
#include <QSet>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

#include <unistd.h>

using gp::AnnotationDocument;
using gp::Keypoint;
using gp::LabelFile;
using gp::PoseInstance;

namespace {

// The calling thread's CPU time: what the GUI thread itself spent, whatever else the machine runs.
double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// What the disk holds, as the document would write it: its objects that have a box.
std::vector<PoseInstance> written(const AnnotationDocument &doc)
{
    std::vector<PoseInstance> out;
    for (const PoseInstance &inst : doc.instances())
        if (!inst.box.isEmpty())
            out.push_back(inst);
    return out;
}

constexpr int kSettleMs = 30;

} // namespace

GuiMonkey::GuiMonkey(MainWindow *window, const QString &project, Options options)
    : m_window(window)
    , m_project(project)
    , m_options(std::move(options))
    , m_rng(m_options.seed)
    , m_sampler(std::make_unique<StallSampler>(kMaxStallMs / 2))
{
    // How each run ended goes into the log: a run that fails is worth knowing of.
    connect(m_window->trainWorkspace(), &TrainWorkspace::trainingEnded, this,
        [this](gp::TrainingSession::Outcome outcome, const QString &error) {
            m_log << QStringLiteral("(a run ended: outcome %1%2)")
                         .arg(int(outcome))
                         .arg(error.isEmpty() ? QString() : QStringLiteral(", ") + error);
            if (qEnvironmentVariableIsSet("GP_MONKEY_VERBOSE"))
                std::fprintf(stderr, "%s\n", qPrintable(m_log.back()));
        });
    if (!m_options.journal.isEmpty())
        connect(m_window->labelWorkspace()->document(), &AnnotationDocument::saved, this, &GuiMonkey::journalSave);
    m_tick.setInterval(5);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        const double now = threadCpuMs();
        const double spent = now - m_lastCpuMs;
        m_lastCpuMs = now;
        // A tick's own work is microseconds; what lies between two ticks is the event loop's.
        stretchEnded(spent);
    });
}

void GuiMonkey::journalSave(const QString &labelFile)
{
    QFile label(labelFile);
    if (!label.open(QIODevice::ReadOnly))
        return;
    const QByteArray hash = QCryptographicHash::hash(label.readAll(), QCryptographicHash::Sha1).toHex();
    QFile journal(m_options.journal);
    if (!journal.open(QIODevice::WriteOnly | QIODevice::Append))
        return;
    journal.write(labelFile.toUtf8() + '\t' + hash + '\n');
    journal.flush();
    ::fsync(journal.handle()); // on disk before the next action: a kill cannot come between
}

int GuiMonkey::randomInt(int lo, int hi)
{
    return std::uniform_int_distribution<int>(lo, hi)(m_rng);
}

void GuiMonkey::startMeter()
{
    m_sampler->mark(0);
    m_lastCpuMs = threadCpuMs();
    m_metering = true;
    m_tick.start();
}

void GuiMonkey::stopMeter()
{
    if (!m_metering)
        return;
    m_tick.stop();
    stretchEnded(threadCpuMs() - m_lastCpuMs);
    m_metering = false;
}

void GuiMonkey::stretchEnded(double spentMs)
{
    m_sampler->mark(spentMs);
    if (spentMs > m_longestStall) {
        m_longestStall = spentMs;
        m_stallWhere = m_log.isEmpty() ? QStringLiteral("start") : m_log.back();
    }
}

void GuiMonkey::timed(const std::function<void()> &input)
{
    m_sampler->mark(0); // the input's stretch starts here
    const double start = threadCpuMs();
    input();
    stretchEnded(threadCpuMs() - start);
}

void GuiMonkey::settle(int ms)
{
    startMeter();
    QTest::qWait(ms);
    stopMeter();
}

bool GuiMonkey::showLabel()
{
    if (m_window->workspace() != MainWindow::Workspace::Label) {
        QTabBar *bar = m_window->workspaceTabs()->tabBar();
        timed([&] {
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(int(MainWindow::Workspace::Label)).center());
        });
        settle(kSettleMs);
    }
    return m_window->labelWorkspace()->document()->isLoaded();
}

void GuiMonkey::noteSnapshotBeforeEdit()
{
    const AnnotationDocument *doc = m_window->labelWorkspace()->document();
    if (doc->labelFile() != m_snapshotFile) {
        m_beforeEdit.clear(); // another image: its own undo history
        m_snapshotFile = doc->labelFile();
    }
    m_beforeEdit[doc->undoStack()->index()] = doc->instances();
    if (!doc->labelFile().isEmpty() && !m_touchedFiles.contains(doc->labelFile()))
        m_touchedFiles << doc->labelFile();
}

std::pair<int, int> GuiMonkey::randomLabelledPoint()
{
    const auto &instances = m_window->labelWorkspace()->document()->instances();
    std::vector<std::pair<int, int>> labelled;
    for (size_t i = 0; i < instances.size(); ++i)
        for (size_t k = 0; k < instances[i].keypoints.size(); ++k)
            if (instances[i].keypoints[k].isLabelled())
                labelled.emplace_back(int(i), int(k));
    if (labelled.empty())
        return { -1, -1 };
    return labelled[size_t(randomInt(0, int(labelled.size()) - 1))];
}

QPointF GuiMonkey::viewPointOf(int instance, int keypoint) const
{
    const Keypoint &kp
        = m_window->labelWorkspace()->document()->instances()[size_t(instance)].keypoints[size_t(keypoint)];
    return m_window->labelWorkspace()->canvas()->imageToView(QPointF(kp.x, kp.y));
}

void GuiMonkey::switchWorkspace()
{
    const int to = randomInt(0, 2);
    m_log << QStringLiteral("workspace %1").arg(to);
    QTabBar *bar = m_window->workspaceTabs()->tabBar();
    timed([&] { QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(to).center()); });
    settle(kSettleMs);
}

void GuiMonkey::nextImage(int step)
{
    m_log << (step > 0 ? QStringLiteral("next image") : QStringLiteral("previous image"));
    if (!showLabel())
        return;
    AnnotationCanvas *canvas = m_window->labelWorkspace()->canvas();
    timed([&] { QTest::keyClick(canvas, step > 0 ? Qt::Key_Right : Qt::Key_Left); });
    settle(kSettleMs);
}

void GuiMonkey::clickListRow()
{
    showLabel();
    QListView *list = m_window->labelWorkspace()->imageList();
    const int rows = list->model()->rowCount();
    if (rows == 0)
        return;
    const QModelIndex index = list->model()->index(randomInt(0, rows - 1), 0);
    m_log << QStringLiteral("list row %1").arg(index.row());
    list->scrollTo(index);
    timed([&] { QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(index).center()); });
    settle(kSettleMs);
}

void GuiMonkey::placePoint()
{
    if (!showLabel())
        return;
    AnnotationCanvas *canvas = m_window->labelWorkspace()->canvas();
    const QSize image = m_window->labelWorkspace()->document()->annotation().imageSize;
    const QPointF imagePoint(std::uniform_real_distribution<double>(0, image.width())(m_rng),
        std::uniform_real_distribution<double>(0, image.height())(m_rng));
    const QPoint at = canvas->imageToView(imagePoint).toPoint();
    if (!canvas->rect().contains(at))
        return;
    const bool occluded = randomInt(0, 4) == 0;
    m_log << QStringLiteral("place %1 at %2,%3")
                 .arg(occluded ? QStringLiteral("occluded") : QStringLiteral("visible"))
                 .arg(at.x())
                 .arg(at.y());
    noteSnapshotBeforeEdit();
    timed([&] { QTest::mouseClick(canvas, Qt::LeftButton, occluded ? Qt::ShiftModifier : Qt::NoModifier, at); });
    settle(kSettleMs);
}

void GuiMonkey::dragPoint()
{
    if (!showLabel())
        return;
    const auto [instance, keypoint] = randomLabelledPoint();
    if (instance < 0)
        return;
    AnnotationCanvas *canvas = m_window->labelWorkspace()->canvas();
    const QPoint from = viewPointOf(instance, keypoint).toPoint();
    const QPoint by(randomInt(-40, 40), randomInt(-40, 40));
    if (!canvas->rect().contains(from))
        return;
    m_log << QStringLiteral("drag %1/%2 by %3,%4").arg(instance).arg(keypoint).arg(by.x()).arg(by.y());
    noteSnapshotBeforeEdit();
    timed([&] { QTest::mousePress(canvas, Qt::LeftButton, {}, from); });
    for (int s = 1; s <= 4; ++s)
        timed([&] { QTest::mouseMove(canvas, from + by * s / 4); });
    timed([&] { QTest::mouseRelease(canvas, Qt::LeftButton, {}, from + by); });
    settle(kSettleMs);
}

void GuiMonkey::pointKey(Qt::Key key)
{
    if (!showLabel())
        return;
    const auto [instance, keypoint] = randomLabelledPoint();
    if (instance < 0)
        return;
    AnnotationCanvas *canvas = m_window->labelWorkspace()->canvas();
    const QPoint at = viewPointOf(instance, keypoint).toPoint();
    if (!canvas->rect().contains(at))
        return;
    m_log << QStringLiteral("hover %1/%2, key %3").arg(instance).arg(keypoint).arg(QKeySequence(key).toString());
    noteSnapshotBeforeEdit();
    timed([&] { QTest::mouseMove(canvas, at); });
    timed([&] { QTest::keyClick(canvas, key); });
    settle(kSettleMs);
}

void GuiMonkey::newObject()
{
    if (!showLabel())
        return;
    m_log << QStringLiteral("new object");
    noteSnapshotBeforeEdit();
    timed([&] { QTest::keyClick(m_window->labelWorkspace()->canvas(), Qt::Key_N); });
    settle(kSettleMs);
}

void GuiMonkey::undo()
{
    if (!showLabel())
        return;
    AnnotationDocument *doc = m_window->labelWorkspace()->document();
    AnnotationCanvas *canvas = m_window->labelWorkspace()->canvas();
    const int index = doc->undoStack()->index();
    m_log << QStringLiteral("undo");
    const QKeySequence keys = canvas->binding(AnnotationCanvas::Action::Undo);
    timed([&] { QTest::keySequence(canvas, keys); });
    settle(kSettleMs);
    // The image as it was before the edit the step undid, when the monkey made that edit.
    if (index > 0 && doc->labelFile() == m_snapshotFile && doc->undoStack()->index() == index - 1) {
        const auto before = m_beforeEdit.find(index - 1);
        if (before != m_beforeEdit.end() && doc->instances() != before->second)
            m_undoViolation
                = QStringLiteral("undo at step %1 did not restore the image as it was before that edit").arg(index);
    }
}

void GuiMonkey::redo()
{
    if (!showLabel())
        return;
    m_log << QStringLiteral("redo");
    AnnotationCanvas *canvas = m_window->labelWorkspace()->canvas();
    const QKeySequence keys = canvas->binding(AnnotationCanvas::Action::Redo);
    timed([&] { QTest::keySequence(canvas, keys); });
    settle(kSettleMs);
}

void GuiMonkey::toggleTag()
{
    if (!showLabel())
        return;
    ScenarioTagPanel *panel = m_window->labelWorkspace()->tagPanel();
    const QStringList tags = panel->shownTags();
    if (tags.isEmpty())
        return;
    QCheckBox *box = panel->checkBox(tags[randomInt(0, int(tags.size()) - 1)]);
    if (!box || !box->isVisible() || !box->isEnabled())
        return;
    m_log << QStringLiteral("tag %1").arg(box->text());
    noteSnapshotBeforeEdit();
    timed([&] { QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(box->height() / 2, box->height() / 2)); });
    settle(kSettleMs);
}

void GuiMonkey::startTraining()
{
    TrainWorkspace *t = m_window->trainWorkspace();
    if (t->isTraining())
        return;
    m_window->setWorkspace(MainWindow::Workspace::Train);
    gp::TrainingConfig config = t->setupForm()->config();
    config.model = QStringLiteral("yolov8n-pose"); // small checkpoints: a kill test saves many
    config.epochs = m_options.trainingEpochs;
    config.imgsz = 64;
    config.batch = 4;
    config.workers = 0;
    config.name = QStringLiteral("monkey");
    config.existOk = true;
    t->setupForm()->setConfig(config);
    settle(kSettleMs);
    if (!t->startButton()->isEnabled())
        return;
    m_log << QStringLiteral("start training");
    timed([&] { QTest::mouseClick(t->startButton(), Qt::LeftButton); });
    settle(kSettleMs);
}

void GuiMonkey::stopTraining()
{
    TrainWorkspace *t = m_window->trainWorkspace();
    if (!t->stopButton()->isEnabled())
        return;
    m_window->setWorkspace(MainWindow::Workspace::Train);
    settle(kSettleMs);
    m_log << QStringLiteral("stop training");
    timed([&] { QTest::mouseClick(t->stopButton(), Qt::LeftButton); });
    settle(kSettleMs);
}

void GuiMonkey::resumeTraining()
{
    TrainWorkspace *t = m_window->trainWorkspace();
    if (t->isTraining())
        return;
    m_window->setWorkspace(MainWindow::Workspace::Train);
    t->sideTabs()->setCurrentIndex(TrainWorkspace::RunsTab);
    RunsPanel *runs = t->runsPanel();
    runs->refresh();
    QElapsedTimer clock;
    clock.start();
    do
        settle(50);
    while (runs->isRefreshing() && clock.elapsed() < 10000);
    // The newest of the monkey's runs that can go on (the list is newest first).
    const auto &listed = runs->runs();
    const auto run = std::find_if(listed.begin(), listed.end(), [](const gp::RunRecord &r) {
        return r.name.startsWith(QLatin1String("monkey")) && (r.canResume() || r.canExtend());
    });
    if (run == listed.end())
        return;
    runs->selectRun(run->dir);
    settle(kSettleMs);
    QPushButton *button = runs->resumeButton()->isEnabled() ? runs->resumeButton()
        : runs->extendButton()->isEnabled()                 ? runs->extendButton()
                                                            : nullptr;
    if (!button)
        return;
    m_log << (button == runs->resumeButton() ? QStringLiteral("resume training") : QStringLiteral("extend training"));
    timed([&] { QTest::mouseClick(button, Qt::LeftButton); });
    settle(kSettleMs);
}

void GuiMonkey::scrubVideo()
{
    VideoWorkspace *v = m_window->videoWorkspace();
    if (m_window->workspace() != MainWindow::Workspace::Video) {
        m_window->setWorkspace(MainWindow::Workspace::Video);
        settle(kSettleMs);
    }
    if (v->videoInfo().frameCount <= 0) {
        const QString video = QDir(m_project).filePath(QStringLiteral("videos/demo.mp4"));
        if (!QFileInfo::exists(video))
            return;
        m_log << QStringLiteral("open video");
        timed([&] { v->openVideo(video); });
        settle(300);
        return;
    }
    QSlider *slider = v->timeline()->slider();
    const QPoint at(randomInt(2, std::max(3, slider->width() - 3)), slider->height() / 2);
    m_log << QStringLiteral("scrub at %1").arg(at.x());
    timed([&] { QTest::mouseClick(slider, Qt::LeftButton, {}, at); });
    settle(kSettleMs);
}

void GuiMonkey::stepVideo()
{
    VideoWorkspace *v = m_window->videoWorkspace();
    if (m_window->workspace() != MainWindow::Workspace::Video || v->videoInfo().frameCount <= 0)
        return scrubVideo();
    const bool forward = randomInt(0, 1) == 1;
    m_log << (forward ? QStringLiteral("frame forward") : QStringLiteral("frame back"));
    timed([&] { QTest::keyClick(v, forward ? Qt::Key_Right : Qt::Key_Left); });
    settle(kSettleMs);
}

void GuiMonkey::changeSmoothing()
{
    VideoWorkspace *v = m_window->videoWorkspace();
    if (m_window->workspace() != MainWindow::Workspace::Video)
        return scrubVideo();
    SmoothingPanel *s = v->smoothingPanel();
    QSlider *sliders[] = { s->minCutoffSlider(), s->betaSlider(), s->keypointConfSlider(), s->maxGapSlider() };
    QSlider *slider = sliders[randomInt(0, 3)];
    if (!slider->isVisible() || slider->visibleRegion().isEmpty())
        return;
    const QPoint at(randomInt(2, std::max(3, slider->width() - 3)), slider->height() / 2);
    m_log << QStringLiteral("smoothing %1 at %2").arg(slider->objectName()).arg(at.x());
    timed([&] { QTest::mouseClick(slider, Qt::LeftButton, {}, at); });
    settle(kSettleMs);
}

void GuiMonkey::sendFrameToLabel()
{
    VideoWorkspace *v = m_window->videoWorkspace();
    if (m_window->workspace() != MainWindow::Workspace::Video || v->videoInfo().frameCount <= 0)
        return scrubVideo();
    m_log << QStringLiteral("frame to Label (E)");
    timed([&] { QTest::keyClick(v, Qt::Key_E); });
    settle(300);
}

bool GuiMonkey::showVideo()
{
    VideoWorkspace *v = m_window->videoWorkspace();
    if (m_window->workspace() != MainWindow::Workspace::Video || v->videoInfo().frameCount <= 0) {
        scrubVideo();
        return false;
    }
    return true;
}

void GuiMonkey::analyseVideo()
{
    if (!showVideo())
        return;
    VideoWorkspace *v = m_window->videoWorkspace();
    // The newest checkpoint of the project's runs (one is written every epoch).
    QString weights;
    QDateTime newest;
    QDirIterator it(QDir(m_project).filePath(QStringLiteral("runs/pose")), { QStringLiteral("last.ckpt") }, QDir::Files,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo fi(it.next());
        if (!newest.isValid() || fi.lastModified() > newest) {
            newest = fi.lastModified();
            weights = fi.absoluteFilePath();
        }
    }
    if (weights.isEmpty())
        return;
    m_log << QStringLiteral("analyse with %1").arg(QDir(m_project).relativeFilePath(weights));
    timed([&] { v->setModel(weights); });
    v->modelPanel()->imgszBox()->setValue(64); // the run's size: a short pass
    journalEvent(QStringLiteral("analysis started"));
    timed([&] { QTest::mouseClick(v->modelPanel()->analyseButton(), Qt::LeftButton); });
    // The progress dialog is the explicit modal one; it closes when the pass ends.
    waitWhile([v] { return v->predictions()->analysisJob()->isRunning(); }, 300000);
    settle(kSettleMs);
    journalEvent(QStringLiteral("analysis finished"));
}

void GuiMonkey::exportVideo()
{
    if (!showVideo())
        return;
    VideoWorkspace *v = m_window->videoWorkspace();
    if (!v->predictions()->hasAnalysis())
        return analyseVideo();
    // What Export Annotated Video asks the file dialog for, beside the video (nothing a dataset
    // reader looks at).
    gp::OutputOptions o;
    const QString stem = QDir(m_project).filePath(QStringLiteral("videos/monkey_pose"));
    o.videoPath = stem + QStringLiteral(".mp4");
    o.jsonPath = stem + QStringLiteral(".jsonl");
    o.csvPath = stem + QStringLiteral(".csv");
    m_log << QStringLiteral("export");
    journalEvent(QStringLiteral("export started"));
    QString error;
    bool started = false;
    timed([&] { started = v->predictions()->exportVideo(o, &error); });
    if (started)
        waitWhile([v] { return v->predictions()->exportJob()->isRunning(); }, 300000);
    settle(kSettleMs);
    journalEvent(QStringLiteral("export finished"));
}

void GuiMonkey::waitWhile(const std::function<bool()> &busy, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (busy() && clock.elapsed() < ms)
        settle(50);
}

void GuiMonkey::journalEvent(const QString &what)
{
    if (m_options.journal.isEmpty())
        return;
    QFile journal(m_options.journal);
    if (!journal.open(QIODevice::WriteOnly | QIODevice::Append))
        return;
    journal.write("event\t" + what.toUtf8() + '\n');
    journal.flush();
    ::fsync(journal.handle());
}

void GuiMonkey::openOtherProjectAndBack()
{
    if (m_options.otherProject.isEmpty() || m_window->trainWorkspace()->isTraining())
        return;
    m_log << QStringLiteral("open the other project and come back");
    QString error;
    timed([&] { m_window->openProject(m_options.otherProject, &error); });
    settle(200);
    timed([&] { m_window->openProject(m_project, &error); });
    settle(300);
}

QString GuiMonkey::checkLabelsOnDisk() const
{
    const AnnotationDocument *doc = m_window->labelWorkspace()->document();
    if (!doc->isLoaded() || doc->hasUnsavedChanges() || doc->labelFile().isEmpty())
        return {};
    const LabelFile::Format format = m_window->project()->config().labelFormat();
    const QSize size = doc->annotation().imageSize;
    // What the writer writes: objects with a box, and of those written alike, one.
    std::vector<PoseInstance> shown;
    QSet<QByteArray> lines;
    for (const PoseInstance &inst : written(*doc)) {
        const QByteArray line = LabelFile::serialize({ inst }, size, format.keypointDims);
        if (!lines.contains(line)) {
            lines.insert(line);
            shown.push_back(inst);
        }
    }
    if (!QFileInfo::exists(doc->labelFile())) {
        // Nothing written is right only while there is nothing to write.
        return shown.empty() ? QString() : QStringLiteral("%1: saved, but the file is missing").arg(doc->labelFile());
    }
    gp::DatasetIssueList issues;
    const std::vector<PoseInstance> disk = LabelFile::read(doc->labelFile(), size, format, &issues);
    if (disk.size() != shown.size()) {
        // Both versions and what the reader said of the file: enough to rebuild the case.
        QFile f(doc->labelFile());
        const QByteArray onDisk = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        QStringList said;
        for (const gp::DatasetIssue &i : issues.issues)
            said << i.toString();
        return QStringLiteral("%1: %2 object(s) on disk, %3 shown\nthe reader: %4\non disk:\n%5shown:\n%6")
            .arg(doc->labelFile())
            .arg(disk.size())
            .arg(shown.size())
            .arg(said.join(QStringLiteral("; ")), QString::fromUtf8(onDisk),
                QString::fromUtf8(LabelFile::serialize(shown, size, format.keypointDims)));
    }
    // The file holds coordinates normalised to 6 decimals (LabelFile): each is within half a
    // step, 0.5e-6 of the image's side, of what is shown (clamped to the image as written);
    // 1e-9 px more for the double arithmetic of normalising and back.
    const double tolX = 0.5e-6 * size.width() + 1e-9;
    const double tolY = 0.5e-6 * size.height() + 1e-9;
    auto near
        = [&](double a, double b, double side, double tol) { return std::abs(a - std::clamp(b, 0.0, side)) <= tol; };
    // A box is written as centre and size, each within half a step: its edges within a step.
    auto boxNear = [&](const QRectF &d, const QRectF &s) {
        const QRectF clamped = s & QRectF(QPointF(0, 0), QSizeF(size));
        return std::abs(d.left() - clamped.left()) <= 2 * tolX && std::abs(d.right() - clamped.right()) <= 2 * tolX
            && std::abs(d.top() - clamped.top()) <= 2 * tolY && std::abs(d.bottom() - clamped.bottom()) <= 2 * tolY;
    };
    for (size_t i = 0; i < disk.size(); ++i) {
        if (!boxNear(disk[i].box, shown[i].box))
            return QStringLiteral("%1: object %2's box differs on disk").arg(doc->labelFile()).arg(i);
        if (disk[i].keypoints.size() != shown[i].keypoints.size())
            return QStringLiteral("%1: object %2 has %3 points on disk")
                .arg(doc->labelFile())
                .arg(i)
                .arg(disk[i].keypoints.size());
        for (size_t k = 0; k < disk[i].keypoints.size(); ++k) {
            const Keypoint &d = disk[i].keypoints[k];
            const Keypoint &s = shown[i].keypoints[k];
            if (d.visibility != s.visibility || !near(d.x, s.x, size.width(), tolX)
                || !near(d.y, s.y, size.height(), tolY))
                return QStringLiteral("%1: object %2 point %3 is %4,%5 (v%6) on disk, %7,%8 (v%9) shown")
                    .arg(doc->labelFile())
                    .arg(i)
                    .arg(k)
                    .arg(d.x)
                    .arg(d.y)
                    .arg(d.visibility)
                    .arg(s.x)
                    .arg(s.y)
                    .arg(s.visibility);
        }
    }
    return {};
}

QString GuiMonkey::checkTouchedFiles() const
{
    const LabelFile::Format format = m_window->project()->config().labelFormat();
    for (const QString &file : m_touchedFiles) {
        LabelFile::Outcome outcome;
        gp::DatasetIssueList issues;
        LabelFile::read(file, QSize(640, 480), format, &issues, file, &outcome);
        if (outcome.exists && !outcome.usable())
            return QStringLiteral("%1 is half-written: %2 of %3 line(s) do not parse")
                .arg(file)
                .arg(outcome.rejected)
                .arg(outcome.lines);
    }
    return {};
}

QString GuiMonkey::check()
{
    if (QWidget *modal = QApplication::activeModalWidget()) {
        const QString title = modal->windowTitle();
        modal->close();
        return QStringLiteral("a modal dialog was left open: \"%1\"").arg(title);
    }
    if (!m_undoViolation.isEmpty())
        return std::exchange(m_undoViolation, QString());
    if (m_options.stallBreaksRun && m_longestStall > kMaxStallMs)
        return QStringLiteral("the GUI thread worked %1 ms on end (after \"%2\")\n%3")
            .arg(m_longestStall, 0, 'f', 0)
            .arg(m_stallWhere, m_sampler->longestStacks().join(QLatin1Char('\n')));
    if (QString why = checkLabelsOnDisk(); !why.isEmpty())
        return why;
    return checkTouchedFiles();
}

bool GuiMonkey::run(QString *failure)
{
    std::vector<Action> actions = {
        { QStringLiteral("workspace"), 4, [this] { switchWorkspace(); } },
        { QStringLiteral("next image"), 6, [this] { nextImage(1); } },
        { QStringLiteral("previous image"), 3, [this] { nextImage(-1); } },
        { QStringLiteral("list row"), 3, [this] { clickListRow(); } },
        { QStringLiteral("place"), 12, [this] { placePoint(); } },
        { QStringLiteral("drag"), 10, [this] { dragPoint(); } },
        { QStringLiteral("delete"), 3, [this] { pointKey(Qt::Key_Delete); } },
        { QStringLiteral("occluded"), 3, [this] { pointKey(Qt::Key_O); } },
        { QStringLiteral("new object"), 2, [this] { newObject(); } },
        { QStringLiteral("undo"), 6, [this] { undo(); } },
        { QStringLiteral("redo"), 3, [this] { redo(); } },
        { QStringLiteral("tag"), 3, [this] { toggleTag(); } },
        { QStringLiteral("scrub"), 4, [this] { scrubVideo(); } },
        { QStringLiteral("step"), 3, [this] { stepVideo(); } },
        { QStringLiteral("smoothing"), 2, [this] { changeSmoothing(); } },
        { QStringLiteral("frame to Label"), 1, [this] { sendFrameToLabel(); } },
        { QStringLiteral("other project"), 1, [this] { openOtherProjectAndBack(); } },
        { QStringLiteral("analyse"), 1, [this] { analyseVideo(); } },
        { QStringLiteral("export"), 1, [this] { exportVideo(); } },
    };
    if (m_options.videoOnly)
        actions = { { QStringLiteral("scrub"), 2, [this] { scrubVideo(); } },
            { QStringLiteral("analyse"), 3, [this] { analyseVideo(); } },
            { QStringLiteral("export"), 3, [this] { exportVideo(); } } };
    if (m_options.training) {
        actions.push_back({ QStringLiteral("start training"), 1, [this] { startTraining(); } });
        if (!m_options.trainingThroughout)
            actions.push_back({ QStringLiteral("stop training"), 1, [this] { stopTraining(); } });
        actions.push_back({ QStringLiteral("resume training"), 1, [this] { resumeTraining(); } });
    }
    std::vector<int> weights;
    for (const Action &a : actions)
        weights.push_back(a.weight);
    std::discrete_distribution<int> pick(weights.begin(), weights.end());

    auto report = [&](const QString &why) {
        QStringList lines { QStringLiteral("seed %1, action %2: %3").arg(m_options.seed).arg(m_done).arg(why),
            QStringLiteral("actions:") };
        for (int i = 0; i < m_log.size(); ++i)
            lines << QStringLiteral("  %1 %2").arg(i + 1).arg(m_log[i]);
        *failure = lines.join(QLatin1Char('\n'));
        return false;
    };
    for (m_done = 0; m_done < m_options.actions; ++m_done) {
        if (m_options.training && m_options.trainingThroughout && !m_window->trainWorkspace()->isTraining()) {
            resumeTraining(); // the run an earlier round or process left
            if (!m_window->trainWorkspace()->isTraining())
                startTraining();
        }
        const Action &a = actions[size_t(pick(m_rng))];
        const int logged = int(m_log.size());
        a.run();
        if (m_log.size() > logged)
            ++m_counts[a.name];
        if (const QString why = check(); !why.isEmpty())
            return report(why);
        if (m_options.afterAction)
            m_options.afterAction(m_done);
    }
    // A run still training stops with a resumable checkpoint (the soak's goes on to the next
    // round); the labels are written.
    TrainWorkspace *t = m_window->trainWorkspace();
    if (t->isTraining() && !m_options.trainingThroughout) {
        stopTraining();
        QElapsedTimer clock;
        clock.start();
        while (t->isTraining() && clock.elapsed() < 120000)
            settle(100);
    }
    m_window->labelWorkspace()->document()->flush();
    settle(kSettleMs);
    if (const QString why = check(); !why.isEmpty())
        return report(why);
    return true;
}
