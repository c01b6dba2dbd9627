#include "telemetryformat.h"

#include <QStringList>

namespace gp {

QString TelemetryFormat::notAvailable()
{
    return tr("N/A");
}

QString TelemetryFormat::temperature(const std::optional<double> &celsius)
{
    return celsius ? tr("%1°C").arg(*celsius, 0, 'f', 1) : notAvailable();
}

QString TelemetryFormat::temperatures(const GpuSample &g)
{
    return QStringList { temperature(g.edgeTempC), temperature(g.junctionTempC), temperature(g.memoryTempC) }.join(
        QStringLiteral(" / "));
}

QString TelemetryFormat::watts(const std::optional<double> &w)
{
    return w ? tr("%1 W").arg(*w, 0, 'f', 1) : notAvailable();
}

QString TelemetryFormat::power(const GpuSample &g)
{
    return watts(g.powerAverageW) + QStringLiteral(" / ") + watts(g.powerCapW);
}

QString TelemetryFormat::clock(const std::optional<int> &mhz)
{
    return mhz ? tr("%1 MHz").arg(*mhz) : notAvailable();
}

QString TelemetryFormat::fan(const GpuSample &g)
{
    const QString rpm = g.fanRpm ? tr("%1 rpm").arg(*g.fanRpm) : QString();
    if (g.fanPercent)
        return rpm.isEmpty() ? percent(g.fanPercent) : tr("%1 (%2)").arg(percent(g.fanPercent), rpm);
    return rpm.isEmpty() ? notAvailable() : rpm;
}

QString TelemetryFormat::percent(const std::optional<double> &p)
{
    return p ? tr("%1%").arg(*p, 0, 'f', 0) : notAvailable();
}

QString TelemetryFormat::bytes(qint64 bytes)
{
    constexpr double kMiB = 1024.0 * 1024.0, kGiB = kMiB * 1024.0;
    return bytes >= qint64(kGiB) ? tr("%1 GiB").arg(double(bytes) / kGiB, 0, 'f', 1)
                                 : tr("%1 MiB").arg(double(bytes) / kMiB, 0, 'f', 1);
}

QString TelemetryFormat::vram(const GpuSample &g)
{
    if (!g.vramUsedBytes || !g.vramTotalBytes)
        return g.vramUsedBytes ? bytes(*g.vramUsedBytes) : notAvailable();
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    return tr("%1 (%2 / %3 GiB)")
        .arg(percent(g.vramPercent()))
        .arg(double(*g.vramUsedBytes) / kGiB, 0, 'f', 1)
        .arg(double(*g.vramTotalBytes) / kGiB, 0, 'f', 1);
}

QString TelemetryFormat::host(const HostSample &h)
{
    QString ram = notAvailable();
    if (h.ramUsedBytes && h.ramTotalBytes) {
        constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
        ram = tr("%1 / %2 GiB")
                  .arg(double(*h.ramUsedBytes) / kGiB, 0, 'f', 1)
                  .arg(double(*h.ramTotalBytes) / kGiB, 0, 'f', 1);
    }
    return tr("CPU %1 · RAM %2 · this process %3")
        .arg(percent(h.cpuPercent), ram, h.processRssBytes ? bytes(*h.processRssBytes) : notAvailable());
}

QString TelemetryFormat::backendTitle(const QString &id)
{
    if (id == QLatin1String("rocm-smi"))
        return tr("ROCm SMI");
    if (id == QLatin1String("nvml"))
        return tr("NVML");
    if (id == QLatin1String("amdgpu-sysfs"))
        return tr("amdgpu sysfs");
    if (id == QLatin1String("cpu"))
        return tr("CPU only");
    return id;
}

QStringList TelemetryFormat::attempts(const TelemetryBackendReport &report)
{
    QStringList lines;
    for (const TelemetryBackendReport::Attempt &a : report.attempts)
        lines << (a.used ? tr("%1: in use (%2)") : tr("%1: %2")).arg(backendTitle(a.backend), a.detail);
    return lines;
}

} // namespace gp
