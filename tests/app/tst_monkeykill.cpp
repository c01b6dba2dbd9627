// The studio killed anywhere: the GUI monkey (gp_monkey) works on a small generated project in
// its own process, labelling, tagging and training all along, and is killed with SIGKILL at a
// random moment, again and again (GP_MONKEY_KILLS times, 8 by default; the first once the run
// has its first checkpoint, so that there is always one to resume). After each kill:
// - every label save the monkey saw land (its journal: file and SHA-1, synced before the next
//   action) is on disk byte for byte, except at most one file, the one a save was writing when
//   the kill came, which must then read in full (the new version: saves are atomic);
// - every label file of the project reads in full, and so does scenarios.yaml;
// - every run folder is one the studio can list, and a stopped run can be resumed.
// At the end the studio opens the project in this process, shows the labels the disk holds, and
// resumes the run the kills interrupted. More kills: GP_MONKEY_KILLS=30 with
// QTEST_FUNCTION_TIMEOUT=1500000 (Qt Test stops a test function after 300 s by default).
//
// Then the monkey works on the video alone (video_only=1: analyse with the run's newest
// checkpoint, export, scrub) and each kill comes a random moment after its journal says an
// analysis or an export started (GP_MONKEY_VIDEO_KILLS, 6 by default). After each: the video's
// prediction cache is absent or whole (it loads, for every frame), and an export's files are
// absent or whole (every JSON line parses, the video opens); at the end the Video workspace opens
// the video with the cache or says why it cannot.

#include "annotationdocument.h"
#include "detectioncache.h"
#include "guimonkey.h"
#include "labelfile.h"
#include "labelworkspace.h"
#include "languages.h"
#include "mainwindow.h"
#include "mainwindowfixture.h"
#include "predictioncontroller.h"
#include "project.h"
#include "runcatalog.h"
#include "scenariotags.h"
#include "synthgenerator.h"
#include "trainworkspace.h"
#include "videoworkspace.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstdio>
#include <map>
#include <random>

#include <sys/types.h>

#include <opencv2/videoio.hpp>

class TestMonkeyKill : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { mainwindowtest::prepare(m_tmp, m_languages, &m_project); }
    void killedAnywhereLosesNothing();
    void killedDuringAnalysesAndExports();

private:
    // The journal's last SHA-1 of each label file.
    std::map<QString, QByteArray> journal() const;
    void verifyProject(int kill);
    void verifyVideo(int kill);
    // gp_monkey on the project, with the journal and `args` (its seed and mode).
    void startMonkey(QProcess &child, const QStringList &args);
    // The journal's "event" lines, in order.
    QStringList events() const;

    QTemporaryDir m_tmp;
    Languages m_languages;
    QString m_project;
    int m_checkedFiles = 0;
    int m_newerVersions = 0;
};

std::map<QString, QByteArray> TestMonkeyKill::journal() const
{
    std::map<QString, QByteArray> last;
    QFile f(m_tmp.filePath(QStringLiteral("journal.txt")));
    if (!f.open(QIODevice::ReadOnly))
        return last;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> parts = line.split('\t');
        if (parts.size() == 2 && parts[1].size() == 40)
            last[QString::fromUtf8(parts[0])] = parts[1];
    }
    return last;
}

void TestMonkeyKill::verifyProject(int kill)
{
    QString openError;
    const auto opened = gp::Project::open(m_project, &openError);
    QVERIFY2(opened, qPrintable(openError));
    const gp::DatasetConfig &config = opened->config();
    // Every save the monkey saw land is there; at most one file was being written.
    int differing = 0;
    for (const auto &[file, hash] : journal()) {
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        const QByteArray bytes = f.readAll();
        ++m_checkedFiles;
        if (QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex() == hash)
            continue;
        ++differing;
        ++m_newerVersions;
        QVERIFY2(differing <= 1, qPrintable(QStringLiteral("kill %1: %2 is not as last saved").arg(kill).arg(file)));
    }
    // Every label file reads in full (a save is a rename: never half a file).
    for (const QString &split : config.splits())
        for (const QString &image : config.imageFiles(split)) {
            const QString labelFile = gp::DatasetConfig::labelFileFor(image);
            gp::DatasetIssueList issues;
            gp::LabelFile::Outcome outcome;
            gp::LabelFile::read(labelFile, QSize(640, 384), config.labelFormat(), &issues, labelFile, &outcome);
            QVERIFY2(!outcome.exists || outcome.usable(),
                qPrintable(QStringLiteral("kill %1: %2").arg(kill).arg(labelFile)));
        }
    gp::ScenarioTags tags;
    QString error;
    QVERIFY2(tags.load(m_project, &error), qPrintable(QStringLiteral("kill %1: %2").arg(kill).arg(error)));
    // Every run is one the studio can list and say where it stands.
    for (const gp::RunRecord &r : gp::RunCatalog::scan(QDir(opened->runsDir()).filePath(QStringLiteral("pose"))))
        QVERIFY2(!r.name.isEmpty(), qPrintable(r.dir));
}

