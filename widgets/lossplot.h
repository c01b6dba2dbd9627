#pragma once

#include "plotpanel.h"

#include <QVector>

#include <array>

class QCheckBox;
class QComboBox;

// The train losses (box, pose, kobj, cls, dfl) of the run: each batch's own loss as faint
// points, its smoothed curve (TensorBoard's debiased exponential moving average) and the
// epoch means, with the validation losses per epoch dashed; compared runs add their epoch
// curves. The x axis is the fractional epoch. A batch window shows the last 200 or 1,000
// batches, or all.
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

protected:
    void rebuild() override;
    bool extend(size_t from) override;
    bool automaticXRange(double *lower, double *upper) const override;
    void retranslateUi() override;

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
    // Batches [from, end) of component c: the points from `shownFrom` on into x, raw and
    // smooth; every one of them into the average.
    void addBatches(
        Component c, size_t from, size_t shownFrom, QVector<double> &x, QVector<double> &raw, QVector<double> &smooth);
    void setEpochData(Component c);

    std::array<QCheckBox *, ComponentCount> m_components {};
    QCheckBox *m_val;
    QComboBox *m_windowBox;
    Window m_window = Window::All;
    std::array<Smoothing, ComponentCount> m_smoothing {};
    std::array<Graphs, ComponentCount> m_graphs {};
};
