#pragma once

#include "gpusample.h"
#include "hostsample.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <vector>

namespace gp {

// Everything sampled at one moment: copyable, so it crosses threads in a queued signal.
struct TelemetrySample
{
    QDateTime time; // UTC, millisecond precision
    QString backend; // the id of the backend that produced `gpus` ("rocm-smi", "nvml", ...)
    HostSample host;
    std::vector<GpuSample> gpus;

    bool operator==(const TelemetrySample &o) const
    {
        return time == o.time && backend == o.backend && host == o.host && gpus == o.gpus;
    }
    bool operator!=(const TelemetrySample &o) const { return !(*this == o); }
};

} // namespace gp

Q_DECLARE_METATYPE(gp::TelemetrySample)
