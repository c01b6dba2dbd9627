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

    void setHistory(const gp::TrainingHistory *history);
    void setSamples(const std::vector<gp::TelemetrySample> &samples);
    void clearSamples();
    size_t sampleCount() const { return m_samples.size(); }
    // Points drawn in a row (all GPUs together), after the last redraw.
    int pointCount(Row row) const;
    static QString rowName(Row row);
    // A figure of a sample for a row and GPU (the GPU index is ignored for the CPU row).
    static std::optional<double> value(const gp::TelemetrySample &sample, Row row, int gpu);
    QCustomPlot *plot() const { return m_plot; }

public Q_SLOTS:
    void addSample(const gp::TelemetrySample &sample);
    // The loss plot's visible x range; the sparklines show the same.
    void setXRange(double lower, double upper);
    void scheduleRebuild();
    // Places every sample again.
    void rebuildNow();
    // Brings the plot up to date now, as the throttled redraw does: only the samples not
    // placed yet when the history only gained batches, else a rebuild.
    void updateNow();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct RowPlot
    {
        Row row;
        QCPAxisRect *rect;
        std::vector<QCPGraph *> graphs; // one per GPU (one for the CPU row)
        double yMax;
    };
    using Placed = std::vector<std::pair<double, const gp::TelemetrySample *>>;

    // Lays out one axis rect per row with a graph per GPU (only when the rows change).
    void layoutRows(const std::vector<Row> &rows, int gpus);
    // Places the samples from index `from` inside the run on its axis; returns the index of
    // the first sample after the run's last batch (the end when there is none).
    size_t place(size_t from, Placed *placed) const;
    void addPoints(RowPlot &rp, const Placed &placed);
    void setRanges();
    bool historyOnlyGrew() const;
    void noteBuilt(size_t nextSample);

    const gp::TrainingHistory *m_history = nullptr;
    std::deque<gp::TelemetrySample> m_samples;
    QCustomPlot *m_plot;
    QTimer *m_throttle;
    QElapsedTimer m_sinceRedraw;
    std::optional<std::pair<double, double>> m_xRange;
    std::vector<RowPlot> m_rows;
    int m_gpus = -1;
    int m_points[RowCount] = {};
    std::optional<std::pair<double, double>> m_placedRange; // the first and last sample placed
    // What the plot was last built from; samples are counted from the first ever added.
    bool m_needRebuild = true;
    const gp::TrainingHistory *m_builtHistory = nullptr;
    size_t m_builtBatches = 0;
    quint64 m_builtCuts = 0;
    size_t m_dropped = 0; // samples dropped from the front (beyond kMaxSamples)
    size_t m_nextSample = 0; // the first sample not placed yet
};
