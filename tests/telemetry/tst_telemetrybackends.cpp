// The telemetry backends without a GPU: the amdgpu sysfs backend on a fake tree, the ROCm
// SMI and NVML backends on fake libraries built by the tests (each generation of the ROCm
// SMI clock layout), the fall-through when a library is missing or fails to initialise,
// and the /proc host figures on a fake tree.

#include "amdgpusysfsbackend.h"
#include "fakegpuvalues.h"
#include "faketrees.h"
#include "hoststatsreader.h"
#include "nvmlbackend.h"
#include "rocmsmibackend.h"
#include "telemetrymonitor.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using gp::AmdgpuSysfsBackend;
using gp::GpuSample;
using gp::HostSample;
using gp::HostStatsReader;
using gp::NvmlBackend;
using gp::RocmSmiBackend;
using gp::TelemetryBackendReport;
using gp::TelemetryMonitor;
using gp::TelemetrySample;
using gp::TelemetrySources;

namespace {

QString fakeLibrary(const char *folder, const char *file)
{
    return QStringLiteral(GP_FAKE_GPU_LIBS "/%1/%2").arg(QLatin1String(folder), QLatin1String(file));
}

// Sources that lead nowhere, so a test enables only what it means to test.
TelemetrySources nowhere(const QTemporaryDir &dir)
{
    TelemetrySources s;
    s.rocmSmiLibraries = { dir.filePath(QStringLiteral("no-such/librocm_smi64.so")) };
    s.nvmlLibraries = { dir.filePath(QStringLiteral("no-such/libnvidia-ml.so.1")) };
    s.drmRoot = dir.filePath(QStringLiteral("no-such-drm"));
    s.procRoot = dir.filePath(QStringLiteral("no-such-proc"));
    return s;
}

// The sample the fake ROCm SMI library describes for `device`, converted by definition:
// millidegrees / 1000, microwatts / 1e6, the current level's Hz / 1e6, fan level / max.
GpuSample expectedRsmi(uint32_t d)
{
    using namespace fakegpu;
    GpuSample g;
    g.index = int(d);
    g.name = QString::fromLatin1(kRsmiNames[d]);
    g.busyPercent = double(kRsmiBusy[d]);
    g.vramUsedBytes = qint64(kRsmiVramUsed[d]);
    g.vramTotalBytes = qint64(kRsmiVramTotal[d]);
    g.edgeTempC = kRsmiTempEdge[d] / 1000.0;
    g.junctionTempC = kRsmiTempJunction[d] / 1000.0;
    g.memoryTempC = kRsmiTempMemory[d] / 1000.0;
    g.powerAverageW = kRsmiPowerAverage[d] / 1e6;
    g.powerCapW = kRsmiPowerCap[d] / 1e6;
    g.sclkMHz = int(kRsmiSclkLevels[kRsmiSclkCurrent[d]] / 1000000);
    g.mclkMHz = int(kRsmiMclkLevels[kRsmiMclkCurrent[d]] / 1000000);
    if (d == 0) {
        g.fanPercent = 100.0 * double(kRsmiFanLevel) / double(kRsmiFanMax);
        g.fanRpm = int(kRsmiFanRpm);
    }
    return g;
}

GpuSample expectedNvml()
{
    using namespace fakegpu;
    GpuSample g;
    g.index = 0;
    g.name = QString::fromLatin1(kNvmlName);
    g.busyPercent = double(kNvmlUtilization);
    g.vramUsedBytes = qint64(kNvmlMemoryUsed);
    g.vramTotalBytes = qint64(kNvmlMemoryTotal);
    g.edgeTempC = double(kNvmlTemperature);
    g.powerAverageW = kNvmlPower / 1000.0;
    g.powerCapW = kNvmlPowerLimit / 1000.0;
    g.sclkMHz = int(kNvmlGraphicsClock);
    g.mclkMHz = int(kNvmlMemoryClock);
    g.fanPercent = double(kNvmlFan);
    return g;
}

std::vector<GpuSample> expectedSysfs()
{
    using namespace faketree;
    GpuSample c0;
    c0.index = 0;
    c0.name = QString::fromLatin1(kCard0Name);
    c0.busyPercent = double(kCard0Busy);
    c0.vramUsedBytes = kCard0VramUsed;
    c0.vramTotalBytes = kCard0VramTotal;
    c0.edgeTempC = kCard0EdgeMilliC / 1000.0;
    c0.junctionTempC = kCard0JunctionMilliC / 1000.0;
    c0.memoryTempC = kCard0MemMilliC / 1000.0;
    c0.powerAverageW = kCard0PowerAverageMicroW / 1e6;
    c0.powerCapW = kCard0PowerCapMicroW / 1e6;
    c0.sclkMHz = kCard0SclkCurrentMHz;
    c0.mclkMHz = kCard0MclkCurrentMHz;
    c0.fanRpm = kCard0FanRpm;
    c0.fanPercent = 100.0 * kCard0Pwm / kCard0PwmMax;
    GpuSample c2;
    c2.index = 1;
    c2.name = QStringLiteral("AMD GPU (device %1)").arg(QLatin1String(kCard2DeviceId));
    c2.busyPercent = double(kCard2Busy);
    c2.vramUsedBytes = kCard2VramUsed;
    c2.vramTotalBytes = kCard2VramTotal;
    c2.edgeTempC = kCard2TempMilliC / 1000.0;
    c2.powerAverageW = kCard2PowerInputMicroW / 1e6;
    c2.sclkMHz = int(kCard2SclkHz / 1000000);
    c2.mclkMHz = int(kCard2MclkHz / 1000000);
    return { c0, c2 };
}

// Field by field, so a failure names the field.
void compareGpu(const GpuSample &actual, const GpuSample &expected)
{
    QCOMPARE(actual.index, expected.index);
    QCOMPARE(actual.name, expected.name);
    QCOMPARE(actual.busyPercent, expected.busyPercent);
    QCOMPARE(actual.vramUsedBytes, expected.vramUsedBytes);
    QCOMPARE(actual.vramTotalBytes, expected.vramTotalBytes);
    QCOMPARE(actual.edgeTempC, expected.edgeTempC);
    QCOMPARE(actual.junctionTempC, expected.junctionTempC);
    QCOMPARE(actual.memoryTempC, expected.memoryTempC);
    QCOMPARE(actual.powerAverageW, expected.powerAverageW);
    QCOMPARE(actual.powerCapW, expected.powerCapW);
    QCOMPARE(actual.sclkMHz, expected.sclkMHz);
    QCOMPARE(actual.mclkMHz, expected.mclkMHz);
    QCOMPARE(actual.fanPercent, expected.fanPercent);
    QCOMPARE(actual.fanRpm, expected.fanRpm);
    QVERIFY(actual == expected);
}

const TelemetryBackendReport::Attempt *attempt(const TelemetryBackendReport &r, const QString &backend)
{
    for (const auto &a : r.attempts)
        if (a.backend == backend)
            return &a;
    return nullptr;
}

} // namespace

