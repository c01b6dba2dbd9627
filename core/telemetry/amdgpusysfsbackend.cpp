#include "amdgpusysfsbackend.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace gp {

namespace {

constexpr char kAmdVendor[] = "0x1002";

// A sysfs attribute's text, trimmed; empty when the file is missing or unreadable. A
// driver that lacks a figure does not create its file, so missing is the normal case.
QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).trimmed();
}

std::optional<qint64> readInteger(const QString &path)
{
    bool ok = false;
    const qint64 v = readText(path).toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

// The card number of "cardN", or -1 for anything else (connectors are "cardN-DP-1").
int cardNumber(const QString &entry)
{
    static const QRegularExpression card(QStringLiteral("^card(\\d+)$"));
    const QRegularExpressionMatch m = card.match(entry);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace

AmdgpuSysfsBackend::AmdgpuSysfsBackend(QString drmRoot)
    : m_root(std::move(drmRoot))
{ }

bool AmdgpuSysfsBackend::open(QString *why)
{
    m_cards.clear();
    const QDir root(m_root);
    if (m_root.isEmpty() || !root.exists()) {
        *why = tr("%1 does not exist").arg(m_root);
        return false;
    }
    std::vector<std::pair<int, QString>> cards;
    for (const QString &entry : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const int n = cardNumber(entry);
        if (n >= 0)
            cards.emplace_back(n, entry);
    }
    std::sort(cards.begin(), cards.end());
    for (const auto &[number, entry] : cards) {
        Q_UNUSED(number)
        Card card;
        card.device = root.filePath(entry + QStringLiteral("/device"));
        // Other vendors' cards and amdgpu cards without the load counter (old kernels)
        // are not shown.
        if (readText(card.device + QStringLiteral("/vendor")) != QLatin1String(kAmdVendor)
            || !QFile::exists(card.device + QStringLiteral("/gpu_busy_percent")))
            continue;
        const QStringList hwmons = QDir(card.device + QStringLiteral("/hwmon"))
                                       .entryList({ QStringLiteral("hwmon*") }, QDir::Dirs, QDir::Name);
        if (!hwmons.isEmpty())
            card.hwmon = card.device + QStringLiteral("/hwmon/") + hwmons.first();
        card.name = readText(card.device + QStringLiteral("/product_name"));
        if (card.name.isEmpty())
            card.name = tr("AMD GPU (device %1)").arg(readText(card.device + QStringLiteral("/device")));
        m_cards.push_back(card);
    }
    if (m_cards.empty()) {
        *why = tr("no amdgpu card under %1").arg(m_root);
        return false;
    }
    return true;
}

QString AmdgpuSysfsBackend::description() const
{
    return tr("%1, %n device(s)", nullptr, int(m_cards.size())).arg(m_root);
}

std::optional<int> AmdgpuSysfsBackend::currentDpmLevelMHz(const QString &listing)
{
    // amdgpu prints one level per line, "<index>: <clock>Mhz", with " *" after the current
    // one; the index is "S" for the deep-sleep level of newer GPUs.
    static const QRegularExpression level(
        QStringLiteral("^\\s*\\w+:\\s*(\\d+)\\s*mhz\\s*\\*\\s*$"), QRegularExpression::CaseInsensitiveOption);
    for (const QString &line : listing.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = level.match(line);
        if (m.hasMatch())
            return m.captured(1).toInt();
    }
    return std::nullopt;
}

GpuSample AmdgpuSysfsBackend::sampleCard(int index, const Card &card) const
{
    const auto device = [&](const char *file) { return card.device + QLatin1Char('/') + QLatin1String(file); };
    const auto hwmon = [&](const QString &file) { return card.hwmon + QLatin1Char('/') + file; };
    GpuSample s;
    s.index = index;
    s.name = card.name;
    if (const auto busy = readInteger(device("gpu_busy_percent")))
        s.busyPercent = double(*busy);
    s.vramUsedBytes = readInteger(device("mem_info_vram_used"));
    s.vramTotalBytes = readInteger(device("mem_info_vram_total"));
    s.sclkMHz = currentDpmLevelMHz(readText(device("pp_dpm_sclk")));
    s.mclkMHz = currentDpmLevelMHz(readText(device("pp_dpm_mclk")));
    if (card.hwmon.isEmpty())
        return s;

    // temp<i>_input in millidegrees, named by temp<i>_label; a GPU without labels has
    // only temp1, the edge sensor.
    for (int i = 1; i <= 8; ++i) {
        const auto milliC = readInteger(hwmon(QStringLiteral("temp%1_input").arg(i)));
        if (!milliC)
            continue;
        const QString label = readText(hwmon(QStringLiteral("temp%1_label").arg(i)));
        const double c = double(*milliC) / 1000.0;
        if (label == QLatin1String("edge") || (label.isEmpty() && i == 1))
            s.edgeTempC = c;
        else if (label == QLatin1String("junction"))
            s.junctionTempC = c;
        else if (label == QLatin1String("mem"))
            s.memoryTempC = c;
    }
    // Power in microwatts: the average where the GPU reports one, else the instantaneous
    // reading that newer GPUs report instead.
    auto microW = readInteger(hwmon(QStringLiteral("power1_average")));
    if (!microW)
        microW = readInteger(hwmon(QStringLiteral("power1_input")));
    if (microW)
        s.powerAverageW = double(*microW) / 1e6;
    if (const auto cap = readInteger(hwmon(QStringLiteral("power1_cap"))))
        s.powerCapW = double(*cap) / 1e6;
    // Clocks from hwmon (in Hz) where the DPM tables are not exposed (some APUs).
    for (int i = 1; i <= 2; ++i) {
        const QString label = readText(hwmon(QStringLiteral("freq%1_label").arg(i)));
        const auto hz = readInteger(hwmon(QStringLiteral("freq%1_input").arg(i)));
        if (!hz)
            continue;
        const int mhz = int((*hz + 500000) / 1000000);
        if (label == QLatin1String("sclk") && !s.sclkMHz)
            s.sclkMHz = mhz;
        else if (label == QLatin1String("mclk") && !s.mclkMHz)
            s.mclkMHz = mhz;
    }
    if (const auto rpm = readInteger(hwmon(QStringLiteral("fan1_input"))))
        s.fanRpm = int(*rpm);
    if (const auto pwm = readInteger(hwmon(QStringLiteral("pwm1")))) {
        const qint64 pwmMax = readInteger(hwmon(QStringLiteral("pwm1_max"))).value_or(255);
        if (pwmMax > 0)
            s.fanPercent = 100.0 * double(*pwm) / double(pwmMax);
    }
    return s;
}

std::vector<GpuSample> AmdgpuSysfsBackend::sample()
{
    std::vector<GpuSample> out;
    for (size_t i = 0; i < m_cards.size(); ++i)
        out.push_back(sampleCard(int(i), m_cards[i]));
    return out;
}

} // namespace gp
