// The Train workspace as a user drives it, offscreen: a tiny run started from the form with
// real clicks and typing, points arriving in the loss and metrics plots, Stop leaving a
// resumable last.ckpt, Resume continuing the epochs and the curves, Extend adding an epoch
// to the finished run; a value out of range refused with the command line's reason; GPUs
// picked for data-parallel training; two runs' results.csv overlaid; a run another process
// writes, followed as its results.csv grows; failures told apart. With GP_SCREENSHOT_DIR
// set it saves the workspace mid-run and finished, in English and Chinese.

#include "configfield.h"
#include "devicechooser.h"
#include "epochmetricsfile.h"
#include "keypointerrortable.h"
#include "languages.h"
#include "lossplot.h"
#include "lrplot.h"
#include "metricsplot.h"
#include "project.h"
#include "resultscsv.h"
#include "runcatalog.h"
#include "runsetupform.h"
#include "runspanel.h"
#include "runwatcher.h"
#include "skeleton.h"
#include "synthgenerator.h"
#include "trainalert.h"
#include "trainbanner.h"
#include "traincontroller.h"
#include "traindashboard.h"
#include "trainer.h"
#include "trainingconfig.h"
#include "trainprogresspanel.h"
#include "trainworkspace.h"
#include "valimagestrip.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using gp::ComputeDevice;
using gp::EpochMetricsFile;
using gp::KeypointErrorStats;
using gp::PoseMetrics;
using gp::Project;
using gp::ResultsCsv;
using gp::RunCatalog;
using gp::RunRecord;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::Trainer;
using gp::TrainingConfig;
using gp::TrainingHistory;
using gp::TrainingSession;

// Training on a loaded 2-core machine: generous, never a measure of speed.
static constexpr int kTrainMs = 600000;

namespace {

// Types `text` into a line edit as a user does: select all, type, so textEdited fires.
void typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

QLineEdit *lineEdit(RunSetupForm *form, const char *key)
{
    return qobject_cast<QLineEdit *>(form->field(QLatin1String(key))->editor());
}

void clickTab(QTabWidget *tabs, int index)
{
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, Qt::NoModifier, tabs->tabBar()->tabRect(index).center());
}

QTreeWidgetItem *runItem(RunsPanel *panel, const QString &name)
{
    for (int i = 0; i < panel->tree()->topLevelItemCount(); ++i)
        if (panel->tree()->topLevelItem(i)->text(RunsPanel::NameColumn) == name)
            return panel->tree()->topLevelItem(i);
    return nullptr;
}

void clickRun(RunsPanel *panel, QTreeWidgetItem *item, int column = RunsPanel::NameColumn)
{
    QTreeWidget *tree = panel->tree();
    tree->scrollToItem(item);
    QRect r = tree->visualItemRect(item);
    if (column == RunsPanel::CompareColumn)
        r.setWidth(tree->header()->sectionSize(RunsPanel::CompareColumn));
    QPoint at = r.center();
    if (column == RunsPanel::CompareColumn) // the check box sits at the start of the cell
        at = QPoint(r.left() + tree->style()->pixelMetric(QStyle::PM_IndicatorWidth) / 2 + 4, r.center().y());
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier, at);
}

int points(PlotPanel *plot, const QString &series)
{
    const QCPGraph *g = plot->graph(series);
    return g ? g->data()->size() : 0;
}

QString resultsRow(int epoch, double poseMap, double boxMap)
{
    QStringList cells { QString::number(epoch), QString::number(epoch * 2.5) };
    for (int c = 0; c < 5; ++c)
        cells << QString::number(1.0 / epoch + c);
    cells << QStringLiteral("0.5") << QStringLiteral("0.5") << QString::number(boxMap + 0.1) << QString::number(boxMap)
          << QStringLiteral("0.5") << QStringLiteral("0.5") << QString::number(poseMap + 0.1)
          << QString::number(poseMap);
    for (int c = 0; c < 5; ++c)
        cells << QString::number(2.0 + c);
    cells << QStringLiteral("0.001") << QStringLiteral("0.002") << QStringLiteral("0.003");
    return cells.join(QLatin1Char(','));
}

// With GP_SCREENSHOT_DIR set, saves the widget as NAME-en.png and NAME-zh_CN.png.
void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("GP_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    Languages languages;
    for (const QString &lang : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        QVERIFY(languages.apply(lang));
        QCoreApplication::processEvents(); // LanguageChange
        QTest::qWait(2 * PlotPanel::kMinRedrawIntervalMs); // the throttled plots redraw
        QVERIFY(w->grab().save(QDir(dir).filePath(QStringLiteral("%1-%2.png").arg(name, lang))));
    }
    QVERIFY(languages.apply(QStringLiteral("en")));
    QCoreApplication::processEvents();
}

