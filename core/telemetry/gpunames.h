#pragma once

#include <QString>

#include <vector>

// GPU names and memory from the vendor management libraries (rocm-smi, NVML), loaded at
// run time with dlopen so the program needs neither at build time. Empty when absent.
struct GpuName
{
    QString name;
    qint64 memoryBytes = 0;
};

std::vector<GpuName> queryRocmSmiNames();
std::vector<GpuName> queryNvmlNames();
