// A stand-in for libnvidia-ml.so.1 that returns the values in fakegpuvalues.h. With
// FAKE_NVML_INIT_STATUS set, nvmlInit_v2 fails with that status, as it does on a machine
// whose NVIDIA driver is not loaded.

#include "fakegpuvalues.h"

#include <cstring>

using namespace fakegpu;

namespace {

struct Device
{
    int index;
};
Device g_device { 0 };
bool g_initialised = false;

struct Utilization
{
    unsigned gpu, memory;
};
struct Memory
{
    unsigned long long total, free, used;
};

int check(Device *d)
{
    return !g_initialised ? 1 : d == &g_device ? 0 : 2; // UNINITIALIZED, SUCCESS, INVALID_ARGUMENT
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int nvmlInit_v2()
{
    g_initialised = FAKE_NVML_INIT_STATUS == 0;
    return FAKE_NVML_INIT_STATUS;
}

__attribute__((visibility("default"))) int nvmlShutdown()
{
    g_initialised = false;
    return 0;
}

__attribute__((visibility("default"))) const char *nvmlErrorString(int status)
{
    return status == kNvmlErrorDriverNotLoaded ? kNvmlDriverNotLoadedText : "Unknown Error";
}

__attribute__((visibility("default"))) int nvmlDeviceGetCount_v2(unsigned *n)
{
    if (!g_initialised)
        return 1;
    *n = 1;
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetHandleByIndex_v2(unsigned i, Device **d)
{
    if (!g_initialised)
        return 1;
    if (i != 0)
        return 2;
    *d = &g_device;
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetName(Device *d, char *name, unsigned length)
{
    if (int s = check(d))
        return s;
    std::strncpy(name, kNvmlName, length);
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetUtilizationRates(Device *d, Utilization *u)
{
    if (int s = check(d))
        return s;
    *u = { kNvmlUtilization, 40 };
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetMemoryInfo(Device *d, Memory *m)
{
    if (int s = check(d))
        return s;
    *m = { kNvmlMemoryTotal, kNvmlMemoryTotal - kNvmlMemoryUsed, kNvmlMemoryUsed };
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetTemperature(Device *d, int sensor, unsigned *c)
{
    if (int s = check(d))
        return s;
    if (sensor != 0)
        return 2;
    *c = kNvmlTemperature;
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetPowerUsage(Device *d, unsigned *mW)
{
    if (int s = check(d))
        return s;
    *mW = kNvmlPower;
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetEnforcedPowerLimit(Device *d, unsigned *mW)
{
    if (int s = check(d))
        return s;
    *mW = kNvmlPowerLimit;
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetClockInfo(Device *d, int type, unsigned *mhz)
{
    if (int s = check(d))
        return s;
    if (type == 0)
        *mhz = kNvmlGraphicsClock;
    else if (type == 2)
        *mhz = kNvmlMemoryClock;
    else
        return 3; // NOT_SUPPORTED
    return 0;
}

__attribute__((visibility("default"))) int nvmlDeviceGetFanSpeed(Device *d, unsigned *percent)
{
    if (int s = check(d))
        return s;
    *percent = kNvmlFan;
    return 0;
}

} // extern "C"