class TestTelemetryBackends : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sysfsReadsAmdCardsOnly();
    void sysfsWithoutCards();
    void dpmLevel_data();
    void dpmLevel();
    void rocmSmiClockLayouts_data();
    void rocmSmiClockLayouts();
    void nvmlReadsKnownValues();
    void monitorPicksRocmSmiFirst();
    void missingLibraryFallsThrough();
    void failingInitFallsThrough();
    void noDrmFolderSkipsRsmiInit();
    void nothingLeavesTheHost();
    void hostFromFakeProc();
    void cpuLoadNeedsAWindow();
    void hostFromThisMachine();
};

void TestTelemetryBackends::sysfsReadsAmdCardsOnly()
{
    QTemporaryDir dir;
    QVERIFY(faketree::writeDrmTree(dir.path()));
    AmdgpuSysfsBackend backend(dir.path());
    QString why;
    QVERIFY2(backend.open(&why), qPrintable(why));
    const std::vector<GpuSample> samples = backend.sample();
    const std::vector<GpuSample> expected = expectedSysfs();
    QCOMPARE(samples.size(), expected.size());
    for (size_t i = 0; i < samples.size(); ++i)
        compareGpu(samples[i], expected[i]);
    QVERIFY(backend.description().contains(QLatin1String("2 device")));

    // Figures are read afresh at each sample.
    QVERIFY(faketree::writeFile(dir.filePath(QStringLiteral("card0/device/gpu_busy_percent")), "3\n"));
    QCOMPARE(backend.sample().front().busyPercent, std::optional<double>(3.0));
}

