#include "devicechooser.h"

#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QVBoxLayout>

using gp::ComputeDevice;

namespace {

// The device= entry each row stands for: "" automatic, "cpu", or a GPU index.
constexpr int kDeviceRole = Qt::UserRole + 1;

} // namespace

DeviceChooser::DeviceChooser(QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_note(new QLabel(this))
{
    m_note->setWordWrap(true);
    // The list is sized to show every device; a horizontal scroll bar would hide the last
    // row, so long names are elided and read in full from their tooltips.
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setTextElideMode(Qt::ElideRight);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    layout->addWidget(m_note);
    connect(
        m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) { onItemChanged(m_list->row(item)); });
    rebuild();
    retranslateUi();
}

void DeviceChooser::setDevices(const std::vector<ComputeDevice> &devices)
{
    const QString current = text();
    m_devices = devices;
    m_missing.clear();
    rebuild();
    setText(current);
}

void DeviceChooser::rebuild()
{
    m_updating = true;
    m_list->clear();
    auto add = [this](const QString &label, const QString &device) {
        auto *item = new QListWidgetItem(label, m_list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setData(kDeviceRole, device);
        item->setToolTip(label);
    };
    add(QString(), QString());
    add(QString(), QStringLiteral("cpu"));
    for (const ComputeDevice &d : m_devices)
        if (d.kind != ComputeDevice::Kind::Cpu)
            add(QString(), QString::number(d.index));
    for (const QString &index : m_missing)
        add(QString(), index);
    m_updating = false;
    retranslateUi();
    const int height = m_list->sizeHintForRow(0) * std::max(2, m_list->count()) + 2 * m_list->frameWidth() + 4;
    m_list->setFixedHeight(height);
}

QString DeviceChooser::text() const
{
    QStringList gpus;
    for (int i = 0; i < m_list->count(); ++i) {
        const QListWidgetItem *item = m_list->item(i);
        if (item->checkState() != Qt::Checked)
            continue;
        const QString d = item->data(kDeviceRole).toString();
        if (d.isEmpty() || d == QLatin1String("cpu"))
            return d;
        gpus << d;
    }
    return gpus.join(QLatin1Char(','));
}

void DeviceChooser::setText(const QString &text)
{
    QStringList wanted;
    for (QString d : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        d = d.trimmed().toLower();
        if (d.startsWith(QLatin1String("cuda:")))
            d = d.mid(5);
        if (d != QLatin1String("auto"))
            wanted << d;
    }
    bool added = false;
    for (const QString &d : wanted) {
        bool known = d == QLatin1String("cpu");
        for (int i = 0; i < m_list->count() && !known; ++i)
            known = m_list->item(i)->data(kDeviceRole).toString() == d;
        if (!known) {
            m_missing << d;
            added = true;
        }
    }
    if (added)
        rebuild();
    m_updating = true;
    for (int i = 0; i < m_list->count(); ++i) {
        const QString d = m_list->item(i)->data(kDeviceRole).toString();
        const bool on = wanted.isEmpty() ? d.isEmpty() : wanted.contains(d);
        m_list->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_updating = false;
}

void DeviceChooser::onItemChanged(int row)
{
    if (m_updating || row < 0)
        return;
    QListWidgetItem *changed = m_list->item(row);
    const QString d = changed->data(kDeviceRole).toString();
    m_updating = true;
    if (changed->checkState() == Qt::Checked) {
        // Automatic and the CPU exclude everything else; GPUs combine with each other.
        const bool exclusive = d.isEmpty() || d == QLatin1String("cpu");
        for (int i = 0; i < m_list->count(); ++i) {
            if (i == row)
                continue;
            const QString other = m_list->item(i)->data(kDeviceRole).toString();
            if (exclusive || other.isEmpty() || other == QLatin1String("cpu"))
                m_list->item(i)->setCheckState(Qt::Unchecked);
        }
    } else if (text().isEmpty()) {
        // Nothing checked means automatic: show it.
        m_list->item(0)->setCheckState(Qt::Checked);
    }
    m_updating = false;
    retranslateUi();
    Q_EMIT edited();
}

void DeviceChooser::retranslateUi()
{
    if (m_list->count() < 2)
        return;
    m_list->item(0)->setText(tr("Automatic (the first GPU, else the CPU)"));
    // queryRuntimeInfo() lists the CPU first, named with its thread count.
    const bool cpuNamed = !m_devices.empty() && m_devices.front().kind == ComputeDevice::Kind::Cpu;
    m_list->item(1)->setText(cpuNamed ? tr("CPU: %1").arg(m_devices.front().name) : tr("CPU"));
    int row = 2;
    for (const ComputeDevice &d : m_devices) {
        if (d.kind == ComputeDevice::Kind::Cpu)
            continue;
        const QString memory = d.memoryBytes > 0
            ? QLocale().formattedDataSize(d.memoryBytes, 1, QLocale::DataSizeTraditionalFormat)
            : tr("memory unknown");
        m_list->item(row++)->setText(tr("GPU %1: %2 (%3)").arg(d.index).arg(d.name, memory));
    }
    for (const QString &index : m_missing)
        m_list->item(row++)->setText(tr("GPU %1 (not found on this machine)").arg(index));
    const int gpus = text().count(QLatin1Char(',')) + 1;
    m_note->setText(!text().isEmpty() && text() != QLatin1String("cpu") && gpus > 1
            ? tr("%n GPU(s) train data-parallel, one process each; batch must be a multiple of %n.", nullptr, gpus)
            : QString());
    m_note->setVisible(!m_note->text().isEmpty());
}

void DeviceChooser::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
