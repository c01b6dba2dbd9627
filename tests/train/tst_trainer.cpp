#include "checkpoint_p.h"
#include "tinytrainingdata.h"
#include "trainer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using gp::BatchReport;
using gp::CheckpointInfo;
using gp::EpochReport;
using gp::EpochStartInfo;
using gp::readCheckpointInfo;
using gp::Trainer;
using gp::TrainerEvents;
using gp::TrainFinishReport;
using gp::TrainingConfig;
using gp::TrainStartInfo;
using gp::ValidationProgress;

namespace {

// Records what the trainer reports; can ask it to stop after a given number of batches.
class Recorder : public TrainerEvents
{
public:
    gp::CancelToken stop;
    int stopAfterBatches = -1;
    int batches = 0;
    int batchesPerEpoch = 0;
    std::vector<EpochReport> epochs;
    std::optional<TrainFinishReport> finish;
    QStringList saved;

    void onTrainBatchEnd(const BatchReport &) override
    {
        if (++batches == stopAfterBatches)
            stop.cancel();
    }
    void onTrainStart(const TrainStartInfo &s) override { batchesPerEpoch = s.batchesPerEpoch; }
    void onFitEpochEnd(const EpochReport &e) override { epochs.push_back(e); }
    void onModelSave(const QString &path, int) override { saved << path; }
    void onTrainEnd(const TrainFinishReport &f) override { finish = f; }
};

// Writes down every event, in order, as a line of text.
class Sequence : public TrainerEvents
{
public:
    QStringList lines;

    void onTrainStart(const TrainStartInfo &s) override
    {
        lines << QStringLiteral("start %1 %2 %3").arg(s.startEpoch).arg(s.epochs).arg(s.batchesPerEpoch);
    }
    void onTrainEpochStart(const EpochStartInfo &e) override
    {
        lines << QStringLiteral("epoch %1/%2 from %3 of %4 mosaic %5")
                     .arg(e.epoch)
                     .arg(e.epochs)
                     .arg(e.firstBatch)
                     .arg(e.batches)
                     .arg(e.mosaic);
    }
    void onTrainBatchEnd(const BatchReport &b) override
    {
        lines << QStringLiteral("batch %1.%2").arg(b.epoch).arg(b.batch);
    }
    void onValStart(const ValidationProgress &v) override
    {
        lines << QStringLiteral("val %1 %2/%3").arg(v.epoch).arg(v.batch).arg(v.batches);
    }
    void onValBatchEnd(const ValidationProgress &v) override
    {
        lines << QStringLiteral("val %1 %2/%3").arg(v.epoch).arg(v.batch).arg(v.batches);
    }
    void onFitEpochEnd(const EpochReport &e) override { lines << QStringLiteral("fit %1").arg(e.epoch); }
    void onTrainEnd(const TrainFinishReport &f) override { lines << QStringLiteral("end %1").arg(f.epochsCompleted); }
};

// The number of optimizer steps in Ultralytics' loop (BaseTrainer._do_train) over `iterations`
// batches: accumulate ramps from 1 to nbs/batch over the nw = max(round(warmup·nb), 100)
// warmup iterations, rounded half to even by NumPy, then stays at max(round(nbs/batch), 1).
long long ultralyticsSteps(int iterations, int nb, const TrainingConfig &c)
{
    const auto pyRound = [](double x) {
        const double f = std::floor(x);
        return x - f == 0.5 ? (long(f) % 2 == 0 ? long(f) : long(f) + 1) : long(std::floor(x + 0.5));
    };
    const long nw = std::max(pyRound(c.warmupEpochs * nb), 100L);
    long accumulate = std::max(pyRound(double(c.nbs) / c.batch), 1L);
    long long steps = 0;
    long last = -1;
    for (long ni = 0; ni < iterations; ++ni) {
        if (ni <= nw)
            accumulate = std::max(1L, pyRound(1 + (double(c.nbs) / c.batch - 1) * ni / nw));
        if (ni - last >= accumulate) {
            ++steps;
            last = ni;
        }
    }
    return steps;
}

// Runs `config` to its end, or to the stop `recorder` asks for, with `recorder` listening.
bool runRecorded(const TrainingConfig &config, Recorder *recorder, QString *error, const QStringList &explicitKeys = {})
{
    Trainer t(config, explicitKeys);
    t.addListener(recorder);
    return t.run(error, recorder->stop);
}

} // namespace

