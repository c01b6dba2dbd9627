#pragma once

// Fake sysfs DRM and /proc trees, written by the tests into a temporary folder, with the
// files and formats the amdgpu driver and Linux write (raw units: bytes, millidegrees C,
// microwatts, Hz, kB). The constants are what the files hold; tests convert them.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace faketree {

// card0: a discrete AMD GPU with everything.
constexpr int kCard0Busy = 87;
constexpr qint64 kCard0VramUsed = 6442450944;
constexpr qint64 kCard0VramTotal = 25753026560;
constexpr const char *kCard0Name = "AMD Radeon RX 7900 XTX";
constexpr const char *kCard0Sclk = "0: 500Mhz\n1: 1500Mhz\n2: 2482Mhz *\n";
constexpr int kCard0SclkCurrentMHz = 2482;
constexpr const char *kCard0Mclk = "0: 96Mhz \n1: 456Mhz *\n2: 1249Mhz \n";
constexpr int kCard0MclkCurrentMHz = 456;
constexpr qint64 kCard0EdgeMilliC = 52000;
constexpr qint64 kCard0JunctionMilliC = 74500;
constexpr qint64 kCard0MemMilliC = 68000;
constexpr qint64 kCard0PowerAverageMicroW = 289123456;
constexpr qint64 kCard0PowerCapMicroW = 327000000;
constexpr int kCard0FanRpm = 1500;
constexpr int kCard0Pwm = 102;
constexpr int kCard0PwmMax = 255;

// card2: an AMD APU without product name, DPM tables or fan; one unlabelled temperature,
// instantaneous power only, clocks in hwmon.
constexpr const char *kCard2DeviceId = "0x15bf";
constexpr int kCard2Busy = 12;
constexpr qint64 kCard2VramUsed = 268435456;
constexpr qint64 kCard2VramTotal = 536870912;
constexpr qint64 kCard2TempMilliC = 45000;
constexpr qint64 kCard2PowerInputMicroW = 15000000;
constexpr qint64 kCard2SclkHz = 800000000;
constexpr qint64 kCard2MclkHz = 1600000000;

inline bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

inline QByteArray number(qint64 v)
{
    return QByteArray::number(v) + '\n';
}

// card0 (AMD, hwmon3), its connector card0-DP-1, card1 (Intel, which also has a
// gpu_busy_percent file here, so only the vendor tells it apart) and card2 (AMD APU).
inline bool writeDrmTree(const QString &root)
{
    bool ok = true;
    const QString c0 = root + QStringLiteral("/card0/device/");
    const QString h0 = c0 + QStringLiteral("hwmon/hwmon3/");
    ok &= writeFile(c0 + QStringLiteral("vendor"), "0x1002\n");
    ok &= writeFile(c0 + QStringLiteral("device"), "0x744c\n");
    ok &= writeFile(c0 + QStringLiteral("product_name"), QByteArray(kCard0Name) + '\n');
    ok &= writeFile(c0 + QStringLiteral("gpu_busy_percent"), number(kCard0Busy));
    ok &= writeFile(c0 + QStringLiteral("mem_info_vram_used"), number(kCard0VramUsed));
    ok &= writeFile(c0 + QStringLiteral("mem_info_vram_total"), number(kCard0VramTotal));
    ok &= writeFile(c0 + QStringLiteral("pp_dpm_sclk"), kCard0Sclk);
    ok &= writeFile(c0 + QStringLiteral("pp_dpm_mclk"), kCard0Mclk);
    ok &= writeFile(h0 + QStringLiteral("name"), "amdgpu\n");
    ok &= writeFile(h0 + QStringLiteral("temp1_input"), number(kCard0EdgeMilliC));
    ok &= writeFile(h0 + QStringLiteral("temp1_label"), "edge\n");
    ok &= writeFile(h0 + QStringLiteral("temp2_input"), number(kCard0JunctionMilliC));
    ok &= writeFile(h0 + QStringLiteral("temp2_label"), "junction\n");
    ok &= writeFile(h0 + QStringLiteral("temp3_input"), number(kCard0MemMilliC));
    ok &= writeFile(h0 + QStringLiteral("temp3_label"), "mem\n");
    ok &= writeFile(h0 + QStringLiteral("power1_average"), number(kCard0PowerAverageMicroW));
    ok &= writeFile(h0 + QStringLiteral("power1_cap"), number(kCard0PowerCapMicroW));
    ok &= writeFile(h0 + QStringLiteral("fan1_input"), number(kCard0FanRpm));
    ok &= writeFile(h0 + QStringLiteral("pwm1"), number(kCard0Pwm));
    ok &= writeFile(h0 + QStringLiteral("pwm1_max"), number(kCard0PwmMax));

    ok &= writeFile(root + QStringLiteral("/card0-DP-1/status"), "connected\n");

    const QString c1 = root + QStringLiteral("/card1/device/");
    ok &= writeFile(c1 + QStringLiteral("vendor"), "0x8086\n");
    ok &= writeFile(c1 + QStringLiteral("gpu_busy_percent"), "50\n");

    const QString c2 = root + QStringLiteral("/card2/device/");
    const QString h2 = c2 + QStringLiteral("hwmon/hwmon5/");
    ok &= writeFile(c2 + QStringLiteral("vendor"), "0x1002\n");
    ok &= writeFile(c2 + QStringLiteral("device"), QByteArray(kCard2DeviceId) + '\n');
    ok &= writeFile(c2 + QStringLiteral("gpu_busy_percent"), number(kCard2Busy));
    ok &= writeFile(c2 + QStringLiteral("mem_info_vram_used"), number(kCard2VramUsed));
    ok &= writeFile(c2 + QStringLiteral("mem_info_vram_total"), number(kCard2VramTotal));
    ok &= writeFile(h2 + QStringLiteral("temp1_input"), number(kCard2TempMilliC));
    ok &= writeFile(h2 + QStringLiteral("power1_input"), number(kCard2PowerInputMicroW));
    ok &= writeFile(h2 + QStringLiteral("freq1_input"), number(kCard2SclkHz));
    ok &= writeFile(h2 + QStringLiteral("freq1_label"), "sclk\n");
    ok &= writeFile(h2 + QStringLiteral("freq2_input"), number(kCard2MclkHz));
    ok &= writeFile(h2 + QStringLiteral("freq2_label"), "mclk\n");
    return ok;
}

// /proc: the cpu lines of `stat` (user nice system idle iowait irq softirq steal guest
// guest_nice, in jiffies), meminfo and self/status in kB.
struct ProcValues
{
    QByteArray cpu; // "100 0 50 800 50 0 0 0 0 0"
    qint64 memTotalKb = 0;
    qint64 memAvailableKb = 0;
    qint64 rssKb = 0;
};

inline bool writeProcTree(const QString &root, const ProcValues &v)
{
    bool ok = writeFile(root + QStringLiteral("/stat"),
        "cpu  " + v.cpu + "\ncpu0 " + v.cpu + "\nintr 12345 0 0\nctxt 999\nbtime 1700000000\n");
    ok &= writeFile(root + QStringLiteral("/meminfo"),
        "MemTotal:       " + QByteArray::number(v.memTotalKb) + " kB\nMemFree:         1024 kB\n"
            + "MemAvailable:   " + QByteArray::number(v.memAvailableKb) + " kB\nBuffers:  100 kB\n");
    ok &= writeFile(root + QStringLiteral("/self/status"),
        "Name:\tgripperpose\nVmPeak:\t  999999 kB\nVmRSS:\t  " + QByteArray::number(v.rssKb) + " kB\nThreads:\t4\n");
    return ok;
}

} // namespace faketree