bool writeAtomically(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() && f.commit();
}

} // namespace

class TestTrainWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void formRefusesValuesWithTheCliReason();
    void formIsGeneratedFromEveryKey();
    void presetsRoundTrip();
    void devicesPickedByClicks();
    void trainsStopsAndResumesFromTheForm();
    void comparisonOverlaysTwoRuns();
    void followsARunAnotherProcessWrites();
    void watchesACommandLineRunsScenarios();
    void alertsTellFailuresApart_data();
    void alertsTellFailuresApart();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const Project> m_project;
};

void TestTrainWorkspace::initTestCase()
{
    // 14 images of 192×128 (11 train, 3 val), as the trainer's own tests use.
    SynthOptions o;
    o.outDir = m_dir.filePath(QStringLiteral("project"));
    o.count = 14;
    o.imageSize = QSize(192, 128);
    o.seed = 5;
    o.videoFrames = 0;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    auto project = Project::open(o.outDir, &error);
    QVERIFY2(project, qPrintable(error));
    m_project = std::make_shared<const Project>(std::move(*project));
}

void TestTrainWorkspace::formRefusesValuesWithTheCliReason()
{
    TrainWorkspace w;
    w.setProject(m_project);
    w.resize(1400, 900);
    w.show();
    RunSetupForm *form = w.setupForm();
    QVERIFY(w.startButton()->isEnabled());

    // imgsz must be a multiple of 32: the form says what `gripperpose train imgsz=70` says.
    TrainingConfig cli;
    QVERIFY(cli.set(QStringLiteral("imgsz"), QStringLiteral("70"), nullptr));
    const QStringList cliProblems = cli.validate();
    QCOMPARE(cliProblems.size(), 1);
    typeInto(lineEdit(form, "imgsz"), QStringLiteral("70"));
    QCOMPARE(form->field(QStringLiteral("imgsz"))->error(), cliProblems.front());
    QVERIFY(form->problems().contains(cliProblems.front()));
    QVERIFY(form->problemLabel()->text().contains(cliProblems.front()));
    QVERIFY(!w.startButton()->isEnabled());
    QString error;
    QVERIFY(!w.startTraining(&error));
    QVERIFY2(error.contains(cliProblems.front()), qPrintable(error));

    // Not a number at all: set()'s own message.
    QString setError;
    QVERIFY(!TrainingConfig().set(QStringLiteral("epochs"), QStringLiteral("ten"), &setError));
    typeInto(lineEdit(form, "epochs"), QStringLiteral("ten"));
    QCOMPARE(form->field(QStringLiteral("epochs"))->error(), setError);

    // A probability outside [0, 1]; then every value fixed again.
    typeInto(lineEdit(form, "mosaic"), QStringLiteral("1.5"));
    TrainingConfig mosaic;
    mosaic.mosaic = 1.5;
    QCOMPARE(form->field(QStringLiteral("mosaic"))->error(), mosaic.validate().front());
    typeInto(lineEdit(form, "imgsz"), QStringLiteral("64"));
    typeInto(lineEdit(form, "epochs"), QStringLiteral("10"));
    typeInto(lineEdit(form, "mosaic"), QStringLiteral("0.5"));
    QVERIFY2(form->isValid(), qPrintable(form->problems().join('\n')));
    QVERIFY(form->field(QStringLiteral("imgsz"))->error().isEmpty());
    QVERIFY(w.startButton()->isEnabled());
    QCOMPARE(form->config().imgsz, 64);
    // Only what differs from the recipe (and where the run goes) is explicit.
    const QStringList keys = form->explicitKeys();
    QCOMPARE(QSet<QString>(keys.begin(), keys.end()),
        QSet<QString>({ "data", "project", "name", "imgsz", "epochs", "mosaic" }));
    QCOMPARE(form->config().data, m_project->dataYaml());
}

void TestTrainWorkspace::formIsGeneratedFromEveryKey()
{
    RunSetupForm form;
    form.setProject(m_project);
    const TrainingConfig recipe;
    const TrainingConfig ultralytics = TrainingConfig::ultralyticsDefaults();
    for (const TrainingConfig::Key &k : TrainingConfig::keys()) {
        if (RunSetupForm::isProjectKey(k.name) || k.name == QLatin1String("device"))
            continue;
        ConfigField *f = form.field(k.name);
        QVERIFY2(f, qPrintable(k.name));
        QCOMPARE(f->text(), recipe.get(k.name));
        // The tooltip says what the key does and both defaults.
        const QString tip = f->editor()->toolTip();
        QVERIFY2(tip.contains(k.help.toHtmlEscaped()), qPrintable(tip));
        QVERIFY2(tip.contains(ultralytics.get(k.name).toHtmlEscaped()), qPrintable(tip));
    }
    form.applyUltralyticsDefaults();
    for (const TrainingConfig::Key &k : TrainingConfig::keys())
        if (!RunSetupForm::isProjectKey(k.name) && k.name != QLatin1String("device"))
            QCOMPARE(form.field(k.name)->text(), ultralytics.get(k.name));
}

