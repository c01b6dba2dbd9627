#pragma once

#include "hostsample.h"

#include <QElapsedTimer>
#include <QString>

#include <chrono>

namespace gp {

// CPU load, RAM and this process's resident memory from Linux's /proc: <root>/stat,
// <root>/meminfo and <root>/self/status. The root is injectable so tests use a fake tree.
class HostStatsReader
{
public:
    // A load over less than this is mostly noise (the counters tick every 10 ms).
    static constexpr std::chrono::milliseconds kMinimumCpuWindow { 100 };

    explicit HostStatsReader(QString procRoot, std::chrono::milliseconds minimumCpuWindow = kMinimumCpuWindow);

    // The CPU load is the busy share of the jiffies since the reading it is measured from,
    // so the first call has none, nor a call sooner than the minimum window after it (which
    // keeps measuring from the same reading).
    HostSample sample();

private:
    QString m_root;
    std::chrono::milliseconds m_minimumCpuWindow;
    QElapsedTimer m_sincePrevious;
    bool m_havePrevious = false;
    quint64 m_previousTotal = 0;
    quint64 m_previousIdle = 0;
};

} // namespace gp