void TestTelemetryBackends::sysfsWithoutCards()
{
    QTemporaryDir dir;
    // Only the Intel card and a connector.
    QVERIFY(faketree::writeFile(dir.filePath(QStringLiteral("card1/device/vendor")), "0x8086\n"));
    QVERIFY(faketree::writeFile(dir.filePath(QStringLiteral("card1-HDMI-A-1/status")), "connected\n"));
    AmdgpuSysfsBackend backend(dir.path());
    QString why;
    QVERIFY(!backend.open(&why));
    QVERIFY2(why.contains(QLatin1String("no amdgpu card")) && why.contains(dir.path()), qPrintable(why));

    AmdgpuSysfsBackend missing(dir.filePath(QStringLiteral("absent")));
    QVERIFY(!missing.open(&why));
    QVERIFY2(why.contains(QLatin1String("does not exist")), qPrintable(why));
}

void TestTelemetryBackends::dpmLevel_data()
{
    QTest::addColumn<QString>("listing");
    QTest::addColumn<int>("expected"); // -1: none

    QTest::newRow("last") << QStringLiteral("0: 500Mhz\n1: 800Mhz\n2: 2482Mhz *\n") << 2482;
    QTest::newRow("middle, trailing blanks") << QStringLiteral("0: 96Mhz \n1: 456Mhz *\n2: 1249Mhz \n") << 456;
    QTest::newRow("deep sleep level") << QStringLiteral("S: 19Mhz *\n0: 500Mhz\n1: 2100Mhz\n") << 19;
    QTest::newRow("MHz spelling") << QStringLiteral("0: 300MHz\n1: 1000MHz *\n") << 1000;
    QTest::newRow("none current") << QStringLiteral("0: 500Mhz\n1: 800Mhz\n") << -1;
    QTest::newRow("empty") << QString() << -1;
    QTest::newRow("garbage") << QStringLiteral("not a table *\n") << -1;
}

void TestTelemetryBackends::dpmLevel()
{
    QFETCH(QString, listing);
    QFETCH(int, expected);
    const std::optional<int> level = AmdgpuSysfsBackend::currentDpmLevelMHz(listing);
    QCOMPARE(level, expected < 0 ? std::nullopt : std::optional<int>(expected));
}

void TestTelemetryBackends::rocmSmiClockLayouts_data()
{
    QTest::addColumn<QString>("library");
    QTest::newRow("Debian 5.x, reports 1.0") << fakeLibrary("rsmi-debian", "librocm_smi64.so");
    QTest::newRow("ROCm 6.0, reports 7.x") << fakeLibrary("rsmi-rocm6", "librocm_smi64.so");
    QTest::newRow("ROCm 7.2, reports 1.x") << fakeLibrary("rsmi-rocm72", "librocm_smi64.so");
}

