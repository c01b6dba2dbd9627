// No label lost when the labelling loop is killed: a real SIGKILL of a process running a loop
// round (the Label and Train workspaces and the LoopController, as the studio wires them) while
// it trains, and again while it pre-labels with the new model. Every label a person accepted is
// byte for byte as it was, every label file on disk reads, every pre-labelled image has its point
// origins, the review state loads, and a round run again to its end finishes.
//
// The test runs itself as the child: `tst_loopkill --loop-child PROJECT`.

#include "datasetconfig.h"
#include "labelfile.h"
#include "labelworkspace.h"
#include "loopcontroller.h"
#include "pointorigins.h"
#include "project.h"
#include "reviewstate.h"
#include "tinydataset.h"
#include "trainworkspace.h"

#include <QAction>
#include <QApplication>
#include <QDirIterator>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <QElapsedTimer>
#include <QImage>

#include <cstdio>
#include <functional>
#include <map>
#include <optional>

namespace {

// The child: one loop round on the project, then exit 0 (1 when the round could not run).
int runChild(const QString &dir)
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir + QStringLiteral("/.settings"));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir + QStringLiteral("/.settings"));
    QString error;
    auto project = gp::Project::open(dir, &error);
    if (!project) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    auto shared = std::make_shared<const gp::Project>(*project);
    LabelWorkspace label;
    TrainWorkspace train;
    LoopController loop(&label, &train);
    label.setProject(shared);
    train.setProject(shared);
    loop.setProject(shared);
    label.show();
    if (!QTest::qWaitFor([&] { return !label.shownFile().isEmpty(); }, 60000))
        return 1;
    // An untrained network at 64 px (conf 0: it proposes something everywhere).
    label.setPrelabelModel(QStringLiteral("yolov8n-pose"), 64, 0.0);
    QString summary;
    QObject::connect(&loop, &LoopController::roundFinished, &label, [&](const QString &s) {
        summary = s;
        QCoreApplication::quit();
    });
    label.findChild<QAction *>(QStringLiteral("trainOnLabels"))->trigger();
    if (!loop.isRunning())
        return 1;
    QCoreApplication::exec();
    std::printf("%s\n", qPrintable(summary));
    return summary.contains(QLatin1String("the new model pre-labelled")) ? 0 : 1;
}

std::map<QString, QByteArray> readAll(const QStringList &files)
{
    std::map<QString, QByteArray> out;
    for (const QString &f : files) {
        QFile in(f);
        if (in.open(QIODevice::ReadOnly))
            out[f] = in.readAll();
    }
    return out;
}

} // namespace

class TestLoopKill : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killedWhileTraining();
    void killedWhilePrelabelling();
    void aRoundAfterTheKillsFinishes();

private:
    // Starts the child; `until` is polled every 2 ms and the child killed (SIGKILL) as soon as
    // it holds. False when the child ended first.
    bool runAndKill(const std::function<bool()> &until, QString *output);
    void verifyNothingLost();

    QTemporaryDir m_tmp;
    QString m_dir;
    std::optional<gp::DatasetConfig> m_config;
    QStringList m_unlabelled;
    std::map<QString, QByteArray> m_accepted; // label file → its bytes
};

void TestLoopKill::initTestCase()
{
    QString error;
    m_dir = m_tmp.filePath(QStringLiteral("project"));
    QVERIFY2(!testsupport::makeTinyDataset(m_dir, &error).isEmpty(), qPrintable(error));
    gp::DatasetIssueList issues;
    m_config = gp::DatasetConfig::load(m_dir + QStringLiteral("/data.yaml"), &issues);
    QVERIFY(m_config);
    const QStringList train = m_config->imageFiles(QStringLiteral("train"));
    // Four images without labels: the round pre-labels them.
    for (int i = 0; i < 4; ++i) {
        m_unlabelled << train[i];
        QVERIFY(QFile::remove(gp::DatasetConfig::labelFileFor(train[i])));
    }
    QStringList accepted;
    for (const QString &split : { QStringLiteral("train"), QStringLiteral("val") })
        for (const QString &image : m_config->imageFiles(split))
            if (!m_unlabelled.contains(image))
                accepted << gp::DatasetConfig::labelFileFor(image);
    m_accepted = readAll(accepted);
    QCOMPARE(int(m_accepted.size()), accepted.size());
}

