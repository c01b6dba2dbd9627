// Runs the Train workspace did not start, as a user follows them: two runs' results.csv
// overlaid for comparison, a run another process writes followed as its results.csv grows,
// and a command-line run watched with its per-scenario figures, its speed and time left read
// from its files, and run folders opened from anywhere (listed, remembered, taken off the
// list). With GP_SCREENSHOT_DIR set it saves the watched run in English and Chinese.

#include "trainworkspacefixture.h"

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

using namespace trainworkspacetest;

class TestRunWatching : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void comparisonOverlaysTwoRuns();
    void followsARunAnotherProcessWrites();
    void watchesACommandLineRunsScenarios();
    void opensRunFoldersFromAnywhere();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const Project> m_project;
};

void TestRunWatching::initTestCase()
{
    // The folders opened are remembered in settings: these, never the user's.
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QVERIFY(QSettings().fileName().startsWith(m_dir.path()));
    m_project = tinyProject(m_dir.filePath(QStringLiteral("project")));
    QVERIFY(m_project);
}

void TestRunWatching::comparisonOverlaysTwoRuns()
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

void TestRunWatching::followsARunAnotherProcessWrites()
{
    // What `gripperpose train` leaves while it trains: args.yaml, results.csv replaced after
    // every epoch, weights/last.ckpt, telemetry.csv growing every second.
    const QString runDir = QDir(m_project->runsDir()).filePath(QStringLiteral("pose/cli"));
    TrainingConfig args;
    args.epochs = 5;
    args.data = m_project->dataYaml();
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
    // Its speed and time left, from its files: results.csv's time column says 2.5 s an epoch
    // (resultsRow), the dataset has this many training images, 3 of 5 epochs are left.
    const double perEpoch = 2.5;
    const int trainImages = int(m_project->config().imageFiles(QStringLiteral("train")).size());
    QVERIFY(trainImages > 0);
    TrainProgressPanel *progress = d->progressPanel();
    QTRY_COMPARE_WITH_TIMEOUT(progress->speedLabel()->text(),
        QStringLiteral("Speed: %1 img/s").arg(QString::number(trainImages / perEpoch, 'f', 1)), 5000);
    // A process writes telemetry.csv every second: the run is training, so time is left:
    // the epoch in progress (at most one epoch) and two more.
    QVERIFY(writeAtomically(runDir + QStringLiteral("/telemetry.csv"), "time\n"));
    QTRY_VERIFY_WITH_TIMEOUT(progress->runEtaSeconds().has_value(), 3 * RunWatcher::kPollMs + 5000);
    QVERIFY(*progress->runEtaSeconds() >= 2 * perEpoch);
    QVERIFY(*progress->runEtaSeconds() <= 3 * perEpoch);
    QVERIFY(!progress->etaLabel()->text().contains(QStringLiteral("run –")));

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

void TestRunWatching::watchesACommandLineRunsScenarios()
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

void TestRunWatching::opensRunFoldersFromAnywhere()
{
    // Runs kept outside the project: one run folder, and a folder of two runs as
    // `gripperpose train project=DIR` leaves them.
    const QDir elsewhere(m_dir.filePath(QStringLiteral("other-disk")));
    const QString single = elsewhere.filePath(QStringLiteral("old-project/runs/pose/baseline"));
    const QString runs = elsewhere.filePath(QStringLiteral("runs"));
    const QString own = QDir(m_project->runsDir()).filePath(QStringLiteral("pose/own"));
    for (const QString &dir : { single, runs + QStringLiteral("/x"), runs + QStringLiteral("/y"), own })
        QVERIFY(writeAtomically(dir + QStringLiteral("/results.csv"),
            (Trainer::resultsHeader() + '\n' + resultsRow(1, 0.1, 0.2) + '\n').toUtf8()));
    QVERIFY(elsewhere.mkpath(QStringLiteral("empty")));
    QSettings().remove(QLatin1String(RunsPanel::kFoldersKey));

    {
        TrainWorkspace w;
        w.setProject(m_project);
        w.resize(1400, 900);
        w.show();
        clickTab(w.sideTabs(), TrainWorkspace::RunsTab);
        RunsPanel *panel = w.runsPanel();
        QVERIFY(panel->openFolderButton()->isVisible());
        QVERIFY(panel->openFolderButton()->isEnabled());
        // A folder with no run: refused, saying which and why.
        QString error;
        const QString empty = elsewhere.filePath(QStringLiteral("empty"));
        QVERIFY(!panel->openFolder(empty, &error));
        QVERIFY2(error.contains(QDir::toNativeSeparators(empty)), qPrintable(error));
        QVERIFY(panel->openedFolders().isEmpty());
        // One run: listed with where it is, and watched.
        QVERIFY2(panel->openFolder(single, &error), qPrintable(error));
        QVERIFY(
            runItem(panel, QStringLiteral("baseline (%1)").arg(QDir::toNativeSeparators(QFileInfo(single).path()))));
        QTRY_VERIFY_WITH_TIMEOUT(w.dashboard()->isWatching(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(w.dashboard()->history().epochs().size(), size_t(1), 5000);
        QCOMPARE(w.watcher()->runDir(), QDir(single).absolutePath());
        // A folder of runs: each listed.
        QVERIFY2(panel->openFolder(runs, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(panel->runs().size() >= 3 && !panel->isRefreshing(), 30000);
        QCOMPARE(panel->openedFolders(), QStringList({ QDir(single).absolutePath(), QDir(runs).absolutePath() }));
    }
    {
        // Remembered: a new workspace lists them with the project's own runs.
        TrainWorkspace w;
        w.setProject(m_project);
        w.resize(1400, 900);
        w.show();
        clickTab(w.sideTabs(), TrainWorkspace::RunsTab);
        RunsPanel *panel = w.runsPanel();
        const QString xName = QStringLiteral("x (%1)").arg(QDir::toNativeSeparators(runs));
        QTRY_VERIFY_WITH_TIMEOUT(runItem(panel, xName) && !panel->isRefreshing(), 30000);
        QVERIFY(runItem(panel, QStringLiteral("y (%1)").arg(QDir::toNativeSeparators(runs))));
        // The project's own runs are not from an opened folder: nothing to take off the list.
        QVERIFY(runItem(panel, QStringLiteral("own")));
        clickRun(panel, runItem(panel, QStringLiteral("own")));
        QVERIFY(!panel->forgetButton()->isEnabled());
        // Remove from List: that folder's runs go, the files stay, and so does the other folder.
        clickRun(panel, runItem(panel, xName));
        QVERIFY(panel->forgetButton()->isEnabled());
        QTest::mouseClick(panel->forgetButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!runItem(panel, xName) && !panel->isRefreshing(), 30000);
        QVERIFY(QFileInfo::exists(runs + QStringLiteral("/x/results.csv")));
        QCOMPARE(QSettings().value(QLatin1String(RunsPanel::kFoldersKey)).toStringList(),
            QStringList({ QDir(single).absolutePath() }));
    }
}

QTEST_MAIN(TestRunWatching)
#include "tst_runwatching.moc"
