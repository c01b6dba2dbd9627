#include "resultscsv.h"
#include "runcatalog.h"
#include "runpace.h"
#include "trainingconfig.h"
#include "traininghistory.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using gp::BatchReport;
using gp::EpochReport;
using gp::ResultsCsv;
using gp::RunCatalog;
using gp::RunPace;
using gp::RunRecord;
using gp::TrainingConfig;
using gp::TrainingHistory;

namespace {

const QString kHeader
    = QStringLiteral("epoch,time,train/box_loss,train/pose_loss,train/kobj_loss,train/cls_loss,train/dfl_loss,"
                     "metrics/precision(B),metrics/recall(B),metrics/mAP50(B),metrics/mAP50-95(B),"
                     "metrics/precision(P),metrics/recall(P),metrics/mAP50(P),metrics/mAP50-95(P),"
                     "val/box_loss,val/pose_loss,val/kobj_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2");

// One row of our own results.csv: epoch (1-based), then 22 values derived from `k` so that
// every column differs.
QString row(int epoch, double boxMap, double poseMap, double k = 0.01)
{
    QStringList cells { QString::number(epoch), QString::number(epoch * 10.5) };
    for (int c = 0; c < 5; ++c)
        cells << QString::number(1.0 + c + k);
    cells << QString::number(0.5) << QString::number(0.4) << QString::number(boxMap + 0.1) << QString::number(boxMap);
    cells << QString::number(0.3) << QString::number(0.2) << QString::number(poseMap + 0.1) << QString::number(poseMap);
    for (int c = 0; c < 5; ++c)
        cells << QString::number(2.0 + c);
    cells << QStringLiteral("0.001") << QStringLiteral("0.002") << QStringLiteral("0.003");
    return cells.join(QLatin1Char(','));
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

void setAge(const QString &path, int seconds)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-seconds), QFileDevice::FileModificationTime));
}

} // namespace

class TestRunHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsOurResults();
    void readsUltralyticsLayout();
    void reportsBadRows();
    void bestAndPatienceAsTheTrainerCounts();
    void historyResumesWhereItStopped();
    void positionAtWallTime();
    void catalogStates();
    void paceOfAWatchedRun();
};

void TestRunHistory::readsOurResults()
{
    const QString text = kHeader + '\n' + row(1, 0.2, 0.1) + '\n' + row(2, 0.3, 0.25) + '\n';
    const auto c = ResultsCsv::parse(text, QStringLiteral("/x/results.csv"));
    QVERIFY2(c.problems.isEmpty(), qPrintable(c.problems.join('\n')));
    QCOMPARE(c.epochs.size(), size_t(2));
    const EpochReport &e = c.epochs[1];
    QCOMPARE(e.epoch, 1); // 0-based, from the file's 1-based 2
    QCOMPARE(e.seconds, 21.0);
    QCOMPARE(e.trainLoss.box, 1.01);
    QCOMPARE(e.trainLoss.dfl, 5.01);
    QCOMPARE(e.metrics.box.precision, 0.5);
    QCOMPARE(e.metrics.box.map50, 0.4);
    QCOMPARE(e.metrics.box.map, 0.3);
    QCOMPARE(e.metrics.pose.recall, 0.2);
    QCOMPARE(e.metrics.pose.map, 0.25);
    QCOMPARE(e.metrics.fitness, 0.3 + 0.25);
    QCOMPARE(e.valLoss.pose, 3.0);
    QCOMPARE(e.lr[2], 0.003);
    QVERIFY(e.validated);
    QVERIFY(e.best);
}

void TestRunHistory::readsUltralyticsLayout()
{
    // Ultralytics pads names with spaces (older releases) and may order columns its own way;
    // columns we do not know are ignored and missing ones read as 0.
    const QString text = QStringLiteral(
        "                  epoch,         train/box_loss,  metrics/mAP50-95(P),   metrics/mAP50-95(B),    lr/pg0,  "
        "extra\n"
        "                      1,                 1.5,                 0.125,                 0.25,   0.07,    9\n");
    const auto c = ResultsCsv::parse(text, QStringLiteral("results.csv"));
    QVERIFY2(c.problems.isEmpty(), qPrintable(c.problems.join('\n')));
    QCOMPARE(c.epochs.size(), size_t(1));
    QCOMPARE(c.epochs[0].epoch, 0);
    QCOMPARE(c.epochs[0].trainLoss.box, 1.5);
    QCOMPARE(c.epochs[0].trainLoss.pose, 0.0);
    QCOMPARE(c.epochs[0].metrics.pose.map, 0.125);
    QCOMPARE(c.epochs[0].metrics.box.map, 0.25);
    QCOMPARE(c.epochs[0].lr[0], 0.07);
}