class TestTrainer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void trainsAndWritesTheRun();
    void everyListenerHearsEveryEvent();
    void stopSavesAResumableCheckpoint();
    void killAndResumeEqualsUninterrupted();
    void extendsAFinishedRun();
    void musgdStopAndResumeEqualsUninterrupted();
    void stopDuringValidationValidatesOnResume();
    void stopsOnRepeatedNonFiniteLoss();
    void firstEpochIsBestWithoutValidation();
    void refusesBadSettings_data();
    void refusesBadSettings();

private:
    TrainingConfig tiny(const QString &name) const;

    QTemporaryDir m_dir;
    QString m_data;
};

void TestTrainer::initTestCase()
{
    QString error;
    m_data = tinytraining::makeDataset(m_dir.filePath(QStringLiteral("data")), &error);
    QVERIFY2(!m_data.isEmpty(), qPrintable(error));
}

TrainingConfig TestTrainer::tiny(const QString &name) const
{
    TrainingConfig c;
    c.data = m_data;
    c.model = QStringLiteral("yolov8n-pose");
    c.imgsz = 64;
    c.batch = 4;
    c.epochs = 3;
    c.workers = 0;
    c.warmupEpochs = 0;
    c.lr0 = 0.002;
    c.closeMosaic = 1;
    c.project = m_dir.filePath(QStringLiteral("runs"));
    c.name = name;
    return c;
}

