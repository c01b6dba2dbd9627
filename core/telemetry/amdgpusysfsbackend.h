#pragma once

#include "gpubackend.h"

#include <QCoreApplication>
#include <QString>

namespace gp {

// GPU figures from the amdgpu kernel driver's sysfs files, for machines without ROCm SMI:
// <root>/cardN/device/{gpu_busy_percent, mem_info_vram_used, mem_info_vram_total,
// pp_dpm_sclk, pp_dpm_mclk, product_name} and the card's hwmon folder (temperatures,
// power, fan). The root is injectable so tests use a fake tree.
class AmdgpuSysfsBackend : public GpuBackend
{
    Q_DECLARE_TR_FUNCTIONS(AmdgpuSysfsBackend)

public:
    explicit AmdgpuSysfsBackend(QString drmRoot);

    QString id() const override { return QStringLiteral("amdgpu-sysfs"); }
    bool open(QString *why) override;
    QString description() const override;
    std::vector<GpuSample> sample() override;

    // The level marked '*' in a pp_dpm_sclk / pp_dpm_mclk listing ("1: 1900Mhz *"), in MHz.
    static std::optional<int> currentDpmLevelMHz(const QString &listing);

private:
    struct Card
    {
        QString device; // <root>/cardN/device
        QString hwmon; // <device>/hwmon/hwmonM, empty when the card has none
        QString name;
    };
    GpuSample sampleCard(int index, const Card &card) const;

    QString m_root;
    std::vector<Card> m_cards;
};

} // namespace gp
