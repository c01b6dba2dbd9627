#pragma once

#include "columndecimation.h"
#include "plotpanel.h"

#include <QVector>

#include <array>

class QCheckBox;
class QComboBox;

// The train losses (box, pose, kobj, cls, dfl) of the run: each batch's own loss as faint
// points, its smoothed curve (TensorBoard's debiased exponential moving average) and the
// epoch means, with the validation losses per epoch dashed; compared runs add their epoch
// curves. The x axis is the fractional epoch. A batch window shows the last 200 or 1,000
// batches, or all. With more batches in view than pixel columns the batch points and the
// smoothed curves are drawn decimated (ColumnDecimation: each column's lowest and highest),
// so a redraw late in a day-long run costs what the width costs, not what the batch count
// does; the series themselves are kept whole here and exported whole.
class LossPlot : public PlotPanel
{
    Q_OBJECT

public:
    enum Component { Box, Pose, Kobj, Cls, Dfl, ComponentCount };
    enum class Window { Last200, Last1000, All };
    static constexpr double kSmoothing = 0.9;

    explicit LossPlot(QWidget *parent = nullptr);

    void setComponentVisible(Component c, bool on);
    bool isComponentVisible(Component c) const;
    void setWindow(Window window);
    Window window() const { return m_window; }
    static QString componentKey(Component c); // "box", "pose", ...
    static double componentValue(const gp::PoseLossItems &items, Component c);

    // Graph names, for the legend and the CSV export.
    static QString batchSeriesName(Component c);
    static QString smoothedSeriesName(Component c);
    static QString epochSeriesName(Component c);
    static QString valSeriesName(Component c);
    static QString comparisonSeriesName(const QString &run, Component c);
    static constexpr int kMinColumns = ColumnDecimation::kMinColumns;
    // Whether the batch graphs hold fewer points than the batches they show.
    bool isDecimated() const { return m_decimated; }

protected:
    void rebuild() override;
    bool extend(size_t from) override;
    bool automaticXRange(double *lower, double *upper) const override;
    void retranslateUi() override;
    void viewChanged() override;
    bool fullSeries(const QCPGraph *graph, QVector<double> *x, QVector<double> *y) const override;

private:
    // The smoothed curve's state after the batches added so far.
    struct Smoothing
    {
        double ema = 0;
        double decay = 1; // kSmoothing to the power of the finite values averaged
        double lastPosition = -1;
    };
    struct Graphs
    {
        QCPGraph *raw = nullptr;
        QCPGraph *smoothed = nullptr;
        QCPGraph *epochs = nullptr;
        QCPGraph *val = nullptr;
    };
    size_t firstShownBatch() const;
    // Brings the series up to the history's batches from `from` on (0: all again).
    void syncSeries(size_t from);
    // The batch graphs of component c from the series: decimated for the view when there are
    // more batches in it than pixel columns.
    void setBatchData(Component c);
    void setEpochData(Component c);

    std::array<QCheckBox *, ComponentCount> m_components {};
    QCheckBox *m_val;
    QComboBox *m_windowBox;
    Window m_window = Window::All;
    std::array<Smoothing, ComponentCount> m_smoothing {};
    std::array<Graphs, ComponentCount> m_graphs {};
    // Every batch of the history: its position, each component's loss and smoothed loss.
    std::vector<double> m_x;
    std::array<std::vector<double>, ComponentCount> m_raw;
    std::array<std::vector<double>, ComponentCount> m_smooth;
    std::array<MinMaxPyramid, ComponentCount> m_rawExtremes;
    std::array<MinMaxPyramid, ComponentCount> m_smoothExtremes;
    bool m_decimated = false;
};
