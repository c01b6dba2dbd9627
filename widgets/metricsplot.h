#pragma once

#include "plotpanel.h"

#include <array>

class QCheckBox;

// Box and pose precision, recall, mAP50 and mAP50-95 per epoch (results.csv's metrics/
// columns), the best epoch (highest fitness, the one best.ckpt holds) marked with a line;
// compared runs add their mAP50-95 curves.
class MetricsPlot : public PlotPanel
{
    Q_OBJECT

public:
    enum Metric { Precision, Recall, Map50, Map, MetricCount };
    enum Task { BoxTask, PoseTask, TaskCount };

    explicit MetricsPlot(QWidget *parent = nullptr);

    void setMetricVisible(Metric m, bool on);
    bool isMetricVisible(Metric m) const;
    void setTaskVisible(Task t, bool on);
    bool isTaskVisible(Task t) const;
    static double value(const gp::EpochReport &epoch, Task t, Metric m);
    // "mAP50-95(P)" as in results.csv's column names.
    static QString seriesName(Task t, Metric m);
    static QString comparisonSeriesName(const QString &run, Task t);
    // The x of the best-epoch marker, or nothing.
    std::optional<double> bestEpochMarker() const { return m_bestMarker; }

protected:
    void rebuild() override;
    void retranslateUi() override;

private:
    std::array<QCheckBox *, MetricCount> m_metrics {};
    std::array<QCheckBox *, TaskCount> m_tasks {};
    std::optional<double> m_bestMarker;
};