void TestTrainWorkspace::presetsRoundTrip()
{
    RunSetupForm form;
    form.setProject(m_project);
    typeInto(lineEdit(&form, "lr0"), QStringLiteral("0.0123"));
    typeInto(lineEdit(&form, "batch"), QStringLiteral("8"));
    const QString file = m_dir.filePath(QStringLiteral("preset.yaml"));
    QString error;
    QVERIFY2(form.savePreset(file, &error), qPrintable(error));
    // The file is args.yaml's format: TrainingConfig reads it back.
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto saved = TrainingConfig::fromYaml(QString::fromUtf8(f.readAll()), &error);
    QVERIFY2(saved, qPrintable(error));
    QCOMPARE(saved->lr0, 0.0123);
    QCOMPARE(saved->batch, 8);
    form.applyRecipe();
    QCOMPARE(form.config().batch, TrainingConfig().batch);
    QVERIFY2(form.loadPreset(file, &error), qPrintable(error));
    QCOMPARE(form.config().lr0, 0.0123);
    QCOMPARE(form.config().batch, 8);
    // The project still decides where the data and the runs are.
    QCOMPARE(form.config().data, m_project->dataYaml());
    QVERIFY(!form.loadPreset(m_dir.filePath(QStringLiteral("missing.yaml")), &error));
    QVERIFY(error.contains(QStringLiteral("missing.yaml")));
}

void TestTrainWorkspace::devicesPickedByClicks()
{
    RunSetupForm form;
    form.setProject(m_project);
    form.resize(500, 1400);
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    ComputeDevice cpu;
    cpu.name = QStringLiteral("4 threads");
    ComputeDevice gpu0, gpu1;
    gpu0.kind = gpu1.kind = ComputeDevice::Kind::Rocm;
    gpu0.index = 0;
    gpu0.name = QStringLiteral("Radeon RX 7900 XTX");
    gpu0.memoryBytes = 24ll << 30;
    gpu1.index = 1;
    gpu1.name = QStringLiteral("Radeon PRO W7900");
    form.setDevices({ cpu, gpu0, gpu1 });
    DeviceChooser *chooser = form.deviceChooser();
    QListWidget *list = chooser->list();
    QCOMPARE(list->count(), 4); // automatic, the CPU, two GPUs
    QVERIFY(list->item(2)->text().contains(gpu0.name));
    QCOMPARE(chooser->text(), QString()); // automatic
    auto tick = [list](int row) {
        const QRect r = list->visualItemRect(list->item(row));
        const QPoint at(r.left() + list->style()->pixelMetric(QStyle::PM_IndicatorWidth) / 2 + 4, r.center().y());
        QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    };
    // Both GPUs: data-parallel, device=0,1, as `gripperpose train device=0,1`.
    tick(2);
    QCOMPARE(chooser->text(), QStringLiteral("0"));
    tick(3);
    QCOMPARE(chooser->text(), QStringLiteral("0,1"));
    QCOMPARE(form.config().device, QStringLiteral("0,1"));
    QVERIFY(form.explicitKeys().contains(QStringLiteral("device")));
    // An odd batch cannot be split over two GPUs: refused with the CLI's words.
    typeInto(lineEdit(&form, "batch"), QStringLiteral("15"));
    TrainingConfig cli;
    QVERIFY(cli.set(QStringLiteral("batch"), QStringLiteral("15"), nullptr));
    QVERIFY(cli.set(QStringLiteral("device"), QStringLiteral("0,1"), nullptr));
    const QStringList cliProblems = cli.validate();
    QCOMPARE(cliProblems.size(), 1);
    QVERIFY2(form.problems().contains(cliProblems.front()), qPrintable(form.problems().join('\n')));
    typeInto(lineEdit(&form, "batch"), QStringLiteral("16"));
    QVERIFY2(form.isValid(), qPrintable(form.problems().join('\n')));
    // The CPU excludes the GPUs; unticking it leaves the automatic choice.
    tick(1);
    QCOMPARE(chooser->text(), QStringLiteral("cpu"));
    QCOMPARE(list->item(2)->checkState(), Qt::Unchecked);
    tick(1);
    QCOMPARE(chooser->text(), QString());
    QCOMPARE(list->item(0)->checkState(), Qt::Checked);
    // A preset from a machine with more GPUs shows the one missing here.
    TrainingConfig other = form.config();
    other.device = QStringLiteral("0,3");
    form.setConfig(other);
    QCOMPARE(list->count(), 5);
    QCOMPARE(chooser->text(), QStringLiteral("0,3"));
}

