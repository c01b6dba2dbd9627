#include "telemetrytable.h"

#include "telemetryformat.h"

namespace {

// Column widths, wide enough for the usual values ("52.0°C / 74.5°C / 68.0°C"), so that a
// stream of samples stays aligned; a wider value or header only shifts its own line.
constexpr int kWidths[] = { 6, 26, 19, 9, 9, 15, 21, 5 };

} // namespace

QStringList TelemetryTable::backendLines(const TelemetryBackendReport &report)
{
    QStringList lines { tr("Telemetry: %1").arg(TelemetryFormat::backendTitle(report.backend)) };
    for (const QString &a : TelemetryFormat::attempts(report))
        lines << QStringLiteral("  ") + a;
    return lines;
}

QString TelemetryTable::row(const QStringList &cells)
{
    QString line;
    for (int i = 0; i < cells.size(); ++i) {
        const int width = i < int(std::size(kWidths)) ? kWidths[i] : 0;
        line += i + 1 < cells.size() ? cells[i].leftJustified(width) + QStringLiteral("  ") : cells[i];
    }
    return line;
}

QString TelemetryTable::header()
{
    return row({ tr("Device"), tr("Temp (edge/junction/mem)"), tr("Power (avg/cap)"), tr("SCLK"), tr("MCLK"), tr("Fan"),
        tr("VRAM%"), tr("GPU%"), tr("Name") });
}

QStringList TelemetryTable::sampleLines(const TelemetrySample &sample)
{
    QStringList lines;
    for (const GpuSample &g : sample.gpus)
        lines << row({ QString::number(g.index), TelemetryFormat::temperatures(g), TelemetryFormat::power(g),
            TelemetryFormat::clock(g.sclkMHz), TelemetryFormat::clock(g.mclkMHz), TelemetryFormat::fan(g),
            TelemetryFormat::vram(g), TelemetryFormat::percent(g.busyPercent), g.name });
    lines << sample.time.toLocalTime().toString(QStringLiteral("HH:mm:ss")) + QStringLiteral("  ")
            + TelemetryFormat::host(sample.host);
    return lines;
}
