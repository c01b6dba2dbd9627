#include "checkpoint_p.h"
#include "communicator.h"
#include "distributedenv.h"
#include "distributedlauncher.h"
#include "skeleton.h"
#include "synthgenerator.h"
#include "tinytrainingdata.h"
#include "trainer.h"
#include "trainingconfig.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <future>

using gp::BatchReport;
using gp::CheckpointInfo;
using gp::DistributedEnv;
using gp::DistributedLauncher;
using gp::readCheckpointInfo;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::Trainer;
using gp::TrainerEvents;
using gp::TrainFinishReport;
using gp::TrainingConfig;

// Data-parallel training: torchrun's variables, the Gloo collectives (two ranks as threads
// of this process), and whole runs of `gripperpose train device=cpu,cpu` (two processes).
class TestDistributed : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void environment_data();
    void environment();
    void deviceLists_data();
    void deviceLists();
    void collectivesOverGloo();
    void joinFailsWhenARankNeverComes();
    void trainsOnTwoProcesses();
    void killAndResumeEqualsUninterrupted();
    void stopInsideAnEpochAndResumeEqualsUninterrupted();
    void aLostWorkerFailsTheRun();

private:
    QStringList trainArgs(const QString &name, int epochs) const;
    QString runDir(const QString &name) const { return m_dir.filePath(QStringLiteral("runs/") + name); }

    QTemporaryDir m_dir;
    QString m_data;
    const QString m_cli = QStringLiteral(GP_BINARY_DIR "/app/cli/gripperpose");
};

namespace {

// Both ranks of a two-process run, each on its own thread, joined over the loopback.
std::pair<std::unique_ptr<gp::Communicator>, std::unique_ptr<gp::Communicator>> connectPair(QString *error)
{
    DistributedEnv e;
    e.worldSize = e.localWorldSize = 2;
    e.masterPort = DistributedLauncher::freePort();
    auto join = [e](int rank) {
        DistributedEnv r = e;
        r.rank = r.localRank = rank;
        QString why;
        auto c = gp::Communicator::connect(r, std::chrono::seconds(30), std::chrono::seconds(30), &why);
        return std::make_pair(std::move(c), why);
    };
    auto one = std::async(std::launch::async, join, 1);
    auto zero = join(0);
    auto other = one.get();
    *error = zero.second + other.second;
    return { std::move(zero.first), std::move(other.first) };
}

// Runs f(communicator, rank) on both ranks at once (collectives need every rank).
template<typename F> void onBothRanks(gp::Communicator &a, gp::Communicator &b, F f)
{
    auto second = std::async(std::launch::async, [&] { f(b, 1); });
    f(a, 0);
    second.get();
}

// The processes whose parent is `pid` (the launcher's workers).
QList<qint64> childrenOf(qint64 pid)
{
    QList<qint64> out;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 child = entry.toLongLong(&ok);
        if (!ok)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(child));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // pid (comm) state ppid ...: the command may contain spaces, so read after the ')'.
        const QByteArray s = stat.readAll();
        const QList<QByteArray> rest = s.mid(s.lastIndexOf(')') + 2).split(' ');
        if (rest.size() > 1 && rest[1].toLongLong() == pid)
            out << child;
    }
    return out;
}

// Asks the run to stop after `n` batches and notes whether it ended stopped.
class StopAfter : public TrainerEvents
{
public:
    explicit StopAfter(int n)
        : m_n(n)
    { }
    gp::CancelToken stop;
    bool stoppedByUser = false;
    void onTrainBatchEnd(const BatchReport &) override
    {
        if (++m_batches == m_n)
            stop.cancel();
    }
    void onTrainEnd(const TrainFinishReport &f) override { stoppedByUser = f.stoppedByUser; }

private:
    int m_n;
    int m_batches = 0;
};

// `config` as a two-rank data-parallel run, the ranks as threads of this process; rank 0
// reports to `events`. Both share `stop` (a stop request reaches one rank, as from the GUI).
bool runTwoRanks(const TrainingConfig &config, const QStringList &keys, TrainerEvents *events,
    const gp::CancelToken &stop, QString *error)
{
    DistributedEnv e;
    e.worldSize = e.localWorldSize = 2;
    e.masterPort = DistributedLauncher::freePort();
    auto rank = [&](int r, TrainerEvents *ev, QString *why) {
        DistributedEnv mine = e;
        mine.rank = mine.localRank = r;
        Trainer t(config, keys);
        t.setDistributed(mine);
        if (ev)
            t.addListener(ev);
        return t.run(why, r == 0 ? stop : gp::CancelToken());
    };
    QString otherError;
    auto other = std::async(std::launch::async, rank, 1, nullptr, &otherError);
    const bool ok = rank(0, events, error);
    const bool otherOk = other.get();
    if (!otherOk)
        *error += QStringLiteral(" / rank 1: ") + otherError;
    return ok && otherOk;
}

} // namespace

