#pragma once

#include "minmaxpyramid.h"
#include "plotpanel.h"

#include <array>
#include <vector>

// The learning rate of each parameter group (results.csv's lr/pg0 biases, lr/pg1 weights
// with decay, lr/pg2 norm weights) per batch while a run trains here, per epoch otherwise;
// compared runs add their per-epoch pg1. The batch curves are drawn decimated for the view as
// the loss plot's are (ColumnDecimation: each pixel column's lowest and highest batch), so a
// redraw costs the plot's width, not the run's length; the CSV export still has every batch.
class LrPlot : public PlotPanel
{
    Q_OBJECT

public:
    explicit LrPlot(QWidget *parent = nullptr);
    static QString seriesName(int group); // "lr/pg0"
    static QString comparisonSeriesName(const QString &run);
    // Whether the batch graphs hold fewer points than the batches.
    bool isDecimated() const { return m_decimated; }

protected:
    void rebuild() override;
    bool extend(size_t from) override;
    void viewChanged() override;
    bool fullSeries(const QCPGraph *graph, QVector<double> *x, QVector<double> *y) const override;

private:
    // Brings the series up to the history's batches from `from` on (0: all again).
    void syncSeries(size_t from);
    // The groups' batch graphs from the series, decimated for the view.
    void setBatchData();

    // The groups' graphs when they were built from the batches (else from the epochs).
    std::array<QCPGraph *, 3> m_batchGraphs {};
    // Every batch of the history: its position and each group's learning rate.
    std::vector<double> m_x;
    std::array<std::vector<double>, 3> m_lr;
    std::array<MinMaxPyramid, 3> m_lrExtremes;
    bool m_decimated = false;
};
