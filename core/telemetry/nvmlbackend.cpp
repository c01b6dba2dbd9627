#include "nvmlbackend.h"

namespace gp {

namespace {

// Values from nvml.h.
constexpr int kSuccess = 0;
constexpr int kTemperatureGpu = 0;
constexpr int kClockGraphics = 0, kClockMemory = 2;

} // namespace

NvmlBackend::NvmlBackend(QStringList libraries)
    : m_libraries(std::move(libraries))
{ }

NvmlBackend::~NvmlBackend()
{
    shutDown();
}

void NvmlBackend::shutDown()
{
    if (m_initialised && m_shutDown)
        m_shutDown();
    m_initialised = false;
    m_library.close();
}

QString NvmlBackend::errorText(int status) const
{
    const char *text = m_errorString ? m_errorString(status) : nullptr;
    return text ? tr("%1 (status %2)").arg(QString::fromLocal8Bit(text)).arg(status) : tr("status %1").arg(status);
}

bool NvmlBackend::open(QString *why)
{
    shutDown();
    QString loadError;
    if (!m_library.open(m_libraries, &loadError)) {
        *why = tr("library not loaded: %1").arg(loadError);
        return false;
    }
    // The _v2 entry points exist since NVML 5.319 (2013); the unversioned ones count
    // devices the process may not access.
    const auto init = m_library.function<int (*)()>("nvmlInit_v2");
    const auto count = m_library.function<int (*)(unsigned *)>("nvmlDeviceGetCount_v2");
    m_shutDown = m_library.function<ShutDownFn>("nvmlShutdown");
    m_handle = m_library.function<HandleFn>("nvmlDeviceGetHandleByIndex_v2");
    if (!init || !count || !m_shutDown || !m_handle) {
        *why = tr("%1 lacks nvmlInit_v2, nvmlDeviceGetCount_v2, nvmlDeviceGetHandleByIndex_v2 or nvmlShutdown")
                   .arg(m_library.name());
        m_library.close();
        return false;
    }
    m_errorString = m_library.function<ErrorStringFn>("nvmlErrorString");
    const int status = init();
    if (status != kSuccess) {
        *why = tr("nvmlInit_v2 failed: %1").arg(errorText(status));
        m_library.close();
        return false;
    }
    m_initialised = true;
    m_count = 0;
    const int countStatus = count(&m_count);
    if (countStatus != kSuccess || m_count == 0) {
        *why = countStatus != kSuccess ? tr("nvmlDeviceGetCount_v2 failed: %1").arg(errorText(countStatus))
                                       : tr("no NVIDIA GPU found");
        shutDown();
        return false;
    }
    m_name = m_library.function<NameFn>("nvmlDeviceGetName");
    m_utilization = m_library.function<UtilizationFn>("nvmlDeviceGetUtilizationRates");
    m_memory = m_library.function<MemoryFn>("nvmlDeviceGetMemoryInfo");
    m_temperature = m_library.function<TypedUIntFn>("nvmlDeviceGetTemperature");
    m_power = m_library.function<UIntFn>("nvmlDeviceGetPowerUsage");
    m_powerLimit = m_library.function<UIntFn>("nvmlDeviceGetEnforcedPowerLimit");
    m_clock = m_library.function<TypedUIntFn>("nvmlDeviceGetClockInfo");
    m_fan = m_library.function<UIntFn>("nvmlDeviceGetFanSpeed");
    return true;
}

QString NvmlBackend::description() const
{
    return tr("%1, %n device(s)", nullptr, int(m_count)).arg(m_library.name());
}

std::vector<GpuSample> NvmlBackend::sample()
{
    std::vector<GpuSample> out;
    if (!m_initialised)
        return out;
    for (unsigned i = 0; i < m_count; ++i) {
        GpuSample s;
        s.index = int(i);
        Device device = nullptr;
        if (m_handle(i, &device) != kSuccess) {
            out.push_back(s); // keeps the indices aligned with the device numbers
            continue;
        }
        char name[256] = {};
        if (m_name && m_name(device, name, sizeof name - 1) == kSuccess)
            s.name = QString::fromUtf8(name);
        Utilization utilization {};
        if (m_utilization && m_utilization(device, &utilization) == kSuccess)
            s.busyPercent = double(utilization.gpu);
        Memory memory {};
        if (m_memory && m_memory(device, &memory) == kSuccess) {
            s.vramUsedBytes = qint64(memory.used);
            s.vramTotalBytes = qint64(memory.total);
        }
        // NVML's one GPU temperature is the die's sensor: shown where rocm-smi shows edge.
        unsigned value = 0;
        if (m_temperature && m_temperature(device, kTemperatureGpu, &value) == kSuccess)
            s.edgeTempC = double(value);
        if (m_power && m_power(device, &value) == kSuccess)
            s.powerAverageW = double(value) / 1000.0; // milliwatts
        if (m_powerLimit && m_powerLimit(device, &value) == kSuccess)
            s.powerCapW = double(value) / 1000.0;
        if (m_clock && m_clock(device, kClockGraphics, &value) == kSuccess)
            s.sclkMHz = int(value);
        if (m_clock && m_clock(device, kClockMemory, &value) == kSuccess)
            s.mclkMHz = int(value);
        if (m_fan && m_fan(device, &value) == kSuccess)
            s.fanPercent = double(value);
        out.push_back(s);
    }
    return out;
}

} // namespace gp
