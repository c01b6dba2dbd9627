// The sampler thread (samples reach receivers on the GUI thread, the history, telemetry.csv
// beside a run) and the telemetry.csv format: round trip, bad lines, appending on resume.

#include "faketrees.h"
#include "telemetrycsv.h"
#include "telemetrycsvwriter.h"
#include "telemetrysampler.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using gp::GpuSample;
using gp::TelemetryBackendReport;
using gp::TelemetryCsv;
using gp::TelemetryCsvWriter;
using gp::TelemetrySample;
using gp::TelemetrySampler;
using gp::TelemetrySources;

namespace {

TelemetrySample makeSample(qint64 ms, int gpus)
{
    TelemetrySample s;
    s.time = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
    s.backend = gpus ? QStringLiteral("rocm-smi") : QStringLiteral("cpu");
    s.host.cpuPercent = 100.0 / 3.0; // no short decimal form
    s.host.ramUsedBytes = 12884901888;
    s.host.ramTotalBytes = 33554432000;
    s.host.processRssBytes = 734003200;
    for (int i = 0; i < gpus; ++i) {
        GpuSample g;
        g.index = i;
        g.name = i == 0 ? QStringLiteral("Radeon \"Pro\" W7900, 48 GB") : QStringLiteral("MI210");
        g.busyPercent = 87.0 + i;
        g.vramUsedBytes = 6442450944 + i;
        g.vramTotalBytes = 51539607552;
        g.edgeTempC = 52.125;
        g.junctionTempC = 74.5;
        g.memoryTempC = 68.0;
        g.powerAverageW = 289.123456;
        g.powerCapW = 327.0;
        g.sclkMHz = 2482;
        g.mclkMHz = 1249;
        g.fanPercent = 100.0 * 102 / 255;
        g.fanRpm = 1500;
        s.gpus.push_back(g);
    }
    return s;
}

QString writeLines(const QTemporaryDir &dir, const QString &name, const QStringList &lines)
{
    const QString path = dir.filePath(name);
    faketree::writeFile(path, (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
    return path;
}

} // namespace

class TestTelemetrySampler : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void csvRoundTrip();
    void csvReaderReportsBadLines();
    void csvReaderRefusesOtherFiles();
    void writerAppendsOnResumeAndRefusesOtherColumns();
    void writerReportsAFullDisk();
    void samplerDeliversOnTheReceiversThread();
    void historyKeepsTheNewest();
    void shorterIntervalAppliesAtOnce();
    void stopDoesNotWaitForTheInterval();
};

void TestTelemetrySampler::csvRoundTrip()
{
    QTemporaryDir dir;
    std::vector<TelemetrySample> written { makeSample(1714564800123, 2), makeSample(1714564801123, 0),
        makeSample(1714564802123, 1) };
    // A device that reports nothing but its index.
    GpuSample bare;
    bare.index = 3;
    written[2].gpus.push_back(bare);
    written[1].host.cpuPercent.reset();

    TelemetryCsvWriter writer;
    QString error;
    const QString path = dir.filePath(QStringLiteral("telemetry.csv"));
    QVERIFY2(writer.open(path, &error), qPrintable(error));
    for (const TelemetrySample &s : written)
        QVERIFY2(writer.append(s, &error), qPrintable(error));
    writer.close();

    const TelemetryCsv::Contents read = TelemetryCsv::read(path);
    QVERIFY2(read.problems.isEmpty(), qPrintable(read.problems.join(QLatin1Char('\n'))));
    QCOMPARE(read.samples.size(), written.size());
    for (size_t i = 0; i < written.size(); ++i) {
        QCOMPARE(read.samples[i].time, written[i].time);
        QCOMPARE(read.samples[i].gpus.size(), written[i].gpus.size());
        QVERIFY(read.samples[i] == written[i]);
    }

    // One row per GPU, and one for the sample without GPUs.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 2 + 1 + 2);
    QVERIFY(lines[0].startsWith("time,backend,device,name,"));
    QVERIFY(lines[1].startsWith("2024-05-01T12:00:00.123Z,rocm-smi,0,\"Radeon \"\"Pro\"\" W7900, 48 GB\",87,"));
}

void TestTelemetrySampler::csvReaderReportsBadLines()
{
    QTemporaryDir dir;
    const QString good1 = TelemetryCsv::rows(makeSample(1714564800000, 1)).trimmed();
    const QString good2 = TelemetryCsv::rows(makeSample(1714564801000, 1)).trimmed();
    QString badNumber = good2;
    badNumber.replace(QStringLiteral(",2482,"), QStringLiteral(",fast,"));
    QString badTime = good2;
    badTime.replace(QStringLiteral("2024-05-01T12:00:01.000Z"), QStringLiteral("yesterday"));
    const QString path = writeLines(dir, QStringLiteral("telemetry.csv"),
        { TelemetryCsv::header().trimmed(), good1, QStringLiteral("a,b,c"), badNumber, badTime, QString(), good2 });
    const TelemetryCsv::Contents c = TelemetryCsv::read(path);
    QCOMPARE(c.samples.size(), size_t(2));
    QCOMPARE(c.samples[1].gpus.front().sclkMHz, std::optional<int>(2482));
    QCOMPARE(c.skippedLines, 3);
    QCOMPARE(c.problems.size(), 3);
    const int columns = TelemetryCsv::columns().size();
    QCOMPARE(c.problems[0], QStringLiteral("telemetry.csv:3: expected %1 columns, found 3").arg(columns));
    QCOMPARE(c.problems[1], QStringLiteral("telemetry.csv:4: the sclk_mhz column is not a number"));
    QVERIFY2(c.problems[2].startsWith(QLatin1String("telemetry.csv:5: \"yesterday\" is not a time")),
        qPrintable(c.problems[2]));
}

void TestTelemetrySampler::csvReaderRefusesOtherFiles()
{
    QTemporaryDir dir;
    const TelemetryCsv::Contents missing = TelemetryCsv::read(dir.filePath(QStringLiteral("absent.csv")));
    QCOMPARE(missing.problems.size(), 1);
    QVERIFY(missing.problems[0].contains(QLatin1String("absent.csv: cannot open")));

    const QString results = writeLines(
        dir, QStringLiteral("results.csv"), { QStringLiteral("epoch,train/box_loss"), QStringLiteral("1,0.5") });
    const TelemetryCsv::Contents other = TelemetryCsv::read(results);
    QVERIFY(other.samples.empty());
    QCOMPARE(other.problems,
        QStringList { QStringLiteral("results.csv:1: not a telemetry file (no \"time\" column in the header)") });
}

void TestTelemetrySampler::writerAppendsOnResumeAndRefusesOtherColumns()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("telemetry.csv"));
    QString error;
    {
        TelemetryCsvWriter w;
        QVERIFY2(w.open(path, &error), qPrintable(error));
        QVERIFY(w.append(makeSample(1000, 1), &error));
    }
    {
        TelemetryCsvWriter w; // the resumed run
        QVERIFY2(w.open(path, &error), qPrintable(error));
        QVERIFY(w.append(makeSample(2000, 1), &error));
    }
    const TelemetryCsv::Contents c = TelemetryCsv::read(path);
    QVERIFY(c.problems.isEmpty());
    QCOMPARE(c.samples.size(), size_t(2));
    QVERIFY(c.samples[0] == makeSample(1000, 1));
    QVERIFY(c.samples[1] == makeSample(2000, 1));

    const QString other = writeLines(dir, QStringLiteral("other.csv"), { QStringLiteral("time,gpu") });
    TelemetryCsvWriter w;
    QVERIFY(!w.open(other, &error));
    QVERIFY2(error.contains(other) && error.contains(QLatin1String("other columns")), qPrintable(error));
    QFile f(other);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("time,gpu\n")); // untouched
}