void TestRunHistory::reportsBadRows()
{
    // Line 3 is short, line 4 has a word where a number belongs; the unfinished last line
    // (no newline: being appended) is skipped silently.
    const QString text = kHeader + '\n' + row(1, 0.2, 0.1) + '\n' + QStringLiteral("2,3,4\n")
        + row(3, 0.2, 0.1).replace(QStringLiteral("0.001"), QStringLiteral("abc")) + '\n' + QStringLiteral("4,1.0,2");
    const auto c = ResultsCsv::parse(text, QStringLiteral("/runs/a/results.csv"));
    QCOMPARE(c.epochs.size(), size_t(1));
    QCOMPARE(c.problems.size(), 2);
    QVERIFY2(c.problems[0].startsWith(QStringLiteral("results.csv:3: expected 23 values, found 3")),
        qPrintable(c.problems[0]));
    QVERIFY2(c.problems[1].startsWith(QStringLiteral("results.csv:4: \"abc\" is not a number (column lr/pg0)")),
        qPrintable(c.problems[1]));
    const auto missing = ResultsCsv::read(QStringLiteral("/nonexistent/results.csv"));
    QCOMPARE(missing.problems.size(), 1);
    QVERIFY(missing.epochs.empty());
}

void TestRunHistory::bestAndPatienceAsTheTrainerCounts()
{
    // Fitness (box + pose mAP50-95): 0.3, 0.5, 0.5 (not better), 0.4, 0.6.
    const double box[] = { 0.2, 0.3, 0.25, 0.2, 0.4 };
    const double pose[] = { 0.1, 0.2, 0.25, 0.2, 0.2 };
    QString text = kHeader + '\n';
    for (int i = 0; i < 5; ++i)
        text += row(i + 1, box[i], pose[i]) + '\n';
    const auto c = ResultsCsv::parse(text, QStringLiteral("results.csv"));
    QCOMPARE(c.epochs.size(), size_t(5));
    const bool best[] = { true, true, false, false, true };
    const int without[] = { 0, 0, 1, 2, 0 };
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(c.epochs[size_t(i)].best, best[i]);
        QCOMPARE(c.epochs[size_t(i)].epochsWithoutImprovement, without[i]);
    }
    TrainingHistory h;
    h.setEpochs(c.epochs);
    QCOMPARE(h.bestEpochIndex(), 4);
}

void TestRunHistory::historyResumesWhereItStopped()
{
    TrainingHistory h;
    BatchReport b;
    b.batches = 4;
    for (int epoch = 0; epoch < 2; ++epoch)
        for (int batch = 0; batch < 4; ++batch) {
            b.epoch = epoch;
            b.batch = batch;
            b.batchLoss.box = epoch * 4 + batch;
            h.addBatch(b, 1000 * (epoch * 4 + batch));
        }
    EpochReport e;
    e.epoch = 0;
    h.addEpoch(e);
    e.epoch = 1;
    h.addEpoch(e);
    QCOMPARE(h.batches().size(), size_t(8));
    QCOMPARE(h.batches()[5].position, 1.5); // epoch 1, batch 1 of 4 ends at 1 + 2/4
    // Stopped after batch 1 of epoch 1 and resumed there: batches 2 and 3 and epoch 1's row
    // (trained after the checkpoint) are gone.
    h.resumeAt(1, 2, 4);
    QCOMPARE(h.batches().size(), size_t(6));
    QCOMPARE(h.batches().back().loss.box, 5.0);
    QCOMPARE(h.epochs().size(), size_t(1));
    // The same epoch reported again replaces the old row rather than adding one.
    e.epoch = 0;
    e.seconds = 99;
    h.addEpoch(e);
    QCOMPARE(h.epochs().size(), size_t(1));
    QCOMPARE(h.epochs()[0].seconds, 99.0);
}

void TestRunHistory::positionAtWallTime()
{
    TrainingHistory h;
    BatchReport b;
    b.batches = 2;
    b.epoch = 0;
    b.batch = 0;
    h.addBatch(b, 10000); // ends at 0.5
    b.batch = 1;
    h.addBatch(b, 14000); // ends at 1.0
    QVERIFY(!h.positionAt(9000));
    QCOMPARE(*h.positionAt(10000), 0.5);
    QCOMPARE(*h.positionAt(13000), 0.5 + 0.5 * 3.0 / 4.0);
    QVERIFY(!h.positionAt(15000));
    // Without batches: the epochs' seconds from the start time.
    TrainingHistory csv;
    EpochReport e;
    e.epoch = 0;
    e.seconds = 10;
    csv.addEpoch(e);
    e.epoch = 1;
    e.seconds = 30;
    csv.addEpoch(e);
    QVERIFY(!csv.positionAt(5000)); // no start time known
    csv.setStartTime(1000);
    QCOMPARE(*csv.positionAt(1000), 0.0);
    QCOMPARE(*csv.positionAt(6000), 0.5);
    QCOMPARE(*csv.positionAt(21000), 1.5);
}

