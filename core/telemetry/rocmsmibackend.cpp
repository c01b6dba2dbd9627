#include "rocmsmibackend.h"

#include <QFileInfo>

#include <cstring>

namespace gp {

namespace {

// Values from rocm_smi.h (identical in ROCm 5, 6 and 7).
constexpr int kSuccess = 0;
constexpr int kMemTypeVram = 0;
constexpr int kTempCurrent = 0;
constexpr uint32_t kTempEdge = 0, kTempJunction = 1, kTempMemory = 2;
constexpr int kClockSystem = 0, kClockMemory = 4;
constexpr int64_t kMaxFanSpeed = 255; // RSMI_MAX_FAN_SPEED, when rsmi_dev_fan_speed_max_get is missing

// rsmi_frequencies_t changed in ROCm 6: a leading `bool has_deep_sleep` and 33 entries.
struct FrequenciesV5
{
    uint32_t numSupported;
    uint32_t current;
    uint64_t frequency[32];
};
struct FrequenciesV6
{
    bool hasDeepSleep;
    uint32_t numSupported;
    uint32_t current;
    uint64_t frequency[33];
};

struct Version
{
    uint32_t major, minor, patch;
    const char *build;
};

} // namespace

RocmSmiBackend::RocmSmiBackend(QStringList libraries, QString drmRoot)
    : m_libraries(std::move(libraries))
    , m_drmRoot(std::move(drmRoot))
{ }

RocmSmiBackend::~RocmSmiBackend()
{
    shutDown();
}

void RocmSmiBackend::shutDown()
{
    if (m_initialised && m_shutDown)
        m_shutDown();
    m_initialised = false;
    m_library.close();
}

QString RocmSmiBackend::statusText(int status) const
{
    const char *text = nullptr;
    if (m_statusString && m_statusString(status, &text) == kSuccess && text)
        return tr("%1 (status %2)").arg(QString::fromLocal8Bit(text)).arg(status);
    return tr("status %1").arg(status);
}

bool RocmSmiBackend::open(QString *why)
{
    shutDown();
    QString loadError;
    if (!m_library.open(m_libraries, &loadError)) {
        *why = tr("library not loaded: %1").arg(loadError);
        return false;
    }
    const auto init = m_library.function<InitFn>("rsmi_init");
    const auto count = m_library.function<CountFn>("rsmi_num_monitor_devices");
    m_shutDown = m_library.function<ShutDownFn>("rsmi_shut_down");
    if (!init || !count || !m_shutDown) {
        *why = tr("%1 lacks rsmi_init, rsmi_num_monitor_devices or rsmi_shut_down").arg(m_library.name());
        m_library.close();
        return false;
    }
    m_statusString = m_library.function<StatusStringFn>("rsmi_status_string");
    if (!QFileInfo(m_drmRoot).isDir()) {
        *why = tr("no GPU driver: %1 does not exist").arg(m_drmRoot);
        m_library.close();
        return false;
    }
    const int status = init(0);
    if (status != kSuccess) {
        *why = tr("rsmi_init failed: %1").arg(statusText(status));
        m_library.close();
        return false;
    }
    m_initialised = true;
    m_count = 0;
    const int countStatus = count(&m_count);
    if (countStatus != kSuccess || m_count == 0) {
        *why = countStatus != kSuccess ? tr("rsmi_num_monitor_devices failed: %1").arg(statusText(countStatus))
                                       : tr("no AMD GPU found");
        shutDown();
        return false;
    }

    // The clock structure's layout depends on the library's generation. Debian builds the
    // 5.x sources but reports version 1.0.0, as do some later releases, so a 1.x version is
    // told apart by a function that only the ROCm 6 generation has.
    Version version {};
    const auto versionGet = m_library.function<int (*)(Version *)>("rsmi_version_get");
    if (versionGet && versionGet(&version) == kSuccess)
        m_deepSleepLayout
            = version.major == 1 ? m_library.address("rsmi_dev_activity_metric_get") != nullptr : version.major >= 6;
    else
        m_deepSleepLayout = false;

    m_name = m_library.function<NameFn>("rsmi_dev_name_get");
    m_busy = m_library.function<U32Fn>("rsmi_dev_busy_percent_get");
    m_memoryUsage = m_library.function<MemoryFn>("rsmi_dev_memory_usage_get");
    m_memoryTotal = m_library.function<MemoryFn>("rsmi_dev_memory_total_get");
    m_temperature = m_library.function<TempFn>("rsmi_dev_temp_metric_get");
    m_powerAverage = m_library.function<SensorU64Fn>("rsmi_dev_power_ave_get");
    m_power = m_library.function<PowerFn>("rsmi_dev_power_get");
    m_powerCap = m_library.function<SensorU64Fn>("rsmi_dev_power_cap_get");
    m_clock = m_library.function<ClockFn>("rsmi_dev_gpu_clk_freq_get");
    m_fanSpeed = m_library.function<SensorI64Fn>("rsmi_dev_fan_speed_get");
    m_fanSpeedMax = m_library.function<SensorU64Fn>("rsmi_dev_fan_speed_max_get");
    m_fanRpm = m_library.function<SensorI64Fn>("rsmi_dev_fan_rpms_get");
    return true;
}

QString RocmSmiBackend::description() const
{
    return tr("%1, %n device(s)", nullptr, int(m_count)).arg(m_library.name());
}

std::optional<int> RocmSmiBackend::clockMHz(uint32_t device, int clockType) const
{
    if (!m_clock)
        return std::nullopt;
    // The library writes into a buffer the size of the larger layout, so a wrong guess of
    // the layout can never overflow it; the bytes are then read as the layout in use.
    alignas(FrequenciesV6) unsigned char buffer[sizeof(FrequenciesV6)] = {};
    if (m_clock(device, clockType, buffer) != kSuccess)
        return std::nullopt;
    const auto pick = [](const auto &f) -> std::optional<int> {
        constexpr uint32_t capacity = sizeof f.frequency / sizeof f.frequency[0];
        if (f.numSupported == 0 || f.numSupported > capacity || f.current >= f.numSupported)
            return std::nullopt;
        return int((f.frequency[f.current] + 500000) / 1000000); // Hz to MHz, rounded
    };
    if (m_deepSleepLayout) {
        FrequenciesV6 f;
        std::memcpy(&f, buffer, sizeof f);
        return pick(f);
    }
    FrequenciesV5 f;
    std::memcpy(&f, buffer, sizeof f);
    return pick(f);
}

std::vector<GpuSample> RocmSmiBackend::sample()
{
    std::vector<GpuSample> out;
    if (!m_initialised)
        return out;
    for (uint32_t i = 0; i < m_count; ++i) {
        GpuSample s;
        s.index = int(i);
        char name[256] = {};
        if (m_name && m_name(i, name, sizeof name - 1) == kSuccess)
            s.name = QString::fromUtf8(name);
        uint32_t busy = 0;
        if (m_busy && m_busy(i, &busy) == kSuccess)
            s.busyPercent = double(busy);
        uint64_t bytes = 0;
        if (m_memoryUsage && m_memoryUsage(i, kMemTypeVram, &bytes) == kSuccess)
            s.vramUsedBytes = qint64(bytes);
        if (m_memoryTotal && m_memoryTotal(i, kMemTypeVram, &bytes) == kSuccess)
            s.vramTotalBytes = qint64(bytes);
        const auto temperature = [&](uint32_t sensor) -> std::optional<double> {
            int64_t milliC = 0;
            if (m_temperature && m_temperature(i, sensor, kTempCurrent, &milliC) == kSuccess)
                return double(milliC) / 1000.0;
            return std::nullopt;
        };
        s.edgeTempC = temperature(kTempEdge);
        s.junctionTempC = temperature(kTempJunction);
        s.memoryTempC = temperature(kTempMemory);
        // Power in microwatts. MI300 reports no average, only the newer rsmi_dev_power_get.
        uint64_t microW = 0;
        int powerType = 0;
        if (m_powerAverage && m_powerAverage(i, 0, &microW) == kSuccess)
            s.powerAverageW = double(microW) / 1e6;
        else if (m_power && m_power(i, &microW, &powerType) == kSuccess)
            s.powerAverageW = double(microW) / 1e6;
        if (m_powerCap && m_powerCap(i, 0, &microW) == kSuccess)
            s.powerCapW = double(microW) / 1e6;
        s.sclkMHz = clockMHz(i, kClockSystem);
        s.mclkMHz = clockMHz(i, kClockMemory);
        int64_t speed = 0;
        if (m_fanSpeed && m_fanSpeed(i, 0, &speed) == kSuccess) {
            uint64_t maxSpeed = 0;
            const int64_t fullSpeed = m_fanSpeedMax && m_fanSpeedMax(i, 0, &maxSpeed) == kSuccess && maxSpeed > 0
                ? int64_t(maxSpeed)
                : kMaxFanSpeed;
            s.fanPercent = 100.0 * double(speed) / double(fullSpeed);
        }
        int64_t rpm = 0;
        if (m_fanRpm && m_fanRpm(i, 0, &rpm) == kSuccess)
            s.fanRpm = int(rpm);
        out.push_back(s);
    }
    return out;
}

} // namespace gp