void TestTrainer::trainsAndWritesTheRun()
{
    TrainingConfig c = tiny(QStringLiteral("plain"));
    c.epochs = 4;
    c.imgsz = 128; // objects of a few pixels at 64 give too noisy a curve for four epochs
    c.warmupEpochs = 3;
    c.lr0 = 0.001;
    Trainer t(c);
    Recorder r;
    t.addListener(&r);
    QString error;
    QVERIFY2(t.run(&error, r.stop), qPrintable(error));
    QCOMPARE(r.epochs.size(), size_t(4));
    QVERIFY2(r.epochs.back().trainLoss.sum() < r.epochs.front().trainLoss.sum(),
        qPrintable(
            QStringLiteral("%1 -> %2").arg(r.epochs.front().trainLoss.sum()).arg(r.epochs.back().trainLoss.sum())));
    QVERIFY(r.epochs.front().validated);
    const QDir run(c.project + QStringLiteral("/plain"));
    for (const char *f : { "args.yaml", "results.csv", "weights/last.ckpt", "weights/best.ckpt" })
        QVERIFY2(QFile::exists(run.filePath(QLatin1String(f))), f);
    QCOMPARE(tinytraining::countLines(run.filePath(QStringLiteral("results.csv"))), 5);
    QFile csv(run.filePath(QStringLiteral("results.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(csv.readLine()).trimmed(), Trainer::resultsHeader());
    // args.yaml repeats the run.
    QFile args(run.filePath(QStringLiteral("args.yaml")));
    QVERIFY(args.open(QIODevice::ReadOnly));
    QString why;
    const auto back = TrainingConfig::fromYaml(QString::fromUtf8(args.readAll()), &why);
    QVERIFY2(back, qPrintable(why));
    QCOMPARE(back->epochs, 4);
    QCOMPARE(back->imgsz, 128);
    CheckpointInfo info;
    QVERIFY(readCheckpointInfo(run.filePath(QStringLiteral("weights/last.ckpt")), &info, &why));
    QCOMPARE(info.epoch, 3);
    QVERIFY(info.hasOptimizer);
    // Optimizer steps (one EMA update each) where Ultralytics' loop takes them: when
    // ni − last_opt_step ≥ accumulate, last_opt_step carried across epochs and no step forced
    // at an epoch's end. 12 iterations, all inside the 100 of warmup: accumulate =
    // round(1 + 15·ni/100) half to even, so steps at ni 0, 1, 2, 3, 5, 7, 9 (ni 10 gives 2.5 → 2,
    // one iteration after the step at 9; ni 11 gives 3). A step forced at each epoch's end
    // would give 9 (0, 1, 2, 3, 5, 7, 8, 10, 11).
    QCOMPARE(r.batchesPerEpoch, 3);
    QCOMPARE(info.emaUpdates, ultralyticsSteps(3 * 4, 3, c));
    QCOMPARE(info.emaUpdates, 7LL);
}

void TestTrainer::everyListenerHearsEveryEvent()
{
    // Two epochs of 11 train images one by one, the 3 val images two by two: the val batches
    // are the rectangular batches of twice the batch size (same-size images: ceil(3 / 2)).
    TrainingConfig c = tiny(QStringLiteral("events"));
    c.epochs = 2;
    c.batch = 1;
    Trainer t(c);
    Sequence a, b, removed;
    t.addListener(&a);
    t.addListener(&b);
    t.addListener(&a); // once only
    t.addListener(&removed);
    t.removeListener(&removed);
    QString error;
    QVERIFY2(t.run(&error), qPrintable(error));

    QStringList expected { QStringLiteral("start 0 2 11") };
    for (int epoch = 0; epoch < 2; ++epoch) {
        // close_mosaic=1: the last epoch trains without mosaic.
        expected << QStringLiteral("epoch %1/2 from 0 of 11 mosaic %2").arg(epoch).arg(epoch == 0);
        for (int batch = 0; batch < 11; ++batch)
            expected << QStringLiteral("batch %1.%2").arg(epoch).arg(batch);
        for (int v = 0; v <= 2; ++v)
            expected << QStringLiteral("val %1 %2/2").arg(epoch).arg(v);
        expected << QStringLiteral("fit %1").arg(epoch);
    }
    expected << QStringLiteral("end 2");
    QCOMPARE(a.lines, expected);
    QCOMPARE(b.lines, expected);
    QVERIFY(removed.lines.isEmpty());
}

void TestTrainer::stopSavesAResumableCheckpoint()
{
    TrainingConfig c = tiny(QStringLiteral("stopped"));
    Trainer t(c);
    Recorder r;
    r.stopAfterBatches = 4; // inside the second epoch (3 batches per epoch)
    t.addListener(&r);
    QString error;
    QVERIFY2(t.run(&error, r.stop), qPrintable(error));
    QVERIFY(r.finish && r.finish->stoppedByUser);
    QCOMPARE(r.batchesPerEpoch, 3); // 11 train images, batch 4
    const QString last = c.project + QStringLiteral("/stopped/weights/last.ckpt");
    TrainingConfig resume;
    resume.resume = last;
    Trainer t2(resume, { QStringLiteral("resume") });
    Recorder r2;
    t2.addListener(&r2);
    QVERIFY2(t2.run(&error, r2.stop), qPrintable(error));
    QVERIFY(r2.finish && !r2.finish->stoppedByUser);
    QCOMPARE(r2.finish->epochsCompleted, 3);
    QCOMPARE(r2.epochs.front().epoch, 1); // continued the interrupted second epoch
    QCOMPARE(r2.batches, 2 + 3); // its 2 remaining batches, then the third epoch
}

void TestTrainer::killAndResumeEqualsUninterrupted()
{
    // Reference: three epochs in one go, in-process.
    TrainingConfig c = tiny(QStringLiteral("whole"));
    QString error;
    {
        Trainer t(c);
        QVERIFY2(t.run(&error), qPrintable(error));
    }
    // The same run in a child process killed with SIGKILL after its first epoch, then resumed.
    const QString runs = c.project;
    const QString cli = QStringLiteral(GP_BINARY_DIR "/app/cli/gripperpose");
    QStringList args { QStringLiteral("train"), QStringLiteral("data=") + m_data, QStringLiteral("model=yolov8n-pose"),
        QStringLiteral("imgsz=64"), QStringLiteral("batch=4"), QStringLiteral("epochs=3"), QStringLiteral("workers=0"),
        QStringLiteral("warmup_epochs=0"), QStringLiteral("lr0=0.002"), QStringLiteral("close_mosaic=1"),
        QStringLiteral("project=") + runs, QStringLiteral("name=killed") };
    QProcess p;
    p.start(cli, args);
    QVERIFY(p.waitForStarted());
    const QString csv = runs + QStringLiteral("/killed/results.csv");
    const QString last = runs + QStringLiteral("/killed/weights/last.ckpt");
    QElapsedTimer clock;
    clock.start();
    // last.ckpt appears (by rename) when the first epoch is complete.
    while (!QFile::exists(last) && clock.elapsed() < 240000 && p.state() == QProcess::Running)
        QTest::qWait(10);
    p.kill();
    p.waitForFinished();
    CheckpointInfo info;
    QVERIFY2(readCheckpointInfo(last, &info, &error), qPrintable(error));
    QVERIFY(info.epoch <= 1);
    QProcess resume;
    resume.start(cli, { QStringLiteral("train"), QStringLiteral("resume=") + last });
    QVERIFY(resume.waitForFinished(240000));
    QVERIFY2(resume.exitCode() == 0, resume.readAllStandardError().constData());

    const QString differs = tinytraining::weightDifference(runs + QStringLiteral("/whole/weights/last.ckpt"), last);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
    QCOMPARE(tinytraining::countLines(csv), 4);
}

void TestTrainer::musgdStopAndResumeEqualsUninterrupted()
{
    // MuSGD keeps two momentum buffers per filter; a run stopped inside an epoch and resumed
    // must end where an uninterrupted one does, so they are saved and restored.
    TrainingConfig c = tiny(QStringLiteral("musgd_whole"));
    c.optimizer = QStringLiteral("MuSGD");
    c.lr0 = 0.01;
    c.epochs = 2;
    QString error;
    Recorder whole;
    QVERIFY2(runRecorded(c, &whole, &error), qPrintable(error));
    QVERIFY(std::isfinite(whole.epochs.back().trainLoss.sum()));
    c.name = QStringLiteral("musgd_stopped");
    Recorder stopped;
    stopped.stopAfterBatches = 4; // inside the second epoch
    QVERIFY2(runRecorded(c, &stopped, &error), qPrintable(error));
    QVERIFY(stopped.finish && stopped.finish->stoppedByUser);
    const QString last = c.project + QStringLiteral("/musgd_stopped/weights/last.ckpt");
    TrainingConfig resume;
    resume.resume = last;
    Recorder resumed;
    QVERIFY2(runRecorded(resume, &resumed, &error, { QStringLiteral("resume") }), qPrintable(error));
    const QString differs
        = tinytraining::weightDifference(c.project + QStringLiteral("/musgd_whole/weights/last.ckpt"), last);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
    // The resumed epoch reports the mean loss of all its batches, the one before the stop included.
    QCOMPARE(resumed.epochs.size(), size_t(1));
    QCOMPARE(resumed.epochs.front().trainLoss.sum(), whole.epochs.back().trainLoss.sum());
    QCOMPARE(resumed.epochs.front().trainLoss.pose, whole.epochs.back().trainLoss.pose);
}

void TestTrainer::stopDuringValidationValidatesOnResume()
{
    // Stop pressed while the first epoch is being validated: that epoch gets no results.csv row
    // of zeros; last.ckpt holds it as trained, and the resumed run validates it before it trains
    // the next, with the figures and loss an uninterrupted run reports.
    TrainingConfig c = tiny(QStringLiteral("val_whole"));
    c.epochs = 2;
    QString error;
    Recorder whole;
    QVERIFY2(runRecorded(c, &whole, &error), qPrintable(error));
    QCOMPARE(whole.epochs.size(), size_t(2));
    QVERIFY(whole.epochs.front().validated);
    c.name = QStringLiteral("val_stopped");
    struct StopInValidation : Recorder
    {
        void onValStart(const ValidationProgress &) override { stop.cancel(); }
    } r;
    QVERIFY2(runRecorded(c, &r, &error), qPrintable(error));
    QVERIFY(r.finish && r.finish->stoppedByUser);
    QCOMPARE(r.finish->epochsCompleted, 0);
    QVERIFY(r.epochs.empty());
    const QString run = c.project + QStringLiteral("/val_stopped");
    QVERIFY(tinytraining::countLines(run + QStringLiteral("/results.csv")) <= 1); // at most the header

    TrainingConfig resume;
    resume.resume = run + QStringLiteral("/weights/last.ckpt");
    Recorder r2;
    QVERIFY2(runRecorded(resume, &r2, &error, { QStringLiteral("resume") }), qPrintable(error));
    QVERIFY(r2.finish && !r2.finish->stoppedByUser);
    QCOMPARE(r2.batches, 3); // the second epoch's only: the first was trained before the stop
    QCOMPARE(r2.epochs.size(), size_t(2));
    for (size_t e = 0; e < 2; ++e) {
        const EpochReport &a = whole.epochs[e], &b = r2.epochs[e];
        QCOMPARE(b.epoch, a.epoch);
        QVERIFY(b.validated);
        QCOMPARE(b.metrics.box.map, a.metrics.box.map);
        QCOMPARE(b.metrics.pose.map, a.metrics.pose.map);
        QCOMPARE(b.valLoss.sum(), a.valLoss.sum());
        QCOMPARE(b.trainLoss.sum(), a.trainLoss.sum());
    }
    QCOMPARE(tinytraining::countLines(run + QStringLiteral("/results.csv")), 3);
    const QString differs
        = tinytraining::weightDifference(c.project + QStringLiteral("/val_whole/weights/last.ckpt"), resume.resume);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
}

void TestTrainer::extendsAFinishedRun()
{
    TrainingConfig c = tiny(QStringLiteral("extended"));
    c.epochs = 1;
    QString error;
    {
        Trainer t(c);
        QVERIFY2(t.run(&error), qPrintable(error));
    }
    const QString last = c.project + QStringLiteral("/extended/weights/last.ckpt");
    TrainingConfig again;
    again.resume = last;
    {
        Trainer t(again, { QStringLiteral("resume") });
        QVERIFY(!t.run(&error));
        QVERIFY2(error.contains(QStringLiteral("pass epochs=N")), qPrintable(error));
    }
    again.epochs = 2;
    Trainer t(again, { QStringLiteral("resume"), QStringLiteral("epochs") });
    Recorder r;
    t.addListener(&r);
    QVERIFY2(t.run(&error), qPrintable(error));
    QCOMPARE(r.epochs.size(), size_t(1));
    QCOMPARE(r.epochs.front().epoch, 1);
    QCOMPARE(tinytraining::countLines(c.project + QStringLiteral("/extended/results.csv")), 3);
}

void TestTrainer::stopsOnRepeatedNonFiniteLoss()
{
    // An absurd learning rate blows the weights up: steps with a non-finite loss are skipped
    // and counted, and after ten in a row the run stops with a message naming lr0.
    TrainingConfig c = tiny(QStringLiteral("nan"));
    c.lr0 = 1e12;
    c.epochs = 12;
    c.val = false;
    Trainer t(c);
    Recorder r;
    t.addListener(&r);
    QString error;
    QVERIFY(!t.run(&error));
    QVERIFY2(
        error.contains(QStringLiteral("not finite for 10 batches in a row")) && error.contains(QStringLiteral("lr0")),
        qPrintable(error));
}

void TestTrainer::firstEpochIsBestWithoutValidation()
{
    // With val=false an epoch scores -loss; the first one has nothing to beat, so it is best
    // and best.ckpt exists even when the run stops before its (always validated) last epoch.
    TrainingConfig c = tiny(QStringLiteral("noval"));
    c.val = false;
    c.epochs = 3;
    Trainer t(c);
    struct StopAfterFirstEpoch : Recorder
    {
        void onFitEpochEnd(const EpochReport &e) override
        {
            Recorder::onFitEpochEnd(e);
            stop.cancel();
        }
    } r;
    t.addListener(&r);
    QString error;
    t.run(&error, r.stop);
    QCOMPARE(r.epochs.size(), size_t(1));
    QVERIFY(!r.epochs.front().validated);
    QVERIFY(r.epochs.front().best);
    QVERIFY(QFileInfo::exists(c.project + QStringLiteral("/noval/weights/best.ckpt")));
}

void TestTrainer::refusesBadSettings_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("imgsz") << "imgsz"
                           << "100"
                           << "multiple of 32";
    QTest::newRow("optimizer") << "optimizer"
                               << "Lion"
                               << "optimizer=Lion";
    QTest::newRow("fp16 on cpu") << "amp"
                                 << "fp16"
                                 << "needs a GPU";
    QTest::newRow("missing data") << "data"
                                  << "/nonexistent/data.yaml"
                                  << "/nonexistent/data.yaml";
    QTest::newRow("bad device") << "device"
                                << "3"
                                << "device=3 is not available";
    QTest::newRow("devices in one process") << "device"
                                            << "cpu,cpu"
                                            << "one process per device";
    QTest::newRow("not a model") << "model" << GP_SOURCE_DIR "/README.md"
                                 << "README.md";
}

void TestTrainer::refusesBadSettings()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, message);
    TrainingConfig c = tiny(QStringLiteral("bad"));
    QString error;
    QVERIFY(c.set(key, value, &error));
    Trainer t(c);
    Recorder r;
    t.addListener(&r);
    QVERIFY(!t.run(&error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestTrainer)
#include "tst_trainer.moc"
