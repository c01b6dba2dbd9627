#pragma once

#include <QString>

#include <optional>

namespace gp {

// One GPU's figures at one moment, as rocm-smi shows them. Every source has gaps (a
// passive card has no fan, NVML has no junction temperature, a secondary MI250 die reports
// no power), so each figure is optional: empty means "not reported", never zero.
struct GpuSample
{
    int index = 0; // the backend's device index
    QString name;
    std::optional<double> busyPercent;
    std::optional<qint64> vramUsedBytes;
    std::optional<qint64> vramTotalBytes;
    std::optional<double> edgeTempC;
    std::optional<double> junctionTempC;
    std::optional<double> memoryTempC;
    std::optional<double> powerAverageW;
    std::optional<double> powerCapW;
    std::optional<int> sclkMHz; // shader clock
    std::optional<int> mclkMHz; // memory clock
    std::optional<double> fanPercent;
    std::optional<int> fanRpm;

    // Used VRAM over total in percent, when both are known and the total is not zero.
    std::optional<double> vramPercent() const
    {
        if (!vramUsedBytes || !vramTotalBytes || *vramTotalBytes <= 0)
            return std::nullopt;
        return 100.0 * double(*vramUsedBytes) / double(*vramTotalBytes);
    }

    bool operator==(const GpuSample &o) const
    {
        return index == o.index && name == o.name && busyPercent == o.busyPercent && vramUsedBytes == o.vramUsedBytes
            && vramTotalBytes == o.vramTotalBytes && edgeTempC == o.edgeTempC && junctionTempC == o.junctionTempC
            && memoryTempC == o.memoryTempC && powerAverageW == o.powerAverageW && powerCapW == o.powerCapW
            && sclkMHz == o.sclkMHz && mclkMHz == o.mclkMHz && fanPercent == o.fanPercent && fanRpm == o.fanRpm;
    }
    bool operator!=(const GpuSample &o) const { return !(*this == o); }
};

} // namespace gp
