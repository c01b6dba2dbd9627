#pragma once

#include "plotpanel.h"

#include <array>

// The learning rate of each parameter group (results.csv's lr/pg0 biases, lr/pg1 weights
// with decay, lr/pg2 norm weights) per batch while a run trains here, per epoch otherwise;
// compared runs add their per-epoch pg1.
class LrPlot : public PlotPanel
{
    Q_OBJECT

public:
    explicit LrPlot(QWidget *parent = nullptr);
    static QString seriesName(int group); // "lr/pg0"
    static QString comparisonSeriesName(const QString &run);

protected:
    void rebuild() override;
    bool extend(size_t from) override;

private:
    // The groups' graphs when they were built from the batches (else from the epochs).
    std::array<QCPGraph *, 3> m_batchGraphs {};
};
