#include "metricsplot.h"

#include <qcustomplot.h>

#include <QCheckBox>

using gp::EpochReport;
using gp::MetricSet;
using gp::TrainingHistory;

namespace {

const QColor kMetricColors[]
    = { QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd), QColor(0xff, 0x7f, 0x0e), QColor(0x1f, 0x77, 0xb4) };
const char *const kMetricNames[] = { "precision", "recall", "mAP50", "mAP50-95" };

} // namespace

MetricsPlot::MetricsPlot(QWidget *parent)
    : PlotPanel(parent)
{
    for (int t = 0; t < TaskCount; ++t) {
        m_tasks[size_t(t)] = new QCheckBox(this);
        m_tasks[size_t(t)]->setChecked(true);
        connect(m_tasks[size_t(t)], &QCheckBox::toggled, this, [this] { rebuildNow(); });
        addToolWidget(m_tasks[size_t(t)]);
    }
    for (int m = 0; m < MetricCount; ++m) {
        m_metrics[size_t(m)] = new QCheckBox(this);
        // P and R are noisy early on; the mAPs are what decides.
        m_metrics[size_t(m)]->setChecked(m == Map50 || m == Map);
        connect(m_metrics[size_t(m)], &QCheckBox::toggled, this, [this] { rebuildNow(); });
        addToolWidget(m_metrics[size_t(m)]);
    }
    MetricsPlot::retranslateUi();
}

double MetricsPlot::value(const EpochReport &e, Task t, Metric m)
{
    const MetricSet &s = t == BoxTask ? e.metrics.box : e.metrics.pose;
    switch (m) {
    case Precision:
        return s.precision;
    case Recall:
        return s.recall;
    case Map50:
        return s.map50;
    case Map:
    case MetricCount:
        break;
    }
    return s.map;
}

QString MetricsPlot::seriesName(Task t, Metric m)
{
    return QStringLiteral("%1(%2)").arg(
        QLatin1String(kMetricNames[m]), t == BoxTask ? QStringLiteral("B") : QStringLiteral("P"));
}

QString MetricsPlot::comparisonSeriesName(const QString &run, Task t)
{
    return tr("%1: %2").arg(run, seriesName(t, Map));
}

void MetricsPlot::setMetricVisible(Metric m, bool on)
{
    m_metrics[size_t(m)]->setChecked(on);
}

bool MetricsPlot::isMetricVisible(Metric m) const
{
    return m_metrics[size_t(m)]->isChecked();
}

void MetricsPlot::setTaskVisible(Task t, bool on)
{
    m_tasks[size_t(t)]->setChecked(on);
}

bool MetricsPlot::isTaskVisible(Task t) const
{
    return m_tasks[size_t(t)]->isChecked();
}

void MetricsPlot::rebuild()
{
    setAxisLabels(tr("epoch"), tr("metric"));
    m_bestMarker.reset();
    const TrainingHistory *h = history();
    // One legend column per task: its metrics and the compared runs beneath each other.
    int shownMetrics = 0;
    for (int mi = 0; mi < MetricCount; ++mi)
        shownMetrics += isMetricVisible(Metric(mi)) ? 1 : 0;
    setLegendRows((h ? shownMetrics : 0) + int(comparison().size()));
    for (int ti = 0; ti < TaskCount; ++ti) {
        if (!isTaskVisible(Task(ti)))
            continue;
        // Box solid, pose dashed: the same metric keeps its colour in both.
        const Qt::PenStyle style = ti == BoxTask ? Qt::SolidLine : Qt::DashLine;
        for (int mi = 0; mi < MetricCount; ++mi) {
            if (!h || !isMetricVisible(Metric(mi)))
                continue;
            QVector<double> x, y;
            for (const EpochReport &e : h->epochs())
                if (e.validated) {
                    x << e.epoch + 1.0;
                    y << value(e, Task(ti), Metric(mi));
                }
            QCPGraph *g = addLine(seriesName(Task(ti), Metric(mi)), kMetricColors[mi], style, 1.8);
            g->setScatterStyle(
                QCPScatterStyle(ti == BoxTask ? QCPScatterStyle::ssCircle : QCPScatterStyle::ssSquare, 5));
            g->setData(x, y, true);
        }
        for (size_t r = 0; r < comparison().size(); ++r) {
            const TrainingHistory &run = comparison()[r];
            QVector<double> x, y;
            for (const EpochReport &e : run.epochs())
                if (e.validated) {
                    x << e.epoch + 1.0;
                    y << value(e, Task(ti), Map);
                }
            QCPGraph *g = addLine(comparisonSeriesName(run.name(), Task(ti)), runColor(int(r) + 1), style, 1.4);
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, 5));
            g->setData(x, y, true);
        }
    }
    if (h) {
        const int best = h->bestEpochIndex();
        if (best >= 0 && h->epochs()[size_t(best)].validated) {
            const EpochReport &e = h->epochs()[size_t(best)];
            m_bestMarker = e.epoch + 1.0;
            addMarker(*m_bestMarker,
                tr("best: epoch %1 (fitness %2)")
                    .arg(e.epoch + 1)
                    .arg(e.metrics.box.map + e.metrics.pose.map, 0, 'f', 3),
                tr("best"), palette().color(QPalette::Text));
        }
    }
}

void MetricsPlot::retranslateUi()
{
    PlotPanel::retranslateUi();
    m_tasks[BoxTask]->setText(tr("Box"));
    m_tasks[BoxTask]->setToolTip(tr("Box metrics (solid lines, circles): matched by IoU"));
    m_tasks[PoseTask]->setText(tr("Pose"));
    m_tasks[PoseTask]->setToolTip(tr("Pose metrics (dashed lines, squares): matched by keypoint similarity (OKS)"));
    const QString labels[] = { tr("precision"), tr("recall"), tr("mAP50", "metric"), tr("mAP50-95", "metric") };
    for (int m = 0; m < MetricCount; ++m) {
        m_metrics[size_t(m)]->setText(labels[m]);
        m_metrics[size_t(m)]->setToolTip(
            tr("results.csv: metrics/%1(B) and metrics/%1(P)").arg(QLatin1String(kMetricNames[m])));
    }
}
