// The GPU panel: the concise table's cells for known samples, the host line, the backend
// label, following a live sampler on a fake sysfs tree, and the Chinese strings. With
// GP_SCREENSHOT_DIR set it saves gpu-panel-en.png and gpu-panel-zh_CN.png.

#include "../telemetry/faketrees.h"
#include "gpupanel.h"
#include "languages.h"
#include "telemetrymonitor.h"
#include "telemetrysampler.h"

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using gp::GpuSample;
using gp::TelemetryBackendReport;
using gp::TelemetryMonitor;
using gp::TelemetrySample;
using gp::TelemetrySampler;
using gp::TelemetrySources;

namespace {

constexpr qint64 kGiB = 1024ll * 1024 * 1024;
constexpr qint64 kMiB = 1024ll * 1024;

TelemetrySample twoGpus()
{
    TelemetrySample s;
    s.time = QDateTime::fromMSecsSinceEpoch(1714564800000, Qt::UTC);
    s.backend = QStringLiteral("rocm-smi");
    GpuSample a;
    a.index = 0;
    a.name = QStringLiteral("Radeon RX 7900 XTX");
    a.busyPercent = 87;
    a.vramUsedBytes = 6 * kGiB;
    a.vramTotalBytes = 24 * kGiB;
    a.edgeTempC = 52.0;
    a.junctionTempC = 74.5;
    a.memoryTempC = 68.0;
    a.powerAverageW = 289.123456;
    a.powerCapW = 327.0;
    a.sclkMHz = 2482;
    a.mclkMHz = 1249;
    a.fanPercent = 40.0;
    a.fanRpm = 1500;
    GpuSample b; // a passive card with few sensors
    b.index = 1;
    b.name = QStringLiteral("Instinct MI210");
    b.busyPercent = 3;
    b.vramUsedBytes = 512 * kMiB;
    b.vramTotalBytes = 64 * kGiB;
    b.edgeTempC = 45.0;
    b.powerAverageW = 15.0;
    b.sclkMHz = 800;
    s.gpus = { a, b };
    s.host.cpuPercent = 37.4;
    s.host.ramUsedBytes = 12 * kGiB;
    s.host.ramTotalBytes = 32 * kGiB;
    s.host.processRssBytes = 700 * kMiB;
    return s;
}

QString cell(const GpuPanel &p, int row, int column)
{
    const QTableWidgetItem *item = p.table()->item(row, column);
    return item ? item->text() : QStringLiteral("<no item>");
}

} // namespace

class TestGpuPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsTheConciseTable();
    void withoutGpusShowsTheHostOnly();
    void namesTheBackendAndWhyOthersFellThrough();
    void followsASampler();
    void chineseAndScreenshots();
};

void TestGpuPanel::showsTheConciseTable()
{
    GpuPanel panel;
    QCOMPARE(panel.table()->columnCount(), int(GpuPanel::ColumnCount));
    QCOMPARE(
        panel.table()->horizontalHeaderItem(GpuPanel::TempColumn)->text(), QStringLiteral("Temp (edge/junction/mem)"));
    panel.setSample(twoGpus());
    QCOMPARE(panel.table()->rowCount(), 2);
    QVERIFY(!panel.table()->isHidden());
    const QStringList row0 { QStringLiteral("0"), QStringLiteral("Radeon RX 7900 XTX"),
        QStringLiteral("52.0°C / 74.5°C / 68.0°C"), QStringLiteral("289.1 W / 327.0 W"), QStringLiteral("2482 MHz"),
        QStringLiteral("1249 MHz"), QStringLiteral("40% (1500 rpm)"), QStringLiteral("25% (6.0 / 24.0 GiB)"),
        QStringLiteral("87%") };
    const QStringList row1 { QStringLiteral("1"), QStringLiteral("Instinct MI210"),
        QStringLiteral("45.0°C / N/A / N/A"), QStringLiteral("15.0 W / N/A"), QStringLiteral("800 MHz"),
        QStringLiteral("N/A"), QStringLiteral("N/A"), QStringLiteral("1% (0.5 / 64.0 GiB)"), QStringLiteral("3%") };
    for (int c = 0; c < GpuPanel::ColumnCount; ++c) {
        QCOMPARE(cell(panel, 0, c), row0[c]);
        QCOMPARE(cell(panel, 1, c), row1[c]);
    }
    QCOMPARE(panel.hostLabel()->text(), QStringLiteral("CPU 37% · RAM 12.0 / 32.0 GiB · this process 700.0 MiB"));

    // The next sample replaces the figures in the same items.
    TelemetrySample next = twoGpus();
    next.gpus[0].busyPercent = 12;
    next.gpus.pop_back();
    QTableWidgetItem *before = panel.table()->item(0, GpuPanel::BusyColumn);
    panel.setSample(next);
    QCOMPARE(panel.table()->rowCount(), 1);
    QCOMPARE(panel.table()->item(0, GpuPanel::BusyColumn), before);
    QCOMPARE(cell(panel, 0, GpuPanel::BusyColumn), QStringLiteral("12%"));
}

void TestGpuPanel::withoutGpusShowsTheHostOnly()
{
    GpuPanel panel;
    panel.show();
    TelemetrySample s = twoGpus();
    s.gpus.clear();
    s.backend = QStringLiteral("cpu");
    s.host.cpuPercent.reset(); // the first reading has no load yet
    s.host.processRssBytes = 3 * kGiB / 2;
    panel.setSample(s);
    QCOMPARE(panel.table()->rowCount(), 0);
    // The empty table gives its height to the line that says why.
    QVERIFY(!panel.table()->isVisible());
    QVERIFY(panel.findChild<QLabel *>() != nullptr);
    bool noGpuShown = false;
    for (const QLabel *l : panel.findChildren<QLabel *>())
        noGpuShown = noGpuShown || (l->isVisible() && l->text().startsWith(QLatin1String("No GPU figures")));
    QVERIFY(noGpuShown);
    QCOMPARE(panel.hostLabel()->text(), QStringLiteral("CPU N/A · RAM 12.0 / 32.0 GiB · this process 1.5 GiB"));
    QCOMPARE(panel.backendLabel()->text(), QStringLiteral("Telemetry: CPU only"));
}

