#pragma once

// The raw values the fake vendor libraries (fakerocmsmi.cpp, fakenvml.cpp) return, in the
// libraries' own units. The tests convert them to GpuSample's units by definition (µW to
// W, Hz to MHz, fan level over its maximum) and expect exactly that.

#include <cstdint>

namespace fakegpu {

// ROCm SMI: two devices.
constexpr uint32_t kRsmiDevices = 2;
constexpr const char *kRsmiNames[] = { "Radeon RX 7900 XTX", "Instinct MI210" };
constexpr uint32_t kRsmiBusy[] = { 87, 3 };
constexpr uint64_t kRsmiVramUsed[] = { 6442450944ull, 1073741824ull }; // 6 GiB, 1 GiB
constexpr uint64_t kRsmiVramTotal[] = { 25753026560ull, 68702699520ull }; // 23.98 GiB, 64 GiB
constexpr int64_t kRsmiTempEdge[] = { 52000, 41000 }; // millidegrees C
constexpr int64_t kRsmiTempJunction[] = { 74500, 44000 };
constexpr int64_t kRsmiTempMemory[] = { 68000, 39000 };
constexpr uint64_t kRsmiPowerAverage[] = { 289123456ull, 42000000ull }; // microwatts
constexpr uint64_t kRsmiPowerCap[] = { 327000000ull, 300000000ull };
// Shader and memory clock levels in Hz, and the current level.
constexpr uint64_t kRsmiSclkLevels[] = { 500000000ull, 1500000000ull, 2482000000ull };
constexpr uint32_t kRsmiSclkCurrent[] = { 2, 0 };
constexpr uint64_t kRsmiMclkLevels[] = { 96000000ull, 456000000ull, 1249000000ull };
constexpr uint32_t kRsmiMclkCurrent[] = { 2, 1 };
// Device 0 has a fan (level 102 of 255, 1500 rpm); device 1 is passive (not supported).
constexpr int64_t kRsmiFanLevel = 102;
constexpr uint64_t kRsmiFanMax = 255;
constexpr int64_t kRsmiFanRpm = 1500;
constexpr int kRsmiStatusInitError = 8;
constexpr int kRsmiStatusNotSupported = 2;
constexpr const char *kRsmiInitErrorText = "RSMI_STATUS_INIT_ERROR: An error occurred during initialization";

// NVML: one device.
constexpr const char *kNvmlName = "NVIDIA GeForce RTX 4090";
constexpr unsigned kNvmlUtilization = 93;
constexpr unsigned long long kNvmlMemoryTotal = 25757220864ull;
constexpr unsigned long long kNvmlMemoryUsed = 20401094656ull;
constexpr unsigned kNvmlTemperature = 65; // degrees C
constexpr unsigned kNvmlPower = 312456; // milliwatts
constexpr unsigned kNvmlPowerLimit = 450000; // milliwatts
constexpr unsigned kNvmlGraphicsClock = 2520; // MHz
constexpr unsigned kNvmlMemoryClock = 10501; // MHz
constexpr unsigned kNvmlFan = 55; // percent
constexpr int kNvmlErrorDriverNotLoaded = 9;
constexpr const char *kNvmlDriverNotLoadedText = "Driver Not Loaded";

} // namespace fakegpu
