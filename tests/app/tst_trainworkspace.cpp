// The Train workspace as a user drives it, offscreen: a tiny run started from the form with
// real clicks and typing, points arriving in the loss and metrics plots, Stop leaving a
// resumable last.ckpt, Resume continuing the epochs and the curves, Extend adding an epoch
// to the finished run; a value out of range refused with the command line's reason; GPUs
// picked for data-parallel training; failures told apart. With GP_SCREENSHOT_DIR set it
// saves the workspace mid-run and finished, in English and Chinese.

#include "trainworkspacefixture.h"

#include <algorithm>

using namespace trainworkspacetest;

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
    void alertsTellFailuresApart_data();
    void alertsTellFailuresApart();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const Project> m_project;
};

void TestTrainWorkspace::initTestCase()
{
    m_project = tinyProject(m_dir.filePath(QStringLiteral("project")));
    QVERIFY(m_project);
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
    // another process: the last epoch the dashboard was told of with a validation, with its
    // figures (a Stop during a validation cancels it, and that epoch is reported unvalidated).
    const std::vector<EpochReport> &epochs = before.epochs();
    const auto lastValidated
        = std::find_if(epochs.rbegin(), epochs.rend(), [](const EpochReport &e) { return e.validated; });
    QVERIFY(lastValidated != epochs.rend());
    QString error;
    const auto validation
        = EpochMetricsFile::read(QDir(runDir).filePath(QLatin1String(EpochMetricsFile::kFileName)), &error);
    QVERIFY2(validation, qPrintable(error));
    QCOMPARE(validation->epoch, lastValidated->epoch);
    QCOMPARE(validation->metrics.pose.map, lastValidated->metrics.pose.map);
    QCOMPARE(validation->metrics.perKeypointOccluded.size(), lastValidated->metrics.perKeypointOccluded.size());

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
    // One metrics point per validated epoch: all three, unless the Stop above landed during a
    // validation, which it cancels (that epoch stays unvalidated after the resume).
    const auto validatedEpochs
        = std::count_if(after.epochs().begin(), after.epochs().end(), [](const EpochReport &e) { return e.validated; });
    QVERIFY(validatedEpochs >= 2);
    QTRY_COMPARE_WITH_TIMEOUT(points(d->metricsPlot(), poseMap), int(validatedEpochs), 5000);
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
    QVERIFY(extended.epochs().back().validated);
    QCOMPARE(extended.batches().back().position, 4.0);
    for (size_t i = 1; i < extended.batches().size(); ++i)
        QVERIFY(extended.batches()[i].position > extended.batches()[i - 1].position);
    QCOMPARE(ResultsCsv::read(QDir(runDir).filePath(QStringLiteral("results.csv"))).epochs.size(), size_t(4));
    QTRY_COMPARE_WITH_TIMEOUT(points(d->metricsPlot(), poseMap), int(validatedEpochs) + 1, 5000);
    screenshot(&w, QStringLiteral("train-finished"));
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
