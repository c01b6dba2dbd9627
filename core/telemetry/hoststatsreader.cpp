#include "hoststatsreader.h"

#include <QFile>
#include <QStringList>

#include <algorithm>

namespace gp {

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The value in bytes of a "Key:   1234 kB" line of meminfo or status.
std::optional<qint64> kilobyteField(const QByteArray &text, const QByteArray &key)
{
    for (const QByteArray &line : text.split('\n')) {
        if (!line.startsWith(key + ':'))
            continue;
        const QList<QByteArray> parts = line.mid(key.size() + 1).simplified().split(' ');
        bool ok = false;
        const qint64 kb = parts.value(0).toLongLong(&ok);
        if (!ok || parts.value(1) != "kB")
            return std::nullopt;
        return kb * 1024;
    }
    return std::nullopt;
}

} // namespace

HostStatsReader::HostStatsReader(QString procRoot, std::chrono::milliseconds minimumCpuWindow)
    : m_root(std::move(procRoot))
    , m_minimumCpuWindow(minimumCpuWindow)
{ }

HostSample HostStatsReader::sample()
{
    HostSample s;
    // The first line of /proc/stat: "cpu  user nice system idle iowait irq softirq steal
    // guest guest_nice", in jiffies since boot. Guest time is already inside user and
    // nice, so only the first eight count; idle and iowait are the time not busy.
    const QByteArray stat = readFile(m_root + QStringLiteral("/stat"));
    const QByteArray first = stat.left(stat.indexOf('\n')).simplified();
    const QList<QByteArray> fields = first.split(' ');
    if (fields.value(0) == "cpu" && fields.size() >= 5) {
        quint64 total = 0, idle = 0;
        bool ok = true;
        for (int i = 1; i < fields.size() && i <= 8 && ok; ++i) {
            const quint64 v = fields[i].toULongLong(&ok);
            total += v;
            if (i == 4 || i == 5)
                idle += v;
        }
        const bool tooSoon = m_havePrevious && m_sincePrevious.elapsed() < m_minimumCpuWindow.count();
        if (ok && !tooSoon) {
            if (m_havePrevious && total > m_previousTotal && idle >= m_previousIdle) {
                const double dTotal = double(total - m_previousTotal);
                const double dIdle = double(idle - m_previousIdle);
                s.cpuPercent = std::clamp(100.0 * (dTotal - dIdle) / dTotal, 0.0, 100.0);
            }
            m_havePrevious = true;
            m_sincePrevious.start();
            m_previousTotal = total;
            m_previousIdle = idle;
        }
    }
    // "Used" as free(1) reports it: what is not available to start new programs.
    const QByteArray meminfo = readFile(m_root + QStringLiteral("/meminfo"));
    s.ramTotalBytes = kilobyteField(meminfo, "MemTotal");
    const auto available = kilobyteField(meminfo, "MemAvailable");
    if (s.ramTotalBytes && available)
        s.ramUsedBytes = *s.ramTotalBytes - *available;
    s.processRssBytes = kilobyteField(readFile(m_root + QStringLiteral("/self/status")), "VmRSS");
    return s;
}

} // namespace gp