void TestTrainWorkspace::trainsStopsAndResumesFromTheForm()
{
    TrainWorkspace w;
    w.setProject(m_project);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    RunSetupForm *form = w.setupForm();
    // A tiny run as a user sets it up: the smallest model, 64 px, three epochs.
    auto *model = qobject_cast<QComboBox *>(form->field(QStringLiteral("model"))->editor());
    model->setCurrentIndex(model->findText(QStringLiteral("yolov8n-pose")));
    typeInto(lineEdit(form, "imgsz"), QStringLiteral("64"));
    typeInto(lineEdit(form, "batch"), QStringLiteral("4"));
    typeInto(lineEdit(form, "epochs"), QStringLiteral("3"));
    typeInto(lineEdit(form, "workers"), QStringLiteral("0"));
    typeInto(lineEdit(form, "warmup_epochs"), QStringLiteral("0"));
    typeInto(lineEdit(form, "close_mosaic"), QStringLiteral("1"));
    typeInto(lineEdit(form, "name"), QStringLiteral("gui"));
    QVERIFY2(form->isValid(), qPrintable(form->problems().join('\n')));

    QSignalSpy ended(&w, &TrainWorkspace::trainingEnded);
    QTest::mouseClick(w.startButton(), Qt::LeftButton);
    QVERIFY(w.isTraining());
    QVERIFY(!w.startButton()->isEnabled());
    TrainDashboard *d = w.dashboard();
    // Points arrive in the loss plot batch by batch, then in the metrics plot.
    const QString boxBatches = LossPlot::batchSeriesName(LossPlot::Box);
    QTRY_VERIFY_WITH_TIMEOUT(points(d->lossPlot(), boxBatches) >= 2, kTrainMs);
    const QString poseMap = MetricsPlot::seriesName(MetricsPlot::PoseTask, MetricsPlot::Map);
    QTRY_VERIFY_WITH_TIMEOUT(points(d->metricsPlot(), poseMap) >= 1, kTrainMs);
    QCOMPARE(d->metricsPlot()->bestEpochMarker().value_or(0), 1.0);
    QVERIFY(points(d->lrPlot(), QStringLiteral("lr/pg0")) >= 3);
    QVERIFY(d->progressPanel()->epochBar()->value() >= 1);
    // After the validation: the per-keypoint table and the worst images.
    QCOMPARE(d->keypointTable()->table()->rowCount(), 7);
    QTRY_VERIFY_WITH_TIMEOUT(d->imageStrip()->count() > 0, kTrainMs);

    // Stop: a resumable checkpoint, the run listed as such.
    QTest::mouseClick(w.stopButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, kTrainMs);
    QCOMPARE(ended.front().at(0).value<TrainingSession::Outcome>(), TrainingSession::Outcome::Finished);
    const QString runDir = QDir(m_project->runsDir()).filePath(QStringLiteral("pose/gui"));
    const QString last = QDir(runDir).filePath(QStringLiteral("weights/last.ckpt"));
    QVERIFY(QFile::exists(last));
    QVERIFY(!w.isTraining());
    const TrainingHistory before = d->history();
    QVERIFY(!before.batches().empty());
    const int epochsBefore = int(before.epochs().size());
    QVERIFY(epochsBefore >= 1 && epochsBefore < 3);
    // The last validation beside results.csv, for a dashboard that watches the run from
    // another process: the epoch the dashboard was told of last, with its figures.
    QString error;
    const auto validation
        = EpochMetricsFile::read(QDir(runDir).filePath(QLatin1String(EpochMetricsFile::kFileName)), &error);
    QVERIFY2(validation, qPrintable(error));
    QCOMPARE(validation->epoch, before.epochs().back().epoch);
    QCOMPARE(validation->metrics.pose.map, before.epochs().back().metrics.pose.map);
    QCOMPARE(validation->metrics.perKeypointOccluded.size(), before.epochs().back().metrics.perKeypointOccluded.size());

    // Resume it from the Runs tab.
    clickTab(w.sideTabs(), TrainWorkspace::RunsTab);
    RunsPanel *runs = w.runsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(runItem(runs, QStringLiteral("gui")) && !runs->isRefreshing(), 30000);
    QCOMPARE(runItem(runs, QStringLiteral("gui"))->text(RunsPanel::StateColumn),
        RunCatalog::stateName(RunRecord::State::Resumable));
    clickRun(runs, runItem(runs, QStringLiteral("gui")));
    QVERIFY(runs->resumeButton()->isEnabled());
    QTest::mouseClick(runs->resumeButton(), Qt::LeftButton);
    QVERIFY(w.isTraining());
    // Taken while the resumed run trains, not before Stop: the tiny run would finish meanwhile.
    screenshot(&w, QStringLiteral("train-running"));
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 2, kTrainMs);
    QCOMPARE(ended.back().at(0).value<TrainingSession::Outcome>(), TrainingSession::Outcome::Finished);

    // The epochs continue (1, 2, 3, none twice) and so do the curves.
    const TrainingHistory &after = d->history();
    QCOMPARE(after.epochs().size(), size_t(3));
    for (int e = 0; e < 3; ++e)
        QCOMPARE(after.epochs()[size_t(e)].epoch, e);
    for (size_t i = 0; i < before.batches().size(); ++i)
        QCOMPARE(after.batches()[i].position, before.batches()[i].position);
    for (size_t i = 1; i < after.batches().size(); ++i)
        QVERIFY2(after.batches()[i].position > after.batches()[i - 1].position,
            qPrintable(QStringLiteral("batch point %1 at %2 after %3")
                           .arg(i)
                           .arg(after.batches()[i].position)
                           .arg(after.batches()[i - 1].position)));
    QCOMPARE(after.batches().back().position, 3.0);
    QTRY_COMPARE_WITH_TIMEOUT(points(d->metricsPlot(), poseMap), 3, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(points(d->lossPlot(), boxBatches), int(after.batches().size()), 5000);
    // The run's own results.csv agrees with what the plots show.
    const auto csv = ResultsCsv::read(QDir(runDir).filePath(QStringLiteral("results.csv")));
    QCOMPARE(csv.epochs.size(), size_t(3));
    for (int e = 0; e < 3; ++e)
        QVERIFY(qAbs(csv.epochs[size_t(e)].metrics.pose.map - after.epochs()[size_t(e)].metrics.pose.map) < 1e-6);
    // The telemetry of the run was written beside it.
    QVERIFY(QFile::exists(QDir(runDir).filePath(QStringLiteral("telemetry.csv"))));

    // Clicking a worst image asks for it to be opened, with its object.
    QSignalSpy open(&w, &TrainWorkspace::openImageRequested);
    QTRY_VERIFY_WITH_TIMEOUT(d->imageStrip()->count() > 0 && !d->isBusy(), 30000);
    clickTab(d->tabs(), TrainDashboard::ImagesTab);
    QListWidget *strip = d->imageStrip()->list();
    QTest::mouseClick(
        strip->viewport(), Qt::LeftButton, Qt::NoModifier, strip->visualItemRect(strip->item(0)).center());
    QCOMPARE(open.count(), 1);
    QCOMPARE(open.front().at(0).toString(), d->imageStrip()->item(0).imagePath);
    QVERIFY(m_project->config().imageFiles(QStringLiteral("val")).contains(open.front().at(0).toString()));

    // Extend the finished run by one epoch from the Runs tab: epoch 4 follows epoch 3.
    clickTab(w.sideTabs(), TrainWorkspace::RunsTab);
    runs->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(!runs->isRefreshing() && runItem(runs, QStringLiteral("gui"))
            && runItem(runs, QStringLiteral("gui"))->text(RunsPanel::StateColumn)
                == RunCatalog::stateName(RunRecord::State::Finished),
        30000);
    clickRun(runs, runItem(runs, QStringLiteral("gui")));
    QVERIFY(!runs->resumeButton()->isEnabled());
    QVERIFY(runs->extendButton()->isEnabled());
    QSpinBox *extendBy = runs->extendEpochs();
    extendBy->setFocus();
    extendBy->selectAll();
    QTest::keyClicks(extendBy, QStringLiteral("1"));
    QCOMPARE(runs->extendEpochs()->value(), 1);
    QTest::mouseClick(runs->extendButton(), Qt::LeftButton);
    QVERIFY(w.isTraining());
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 3, kTrainMs);
    QCOMPARE(ended.back().at(0).value<TrainingSession::Outcome>(), TrainingSession::Outcome::Finished);
    const TrainingHistory &extended = d->history();
    QCOMPARE(extended.epochs().size(), size_t(4));
    QCOMPARE(extended.epochs().back().epoch, 3);
    QCOMPARE(extended.epochs().back().epochs, 4);
    QCOMPARE(extended.batches().back().position, 4.0);
    for (size_t i = 1; i < extended.batches().size(); ++i)
        QVERIFY(extended.batches()[i].position > extended.batches()[i - 1].position);
    QCOMPARE(ResultsCsv::read(QDir(runDir).filePath(QStringLiteral("results.csv"))).epochs.size(), size_t(4));
    QTRY_COMPARE_WITH_TIMEOUT(points(d->metricsPlot(), poseMap), 4, 5000);
    screenshot(&w, QStringLiteral("train-finished"));
}

