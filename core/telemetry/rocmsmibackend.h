#pragma once

#include "gpubackend.h"
#include "sharedlibrary.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdint>

namespace gp {

// GPU figures from AMD's ROCm SMI library (librocm_smi64), opened with dlopen. The few
// functions used are declared here, so no build needs ROCm's headers.
class RocmSmiBackend : public GpuBackend
{
    Q_DECLARE_TR_FUNCTIONS(RocmSmiBackend)

public:
    // drmRoot: the kernel's DRM class folder ("/sys/class/drm"). Without it rsmi_init can only
    // fail, and it prints to stderr when it does; so it is not called.
    RocmSmiBackend(QStringList libraries, QString drmRoot);
    ~RocmSmiBackend() override;

    QString id() const override { return QStringLiteral("rocm-smi"); }
    bool open(QString *why) override;
    QString description() const override;
    std::vector<GpuSample> sample() override;

private:
    void shutDown();
    QString statusText(int status) const;
    std::optional<int> clockMHz(uint32_t device, int clockType) const;

    using InitFn = int (*)(uint64_t);
    using ShutDownFn = int (*)();
    using StatusStringFn = int (*)(int, const char **);
    using CountFn = int (*)(uint32_t *);
    using NameFn = int (*)(uint32_t, char *, size_t);
    using U32Fn = int (*)(uint32_t, uint32_t *);
    using MemoryFn = int (*)(uint32_t, int, uint64_t *);
    using TempFn = int (*)(uint32_t, uint32_t, int, int64_t *);
    using SensorU64Fn = int (*)(uint32_t, uint32_t, uint64_t *);
    using SensorI64Fn = int (*)(uint32_t, uint32_t, int64_t *);
    using PowerFn = int (*)(uint32_t, uint64_t *, int *);
    using ClockFn = int (*)(uint32_t, int, void *);

    QStringList m_libraries;
    QString m_drmRoot;
    SharedLibrary m_library;
    bool m_initialised = false;
    bool m_deepSleepLayout = false; // rsmi_frequencies_t of ROCm 6 and later
    uint32_t m_count = 0;
    ShutDownFn m_shutDown = nullptr;
    StatusStringFn m_statusString = nullptr;
    NameFn m_name = nullptr;
    U32Fn m_busy = nullptr;
    MemoryFn m_memoryUsage = nullptr;
    MemoryFn m_memoryTotal = nullptr;
    TempFn m_temperature = nullptr;
    SensorU64Fn m_powerAverage = nullptr;
    PowerFn m_power = nullptr;
    SensorU64Fn m_powerCap = nullptr;
    ClockFn m_clock = nullptr;
    SensorI64Fn m_fanSpeed = nullptr;
    SensorU64Fn m_fanSpeedMax = nullptr;
    SensorI64Fn m_fanRpm = nullptr;
};

} // namespace gp
