#pragma once

#include <QtGlobal>

#include <optional>

namespace gp {

// The host's figures at one moment: CPU load over the last interval, RAM, and the
// resident memory of this process (the program that trains).
struct HostSample
{
    std::optional<double> cpuPercent; // empty for the first reading (a load needs two)
    std::optional<qint64> ramUsedBytes;
    std::optional<qint64> ramTotalBytes;
    std::optional<qint64> processRssBytes;

    bool operator==(const HostSample &o) const
    {
        return cpuPercent == o.cpuPercent && ramUsedBytes == o.ramUsedBytes && ramTotalBytes == o.ramTotalBytes
            && processRssBytes == o.processRssBytes;
    }
    bool operator!=(const HostSample &o) const { return !(*this == o); }
};

} // namespace gp