void TestTrainWorkspace::comparisonOverlaysTwoRuns()
{
    // Two runs' results.csv, written as the trainer writes them.
    const QDir runs(QDir(m_project->runsDir()).filePath(QStringLiteral("pose")));
    const double poseA[] = { 0.1, 0.3 }, poseB[] = { 0.2, 0.25, 0.4 };
    QString a = Trainer::resultsHeader() + '\n', b = a;
    for (int e = 0; e < 2; ++e)
        a += resultsRow(e + 1, poseA[e], 0.5) + '\n';
    for (int e = 0; e < 3; ++e)
        b += resultsRow(e + 1, poseB[e], 0.6) + '\n';
    QVERIFY(writeAtomically(runs.filePath(QStringLiteral("cmp_a/results.csv")), a.toUtf8()));
    QVERIFY(writeAtomically(runs.filePath(QStringLiteral("cmp_b/results.csv")), b.toUtf8()));

    TrainWorkspace w;
    w.setProject(m_project);
    w.resize(1400, 900);
    w.show();
    clickTab(w.sideTabs(), TrainWorkspace::RunsTab);
    RunsPanel *panel = w.runsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(runItem(panel, QStringLiteral("cmp_a")) && runItem(panel, QStringLiteral("cmp_b")), 30000);
    QSignalSpy loaded(&w, &TrainWorkspace::comparisonLoaded);
    clickRun(panel, runItem(panel, QStringLiteral("cmp_a")), RunsPanel::CompareColumn);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 1 && !w.isBusy(), 30000);
    clickRun(panel, runItem(panel, QStringLiteral("cmp_b")), RunsPanel::CompareColumn);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 2 && !w.isBusy(), 30000);
    QCOMPARE(panel->comparedRuns().size(), 2);

    MetricsPlot *metrics = w.dashboard()->metricsPlot();
    metrics->rebuildNow();
    for (const auto &[name, values, count] :
        { std::tuple { QStringLiteral("cmp_a"), poseA, 2 }, std::tuple { QStringLiteral("cmp_b"), poseB, 3 } }) {
        const QCPGraph *g = metrics->graph(MetricsPlot::comparisonSeriesName(name, MetricsPlot::PoseTask));
        QVERIFY2(g, qPrintable(name));
        QCOMPARE(g->data()->size(), count);
        for (int e = 0; e < count; ++e) {
            QCOMPARE(g->data()->at(e)->key, e + 1.0);
            QCOMPARE(g->data()->at(e)->value, values[e]);
        }
    }
    LossPlot *loss = w.dashboard()->lossPlot();
    loss->rebuildNow();
    const QCPGraph *lossB = loss->graph(LossPlot::comparisonSeriesName(QStringLiteral("cmp_b"), LossPlot::Box));
    QVERIFY(lossB);
    QCOMPARE(lossB->data()->size(), 3);
    QCOMPARE(lossB->data()->at(2)->value, QString::number(1.0 / 3).toDouble()); // as written
    // CSV export carries the overlaid series.
    QVERIFY(metrics->csv().contains(MetricsPlot::comparisonSeriesName(QStringLiteral("cmp_b"), MetricsPlot::PoseTask)));
}