void TestMonkeyKill::killedAnywhereLosesNothing()
{
    const int kills
        = qEnvironmentVariableIsSet("GP_MONKEY_KILLS") ? qEnvironmentVariableIntValue("GP_MONKEY_KILLS") : 8;
    std::mt19937 rng(2026);
    int killedWorking = 0;
    for (int kill = 0; kill < kills; ++kill) {
        QProcess child;
        startMonkey(child, { QStringLiteral("seed=%1").arg(100 + kill), QStringLiteral("epochs=1000") });
        QVERIFY(child.waitForStarted());
        // A random moment once the window works: between 1.5 and 6 s of its actions.
        const int at = std::uniform_int_distribution<int>(1500, 6000)(rng);
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 30000 && !QFileInfo::exists(m_tmp.filePath(QStringLiteral("soak.csv"))))
            child.waitForFinished(50);
        QVERIFY2(child.state() == QProcess::Running, qPrintable(QString::fromUtf8(child.readAll())));
        // The first kill waits for the run's first checkpoint, so that there is a run to resume
        // at the end whatever moments the others fall on.
        if (kill == 0) {
            const QString runs = QDir(m_project).filePath(QStringLiteral("runs/pose"));
            auto checkpoint = [&runs] {
                QDirIterator it(runs, { QStringLiteral("last.ckpt") }, QDir::Files, QDirIterator::Subdirectories);
                return it.hasNext();
            };
            clock.restart();
            while (!checkpoint() && clock.elapsed() < 300000 && child.state() == QProcess::Running)
                child.waitForFinished(200);
            QVERIFY2(checkpoint(), qPrintable(QString::fromUtf8(child.readAll())));
        }
        child.waitForFinished(at);
        QVERIFY2(child.state() == QProcess::Running, qPrintable(QString::fromUtf8(child.readAll())));
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(30000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        ++killedWorking;
        QFile::remove(m_tmp.filePath(QStringLiteral("soak.csv")));
        verifyProject(kill);
        if (QTest::currentTestFailed())
            return;
    }
    std::printf("%d kills at random moments; %d journalled label files checked, %d were a save's new version\n",
        killedWorking, m_checkedFiles, m_newerVersions);
    QVERIFY(m_checkedFiles > 0);

    // The studio opens the project as the kills left it: the labels on screen are those on
    // disk, and the interrupted run resumes.
    MainWindow w(&m_languages);
    mainwindowtest::openWindow(w, m_project);
    QTRY_VERIFY_WITH_TIMEOUT(w.labelWorkspace()->document()->isLoaded(), mainwindowtest::kSlowMachineMs);
    GuiMonkey::Options options;
    options.training = false;
    GuiMonkey check(&w, m_project, options);
    QVERIFY2(check.checkNow().isEmpty(), qPrintable(check.checkNow()));
    // The killed process's run reads as training elsewhere until its telemetry is
    // RunCatalog::kActiveSeconds old; then it is a stopped run that resumes.
    const QString runsRoot = QDir(w.project()->runsDir()).filePath(QStringLiteral("pose"));
    std::vector<gp::RunRecord> runs;
    QTRY_VERIFY_WITH_TIMEOUT(
        (runs = gp::RunCatalog::scan(runsRoot),
            !runs.empty()
                && std::none_of(runs.begin(), runs.end(),
                    [](const gp::RunRecord &r) { return r.state == gp::RunRecord::State::Active; })),
        (gp::RunCatalog::kActiveSeconds + 5) * 1000);
    // The newest run the monkey left with a checkpoint (a kill before a new run's first save
    // leaves none in that one).
    const auto run = std::find_if(runs.begin(), runs.end(), [](const gp::RunRecord &r) { return r.canResume(); });
    QVERIFY2(run != runs.end(), "no stopped run to resume");
    QString error;
    QVERIFY2(w.trainWorkspace()->resumeRun(run->lastWeights, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(w.trainWorkspace()->isTraining(), 30000);
    w.trainWorkspace()->stopTraining();
    QTRY_VERIFY_WITH_TIMEOUT(!w.trainWorkspace()->isTraining(), 120000);
    std::printf("resumed %s\n", qPrintable(run->name));
}

void TestMonkeyKill::startMonkey(QProcess &child, const QStringList &args)
{
    child.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // A killed process leaves its temporary folders: inside this test's, which goes at its end.
    QDir().mkpath(m_tmp.filePath(QStringLiteral("child-tmp")));
    env.insert(QStringLiteral("TMPDIR"), m_tmp.filePath(QStringLiteral("child-tmp")));
    child.setProcessEnvironment(env);
    child.start(QStringLiteral(GP_MONKEY),
        args
            + QStringList { QStringLiteral("minutes=10"), QStringLiteral("project=") + m_project,
                QStringLiteral("journal=") + m_tmp.filePath(QStringLiteral("journal.txt")),
                QStringLiteral("soak=") + m_tmp.filePath(QStringLiteral("soak.csv")) });
}

QStringList TestMonkeyKill::events() const
{
    QStringList out;
    QFile f(m_tmp.filePath(QStringLiteral("journal.txt")));
    if (f.open(QIODevice::ReadOnly))
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith("event\t"))
                out << QString::fromUtf8(line.mid(6));
    return out;
}

void TestMonkeyKill::verifyVideo(int kill)
{
    const QString video = QDir(m_project).filePath(QStringLiteral("videos/demo.mp4"));
    const QString sidecar = gp::DetectionCache::sidecarFor(video);
    if (QFileInfo::exists(sidecar)) {
        // Whole: it loads under its own key ...
        const auto key = gp::DetectionCache::readKey(sidecar);
        QVERIFY2(key, qPrintable(QStringLiteral("kill %1: %2 has no key").arg(kill).arg(sidecar)));
        gp::DetectionCache cache;
        QString error;
        QVERIFY2(gp::DetectionCache::load(sidecar, *key, &cache, &error),
            qPrintable(QStringLiteral("kill %1: %2").arg(kill).arg(error)));
        // ... and one made for this video (not the one it replaced) has all its frames; another
        // is stale, and its key keeps the studio from showing it.
        const auto now = gp::DetectionCache::Key::of(video, key->model, key->imgsz, key->conf, key->iou, key->enhance);
        if (now == *key) {
            cv::VideoCapture cap(video.toStdString());
            QCOMPARE(cache.frameCount(), qint64(cap.get(cv::CAP_PROP_FRAME_COUNT)));
        }
    }
    const QString stem = QDir(m_project).filePath(QStringLiteral("videos/monkey_pose"));
    QFile json(stem + QStringLiteral(".jsonl"));
    if (json.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = json.readAll().split('\n');
        QVERIFY2(lines.size() >= 2 && lines.last().isEmpty(),
            qPrintable(QStringLiteral("kill %1: %2 is cut short").arg(kill).arg(json.fileName())));
        // Every frame: the monkey analyses the whole video, and an export writes each analysed frame.
        cv::VideoCapture cap(video.toStdString());
        QCOMPARE(lines.size() - 1, int(cap.get(cv::CAP_PROP_FRAME_COUNT)));
        for (int i = 0; i + 1 < lines.size(); ++i) {
            QJsonParseError pe;
            QJsonDocument::fromJson(lines[i], &pe);
            QVERIFY2(pe.error == QJsonParseError::NoError,
                qPrintable(QStringLiteral("kill %1: %2 line %3").arg(kill).arg(json.fileName()).arg(i + 1)));
        }
    }
    if (QFileInfo::exists(stem + QStringLiteral(".mp4"))) {
        cv::VideoCapture cap((stem + QStringLiteral(".mp4")).toStdString());
        QVERIFY2(cap.isOpened() && cap.get(cv::CAP_PROP_FRAME_COUNT) > 0,
            qPrintable(QStringLiteral("kill %1: the exported video does not open").arg(kill)));
    }
}

void TestMonkeyKill::killedDuringAnalysesAndExports()
{
    // The model analysed with is the checkpoint the first test's run left.
    if (!QDirIterator(QDir(m_project).filePath(QStringLiteral("runs/pose")), { QStringLiteral("last.ckpt") },
            QDir::Files, QDirIterator::Subdirectories)
             .hasNext())
        QSKIP("needs the run killedAnywhereLosesNothing trains (run the two together)");
    // A longer video than the project's 8 frames, so that a kill can fall inside a pass.
    QString error;
    gp::SynthOptions o;
    o.outDir = m_tmp.filePath(QStringLiteral("longer"));
    o.count = 2;
    o.imageSize = QSize(320, 192);
    o.seed = 12;
    o.videoFrames = 150;
    QVERIFY2(gp::SynthGenerator(gp::Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    const QString video = QDir(m_project).filePath(QStringLiteral("videos/demo.mp4"));
    QFile::remove(video);
    QFile::remove(QDir(m_project).filePath(QStringLiteral("videos/demo.json")));
    QVERIFY(QFile::copy(QDir(o.outDir).filePath(QStringLiteral("videos/demo.mp4")), video));

    const int kills = qEnvironmentVariableIsSet("GP_MONKEY_VIDEO_KILLS")
        ? qEnvironmentVariableIntValue("GP_MONKEY_VIDEO_KILLS")
        : 6;
    std::mt19937 rng(2027);
    int inAnalysis = 0, inExport = 0;
    for (int kill = 0; kill < kills; ++kill) {
        const int eventsBefore = int(events().size());
        QProcess child;
        startMonkey(child, { QStringLiteral("seed=%1").arg(500 + kill), QStringLiteral("video_only=1") });
        QVERIFY(child.waitForStarted());
        // Once an analysis (even kills) or an export (odd ones) has started, a random moment into it.
        const QString awaited = kill % 2 == 0 ? QStringLiteral("analysis started") : QStringLiteral("export started");
        auto started = [&] {
            const QStringList e = events();
            return e.size() > eventsBefore && e.last() == awaited;
        };
        QElapsedTimer clock;
        clock.start();
        while (!started() && clock.elapsed() < 240000 && child.state() == QProcess::Running)
            child.waitForFinished(20);
        QVERIFY2(started(), qPrintable(QString::fromUtf8(child.readAll())));
        // An export of the 150 frames takes a fraction of a second; an analysis several.
        child.waitForFinished(kill % 2 == 0 ? std::uniform_int_distribution<int>(100, 2500)(rng)
                                            : std::uniform_int_distribution<int>(5, 150)(rng));
        QVERIFY2(child.state() == QProcess::Running, qPrintable(QString::fromUtf8(child.readAll())));
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(30000));
        const QString last = events().last();
        inAnalysis += last == QLatin1String("analysis started");
        inExport += last == QLatin1String("export started");
        verifyVideo(kill);
        verifyProject(kill);
        if (QTest::currentTestFailed())
            return;
    }
    std::printf("%d kills after an analysis or an export started: %d inside an analysis, %d inside an export\n", kills,
        inAnalysis, inExport);
    QVERIFY(inAnalysis > 0 && inExport > 0);

    // The studio opens the video with the cache the kills left, or says why not.
    MainWindow w(&m_languages);
    mainwindowtest::openWindow(w, m_project);
    VideoWorkspace *v = w.videoWorkspace();
    QDirIterator it(QDir(m_project).filePath(QStringLiteral("runs/pose")), { QStringLiteral("last.ckpt") }, QDir::Files,
        QDirIterator::Subdirectories);
    QVERIFY(it.hasNext());
    v->setModel(it.next());
    v->openVideo(video);
    QTRY_VERIFY_WITH_TIMEOUT(v->videoInfo().frameCount > 0, mainwindowtest::kSlowMachineMs);
    QTRY_VERIFY_WITH_TIMEOUT(!v->predictions()->isBusy(), mainwindowtest::kSlowMachineMs);
    QVERIFY(v->predictions()->hasAnalysis() || !v->predictions()->cacheMessage().isEmpty()
        || !QFileInfo::exists(gp::DetectionCache::sidecarFor(video)));
}

QTEST_MAIN(TestMonkeyKill)
#include "tst_monkeykill.moc"
