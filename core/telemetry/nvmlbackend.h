#pragma once

#include "gpubackend.h"
#include "sharedlibrary.h"

#include <QCoreApplication>
#include <QStringList>

namespace gp {

// GPU figures from NVIDIA's management library (libnvidia-ml), opened with dlopen. The few
// functions used are declared here, so no build needs CUDA.
class NvmlBackend : public GpuBackend
{
    Q_DECLARE_TR_FUNCTIONS(NvmlBackend)

public:
    explicit NvmlBackend(QStringList libraries);
    ~NvmlBackend() override;

    QString id() const override { return QStringLiteral("nvml"); }
    bool open(QString *why) override;
    QString description() const override;
    std::vector<GpuSample> sample() override;

private:
    void shutDown();
    QString errorText(int status) const;

    struct Utilization
    {
        unsigned gpu, memory;
    };
    struct Memory
    {
        unsigned long long total, free, used;
    };
    using Device = void *;
    using ShutDownFn = int (*)();
    using ErrorStringFn = const char *(*)(int);
    using HandleFn = int (*)(unsigned, Device *);
    using NameFn = int (*)(Device, char *, unsigned);
    using UtilizationFn = int (*)(Device, Utilization *);
    using MemoryFn = int (*)(Device, Memory *);
    using TypedUIntFn = int (*)(Device, int, unsigned *);
    using UIntFn = int (*)(Device, unsigned *);

    QStringList m_libraries;
    SharedLibrary m_library;
    bool m_initialised = false;
    unsigned m_count = 0;
    ShutDownFn m_shutDown = nullptr;
    ErrorStringFn m_errorString = nullptr;
    HandleFn m_handle = nullptr;
    NameFn m_name = nullptr;
    UtilizationFn m_utilization = nullptr;
    MemoryFn m_memory = nullptr;
    TypedUIntFn m_temperature = nullptr;
    UIntFn m_power = nullptr;
    UIntFn m_powerLimit = nullptr;
    TypedUIntFn m_clock = nullptr;
    UIntFn m_fan = nullptr;
};

} // namespace gp