bool TestLoopKill::runAndKill(const std::function<bool()> &until, QString *output)
{
    QProcess child;
    child.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), { QStringLiteral("--loop-child"), m_dir });
    if (!child.waitForStarted())
        return false;
    QElapsedTimer clock;
    clock.start();
    bool killed = false;
    while (child.state() != QProcess::NotRunning && clock.elapsed() < 600000) {
        if (until()) {
            child.kill(); // SIGKILL
            killed = true;
            break;
        }
        child.waitForFinished(2);
    }
    child.waitForFinished(60000);
    *output = QString::fromUtf8(child.readAll());
    return killed;
}

void TestLoopKill::verifyNothingLost()
{
    // Every accepted label as it was.
    QStringList files;
    for (const auto &[file, bytes] : m_accepted)
        files << file;
    const std::map<QString, QByteArray> now = readAll(files);
    QCOMPARE(now.size(), m_accepted.size());
    for (const auto &[file, bytes] : now)
        QVERIFY2(bytes == m_accepted.at(file), qPrintable(file));
    // A label file the round wrote reads in full and has its origins beside it.
    for (const QString &image : std::as_const(m_unlabelled)) {
        const QString labelFile = gp::DatasetConfig::labelFileFor(image);
        if (!QFileInfo::exists(labelFile))
            continue;
        gp::DatasetIssueList issues;
        gp::LabelFile::Outcome outcome;
        const QImage img(image);
        const std::vector<gp::PoseInstance> objects
            = gp::LabelFile::read(labelFile, img.size(), m_config->labelFormat(), &issues, QString(), &outcome);
        QVERIFY2(outcome.usable(), qPrintable(labelFile));
        std::vector<gp::PoseInstance> withOrigins = objects;
        QString error;
        QVERIFY2(gp::PointOrigins::apply(m_dir, image, &withOrigins, true, &error), qPrintable(error));
        for (const gp::PoseInstance &p : withOrigins)
            for (const gp::Keypoint &k : p.keypoints)
                if (k.isLabelled())
                    QVERIFY2(k.origin == gp::Keypoint::Origin::Model, qPrintable(labelFile));
    }
    // No temporary file of a save left among the labels (labels, origins, the review state).
    QDirIterator it(m_dir + QStringLiteral("/labels"), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        QVERIFY2(f.endsWith(QLatin1String(".txt")) || f.endsWith(QLatin1String(".json")), qPrintable(f));
    }
    gp::ReviewState review;
    QString error;
    QVERIFY2(review.load(m_dir, &error), qPrintable(error));
}

void TestLoopKill::killedWhileTraining()
{
    // The run's lock exists while it trains.
    QString output;
    const bool killed = runAndKill(
        [this] {
            QDirIterator it(m_dir + QStringLiteral("/runs"), { QStringLiteral("results.csv") }, QDir::Files,
                QDirIterator::Subdirectories);
            return it.hasNext();
        },
        &output);
    QVERIFY2(killed, qPrintable(output));
    verifyNothingLost();
}

void TestLoopKill::killedWhilePrelabelling()
{
    // The first label file the new model writes: the pre-labelling is under way.
    QString output;
    const bool killed = runAndKill(
        [this] {
            for (const QString &image : std::as_const(m_unlabelled))
                if (QFileInfo::exists(gp::DatasetConfig::labelFileFor(image)))
                    return true;
            return false;
        },
        &output);
    QVERIFY2(killed, qPrintable(output));
    verifyNothingLost();
}

void TestLoopKill::aRoundAfterTheKillsFinishes()
{
    QString output;
    QVERIFY2(!runAndKill([] { return false; }, &output), qPrintable(output));
    QVERIFY2(output.contains(QLatin1String("the new model pre-labelled")), qPrintable(output));
    verifyNothingLost();
}

int main(int argc, char **argv)
{
    if (argc == 3 && qstrcmp(argv[1], "--loop-child") == 0) {
        QApplication app(argc, argv);
        return runChild(QString::fromLocal8Bit(argv[2]));
    }
    QApplication app(argc, argv);
    TestLoopKill test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_loopkill.moc"
