#include "aboutdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using gp::ComputeDevice;
using gp::RuntimeInfo;

AboutDialog::AboutDialog(const RuntimeInfo &info, QWidget *parent)
    : QDialog(parent)
    , m_info(info)
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_versions(new QLabel(this))
    , m_devicesTitle(new QLabel(this))
    , m_devices(new QTableWidget(this))
    , m_licence(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
    , m_copy(new QPushButton(this))
{
    m_title->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_versions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_licence->setWordWrap(true);
    m_licence->setOpenExternalLinks(true);
    m_devices->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_devices->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_devices->verticalHeader()->setVisible(false);
    m_buttons->addButton(m_copy, QDialogButtonBox::ActionRole);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_summary);
    layout->addWidget(m_versions);
    layout->addWidget(m_devicesTitle);
    layout->addWidget(m_devices, 1);
    layout->addWidget(m_licence);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(versionsText()); });
    retranslateUi();
    resize(620, 420);
}

QString AboutDialog::deviceKindName(ComputeDevice::Kind kind)
{
    switch (kind) {
    case ComputeDevice::Kind::Cuda:
        return QStringLiteral("CUDA");
    case ComputeDevice::Kind::Rocm:
        return QStringLiteral("ROCm");
    case ComputeDevice::Kind::Cpu:
        break;
    }
    return tr("CPU");
}

QString AboutDialog::versionsText() const
{
    QStringList lines;
    lines << QStringLiteral("%1 %2").arg(QApplication::applicationDisplayName(), QApplication::applicationVersion());
    lines << tr("Qt %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
    lines << tr("LibTorch %1 (%2)").arg(m_info.torchVersion, m_info.torchBackend);
    lines << tr("OpenCV %1").arg(m_info.opencvVersion);
    for (const ComputeDevice &d : m_info.devices)
        lines << QStringLiteral("%1: %2").arg(d.torchDevice(), d.name);
    return lines.join(QLatin1Char('\n'));
}

void AboutDialog::retranslateUi()
{
    setWindowTitle(tr("About GripperPose Studio"));
    m_title->setText(QStringLiteral("<h2>%1</h2>")
                         .arg(tr("GripperPose Studio %1").arg(QApplication::applicationVersion()).toHtmlEscaped()));
    m_summary->setText(tr("Label, train and watch YOLOv8-pose keypoints of a humanoid robot's two grippers."));
    m_versions->setText(tr("Qt %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))
        + QLatin1Char('\n') + tr("LibTorch %1 (%2)").arg(m_info.torchVersion, m_info.torchBackend) + QLatin1Char('\n')
        + tr("OpenCV %1").arg(m_info.opencvVersion));
    m_devicesTitle->setText(tr("Compute devices:"));
    m_devices->clear();
    m_devices->setColumnCount(4);
    m_devices->setHorizontalHeaderLabels({ tr("Device"), tr("Kind"), tr("Name"), tr("Memory") });
    m_devices->setRowCount(int(m_info.devices.size()));
    for (int r = 0; r < int(m_info.devices.size()); ++r) {
        const ComputeDevice &d = m_info.devices[size_t(r)];
        m_devices->setItem(r, 0, new QTableWidgetItem(d.torchDevice()));
        m_devices->setItem(r, 1, new QTableWidgetItem(deviceKindName(d.kind)));
        m_devices->setItem(r, 2, new QTableWidgetItem(d.name));
        m_devices->setItem(
            r, 3, new QTableWidgetItem(d.memoryBytes > 0 ? locale().formattedDataSize(d.memoryBytes) : QString()));
    }
    m_devices->resizeColumnsToContents();
    m_devices->horizontalHeader()->setStretchLastSection(true);
    m_licence->setText(
        tr("This program is free software: you can redistribute it and/or modify it under the terms of "
           "the GNU General Public License as published by the Free Software Foundation, either version 3 "
           "of the License, or (at your option) any later version (GPL-3.0-or-later). It comes with "
           "ABSOLUTELY NO WARRANTY."));
    m_copy->setText(tr("&Copy Versions"));
}

void AboutDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}
