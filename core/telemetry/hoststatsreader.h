#pragma once

#include "hostsample.h"

#include <QString>

// CPU load, RAM and this process's resident memory from Linux's /proc: <root>/stat,
// <root>/meminfo and <root>/self/status. The root is injectable so tests use a fake tree.
class HostStatsReader
{
public:
    explicit HostStatsReader(QString procRoot);

    // The CPU load is the busy share of the jiffies since the previous call, so the first
    // call (and a call before the counters moved) has none.
    HostSample sample();

private:
    QString m_root;
    bool m_havePrevious = false;
    quint64 m_previousTotal = 0;
    quint64 m_previousIdle = 0;
};
