#include "gpunames.h"

#include <dlfcn.h>

#include <cstdint>

namespace {

// Closes the library on scope exit.
struct Library
{
    void *handle = nullptr;
    explicit Library(std::initializer_list<const char *> names)
    {
        for (const char *n : names)
            if ((handle = dlopen(n, RTLD_NOW | RTLD_LOCAL)))
                break;
    }
    ~Library()
    {
        if (handle)
            dlclose(handle);
    }
    template <typename F>
    F get(const char *symbol) const
    {
        return handle ? reinterpret_cast<F>(dlsym(handle, symbol)) : nullptr;
    }
};

} // namespace

std::vector<GpuName> queryRocmSmiNames()
{
    std::vector<GpuName> out;
    Library lib({"librocm_smi64.so.1", "librocm_smi64.so", "/opt/rocm/lib/librocm_smi64.so.1"});
    auto init = lib.get<int (*)(uint64_t)>("rsmi_init");
    auto shutDown = lib.get<int (*)()>("rsmi_shut_down");
    auto count = lib.get<int (*)(uint32_t *)>("rsmi_num_monitor_devices");
    auto name = lib.get<int (*)(uint32_t, char *, size_t)>("rsmi_dev_name_get");
    auto total = lib.get<int (*)(uint32_t, int, uint64_t *)>("rsmi_dev_memory_total_get");
    if (!init || !count || !name || init(0) != 0)
        return out;
    uint32_t n = 0;
    if (count(&n) == 0)
        for (uint32_t i = 0; i < n; ++i) {
            char buf[256] = {};
            uint64_t mem = 0;
            GpuName g;
            g.name = name(i, buf, sizeof buf) == 0 ? QString::fromUtf8(buf) : QString();
            if (total && total(i, 0 /* RSMI_MEM_TYPE_VRAM */, &mem) == 0)
                g.memoryBytes = qint64(mem);
            out.push_back(g);
        }
    if (shutDown)
        shutDown();
    return out;
}

std::vector<GpuName> queryNvmlNames()
{
    std::vector<GpuName> out;
    Library lib({"libnvidia-ml.so.1", "libnvidia-ml.so"});
    struct Memory
    {
        unsigned long long total, free, used;
    };
    auto init = lib.get<int (*)()>("nvmlInit_v2");
    auto shutDown = lib.get<int (*)()>("nvmlShutdown");
    auto count = lib.get<int (*)(unsigned *)>("nvmlDeviceGetCount_v2");
    auto handle = lib.get<int (*)(unsigned, void **)>("nvmlDeviceGetHandleByIndex_v2");
    auto name = lib.get<int (*)(void *, char *, unsigned)>("nvmlDeviceGetName");
    auto memory = lib.get<int (*)(void *, Memory *)>("nvmlDeviceGetMemoryInfo");
    if (!init || !count || !handle || !name || init() != 0)
        return out;
    unsigned n = 0;
    if (count(&n) == 0)
        for (unsigned i = 0; i < n; ++i) {
            void *dev = nullptr;
            GpuName g;
            char buf[256] = {};
            if (handle(i, &dev) == 0) {
                if (name(dev, buf, sizeof buf) == 0)
                    g.name = QString::fromUtf8(buf);
                Memory m{};
                if (memory && memory(dev, &m) == 0)
                    g.memoryBytes = qint64(m.total);
            }
            out.push_back(g);
        }
    if (shutDown)
        shutDown();
    return out;
}