void TestDistributed::initTestCase()
{
    QString error;
    m_data = tinytraining::makeDataset(m_dir.filePath(QStringLiteral("data")), &error);
    QVERIFY2(!m_data.isEmpty(), qPrintable(error));
}

QStringList TestDistributed::trainArgs(const QString &name, int epochs) const
{
    return { QStringLiteral("train"), QStringLiteral("data=") + m_data, QStringLiteral("model=yolov8n-pose"),
        QStringLiteral("imgsz=64"), QStringLiteral("batch=4"), QStringLiteral("epochs=%1").arg(epochs),
        QStringLiteral("workers=0"), QStringLiteral("warmup_epochs=0"), QStringLiteral("lr0=0.002"),
        QStringLiteral("close_mosaic=1"), QStringLiteral("device=cpu,cpu"),
        QStringLiteral("project=") + m_dir.filePath(QStringLiteral("runs")), QStringLiteral("name=") + name };
}

void TestDistributed::environment_data()
{
    QTest::addColumn<QStringList>("variables");
    QTest::addColumn<int>("rank");
    QTest::addColumn<int>("world");
    QTest::addColumn<QString>("error");
    QTest::newRow("single process") << QStringList {} << 0 << 1 << "";
    QTest::newRow("torchrun") << QStringList { "WORLD_SIZE=4", "RANK=3", "LOCAL_RANK=1", "LOCAL_WORLD_SIZE=2",
        "MASTER_ADDR=10.0.0.2", "MASTER_PORT=29511" }
                              << 3 << 4 << "";
    QTest::newRow("rank outside") << QStringList { "WORLD_SIZE=2", "RANK=2" } << 0 << 0 << "RANK=2";
    QTest::newRow("not a number") << QStringList { "WORLD_SIZE=two" } << 0 << 0 << "WORLD_SIZE=two";
    QTest::newRow("bad port") << QStringList { "WORLD_SIZE=2", "RANK=0", "MASTER_PORT=70000" } << 0 << 0
                              << "MASTER_PORT";
    QTest::newRow("local rank") << QStringList { "WORLD_SIZE=2", "RANK=1", "LOCAL_RANK=1", "LOCAL_WORLD_SIZE=1" } << 0
                                << 0 << "LOCAL_RANK=1";
}

void TestDistributed::environment()
{
    QFETCH(QStringList, variables);
    QFETCH(int, rank);
    QFETCH(int, world);
    QFETCH(QString, error);
    QProcessEnvironment env;
    for (const QString &v : variables)
        env.insert(v.section(QLatin1Char('='), 0, 0), v.section(QLatin1Char('='), 1));
    QString why;
    const auto d = DistributedEnv::fromEnvironment(env, &why);
    if (!error.isEmpty()) {
        QVERIFY(!d);
        QVERIFY2(why.contains(error), qPrintable(why));
        return;
    }
    QVERIFY2(d, qPrintable(why));
    QCOMPARE(d->rank, rank);
    QCOMPARE(d->worldSize, world);
    // What the launcher hands to a worker reads back the same.
    QProcessEnvironment round;
    d->addTo(round);
    const auto back = DistributedEnv::fromEnvironment(round, &why);
    QVERIFY(back);
    QCOMPARE(back->localRank, d->localRank);
    QCOMPARE(back->localWorldSize, d->localWorldSize);
    QCOMPARE(back->masterAddr, d->masterAddr);
    QCOMPARE(back->masterPort, d->masterPort);
}