void TestTelemetrySampler::writerReportsAFullDisk()
{
    if (!QFile::exists(QStringLiteral("/dev/full")))
        QSKIP("no /dev/full on this system");
    TelemetryCsvWriter w;
    QString error;
    QVERIFY(!w.open(QStringLiteral("/dev/full"), &error));
    QVERIFY2(error.contains(QLatin1String("/dev/full: cannot write")), qPrintable(error));
}

void TestTelemetrySampler::samplerDeliversOnTheReceiversThread()
{
    QTemporaryDir dir;
    TelemetrySources s;
    s.drmRoot = dir.filePath(QStringLiteral("drm"));
    s.procRoot = dir.filePath(QStringLiteral("proc"));
    QVERIFY(faketree::writeDrmTree(s.drmRoot));
    const faketree::ProcValues proc { "100 0 50 800 50 0 0 0 0 0", 32768000, 20480000, 524288 };
    QVERIFY(faketree::writeProcTree(s.procRoot, proc));
    const QString run = dir.filePath(QStringLiteral("runs/pose/train"));
    QVERIFY(QDir().mkpath(run));

    TelemetrySampler sampler(s);
    sampler.setInterval(std::chrono::milliseconds(20));
    QString error;
    QVERIFY2(sampler.setRunFolder(run, &error), qPrintable(error));
    QCOMPARE(sampler.csvPath(), QDir(run).filePath(QStringLiteral("telemetry.csv")));

    std::vector<TelemetrySample> received;
    bool onReceiverThread = true;
    TelemetryBackendReport report;
    connect(&sampler, &TelemetrySampler::sampled, this, [&](const TelemetrySample &sample) {
        onReceiverThread = onReceiverThread && QThread::currentThread() == thread();
        received.push_back(sample);
    });
    connect(&sampler, &TelemetrySampler::backendChosen, this, [&](const TelemetryBackendReport &r) { report = r; });
    sampler.start();
    QVERIFY(sampler.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(received.size() >= 3, 20000);
    sampler.stop();
    QVERIFY(!sampler.isRunning());
    QCoreApplication::processEvents(); // samples emitted before the stop

    QVERIFY(onReceiverThread);
    QCOMPARE(report.backend, QStringLiteral("amdgpu-sysfs"));
    QCOMPARE(sampler.report().backend, QStringLiteral("amdgpu-sysfs"));
    const std::vector<TelemetrySample> history = sampler.history();
    QCOMPARE(history.size(), received.size());
    for (size_t i = 0; i < history.size(); ++i) {
        QVERIFY(history[i] == received[i]);
        QCOMPARE(history[i].gpus.size(), size_t(2));
        QCOMPARE(history[i].gpus[0].busyPercent, std::optional<double>(faketree::kCard0Busy));
        QCOMPARE(history[i].host.processRssBytes, std::optional<qint64>(proc.rssKb * 1024));
        if (i > 0)
            QVERIFY(history[i].time >= history[i - 1].time);
    }
    QVERIFY(sampler.latest() && *sampler.latest() == history.back());

    // telemetry.csv holds every sample, and reads back as the history.
    const TelemetryCsv::Contents csv = TelemetryCsv::read(sampler.csvPath());
    QVERIFY2(csv.problems.isEmpty(), qPrintable(csv.problems.join(QLatin1Char('\n'))));
    QCOMPARE(csv.samples.size(), history.size());
    for (size_t i = 0; i < history.size(); ++i)
        QVERIFY(csv.samples[i] == history[i]);

    // No run folder: no more rows.
    QVERIFY(sampler.setRunFolder(QString(), &error));
    QVERIFY(sampler.csvPath().isEmpty());
}

void TestTelemetrySampler::historyKeepsTheNewest()
{
    QTemporaryDir dir;
    TelemetrySources s;
    s.procRoot = dir.filePath(QStringLiteral("proc"));
    QVERIFY(faketree::writeProcTree(s.procRoot, { "1 0 1 1 1 0 0 0 0 0", 1000, 500, 100 }));
    s.drmRoot = dir.filePath(QStringLiteral("none"));
    TelemetrySampler sampler(s);
    sampler.setInterval(std::chrono::milliseconds(10));
    sampler.setHistoryLimit(2);
    std::vector<TelemetrySample> received;
    connect(
        &sampler, &TelemetrySampler::sampled, this, [&](const TelemetrySample &sample) { received.push_back(sample); });
    sampler.start();
    QTRY_VERIFY_WITH_TIMEOUT(received.size() >= 4, 20000);
    sampler.stop();
    QCoreApplication::processEvents();
    const std::vector<TelemetrySample> history = sampler.history();
    QCOMPARE(history.size(), size_t(2));
    QVERIFY(history[0] == received[received.size() - 2]);
    QVERIFY(history[1] == received.back());
    QCOMPARE(history[1].backend, QStringLiteral("cpu"));
}

void TestTelemetrySampler::shorterIntervalAppliesAtOnce()
{
    // From an hour to 10 ms while the worker waits: samples follow without the hour.
    QTemporaryDir dir;
    TelemetrySources s;
    s.drmRoot = dir.filePath(QStringLiteral("none"));
    s.procRoot = dir.filePath(QStringLiteral("none"));
    TelemetrySampler sampler(s);
    sampler.setInterval(std::chrono::hours(1));
    QSignalSpy spy(&sampler, &TelemetrySampler::sampled);
    sampler.start();
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 20000);
    sampler.setInterval(std::chrono::milliseconds(10));
    QTRY_VERIFY_WITH_TIMEOUT(spy.count() >= 3, 20000);
    sampler.stop();
}

void TestTelemetrySampler::stopDoesNotWaitForTheInterval()
{
    // With an hour between samples, stop() must wake the worker instead of waiting; a
    // regression would hang here until CTest's timeout.
    QTemporaryDir dir;
    TelemetrySources s;
    s.drmRoot = dir.filePath(QStringLiteral("none"));
    s.procRoot = dir.filePath(QStringLiteral("none"));
    TelemetrySampler sampler(s);
    sampler.setInterval(std::chrono::hours(1));
    QSignalSpy spy(&sampler, &TelemetrySampler::sampled);
    sampler.start();
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 20000);
    sampler.stop();
    QCOMPARE(spy.count(), 1);
}

QTEST_GUILESS_MAIN(TestTelemetrySampler)
#include "tst_telemetrysampler.moc"