void TestTelemetryBackends::rocmSmiClockLayouts()
{
    QFETCH(QString, library);
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("drm")));
    RocmSmiBackend backend({ library }, dir.filePath(QStringLiteral("drm")));
    QString why;
    QVERIFY2(backend.open(&why), qPrintable(why));
    const std::vector<GpuSample> samples = backend.sample();
    QCOMPARE(samples.size(), size_t(fakegpu::kRsmiDevices));
    for (uint32_t d = 0; d < fakegpu::kRsmiDevices; ++d)
        compareGpu(samples[d], expectedRsmi(d));
    QVERIFY(backend.description().startsWith(library));
}

void TestTelemetryBackends::nvmlReadsKnownValues()
{
    NvmlBackend backend({ fakeLibrary("nvml", "libnvidia-ml.so.1") });
    QString why;
    QVERIFY2(backend.open(&why), qPrintable(why));
    const std::vector<GpuSample> samples = backend.sample();
    QCOMPARE(samples.size(), size_t(1));
    compareGpu(samples[0], expectedNvml());
}

void TestTelemetryBackends::monitorPicksRocmSmiFirst()
{
    QTemporaryDir dir;
    QVERIFY(faketree::writeDrmTree(dir.filePath(QStringLiteral("drm"))));
    TelemetrySources s = nowhere(dir);
    s.rocmSmiLibraries = { fakeLibrary("rsmi-debian", "librocm_smi64.so") };
    s.nvmlLibraries = { fakeLibrary("nvml", "libnvidia-ml.so.1") };
    s.drmRoot = dir.filePath(QStringLiteral("drm"));
    TelemetryMonitor monitor(s);
    QCOMPARE(monitor.report().backend, QStringLiteral("rocm-smi"));
    QCOMPARE(int(monitor.report().attempts.size()), 4);
    QVERIFY(attempt(monitor.report(), QStringLiteral("rocm-smi"))->used);
    QCOMPARE(attempt(monitor.report(), QStringLiteral("nvml"))->detail, QStringLiteral("not tried"));
    const TelemetrySample sample = monitor.sample();
    QCOMPARE(sample.backend, QStringLiteral("rocm-smi"));
    QCOMPARE(sample.gpus.size(), size_t(fakegpu::kRsmiDevices));
    compareGpu(sample.gpus[1], expectedRsmi(1));
}

void TestTelemetryBackends::missingLibraryFallsThrough()
{
    QTemporaryDir dir;
    TelemetrySources s = nowhere(dir);
    s.nvmlLibraries = { fakeLibrary("nvml", "libnvidia-ml.so.1") };
    TelemetryMonitor monitor(s);
    const TelemetryBackendReport &r = monitor.report();
    QCOMPARE(r.backend, QStringLiteral("nvml"));
    QStringList order;
    for (const auto &a : r.attempts)
        order << a.backend;
    QCOMPARE(order, TelemetryMonitor::backendOrder());
    const auto *rocm = attempt(r, QStringLiteral("rocm-smi"));
    QVERIFY(!rocm->used);
    // The loader's message names the file it could not open.
    QVERIFY2(
        rocm->detail.contains(QLatin1String("library not loaded")) && rocm->detail.contains(s.rocmSmiLibraries.first()),
        qPrintable(rocm->detail));
    QVERIFY(attempt(r, QStringLiteral("nvml"))->used);
    QVERIFY(!attempt(r, QStringLiteral("cpu"))->used);
    const TelemetrySample sample = monitor.sample();
    QCOMPARE(sample.gpus.size(), size_t(1));
    compareGpu(sample.gpus[0], expectedNvml());
}

