#pragma once

#include "telemetrysample.h"
#include "traininghistory.h"

#include <QElapsedTimer>
#include <QWidget>

#include <deque>
#include <optional>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCustomPlot;
class QTimer;

// GPU and host telemetry as small plots stacked under each other, one row per figure
// (GPU busy %, VRAM %, temperature, power, CPU %), one line per GPU, on the loss plot's x
// axis: each sample's wall time is mapped to the fractional epoch the run was at then
// (TrainingHistory::positionAt), so a dip in utilisation lines up with the slow batch
// above it. setXRange() follows the loss plot's zoom. Redraws are throttled like the plots'.
class TelemetrySparklines : public QWidget
{
    Q_OBJECT

public:
    enum Row { BusyRow, VramRow, TempRow, PowerRow, CpuRow, RowCount };
    static constexpr size_t kMaxSamples = 24 * 3600;

    explicit TelemetrySparklines(QWidget *parent = nullptr);

    void setHistory(const TrainingHistory *history);
    void setSamples(const std::vector<TelemetrySample> &samples);
    void clearSamples();
    size_t sampleCount() const { return m_samples.size(); }
    // Points drawn in a row (all GPUs together), after the last redraw.
    int pointCount(Row row) const;
    static QString rowName(Row row);
    // A figure of a sample for a row and GPU (the GPU index is ignored for the CPU row).
    static std::optional<double> value(const TelemetrySample &sample, Row row, int gpu);
    QCustomPlot *plot() const { return m_plot; }

public Q_SLOTS:
    void addSample(const TelemetrySample &sample);
    // The loss plot's visible x range; the sparklines show the same.
    void setXRange(double lower, double upper);
    void scheduleRebuild();
    void rebuildNow();

protected:
    void changeEvent(QEvent *event) override;

private:
    // Lays out one axis rect per row with a graph per GPU (only when the rows change).
    void layoutRows(const std::vector<Row> &rows, int gpus);

    const TrainingHistory *m_history = nullptr;
    std::deque<TelemetrySample> m_samples;
    QCustomPlot *m_plot;
    QTimer *m_throttle;
    QElapsedTimer m_sinceRedraw;
    std::optional<std::pair<double, double>> m_xRange;
    struct RowPlot
    {
        Row row;
        QCPAxisRect *rect;
        std::vector<QCPGraph *> graphs; // one per GPU (one for the CPU row)
    };
    std::vector<RowPlot> m_rows;
    int m_gpus = -1;
    int m_points[RowCount] = {};
};
