#pragma once

#include "gpusample.h"

#include <QString>

#include <vector>

namespace gp {

// A source of GPU figures (a vendor library or the kernel's sysfs files). A backend is
// opened once and then sampled from one thread; it is not thread-safe.
class GpuBackend
{
public:
    virtual ~GpuBackend() = default;
    // "rocm-smi", "nvml", "amdgpu-sysfs"
    virtual QString id() const = 0;
    // Opens the source. False, with the reason in `why`, when it cannot be used: missing,
    // fails to initialise, or finds no device.
    virtual bool open(QString *why) = 0;
    // What was opened, for the report ("librocm_smi64.so.1, 2 devices").
    virtual QString description() const = 0;
    // One sample per device, in the backend's device order.
    virtual std::vector<GpuSample> sample() = 0;
};

} // namespace gp