void TestTrainWorkspace::followsARunAnotherProcessWrites()
{
    // What `gripperpose train` leaves while it trains: args.yaml, results.csv replaced after
    // every epoch, weights/last.ckpt, telemetry.csv growing every second.
    const QString runDir = QDir(m_project->runsDir()).filePath(QStringLiteral("pose/cli"));
    TrainingConfig args;
    args.epochs = 5;
    QVERIFY(writeAtomically(runDir + QStringLiteral("/args.yaml"), args.toYaml().toUtf8()));
    QVERIFY(writeAtomically(runDir + QStringLiteral("/results.csv"),
        (Trainer::resultsHeader() + '\n' + resultsRow(1, 0.1, 0.2) + '\n').toUtf8()));
    QVERIFY(writeAtomically(runDir + QStringLiteral("/weights/last.ckpt"), "not read"));
    QVERIFY(writeAtomically(runDir + QStringLiteral("/telemetry.csv"), "time\n"));

    TrainWorkspace w;
    w.setProject(m_project);
    w.resize(1400, 900);
    w.show();
    clickTab(w.sideTabs(), TrainWorkspace::RunsTab);
    RunsPanel *panel = w.runsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(runItem(panel, QStringLiteral("cli")), 30000);
    QCOMPARE(runItem(panel, QStringLiteral("cli"))->text(RunsPanel::StateColumn),
        RunCatalog::stateName(RunRecord::State::Active));
    clickRun(panel, runItem(panel, QStringLiteral("cli")));
    QTest::mouseClick(panel->watchButton(), Qt::LeftButton);
    TrainDashboard *d = w.dashboard();
    QTRY_COMPARE_WITH_TIMEOUT(d->history().epochs().size(), size_t(1), 10000);
    QVERIFY(d->isWatching());

    // The other process finishes epoch 2: the dashboard follows without a click.
    QVERIFY(writeAtomically(runDir + QStringLiteral("/results.csv"),
        (Trainer::resultsHeader() + '\n' + resultsRow(1, 0.1, 0.2) + '\n' + resultsRow(2, 0.3, 0.2) + '\n').toUtf8()));
    QTRY_COMPARE_WITH_TIMEOUT(d->history().epochs().size(), size_t(2), 3 * RunWatcher::kPollMs + 5000);
    QCOMPARE(d->history().epochs()[1].metrics.pose.map, 0.3);
    const QString poseMap = MetricsPlot::seriesName(MetricsPlot::PoseTask, MetricsPlot::Map);
    QTRY_COMPARE_WITH_TIMEOUT(points(d->metricsPlot(), poseMap), 2, 5000);
    QCOMPARE(d->progressPanel()->epochBar()->value(), 2);
    QCOMPARE(d->progressPanel()->epochBar()->maximum(), 5);

    // Its validation of epoch 2 with a tagged val set: the per-keypoint panel and its
    // scenario selector fill as for a run trained here, and keep the user's choice.
    EpochMetricsFile::Contents v;
    v.epoch = 1;
    auto metrics = [](double px) {
        PoseMetrics m;
        m.images = 4;
        for (int k = 0; k < 14; ++k) {
            const KeypointErrorStats s { 3, px + k, 0.01, 0.9 };
            m.perKeypoint.push_back(s);
            m.perKeypointVisible.push_back(s);
            m.perKeypointOccluded.push_back({ 1, 2 * px + k, 0.02, 0.8 });
        }
        return m;
    };
    v.metrics = metrics(1.0);
    v.scenarios = { { QStringLiteral("normal"), metrics(0.5) }, { QStringLiteral("occlusion"), metrics(7.0) } };
    QString error;
    QVERIFY2(EpochMetricsFile::write(runDir + QLatin1Char('/') + QLatin1String(EpochMetricsFile::kFileName), v, &error),
        qPrintable(error));
    KeypointErrorTable *table = d->keypointTable();
    QTRY_COMPARE_WITH_TIMEOUT(table->epoch(), 1, 3 * RunWatcher::kPollMs + 5000);
    QCOMPARE(table->scenarioBox()->count(), 3); // all images, normal, occlusion
    const int occlusion = table->scenarioBox()->findData(QStringLiteral("occlusion"));
    QVERIFY(occlusion > 0);
    table->scenarioBox()->setCurrentIndex(occlusion);
    QCOMPARE(table->scenario(), QStringLiteral("occlusion"));
    QCOMPARE(table->shownMetrics()->perKeypointOccluded[3].meanPixelError, 2 * 7.0 + 3);
    // A broken file is reported and the panel keeps what it showed.
    QSignalSpy problems(w.findChild<RunWatcher *>(), &RunWatcher::problem);
    QVERIFY(writeAtomically(runDir + QLatin1Char('/') + QLatin1String(EpochMetricsFile::kFileName), "{ broken"));
    QTRY_COMPARE_WITH_TIMEOUT(problems.size(), 1, 3 * RunWatcher::kPollMs + 5000);
    QVERIFY(problems[0][0].toString().contains(QLatin1String(EpochMetricsFile::kFileName)));
    QCOMPARE(table->scenario(), QStringLiteral("occlusion"));
    QCOMPARE(table->epoch(), 1);
}