void TestGpuPanel::namesTheBackendAndWhyOthersFellThrough()
{
    GpuPanel panel;
    QCOMPARE(panel.backendLabel()->text(), QStringLiteral("Telemetry: starting…"));
    TelemetryBackendReport r;
    r.backend = QStringLiteral("amdgpu-sysfs");
    r.attempts
        = { { QStringLiteral("rocm-smi"), false, QStringLiteral("library not loaded: librocm_smi64.so: cannot open") },
              { QStringLiteral("nvml"), false, QStringLiteral("nvmlInit_v2 failed: Driver Not Loaded (status 9)") },
              { QStringLiteral("amdgpu-sysfs"), true, QStringLiteral("/sys/class/drm, 1 device") },
              { QStringLiteral("cpu"), false, QStringLiteral("/proc") } };
    panel.setBackendReport(r);
    QCOMPARE(panel.backendLabel()->text(), QStringLiteral("Telemetry: amdgpu sysfs"));
    const QStringList tip = panel.backendLabel()->toolTip().split(QLatin1Char('\n'));
    QCOMPARE(tip.size(), 4);
    QCOMPARE(tip[0], QStringLiteral("ROCm SMI: library not loaded: librocm_smi64.so: cannot open"));
    QCOMPARE(tip[1], QStringLiteral("NVML: nvmlInit_v2 failed: Driver Not Loaded (status 9)"));
    QCOMPARE(tip[2], QStringLiteral("amdgpu sysfs: in use (/sys/class/drm, 1 device)"));
}

void TestGpuPanel::followsASampler()
{
    QTemporaryDir dir;
    TelemetrySources s;
    s.drmRoot = dir.filePath(QStringLiteral("drm"));
    s.procRoot = dir.filePath(QStringLiteral("proc"));
    QVERIFY(faketree::writeDrmTree(s.drmRoot));
    QVERIFY(faketree::writeProcTree(s.procRoot, { "100 0 50 800 50 0 0 0 0 0", 32768000, 20480000, 524288 }));
    TelemetrySampler sampler(s);
    sampler.setInterval(std::chrono::milliseconds(20));
    GpuPanel panel(&sampler);
    sampler.start();
    QTRY_COMPARE_WITH_TIMEOUT(panel.table()->rowCount(), 2, 20000);
    sampler.stop();
    QCOMPARE(panel.backendLabel()->text(), QStringLiteral("Telemetry: amdgpu sysfs"));
    QCOMPARE(cell(panel, 0, GpuPanel::NameColumn), QString::fromLatin1(faketree::kCard0Name));
    QCOMPARE(cell(panel, 0, GpuPanel::BusyColumn), QStringLiteral("%1%").arg(faketree::kCard0Busy));
    QCOMPARE(cell(panel, 0, GpuPanel::SclkColumn), QStringLiteral("%1 MHz").arg(faketree::kCard0SclkCurrentMHz));
    QVERIFY(panel.backendLabel()->toolTip().contains(QLatin1String("amdgpu sysfs: in use")));

    // A panel made after the sampler ran starts from its latest sample.
    GpuPanel late(&sampler);
    QCOMPARE(late.table()->rowCount(), 2);
    QCOMPARE(late.backendLabel()->text(), QStringLiteral("Telemetry: amdgpu sysfs"));
}

void TestGpuPanel::chineseAndScreenshots()
{
    QTemporaryDir dir;
    TelemetrySources s;
    s.drmRoot = dir.filePath(QStringLiteral("drm"));
    s.procRoot = dir.filePath(QStringLiteral("proc"));
    QVERIFY(faketree::writeDrmTree(s.drmRoot));
    QVERIFY(faketree::writeProcTree(s.procRoot, { "100 0 50 800 50 0 0 0 0 0", 32768000, 20480000, 524288 }));
    TelemetryMonitor monitor(s);
    GpuPanel panel;
    panel.setBackendReport(monitor.report());
    TelemetrySample sample = monitor.sample();
    sample.host.cpuPercent = 37.4;
    panel.setSample(sample);
    panel.resize(1100, 200);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));

    const QString shots = qEnvironmentVariable("GP_SCREENSHOT_DIR");
    if (!shots.isEmpty())
        QVERIFY(panel.grab().save(QDir(shots).filePath(QStringLiteral("gpu-panel-en.png"))));

    Languages languages;
    QVERIFY(languages.apply(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange
    const QString temp = panel.table()->horizontalHeaderItem(GpuPanel::TempColumn)->text();
    QVERIFY2(
        temp != QLatin1String("Temp (edge/junction/mem)") && temp.contains(QStringLiteral("温度")), qPrintable(temp));
    QVERIFY2(panel.backendLabel()->text() != QLatin1String("Telemetry: amdgpu sysfs"),
        qPrintable(panel.backendLabel()->text()));
    if (!shots.isEmpty())
        QVERIFY(panel.grab().save(QDir(shots).filePath(QStringLiteral("gpu-panel-zh_CN.png"))));
    QVERIFY(languages.apply(QStringLiteral("en")));
}

QTEST_MAIN(TestGpuPanel)
#include "tst_gpupanel.moc"
