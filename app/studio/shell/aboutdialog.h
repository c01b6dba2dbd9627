#pragma once

#include "computedevices.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTableWidget;

// Program version, the Qt, LibTorch and OpenCV versions and the compute devices found,
// and the licence. Takes the RuntimeInfo from its owner (queryRuntimeInfo() loads
// LibTorch's device runtime, so it is asked once).
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(const gp::RuntimeInfo &info, QWidget *parent = nullptr);

    QTableWidget *deviceTable() const { return m_devices; }
    // The versions as plain text, one per line (also what "Copy" puts on the clipboard).
    QString versionsText() const;

    static QString deviceKindName(gp::ComputeDevice::Kind kind);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    gp::RuntimeInfo m_info;
    QLabel *m_title;
    QLabel *m_summary;
    QLabel *m_versions;
    QLabel *m_devicesTitle;
    QTableWidget *m_devices;
    QLabel *m_licence;
    QDialogButtonBox *m_buttons;
    QPushButton *m_copy;
};