void TestRunHistory::catalogStates()
{
    QTemporaryDir dir;
    const QDir runs(dir.filePath(QStringLiteral("runs/pose")));
    TrainingConfig config;
    config.epochs = 3;
    config.patience = 2;
    auto makeRun = [&](const QString &name, int rows, bool weights, int ageSeconds, const double *fitness = nullptr) {
        const QString run = runs.filePath(name);
        QVERIFY(writeFile(run + QStringLiteral("/args.yaml"), config.toYaml().toUtf8()));
        QString text = kHeader + '\n';
        for (int i = 0; i < rows; ++i)
            text += row(i + 1, fitness ? fitness[i] : 0.1 * (i + 1), 0.0) + '\n';
        QVERIFY(writeFile(run + QStringLiteral("/results.csv"), text.toUtf8()));
        if (weights) {
            QVERIFY(writeFile(run + QStringLiteral("/weights/last.ckpt"), "x"));
            setAge(run + QStringLiteral("/weights/last.ckpt"), ageSeconds);
        }
        // The sampler appends to telemetry.csv every second while the run trains.
        QVERIFY(writeFile(run + QStringLiteral("/telemetry.csv"), "time\n"));
        setAge(run + QStringLiteral("/telemetry.csv"), ageSeconds);
        setAge(run + QStringLiteral("/args.yaml"), ageSeconds);
        setAge(run + QStringLiteral("/results.csv"), ageSeconds);
    };
    makeRun(QStringLiteral("finished"), 3, true, 600);
    makeRun(QStringLiteral("stopped"), 1, true, RunCatalog::kActiveSeconds + 5);
    makeRun(QStringLiteral("cli"), 1, true, 1);
    const double flat[] = { 0.3, 0.2, 0.1 };
    config.epochs = 10;
    makeRun(QStringLiteral("early"), 3, true, 900, flat);
    makeRun(QStringLiteral("empty"), 0, false, 1200);
    QDir().mkpath(runs.filePath(QStringLiteral("predict"))); // not a training run

    const auto records = RunCatalog::scan(runs.path());
    QCOMPARE(records.size(), size_t(5));
    QMap<QString, RunRecord> byName;
    for (const RunRecord &r : records)
        byName[r.name] = r;
    QCOMPARE(records.front().name, QStringLiteral("cli")); // newest first
    QCOMPARE(byName["finished"].state, RunRecord::State::Finished);
    QVERIFY(byName["finished"].canExtend());
    QCOMPARE(byName["finished"].epochsDone, 3);
    QCOMPARE(byName["finished"].epochs, 3);
    QCOMPARE(byName["stopped"].state, RunRecord::State::Resumable);
    QVERIFY(byName["stopped"].canResume());
    QCOMPARE(byName["cli"].state, RunRecord::State::Active);
    QCOMPARE(byName["early"].state, RunRecord::State::EarlyStopped);
    QCOMPARE(byName["early"].best->epoch, 0);
    QCOMPARE(byName["empty"].state, RunRecord::State::Empty);
    QVERIFY(!byName["empty"].canResume());
}

void TestRunHistory::paceOfAWatchedRun()
{
    // Epochs ending at 100, 190, 290 and 380 s: the last three took 90, 100 and 90 s.
    std::vector<EpochReport> history(4);
    const double ends[] = { 100, 190, 290, 380 };
    for (int i = 0; i < 4; ++i)
        history[size_t(i)].seconds = ends[i];
    // Training, 10 epochs planned, results.csv changed 30 s ago, 560 training images.
    RunPace pace = RunPace::of(history, 10, 30, 560, true);
    QVERIFY(pace.secondsPerEpoch);
    QCOMPARE(*pace.secondsPerEpoch, (90.0 + 100.0 + 90.0) / 3);
    QCOMPARE(*pace.imagesPerSecond, 560 / *pace.secondsPerEpoch);
    QCOMPARE(*pace.epochLeftSeconds, *pace.secondsPerEpoch - 30);
    // Five more epochs after the one in progress.
    QCOMPARE(*pace.runLeftSeconds, *pace.epochLeftSeconds + 5 * *pace.secondsPerEpoch);

    // An epoch running late has nothing left, not a negative time; the rest still counts.
    pace = RunPace::of(history, 10, 500, 560, true);
    QCOMPARE(*pace.epochLeftSeconds, 0.0);
    QCOMPARE(*pace.runLeftSeconds, 5 * *pace.secondsPerEpoch);

    // A run nobody trains (stopped, finished) has a pace but no time left; unknown sizes
    // give no speed.
    pace = RunPace::of(history, 10, 30, 0, false);
    QVERIFY(pace.secondsPerEpoch);
    QVERIFY(!pace.imagesPerSecond);
    QVERIFY(!pace.epochLeftSeconds);
    QVERIFY(!pace.runLeftSeconds);
    // Every planned epoch done: nothing left either.
    QVERIFY(!RunPace::of(history, 4, 30, 560, true).runLeftSeconds);

    // A resumed run whose time column starts again: the step back is not an epoch.
    history.push_back(history.back());
    history.back().seconds = 95; // the first epoch after the resume
    pace = RunPace::of(history, 10, 0, 0, true);
    QCOMPARE(*pace.secondsPerEpoch, (100.0 + 90.0 + 95.0) / 3);

    // Nothing read yet: nothing to say.
    QVERIFY(!RunPace::of({}, 10, 0, 560, true).secondsPerEpoch);
}

QTEST_GUILESS_MAIN(TestRunHistory)
#include "tst_runhistory.moc"
