#pragma once

#include <QString>

#include <vector>

namespace gp {

// The compute devices this build of the program can use, and the library versions, for
// the About dialog and `gripperpose info`. LibTorch stays behind this header.
struct ComputeDevice
{
    enum class Kind { Cpu, Cuda, Rocm };
    Kind kind = Kind::Cpu;
    int index = -1; // torch device index (-1 for the CPU)
    QString name;
    qint64 memoryBytes = 0; // 0 when unknown
    QString torchDevice() const; // "cpu", "cuda:0", ...
};

struct RuntimeInfo
{
    QString torchVersion;
    QString opencvVersion;
    QString torchBackend; // "CPU", "CUDA 12.1", "ROCm 6.2", ...
    int cpuThreads = 0;
    std::vector<ComputeDevice> devices; // CPU first
};

RuntimeInfo queryRuntimeInfo();

} // namespace gp
