#include "telemetrycsv.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <functional>
#include <map>

namespace gp {

namespace {

QString number(double v)
{
    // The shortest text that reads back as the same double.
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

template<typename T> QString cell(const std::optional<T> &v)
{
    if (!v)
        return {};
    if constexpr (std::is_floating_point_v<T>)
        return number(*v);
    else
        return QString::number(*v);
}

QString quoted(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString q = text;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

// Splits one CSV line (RFC 4180 quoting, no line breaks inside a field).
QStringList splitLine(const QString &line)
{
    QStringList fields;
    QString field;
    bool inQuotes = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (inQuotes) {
            if (c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                inQuotes = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            inQuotes = true;
        } else if (c == QLatin1Char(',')) {
            fields << field;
            field.clear();
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

} // namespace

QStringList TelemetryCsv::columns()
{
    return { QStringLiteral("time"), QStringLiteral("backend"), QStringLiteral("device"), QStringLiteral("name"),
        QStringLiteral("gpu_busy_pct"), QStringLiteral("vram_used_bytes"), QStringLiteral("vram_total_bytes"),
        QStringLiteral("temp_edge_c"), QStringLiteral("temp_junction_c"), QStringLiteral("temp_mem_c"),
        QStringLiteral("power_avg_w"), QStringLiteral("power_cap_w"), QStringLiteral("sclk_mhz"),
        QStringLiteral("mclk_mhz"), QStringLiteral("fan_pct"), QStringLiteral("fan_rpm"), QStringLiteral("cpu_pct"),
        QStringLiteral("ram_used_bytes"), QStringLiteral("ram_total_bytes"), QStringLiteral("process_rss_bytes") };
}

QString TelemetryCsv::header()
{
    return columns().join(QLatin1Char(',')) + QLatin1Char('\n');
}

QString TelemetryCsv::rows(const TelemetrySample &sample)
{
    const QString time = sample.time.toUTC().toString(Qt::ISODateWithMs);
    const HostSample &h = sample.host;
    const QStringList host { cell(h.cpuPercent), cell(h.ramUsedBytes), cell(h.ramTotalBytes), cell(h.processRssBytes) };
    const auto row = [&](const QStringList &gpu) {
        return (QStringList { time, quoted(sample.backend) } + gpu + host).join(QLatin1Char(',')) + QLatin1Char('\n');
    };
    if (sample.gpus.empty())
        return row(QStringList(14, QString())); // device to fan_rpm
    QString out;
    for (const GpuSample &g : sample.gpus)
        out += row({ QString::number(g.index), quoted(g.name), cell(g.busyPercent), cell(g.vramUsedBytes),
            cell(g.vramTotalBytes), cell(g.edgeTempC), cell(g.junctionTempC), cell(g.memoryTempC),
            cell(g.powerAverageW), cell(g.powerCapW), cell(g.sclkMHz), cell(g.mclkMHz), cell(g.fanPercent),
            cell(g.fanRpm) });
    return out;
}

TelemetryCsv::Contents TelemetryCsv::read(const QString &path)
{
    Contents contents;
    const QString fileName = QFileInfo(path).fileName();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        contents.problems << tr("%1: cannot open: %2").arg(path, f.errorString());
        return contents;
    }
    // Columns are found by name, so a file with columns added later (or reordered) reads.
    const QStringList header = splitLine(QString::fromUtf8(f.readLine()).trimmed());
    std::map<QString, int> at;
    for (int i = 0; i < header.size(); ++i)
        at[header[i]] = i;
    if (!at.count(QStringLiteral("time"))) {
        contents.problems << tr("%1:1: not a telemetry file (no \"time\" column in the header)").arg(fileName);
        return contents;
    }
    int lineNumber = 1;
    while (!f.atEnd()) {
        ++lineNumber;
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty())
            continue;
        const QStringList fields = splitLine(line);
        if (fields.size() != header.size()) {
            contents.problems << tr("%1:%2: expected %3 columns, found %4")
                                     .arg(fileName)
                                     .arg(lineNumber)
                                     .arg(header.size())
                                     .arg(fields.size());
            ++contents.skippedLines;
            continue;
        }
        QString bad; // the first column that does not parse
        const auto text = [&](const char *column) {
            const auto it = at.find(QLatin1String(column));
            return it == at.end() ? QString() : fields[it->second];
        };
        const auto real = [&](const char *column) -> std::optional<double> {
            const QString t = text(column);
            if (t.isEmpty())
                return std::nullopt;
            bool ok = false;
            const double v = t.toDouble(&ok);
            if (!ok && bad.isEmpty())
                bad = QLatin1String(column);
            return ok ? std::optional<double>(v) : std::nullopt;
        };
        const auto integer = [&](const char *column) -> std::optional<qint64> {
            const QString t = text(column);
            if (t.isEmpty())
                return std::nullopt;
            bool ok = false;
            const qint64 v = t.toLongLong(&ok);
            if (!ok && bad.isEmpty())
                bad = QLatin1String(column);
            return ok ? std::optional<qint64>(v) : std::nullopt;
        };
        const auto toInt = [](std::optional<qint64> v) { return v ? std::optional<int>(int(*v)) : std::nullopt; };

        const QDateTime time = QDateTime::fromString(text("time"), Qt::ISODateWithMs);
        if (!time.isValid()) {
            contents.problems << tr("%1:%2: \"%3\" is not a time (expected ISO 8601, e.g. 2024-05-01T12:00:00.000Z)")
                                     .arg(fileName)
                                     .arg(lineNumber)
                                     .arg(text("time"));
            ++contents.skippedLines;
            continue;
        }
        HostSample host;
        host.cpuPercent = real("cpu_pct");
        host.ramUsedBytes = integer("ram_used_bytes");
        host.ramTotalBytes = integer("ram_total_bytes");
        host.processRssBytes = integer("process_rss_bytes");
        std::optional<GpuSample> gpu;
        if (!text("device").isEmpty()) {
            GpuSample g;
            g.index = int(integer("device").value_or(0));
            g.name = text("name");
            g.busyPercent = real("gpu_busy_pct");
            g.vramUsedBytes = integer("vram_used_bytes");
            g.vramTotalBytes = integer("vram_total_bytes");
            g.edgeTempC = real("temp_edge_c");
            g.junctionTempC = real("temp_junction_c");
            g.memoryTempC = real("temp_mem_c");
            g.powerAverageW = real("power_avg_w");
            g.powerCapW = real("power_cap_w");
            g.sclkMHz = toInt(integer("sclk_mhz"));
            g.mclkMHz = toInt(integer("mclk_mhz"));
            g.fanPercent = real("fan_pct");
            g.fanRpm = toInt(integer("fan_rpm"));
            gpu = g;
        }
        if (!bad.isEmpty()) {
            contents.problems << tr("%1:%2: the %3 column is not a number").arg(fileName).arg(lineNumber).arg(bad);
            ++contents.skippedLines;
            continue;
        }
        // The rows of one sample are adjacent and share the time and the backend.
        const QString backend = text("backend");
        if (contents.samples.empty() || contents.samples.back().time != time
            || contents.samples.back().backend != backend) {
            TelemetrySample s;
            s.time = time;
            s.backend = backend;
            s.host = host;
            contents.samples.push_back(s);
        }
        if (gpu)
            contents.samples.back().gpus.push_back(*gpu);
    }
    return contents;
}

} // namespace gp
