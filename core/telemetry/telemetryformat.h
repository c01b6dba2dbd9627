#pragma once

#include "gpusample.h"
#include "hostsample.h"
#include "telemetrybackendreport.h"

#include <QCoreApplication>
#include <QString>

namespace gp {

// The text of each figure as the GPU panel and `gripperpose monitor` show it, in rocm-smi's
// units ("52.0°C", "289.1 W", "2482 MHz", "87%"), with "N/A" for what was not reported.
// One place, so the window and the terminal always agree.
class TelemetryFormat
{
    Q_DECLARE_TR_FUNCTIONS(TelemetryFormat)

public:
    static QString notAvailable();
    static QString temperature(const std::optional<double> &celsius);
    // "edge / junction / mem"
    static QString temperatures(const GpuSample &g);
    static QString watts(const std::optional<double> &w);
    // "average / cap"
    static QString power(const GpuSample &g);
    static QString clock(const std::optional<int> &mhz);
    // "40% (1500 rpm)", "40%", "1500 rpm"
    static QString fan(const GpuSample &g);
    static QString percent(const std::optional<double> &p);
    // "25% (6.0 / 24.0 GiB)"
    static QString vram(const GpuSample &g);
    static QString bytes(qint64 bytes); // "700.0 MiB", "12.0 GiB"
    // "CPU 37% · RAM 12.0 / 31.2 GiB · this process 700.0 MiB"
    static QString host(const HostSample &h);

    // The backend's name for people: "ROCm SMI", "NVML", "amdgpu sysfs", "CPU only".
    static QString backendTitle(const QString &id);
    // One line per backend tried: "NVML: library not loaded: ..." ("in use" for the chosen one).
    static QStringList attempts(const TelemetryBackendReport &report);
};

} // namespace gp
