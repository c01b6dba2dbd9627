#pragma once

#include "gpubackend.h"
#include "hoststatsreader.h"
#include "telemetrybackendreport.h"
#include "telemetrysample.h"
#include "telemetrysources.h"

#include <QCoreApplication>

#include <memory>

namespace gp {

// Picks the first GPU backend that works, in the order ROCm SMI, NVML, amdgpu sysfs, and
// samples it together with the host's /proc figures. With no GPU backend it reports the
// host alone (backend "cpu"). The report says which backend is in use and why the ones
// before it fell through. Not thread-safe: one thread opens and samples it.
class TelemetryMonitor
{
    Q_DECLARE_TR_FUNCTIONS(TelemetryMonitor)

public:
    explicit TelemetryMonitor(const TelemetrySources &sources);
    ~TelemetryMonitor();
    TelemetryMonitor(const TelemetryMonitor &) = delete;
    TelemetryMonitor &operator=(const TelemetryMonitor &) = delete;

    const TelemetryBackendReport &report() const { return m_report; }
    TelemetrySample sample();

    // The backend ids in the order they are tried, "cpu" last.
    static QStringList backendOrder();

private:
    std::unique_ptr<GpuBackend> m_backend;
    HostStatsReader m_host;
    TelemetryBackendReport m_report;
};

} // namespace gp
