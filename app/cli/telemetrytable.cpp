#include "telemetrytable.h"

#include "telemetryformat.h"

using gp::GpuSample;
using gp::TelemetryBackendReport;
using gp::TelemetryFormat;
using gp::TelemetrySample;

namespace {

// Column widths, wide enough for the usual values ("52.0°C / 74.5°C / 68.0°C"), so that a
// stream of samples stays aligned; a wider value or header only shifts its own line.
constexpr int kWidths[] = { 6, 26, 19, 9, 9, 17, 22, 5 };

// Terminal columns of a text: East Asian wide and full-width characters (the Chinese
// headers, "（", "：") take two, so padding by characters alone would skew the columns.
int displayWidth(const QString &text)
{
    int width = 0;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        const bool wide = (u >= 0x1100 && u <= 0x115F) || (u >= 0x2E80 && u <= 0xA4CF) || (u >= 0xAC00 && u <= 0xD7A3)
            || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFE30 && u <= 0xFE4F) || (u >= 0xFF00 && u <= 0xFF60)
            || (u >= 0xFFE0 && u <= 0xFFE6);
        width += wide ? 2 : 1;
    }
    return width;
}

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
        line += cells[i];
        if (i + 1 < cells.size())
            line += QString(std::max(0, width - displayWidth(cells[i])) + 2, QLatin1Char(' '));
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