void TestTelemetryBackends::failingInitFallsThrough()
{
    QTemporaryDir dir;
    QVERIFY(faketree::writeDrmTree(dir.filePath(QStringLiteral("drm"))));
    TelemetrySources s = nowhere(dir);
    s.rocmSmiLibraries = { fakeLibrary("rsmi-initfail", "librocm_smi64.so") };
    s.nvmlLibraries = { fakeLibrary("nvml-initfail", "libnvidia-ml.so.1") };
    s.drmRoot = dir.filePath(QStringLiteral("drm"));
    TelemetryMonitor monitor(s);
    const TelemetryBackendReport &r = monitor.report();
    QCOMPARE(r.backend, QStringLiteral("amdgpu-sysfs"));
    const QString rocm = attempt(r, QStringLiteral("rocm-smi"))->detail;
    QVERIFY2(rocm.contains(QLatin1String("rsmi_init failed"))
            && rocm.contains(QLatin1String(fakegpu::kRsmiInitErrorText))
            && rocm.contains(QString::number(fakegpu::kRsmiStatusInitError)),
        qPrintable(rocm));
    const QString nvml = attempt(r, QStringLiteral("nvml"))->detail;
    QVERIFY2(nvml.contains(QLatin1String("nvmlInit_v2 failed"))
            && nvml.contains(QLatin1String(fakegpu::kNvmlDriverNotLoadedText)),
        qPrintable(nvml));
    QVERIFY(attempt(r, QStringLiteral("amdgpu-sysfs"))->used);
    const TelemetrySample sample = monitor.sample();
    const std::vector<GpuSample> expected = expectedSysfs();
    QCOMPARE(sample.gpus.size(), expected.size());
    compareGpu(sample.gpus[0], expected[0]);
}

// A machine without a GPU driver (no /sys/class/drm): rsmi_init is not called, since it could
// only fail and would print its failure to stderr in the middle of a training log.
void TestTelemetryBackends::noDrmFolderSkipsRsmiInit()
{
    QTemporaryDir dir;
    TelemetrySources s = nowhere(dir);
    s.rocmSmiLibraries = { fakeLibrary("rsmi-initfail", "librocm_smi64.so") };
    TelemetryMonitor monitor(s);
    const TelemetryBackendReport &r = monitor.report();
    QCOMPARE(r.backend, QStringLiteral("cpu"));
    const QString rocm = attempt(r, QStringLiteral("rocm-smi"))->detail;
    QVERIFY2(rocm.contains(QLatin1String("no GPU driver")) && rocm.contains(s.drmRoot)
            && !rocm.contains(QLatin1String("rsmi_init")),
        qPrintable(rocm));
}

void TestTelemetryBackends::nothingLeavesTheHost()
{
    QTemporaryDir dir;
    TelemetrySources s = nowhere(dir);
    faketree::ProcValues proc { "100 0 50 800 50 0 0 0 0 0", 32768000, 20480000, 524288 };
    s.procRoot = dir.filePath(QStringLiteral("proc"));
    QVERIFY(faketree::writeProcTree(s.procRoot, proc));
    s.rocmSmiLibraries.clear(); // no names at all is a reason too
    TelemetryMonitor monitor(s);
    const TelemetryBackendReport &r = monitor.report();
    QCOMPARE(r.backend, QStringLiteral("cpu"));
    QVERIFY(attempt(r, QStringLiteral("cpu"))->used);
    QVERIFY2(attempt(r, QStringLiteral("rocm-smi"))->detail.contains(QLatin1String("no library names")),
        qPrintable(attempt(r, QStringLiteral("rocm-smi"))->detail));
    const TelemetrySample sample = monitor.sample();
    QVERIFY(sample.gpus.empty());
    QCOMPARE(sample.backend, QStringLiteral("cpu"));
    QCOMPARE(sample.host.ramTotalBytes, std::optional<qint64>(proc.memTotalKb * 1024));
}