void TestDistributed::deviceLists_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<int>("batch");
    QTest::addColumn<QStringList>("devices");
    QTest::addColumn<QString>("error");
    QTest::newRow("auto") << "" << 16 << QStringList {} << "";
    QTest::newRow("two gpus") << "0, cuda:1" << 16 << QStringList { "0", "1" } << "";
    QTest::newRow("two cpu processes") << "cpu,cpu" << 8 << QStringList { "cpu", "cpu" } << "";
    QTest::newRow("mixed") << "cpu,0" << 16 << QStringList { "cpu", "0" } << "mixes";
    QTest::newRow("twice") << "1,1" << 16 << QStringList { "1", "1" } << "twice";
    QTest::newRow("batch") << "0,1,2" << 16 << QStringList { "0", "1", "2" } << "multiple of the 3 devices";
    QTest::newRow("unknown") << "gpu" << 16 << QStringList { "gpu" } << "neither cpu nor a GPU index";
}

void TestDistributed::deviceLists()
{
    QFETCH(QString, device);
    QFETCH(int, batch);
    QFETCH(QStringList, devices);
    QFETCH(QString, error);
    TrainingConfig c;
    c.device = device;
    c.batch = batch;
    QCOMPARE(c.devices(), devices);
    const QString problems = c.validate().join(QLatin1Char('\n'));
    if (error.isEmpty())
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    else
        QVERIFY2(problems.contains(error), qPrintable(problems));
}

void TestDistributed::collectivesOverGloo()
{
    QString error;
    auto [a, b] = connectPair(&error);
    QVERIFY2(a && b, qPrintable(error));
    QCOMPARE(a->rank(), 0);
    QCOMPARE(b->rank(), 1);
    QCOMPARE(b->worldSize(), 2);

    std::array<torch::Tensor, 2> sums, flags;
    onBothRanks(*a, *b, [&](gp::Communicator &c, int rank) {
        sums[rank] = torch::full({ 3 }, rank + 1.5, torch::kDouble);
        c.allReduceSum(sums[rank]);
        flags[rank] = torch::tensor({ c.any(rank == 1) ? 1 : 0, c.any(false) ? 1 : 0 });
        c.barrier();
    });
    for (int r : { 0, 1 }) {
        QVERIFY(torch::equal(sums[r], torch::full({ 3 }, 4.0, torch::kDouble)));
        QVERIFY(torch::equal(flags[r], torch::tensor({ 1, 0 })));
    }

    // Modules: rank 1 takes rank 0's weights and buffers; gradients are summed.
    std::array<torch::nn::Sequential, 2> nets;
    for (int r : { 0, 1 }) {
        torch::manual_seed(uint64_t(100 + r));
        nets[r] = torch::nn::Sequential(torch::nn::Linear(3, 2), torch::nn::BatchNorm1d(2));
    }
    QVERIFY(!torch::equal(nets[0]->parameters()[0], nets[1]->parameters()[0]));
    torch::nn::Sequential reference = std::dynamic_pointer_cast<torch::nn::SequentialImpl>(nets[0]->clone());
    onBothRanks(*a, *b, [&](gp::Communicator &c, int rank) { c.broadcastModule(*nets[rank]); });
    for (size_t i = 0; i < reference->parameters().size(); ++i) {
        QVERIFY(torch::equal(nets[0]->parameters()[i], reference->parameters()[i]));
        QVERIFY(torch::equal(nets[1]->parameters()[i], reference->parameters()[i]));
    }
    QVERIFY(torch::equal(nets[1]->buffers()[2], nets[0]->buffers()[2])); // num_batches_tracked (int64)

    std::array<std::vector<torch::Tensor>, 2> localGrads;
    for (int r : { 0, 1 }) {
        nets[r]->train();
        const torch::Tensor x = torch::arange(12, torch::kFloat).reshape({ 4, 3 }) * (r + 1);
        nets[r]->forward(x).pow(2).sum().backward();
        for (const auto &p : nets[r]->parameters())
            localGrads[r].push_back(p.grad().clone());
    }
    onBothRanks(*a, *b, [&](gp::Communicator &c, int rank) { c.sumGradients(nets[rank]->parameters()); });
    for (int r : { 0, 1 })
        for (size_t i = 0; i < localGrads[0].size(); ++i)
            QVERIFY(torch::allclose(nets[r]->parameters()[i].grad(), localGrads[0][i] + localGrads[1][i]));
}

void TestDistributed::joinFailsWhenARankNeverComes()
{
    DistributedEnv e;
    e.worldSize = e.localWorldSize = 2;
    e.masterPort = DistributedLauncher::freePort();
    QString error;
    QElapsedTimer clock;
    clock.start();
    auto c = gp::Communicator::connect(e, std::chrono::seconds(2), std::chrono::seconds(2), &error);
    QVERIFY(!c);
    QVERIFY2(error.contains(QStringLiteral("rank 0 of 2 could not join")), qPrintable(error));
    QVERIFY(clock.elapsed() < 60000); // it gives up rather than waiting forever
}

