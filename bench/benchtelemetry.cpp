// gp_bench_telemetry: what one telemetry sample costs (wall and CPU time of
// TelemetryMonitor::sample(): the backend's reads plus /proc), per backend, so the sampler's
// share of a training machine is known (docs/BENCHMARKS.md, "GPU telemetry").
//
// usage: gp_bench_telemetry [samples] [rocm-smi library] [nvml library]
//   The amdgpu sysfs backend reads a fake tree (tests/telemetry/faketrees.h); the libraries
//   default to the fake ones the tests build (build/tests/telemetry/fakelibs); give real
//   ones on a GPU machine. "CPU only" is this machine's /proc.

#include "../tests/telemetry/faketrees.h"
#include "telemetrymonitor.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

using gp::TelemetryMonitor;
using gp::TelemetrySources;

namespace {

double cpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

void measure(const char *label, const TelemetrySources &sources, int samples)
{
    QElapsedTimer open;
    open.start();
    TelemetryMonitor monitor(sources);
    const double openMs = open.nsecsElapsed() / 1e6;
    monitor.sample(); // warm-up: first reads fill the page cache
    QElapsedTimer wall;
    const double cpu0 = cpuSeconds();
    wall.start();
    size_t gpus = 0;
    for (int i = 0; i < samples; ++i)
        gpus += monitor.sample().gpus.size();
    const double wallUs = wall.nsecsElapsed() / 1e3 / samples;
    const double cpuUs = (cpuSeconds() - cpu0) * 1e6 / samples;
    std::printf("%-14s backend %-13s GPUs %zu  open %7.2f ms  sample: wall %8.1f us  cpu %8.1f us\n", label,
        qPrintable(monitor.report().backend), gpus / size_t(samples), openMs, wallUs, cpuUs);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int samples = argc > 1 ? std::max(1, atoi(argv[1])) : 1000;
    const QString fakeLibs = QStringLiteral(GP_FAKE_GPU_LIBS);
    const QString rocm
        = argc > 2 ? QString::fromLocal8Bit(argv[2]) : fakeLibs + QStringLiteral("/rsmi-debian/librocm_smi64.so");
    const QString nvml
        = argc > 3 ? QString::fromLocal8Bit(argv[3]) : fakeLibs + QStringLiteral("/nvml/libnvidia-ml.so.1");

    QTemporaryDir dir;
    const QString drm = dir.filePath(QStringLiteral("drm"));
    if (!faketree::writeDrmTree(drm)) {
        std::fprintf(stderr, "cannot write the fake sysfs tree under %s\n", qPrintable(dir.path()));
        return 1;
    }
    TelemetrySources none;
    none.drmRoot = dir.filePath(QStringLiteral("absent"));
    none.procRoot = QStringLiteral("/proc");

    TelemetrySources s = none;
    s.rocmSmiLibraries = { rocm };
    measure("ROCm SMI", s, samples);
    s = none;
    s.nvmlLibraries = { nvml };
    measure("NVML", s, samples);
    s = none;
    s.drmRoot = drm;
    measure("amdgpu sysfs", s, samples);
    measure("CPU only", none, samples);
    return 0;
}
