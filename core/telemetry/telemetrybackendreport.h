#pragma once

#include <QMetaType>
#include <QString>

#include <vector>

namespace gp {

// Which backend a TelemetryMonitor uses and why the ones before it fell through, in the
// order they were tried.
struct TelemetryBackendReport
{
    struct Attempt
    {
        QString backend; // id: "rocm-smi", "nvml", "amdgpu-sysfs", "cpu"
        bool used = false;
        QString detail; // why it fell through, or what it found when used
    };

    QString backend; // the id of the backend in use; "cpu" when no GPU backend works
    std::vector<Attempt> attempts;
};

} // namespace gp

Q_DECLARE_METATYPE(gp::TelemetryBackendReport)
