#include "telemetrymonitor.h"

#include "amdgpusysfsbackend.h"
#include "nvmlbackend.h"
#include "rocmsmibackend.h"

namespace gp {

TelemetryMonitor::TelemetryMonitor(const TelemetrySources &sources)
    : m_host(sources.procRoot)
{
    std::vector<std::unique_ptr<GpuBackend>> candidates;
    candidates.push_back(std::make_unique<RocmSmiBackend>(sources.rocmSmiLibraries, sources.drmRoot));
    candidates.push_back(std::make_unique<NvmlBackend>(sources.nvmlLibraries));
    candidates.push_back(std::make_unique<AmdgpuSysfsBackend>(sources.drmRoot));
    for (auto &candidate : candidates) {
        TelemetryBackendReport::Attempt attempt;
        attempt.backend = candidate->id();
        if (m_backend) {
            attempt.detail = tr("not tried");
        } else {
            QString why;
            if (candidate->open(&why)) {
                attempt.used = true;
                attempt.detail = candidate->description();
                m_backend = std::move(candidate);
            } else {
                attempt.detail = why;
            }
        }
        m_report.attempts.push_back(attempt);
    }
    TelemetryBackendReport::Attempt host;
    host.backend = QStringLiteral("cpu");
    host.used = !m_backend;
    host.detail = sources.procRoot;
    m_report.attempts.push_back(host);
    m_report.backend = m_backend ? m_backend->id() : host.backend;
    // Primes the CPU counters, so the first sample has a load when time has passed.
    m_host.sample();
}

TelemetryMonitor::~TelemetryMonitor() = default;

QStringList TelemetryMonitor::backendOrder()
{
    return { QStringLiteral("rocm-smi"), QStringLiteral("nvml"), QStringLiteral("amdgpu-sysfs"),
        QStringLiteral("cpu") };
}

TelemetrySample TelemetryMonitor::sample()
{
    TelemetrySample s;
    const qint64 ms = QDateTime::currentMSecsSinceEpoch();
    s.time = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
    s.backend = m_report.backend;
    s.host = m_host.sample();
    if (m_backend)
        s.gpus = m_backend->sample();
    return s;
}

} // namespace gp