void TestTrainWorkspace::watchesACommandLineRunsScenarios()
{
    // `gripperpose synth … scenario=mixed` tags the val images by scenario; `gripperpose
    // train` in its own process trains on it while the workspace watches the run folder.
    const QString cli = QStringLiteral(GP_CLI);
    const QString dir = m_dir.filePath(QStringLiteral("mixed"));
    QProcess synth;
    synth.start(cli,
        { QStringLiteral("synth"), QStringLiteral("out=") + dir, QStringLiteral("n=40"), QStringLiteral("seed=3"),
            QStringLiteral("scenario=mixed") });
    QVERIFY(synth.waitForFinished(kTrainMs));
    QCOMPARE(synth.exitCode(), 0);
    QString error;
    auto opened = Project::open(dir, &error);
    QVERIFY2(opened, qPrintable(error));
    auto project = std::make_shared<const Project>(std::move(*opened));
    QProcess train;
    train.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    train.start(cli,
        { QStringLiteral("train"), QStringLiteral("data=") + project->dataYaml(), QStringLiteral("model=yolov8n-pose"),
            QStringLiteral("epochs=2"), QStringLiteral("imgsz=64"), QStringLiteral("batch=8"),
            QStringLiteral("workers=0"),
            QStringLiteral("project=") + QDir(project->runsDir()).filePath(QStringLiteral("pose")),
            QStringLiteral("name=cli") });
    QVERIFY(train.waitForStarted());

    TrainWorkspace w;
    w.setProject(project);
    w.resize(1400, 900);
    w.show();
    clickTab(w.sideTabs(), TrainWorkspace::RunsTab);
    RunsPanel *panel = w.runsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(runItem(panel, QStringLiteral("cli")), 60000);
    clickRun(panel, runItem(panel, QStringLiteral("cli")));
    QTest::mouseClick(panel->watchButton(), Qt::LeftButton);
    TrainDashboard *d = w.dashboard();
    QVERIFY(d->isWatching());
    // The run may have ended while the event loop ran above (waitForFinished is false then).
    QVERIFY(train.state() == QProcess::NotRunning || train.waitForFinished(kTrainMs));
    QCOMPARE(train.exitStatus(), QProcess::NormalExit);
    QCOMPARE(train.exitCode(), 0);

    // The last validation's figures, per scenario of the val set, as the run wrote them.
    KeypointErrorTable *table = d->keypointTable();
    QTRY_COMPARE_WITH_TIMEOUT(table->epoch(), 1, 3 * RunWatcher::kPollMs + 5000);
    const auto file = EpochMetricsFile::read(
        QDir(project->runsDir()).filePath(QStringLiteral("pose/cli/") + QLatin1String(EpochMetricsFile::kFileName)),
        &error);
    QVERIFY2(file, qPrintable(error));
    QVERIFY(file->scenarios.size() >= 2);
    QCOMPARE(table->scenarioBox()->count(), int(file->scenarios.size()) + 1);
    for (const auto &[tag, m] : file->scenarios) {
        const int i = table->scenarioBox()->findData(tag);
        QVERIFY2(i > 0, qPrintable(tag));
        table->scenarioBox()->setCurrentIndex(i);
        QCOMPARE(table->shownMetrics()->images, m.images);
        QCOMPARE(table->shownMetrics()->pose.map, m.pose.map);
    }
    // The scenarios together are the val set.
    int images = 0;
    for (const auto &[tag, m] : file->scenarios)
        images += m.images;
    QCOMPARE(images, int(project->config().imageFiles(QStringLiteral("val")).size()));
    QCOMPARE(file->metrics.images, images);
    d->findChild<QTabWidget *>()->setCurrentIndex(TrainDashboard::KeypointsTab);
    screenshot(&w, QStringLiteral("dashboard-watched-cli-run"));
}

