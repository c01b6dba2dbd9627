// A stand-in for librocm_smi64.so that returns the values in fakegpuvalues.h. Built in
// variants (see CMakeLists.txt): FAKE_RSMI_VERSION_MAJOR is what rsmi_version_get reports,
// FAKE_RSMI_DEEP_SLEEP_LAYOUT selects ROCm 6's rsmi_frequencies_t, FAKE_RSMI_ACTIVITY exports
// the ROCm 6-only rsmi_dev_activity_metric_get, FAKE_RSMI_INIT_STATUS is rsmi_init's result.

#include "fakegpuvalues.h"

#include <cstddef>
#include <cstring>

using namespace fakegpu;

namespace {

#if FAKE_RSMI_DEEP_SLEEP_LAYOUT
struct Frequencies
{
    bool hasDeepSleep;
    uint32_t numSupported;
    uint32_t current;
    uint64_t frequency[33];
};
#else
struct Frequencies
{
    uint32_t numSupported;
    uint32_t current;
    uint64_t frequency[32];
};
#endif

struct Version
{
    uint32_t major, minor, patch;
    const char *build;
};

bool g_initialised = false;

int checkDevice(uint32_t dv)
{
    return !g_initialised ? 8 : dv < kRsmiDevices ? 0 : 3; // INIT_ERROR, SUCCESS, INVALID_ARGS
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int rsmi_init(uint64_t)
{
    g_initialised = FAKE_RSMI_INIT_STATUS == 0;
    return FAKE_RSMI_INIT_STATUS;
}

__attribute__((visibility("default"))) int rsmi_shut_down()
{
    g_initialised = false;
    return 0;
}

__attribute__((visibility("default"))) int rsmi_status_string(int status, const char **text)
{
    *text = status == kRsmiStatusInitError ? kRsmiInitErrorText : "RSMI_STATUS_OTHER";
    return 0;
}

__attribute__((visibility("default"))) int rsmi_version_get(Version *v)
{
    *v = { FAKE_RSMI_VERSION_MAJOR, 0, 0, "fake" };
    return 0;
}

#if FAKE_RSMI_ACTIVITY
__attribute__((visibility("default"))) int rsmi_dev_activity_metric_get(uint32_t, int, void *)
{
    return kRsmiStatusNotSupported;
}
#endif

__attribute__((visibility("default"))) int rsmi_num_monitor_devices(uint32_t *n)
{
    if (!g_initialised)
        return 8;
    *n = kRsmiDevices;
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_name_get(uint32_t dv, char *name, size_t len)
{
    if (int s = checkDevice(dv))
        return s;
    std::strncpy(name, kRsmiNames[dv], len);
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_busy_percent_get(uint32_t dv, uint32_t *busy)
{
    if (int s = checkDevice(dv))
        return s;
    *busy = kRsmiBusy[dv];
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_memory_usage_get(uint32_t dv, int type, uint64_t *used)
{
    if (int s = checkDevice(dv))
        return s;
    if (type != 0)
        return kRsmiStatusNotSupported;
    *used = kRsmiVramUsed[dv];
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_memory_total_get(uint32_t dv, int type, uint64_t *total)
{
    if (int s = checkDevice(dv))
        return s;
    if (type != 0)
        return kRsmiStatusNotSupported;
    *total = kRsmiVramTotal[dv];
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_temp_metric_get(
    uint32_t dv, uint32_t sensor, int metric, int64_t *milliC)
{
    if (int s = checkDevice(dv))
        return s;
    if (metric != 0)
        return kRsmiStatusNotSupported;
    switch (sensor) {
    case 0:
        *milliC = kRsmiTempEdge[dv];
        return 0;
    case 1:
        *milliC = kRsmiTempJunction[dv];
        return 0;
    case 2:
        *milliC = kRsmiTempMemory[dv];
        return 0;
    default:
        return kRsmiStatusNotSupported;
    }
}

__attribute__((visibility("default"))) int rsmi_dev_power_ave_get(uint32_t dv, uint32_t sensor, uint64_t *microW)
{
    if (int s = checkDevice(dv))
        return s;
    if (sensor != 0)
        return kRsmiStatusNotSupported;
    *microW = kRsmiPowerAverage[dv];
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_power_cap_get(uint32_t dv, uint32_t sensor, uint64_t *microW)
{
    if (int s = checkDevice(dv))
        return s;
    if (sensor != 0)
        return kRsmiStatusNotSupported;
    *microW = kRsmiPowerCap[dv];
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_gpu_clk_freq_get(uint32_t dv, int type, Frequencies *f)
{
    if (int s = checkDevice(dv))
        return s;
    const uint64_t *levels = type == 0 ? kRsmiSclkLevels : type == 4 ? kRsmiMclkLevels : nullptr;
    if (!levels)
        return kRsmiStatusNotSupported;
    std::memset(f, 0, sizeof *f);
#if FAKE_RSMI_DEEP_SLEEP_LAYOUT
    f->hasDeepSleep = false;
#endif
    f->numSupported = 3;
    f->current = type == 0 ? kRsmiSclkCurrent[dv] : kRsmiMclkCurrent[dv];
    for (int i = 0; i < 3; ++i)
        f->frequency[i] = levels[i];
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_fan_speed_get(uint32_t dv, uint32_t, int64_t *level)
{
    if (int s = checkDevice(dv))
        return s;
    if (dv != 0)
        return kRsmiStatusNotSupported;
    *level = kRsmiFanLevel;
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_fan_speed_max_get(uint32_t dv, uint32_t, uint64_t *max)
{
    if (int s = checkDevice(dv))
        return s;
    if (dv != 0)
        return kRsmiStatusNotSupported;
    *max = kRsmiFanMax;
    return 0;
}

__attribute__((visibility("default"))) int rsmi_dev_fan_rpms_get(uint32_t dv, uint32_t, int64_t *rpm)
{
    if (int s = checkDevice(dv))
        return s;
    if (dv != 0)
        return kRsmiStatusNotSupported;
    *rpm = kRsmiFanRpm;
    return 0;
}

} // extern "C"
