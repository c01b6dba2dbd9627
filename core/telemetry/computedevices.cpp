#include "computedevices.h"

#include "nvmlbackend.h"
#include "rocmsmibackend.h"
#include "telemetrysources.h"

#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <opencv2/core/version.hpp>

#include <QCoreApplication>
#include <QThread>

namespace gp {

namespace {

// GPU names and memory from the vendor library that matches the torch build; empty when
// the library is absent.
std::vector<GpuSample> vendorDevices(bool rocm)
{
    const TelemetrySources sources = TelemetrySources::fromEnvironment();
    std::unique_ptr<GpuBackend> backend;
    if (rocm)
        backend = std::make_unique<RocmSmiBackend>(sources.rocmSmiLibraries, sources.drmRoot);
    else
        backend = std::make_unique<NvmlBackend>(sources.nvmlLibraries);
    QString why;
    return backend->open(&why) ? backend->sample() : std::vector<GpuSample>();
}

} // namespace

QString ComputeDevice::torchDevice() const
{
    return kind == Kind::Cpu ? QStringLiteral("cpu") : QStringLiteral("cuda:%1").arg(index);
}

RuntimeInfo queryRuntimeInfo()
{
    RuntimeInfo info;
    info.torchVersion = QStringLiteral(TORCH_VERSION);
    info.opencvVersion = QStringLiteral(CV_VERSION);
    info.cpuThreads = QThread::idealThreadCount();

    ComputeDevice cpu;
    cpu.name = QCoreApplication::translate("ComputeDevice", "CPU (%1 threads)").arg(info.cpuThreads);
    info.devices.push_back(cpu);

    // ROCm builds of LibTorch present HIP devices through the CUDA API.
    const bool rocm = at::detail::getCUDAHooks().hasROCM();
    info.torchBackend = rocm          ? QStringLiteral("ROCm")
        : torch::cuda::is_available() ? QStringLiteral("CUDA")
                                      : QStringLiteral("CPU");
    if (!torch::cuda::is_available())
        return info;
    const std::vector<GpuSample> names = vendorDevices(rocm);
    const int n = int(torch::cuda::device_count());
    for (int i = 0; i < n; ++i) {
        ComputeDevice d;
        d.kind = rocm ? ComputeDevice::Kind::Rocm : ComputeDevice::Kind::Cuda;
        d.index = i;
        // The SMI libraries enumerate every GPU while torch honours *_VISIBLE_DEVICES;
        // the names line up when no device is hidden, which is the common case.
        if (size_t(i) < names.size()) {
            d.name = names[size_t(i)].name;
            d.memoryBytes = names[size_t(i)].vramTotalBytes.value_or(0);
        }
        if (d.name.isEmpty())
            d.name = QStringLiteral("%1 device %2").arg(rocm ? QStringLiteral("ROCm") : QStringLiteral("CUDA")).arg(i);
        info.devices.push_back(d);
    }
    return info;
}

} // namespace gp