void TestTrainWorkspace::alertsTellFailuresApart_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("kind");
    // The trainer's own failure messages (core/train/trainingrun.cpp).
    QTest::newRow("non-finite") << QStringLiteral(
        "the loss was not finite for 10 batches in a row (epoch 1, batch 3); lower lr0 (now 0.1) or check the labels")
                                << int(TrainAlert::Kind::NonFinite);
    QTest::newRow("oom") << QStringLiteral("out of memory at batch=64, imgsz=640; try batch=32")
                         << int(TrainAlert::Kind::OutOfMemory);
    QTest::newRow("disk") << QStringLiteral(
        "saving the checkpoint failed, the previous one is kept: write: No space left on device")
                          << int(TrainAlert::Kind::DiskFull);
    QTest::newRow("dataset") << QStringLiteral("/gone/data.yaml: cannot read") << int(TrainAlert::Kind::DatasetMissing);
    QTest::newRow("other") << QStringLiteral("training failed: something else") << int(TrainAlert::Kind::Failed);
}

void TestTrainWorkspace::alertsTellFailuresApart()
{
    QFETCH(QString, message);
    QFETCH(int, kind);
    const TrainAlert a = TrainAlert::fromFailure(message, QString(), m_project->dataYaml());
    QCOMPARE(int(a.kind), kind);
    QCOMPARE(a.message, message);
    QVERIFY(!a.title.isEmpty() && !a.advice.isEmpty());
    // Shown on the dashboard's banner with the message.
    TrainDashboard d(nullptr);
    d.onFailed(a);
    QVERIFY(d.banner()->isShown());
    QVERIFY(d.banner()->text().contains(message.toHtmlEscaped()));
}

QTEST_MAIN(TestTrainWorkspace)
#include "tst_trainworkspace.moc"
