#pragma once

#include "computedevices.h"

#include <QWidget>

#include <vector>

class QLabel;
class QListWidget;

// The `device` of a run, chosen from the compute devices found: automatic (the first GPU,
// else the CPU), the CPU, or one or more GPUs listed by name and memory. Several GPUs train
// data-parallel, one process per GPU (device=0,1). The text is the CLI's device= value.
class DeviceChooser : public QWidget
{
    Q_OBJECT

public:
    explicit DeviceChooser(QWidget *parent = nullptr);

    void setDevices(const std::vector<gp::ComputeDevice> &devices);
    const std::vector<gp::ComputeDevice> &devices() const { return m_devices; }
    // "", "cpu", "0", "0,1" (what device= takes).
    QString text() const;
    // Checks the entries the text names; an index not found is added as "GPU n (not found)"
    // so that a preset from another machine shows what it asks for.
    void setText(const QString &text);
    QListWidget *list() const { return m_list; }

Q_SIGNALS:
    void edited();

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void onItemChanged(int row);
    void retranslateUi();

    std::vector<gp::ComputeDevice> m_devices;
    QStringList m_missing; // GPU indices asked for but not found
    QListWidget *m_list;
    QLabel *m_note;
    bool m_updating = false;
};