void TestDistributed::trainsOnTwoProcesses()
{
    QProcess p;
    p.start(m_cli, trainArgs(QStringLiteral("ddp"), 2));
    QVERIFY(p.waitForFinished(300000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    // Rank 0 alone reports, and names the run's processes.
    QCOMPARE(out.count(QStringLiteral("Training yolov8n-pose")), 1);
    QVERIFY2(out.contains(QStringLiteral("rank 0 of 2 processes")), qPrintable(out));
    const QDir run(runDir(QStringLiteral("ddp")));
    for (const char *f : { "args.yaml", "results.csv", "weights/last.ckpt", "weights/best.ckpt" })
        QVERIFY2(QFile::exists(run.filePath(QLatin1String(f))), f);
    QCOMPARE(tinytraining::countLines(run.filePath(QStringLiteral("results.csv"))), 3);
    // The workers wrote nothing of their own: one run folder.
    QCOMPARE(QDir(m_dir.filePath(QStringLiteral("runs"))).entryList({ QStringLiteral("ddp*") }, QDir::Dirs).size(), 1);
    // A second run with the same settings ends with the same weights: the summed gradients
    // do not depend on which rank finishes first.
    QProcess again;
    again.start(m_cli, trainArgs(QStringLiteral("ddp_again"), 2));
    QVERIFY(again.waitForFinished(300000));
    QVERIFY2(again.exitCode() == 0, again.readAllStandardError().constData());
    const QString differs = tinytraining::weightDifference(run.filePath(QStringLiteral("weights/last.ckpt")),
        runDir(QStringLiteral("ddp_again")) + QStringLiteral("/weights/last.ckpt"));
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
}

void TestDistributed::killAndResumeEqualsUninterrupted()
{
    QProcess whole;
    whole.start(m_cli, trainArgs(QStringLiteral("whole"), 3));
    QVERIFY(whole.waitForFinished(300000));
    QVERIFY2(whole.exitCode() == 0, whole.readAllStandardError().constData());

    // The same run, its rank 0 killed with SIGKILL after the first epoch (the worker then
    // ends too), then resumed: the resumed run starts its own worker from the checkpoint.
    QProcess p;
    p.start(m_cli, trainArgs(QStringLiteral("killed"), 3));
    QVERIFY(p.waitForStarted());
    const QString last = runDir(QStringLiteral("killed")) + QStringLiteral("/weights/last.ckpt");
    QElapsedTimer clock;
    clock.start();
    while (!QFile::exists(last) && clock.elapsed() < 240000 && p.state() == QProcess::Running)
        QTest::qWait(10);
    const QList<qint64> workers = childrenOf(p.processId());
    p.kill();
    p.waitForFinished();
    for (qint64 w : workers)
        for (int i = 0; i < 500 && QFile::exists(QStringLiteral("/proc/%1").arg(w)); ++i)
            QTest::qWait(20);
    for (qint64 w : workers)
        QVERIFY2(!QFile::exists(QStringLiteral("/proc/%1/cmdline").arg(w))
                || QFile(QStringLiteral("/proc/%1/cmdline").arg(w)).size() == 0,
            "the worker outlived its killed parent");
    CheckpointInfo info;
    QString error;
    QVERIFY2(readCheckpointInfo(last, &info, &error), qPrintable(error));
    QVERIFY(info.epoch <= 1);
    QProcess resume;
    resume.start(m_cli, { QStringLiteral("train"), QStringLiteral("resume=") + last });
    QVERIFY(resume.waitForFinished(300000));
    QVERIFY2(resume.exitCode() == 0, resume.readAllStandardError().constData());
    QVERIFY(QString::fromUtf8(resume.readAllStandardOutput()).contains(QStringLiteral("rank 0 of 2 processes")));

    const QString differs
        = tinytraining::weightDifference(runDir(QStringLiteral("whole")) + QStringLiteral("/weights/last.ckpt"), last);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
    QCOMPARE(tinytraining::countLines(runDir(QStringLiteral("killed")) + QStringLiteral("/results.csv")), 4);
}

void TestDistributed::stopInsideAnEpochAndResumeEqualsUninterrupted()
{
    // Ctrl+C reaches every rank; they stop together inside an epoch and inside a gradient
    // accumulation, rank 0 saves every rank's accumulated gradients apart, each resumed rank
    // takes its own back, and the run ends where an uninterrupted one does. Long epochs (20
    // batches of 2 images, 2 val images) make the stop land inside one; a stop that lands
    // between epochs is tried again.
    SynthOptions o;
    o.outDir = m_dir.filePath(QStringLiteral("long"));
    o.count = 42;
    o.valFraction = 0.05;
    o.imageSize = QSize(96, 64);
    o.seed = 8;
    o.videoFrames = 0;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    auto args = [&](const QString &name) {
        QStringList a = trainArgs(name, 3);
        a.replaceInStrings(QRegularExpression(QStringLiteral("^data=.*")),
            QStringLiteral("data=") + o.outDir + QStringLiteral("/data.yaml"));
        a.replaceInStrings(QRegularExpression(QStringLiteral("^batch=.*")), QStringLiteral("batch=2"));
        return a;
    };
    QProcess whole;
    whole.start(m_cli, args(QStringLiteral("long_whole")));
    QVERIFY(whole.waitForFinished(300000));
    QVERIFY2(whole.exitCode() == 0, whole.readAllStandardError().constData());

    QString last;
    for (int attempt = 0; attempt < 4 && last.isEmpty(); ++attempt) {
        const QString name = QStringLiteral("long_stopped%1").arg(attempt);
        QProcess p;
        p.start(m_cli, args(name));
        QVERIFY(p.waitForStarted());
        const QString csv = runDir(name) + QStringLiteral("/results.csv");
        QElapsedTimer clock;
        clock.start();
        while (tinytraining::countLines(csv) < 2 && clock.elapsed() < 240000 && p.state() == QProcess::Running)
            QTest::qWait(5);
        QTest::qWait(300 + 200 * attempt); // into the second epoch
        ::kill(pid_t(p.processId()), SIGINT);
        for (qint64 w : childrenOf(p.processId()))
            ::kill(pid_t(w), SIGINT);
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QString checkpoint = runDir(name) + QStringLiteral("/weights/last.ckpt");
        if (QString::fromUtf8(p.readAllStandardOutput()).contains(QStringLiteral("Stopped; resume with"))
            && gp::loadCheckpoint(checkpoint).pendingGradients.size() == 2)
            last = checkpoint;
    }
    if (last.isEmpty())
        QSKIP("no stop landed inside an epoch");
    const gp::CheckpointData saved = gp::loadCheckpoint(last);
    QCOMPARE(saved.pendingGradients[1].first, std::string("rank1"));
    QVERIFY(saved.pendingGradients[1].second.abs().sum().item<double>() > 0);
    QProcess resume;
    resume.start(m_cli, { QStringLiteral("train"), QStringLiteral("resume=") + last });
    QVERIFY(resume.waitForFinished(300000));
    QVERIFY2(resume.exitCode() == 0, resume.readAllStandardError().constData());
    const QString differs = tinytraining::weightDifference(
        runDir(QStringLiteral("long_whole")) + QStringLiteral("/weights/last.ckpt"), last);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
}

void TestDistributed::aLostWorkerFailsTheRun()
{
    QProcess p;
    p.start(m_cli, trainArgs(QStringLiteral("lost"), 500));
    QVERIFY(p.waitForStarted());
    const QString last = runDir(QStringLiteral("lost")) + QStringLiteral("/weights/last.ckpt");
    QElapsedTimer clock;
    clock.start();
    while (!QFile::exists(last) && clock.elapsed() < 240000 && p.state() == QProcess::Running)
        QTest::qWait(10);
    const QList<qint64> workers = childrenOf(p.processId());
    QCOMPARE(workers.size(), 1);
    ::kill(pid_t(workers.front()), SIGKILL);
    // Rank 0 notices at its next collective instead of waiting for the 3-hour timeout.
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 1);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("rank 0 lost the other processes")), qPrintable(err.right(600)));
    QVERIFY2(err.contains(QStringLiteral("the worker for rank 1 crashed or was killed")), qPrintable(err.right(600)));
    // What was saved survives.
    CheckpointInfo info;
    QString error;
    QVERIFY2(readCheckpointInfo(last, &info, &error), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestDistributed)
#include "tst_distributed.moc"