void TestTelemetryBackends::hostFromFakeProc()
{
    QTemporaryDir dir;
    const faketree::ProcValues first { "100 0 50 800 50 0 0 0 0 0", 32768000, 20480000, 524288 };
    QVERIFY(faketree::writeProcTree(dir.path(), first));
    HostStatsReader reader(dir.path(), std::chrono::milliseconds(0));
    const HostSample s1 = reader.sample();
    QVERIFY(!s1.cpuPercent); // one reading is no load
    QCOMPARE(s1.ramTotalBytes, std::optional<qint64>(first.memTotalKb * 1024));
    QCOMPARE(s1.ramUsedBytes, std::optional<qint64>((first.memTotalKb - first.memAvailableKb) * 1024));
    QCOMPARE(s1.processRssBytes, std::optional<qint64>(first.rssKb * 1024));

    // 60 user + 20 system busy, 60 idle + 10 iowait not; the guest columns (already in
    // user) must not count twice.
    const faketree::ProcValues second { "160 0 70 860 60 0 0 0 40 0", 32768000, 16384000, 1048576 };
    QVERIFY(faketree::writeProcTree(dir.path(), second));
    const HostSample s2 = reader.sample();
    QVERIFY(s2.cpuPercent);
    QCOMPARE(*s2.cpuPercent, 100.0 * 80.0 / 150.0);
    QCOMPARE(s2.ramUsedBytes, std::optional<qint64>((second.memTotalKb - second.memAvailableKb) * 1024));
    QCOMPARE(s2.processRssBytes, std::optional<qint64>(second.rssKb * 1024));

    // Unreadable values are missing, never zero.
    QVERIFY(faketree::writeFile(dir.filePath(QStringLiteral("meminfo")), "MemTotal: lots\n"));
    QVERIFY(faketree::writeFile(dir.filePath(QStringLiteral("stat")), "cpu  x y z\n"));
    const HostSample s3 = reader.sample();
    QVERIFY(!s3.cpuPercent);
    QVERIFY(!s3.ramTotalBytes);
    QVERIFY(!s3.ramUsedBytes);
}

void TestTelemetryBackends::cpuLoadNeedsAWindow()
{
    // Two readings a moment apart are mostly noise: the second has no load and the load is
    // measured from the first reading until the window has passed.
    QTemporaryDir dir;
    QVERIFY(faketree::writeProcTree(dir.path(), { "100 0 50 800 50 0 0 0 0 0", 1000, 500, 100 }));
    HostStatsReader reader(dir.path(), std::chrono::hours(1));
    QVERIFY(!reader.sample().cpuPercent);
    QVERIFY(faketree::writeProcTree(dir.path(), { "200 0 50 800 50 0 0 0 0 0", 1000, 500, 100 }));
    QVERIFY(!reader.sample().cpuPercent);

    HostStatsReader windowed(dir.path(), std::chrono::milliseconds(30));
    windowed.sample();
    QVERIFY(faketree::writeProcTree(dir.path(), { "300 0 50 900 50 0 0 0 0 0", 1000, 500, 100 }));
    QVERIFY(!windowed.sample().cpuPercent); // too soon: still measured from the first reading
    QVERIFY(faketree::writeProcTree(dir.path(), { "400 0 50 1000 50 0 0 0 0 0", 1000, 500, 100 }));
    QTest::qWait(60);
    const HostSample s = windowed.sample();
    QVERIFY(s.cpuPercent);
    QCOMPARE(*s.cpuPercent, 100.0 * 200.0 / 400.0); // from "200 .. 800" to "400 .. 1000"
}

void TestTelemetryBackends::hostFromThisMachine()
{
    if (!QFile::exists(QStringLiteral("/proc/self/status")))
        QSKIP("no /proc on this system");
    HostStatsReader reader(QStringLiteral("/proc"));
    reader.sample();
    const HostSample s = reader.sample();
    QVERIFY(s.ramTotalBytes && *s.ramTotalBytes > 0);
    QVERIFY(s.ramUsedBytes && *s.ramUsedBytes > 0 && *s.ramUsedBytes <= *s.ramTotalBytes);
    QVERIFY(s.processRssBytes && *s.processRssBytes > 0);
}

QTEST_GUILESS_MAIN(TestTelemetryBackends)
#include "tst_telemetrybackends.moc"
