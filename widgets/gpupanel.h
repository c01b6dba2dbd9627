#pragma once

#include "telemetrybackendreport.h"
#include "telemetrysample.h"

#include <QWidget>

#include <optional>

class QLabel;
class QTableWidget;
namespace gp {
class TelemetrySampler;
} // namespace gp

// GPU telemetry as rocm-smi's concise table shows it: one row per device with Device, Name,
// Temp (edge/junction/mem), Power (avg/cap), SCLK, MCLK, Fan, VRAM% and GPU%, a line with the
// host's CPU, RAM and this process's memory, and a label naming the backend in use (its
// tooltip says why the backends before it fell through). Fed by a TelemetrySampler's
// signals, or by setSample()/setBackendReport() directly.
class GpuPanel : public QWidget
{
    Q_OBJECT

public:
    enum Column {
        DeviceColumn,
        NameColumn,
        TempColumn,
        PowerColumn,
        SclkColumn,
        MclkColumn,
        FanColumn,
        VramColumn,
        BusyColumn,
        ColumnCount
    };

    // With a sampler, shows its samples as they come (and its latest one, if it has any).
    explicit GpuPanel(gp::TelemetrySampler *sampler = nullptr, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QLabel *backendLabel() const { return m_backend; }
    QLabel *hostLabel() const { return m_host; }

public Q_SLOTS:
    void setSample(const gp::TelemetrySample &sample);
    void setBackendReport(const gp::TelemetryBackendReport &report);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void showSample();
    void showBackend();

    QLabel *m_backend;
    QTableWidget *m_table;
    QLabel *m_noGpu;
    QLabel *m_host;
    std::optional<gp::TelemetrySample> m_sample;
    std::optional<gp::TelemetryBackendReport> m_report;
};
