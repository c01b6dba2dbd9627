#include "lrplot.h"

#include "columndecimation.h"

#include <qcustomplot.h>

#include <algorithm>

using gp::EpochReport;
using gp::TrainingHistory;

namespace {

const QColor kGroupColors[] = { QColor(0x8c, 0x56, 0x4b), QColor(0x1f, 0x77, 0xb4), QColor(0x17, 0xbe, 0xcf) };

} // namespace

LrPlot::LrPlot(QWidget *parent)
    : PlotPanel(parent)
{ }

QString LrPlot::seriesName(int group)
{
    return QStringLiteral("lr/pg%1").arg(group);
}

QString LrPlot::comparisonSeriesName(const QString &run)
{
    return tr("%1: %2").arg(run, seriesName(1));
}

void LrPlot::rebuild()
{
    setAxisLabels(tr("epoch"), tr("learning rate"));
    m_batchGraphs = {};
    setLegendRows(1); // three groups and the compared runs side by side, in one row
    if (const TrainingHistory *h = history()) {
        // As the loss plot: the series of the batches already seen are kept when they still hold.
        syncSeries(historyOnlyGrew() ? m_x.size() : 0);
        for (int g = 0; g < 3; ++g) {
            QCPGraph *line = addLine(seriesName(g), kGroupColors[g], g == 2 ? Qt::DashLine : Qt::SolidLine, 1.6);
            if (!m_x.empty()) {
                m_batchGraphs[size_t(g)] = line;
                continue;
            }
            QVector<double> x, y;
            for (const EpochReport &e : h->epochs()) {
                x << e.epoch + 1.0;
                y << e.lr[size_t(g)];
            }
            line->setData(x, y, true);
        }
        setBatchData();
    }
    for (size_t r = 0; r < comparison().size(); ++r) {
        QVector<double> x, y;
        for (const EpochReport &e : comparison()[r].epochs()) {
            x << e.epoch + 1.0;
            y << e.lr[1];
        }
        QCPGraph *g = addLine(comparisonSeriesName(comparison()[r].name()), runColor(int(r) + 1), Qt::DashDotLine, 1.4);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, 5));
        g->setData(x, y, true);
    }
}

bool LrPlot::extend(size_t from)
{
    if (!m_batchGraphs[0] || from > m_x.size())
        return false; // drawn from the epochs (the first batches change that), or out of step
    syncSeries(from);
    setBatchData();
    return true;
}

void LrPlot::syncSeries(size_t from)
{
    const auto &batches = history()->batches();
    if (from == 0 || from > m_x.size()) {
        from = 0;
        for (MinMaxPyramid &p : m_lrExtremes)
            p.clear();
    }
    m_x.resize(from);
    for (std::vector<double> &lr : m_lr)
        lr.resize(from);
    for (size_t i = from; i < batches.size(); ++i) {
        m_x.push_back(batches[i].position);
        for (int g = 0; g < 3; ++g)
            m_lr[size_t(g)].push_back(batches[i].lr[size_t(g)]);
    }
    for (int g = 0; g < 3; ++g)
        m_lrExtremes[size_t(g)].sync(m_lr[size_t(g)]);
}

void LrPlot::setBatchData()
{
    if (!m_batchGraphs[0] || m_x.empty())
        return;
    // The view the points are for: the automatic one spans every batch.
    const bool automatic = isAutoRange();
    const double x0 = automatic ? m_x.front() : plot()->xAxis->range().lower;
    const double x1 = automatic ? m_x.back() : plot()->xAxis->range().upper;
    // The widget's width: the axis rect is only laid out at the next replot, and never wider.
    const int columns = std::max(ColumnDecimation::kMinColumns, plot()->width());
    m_decimated = false;
    for (int g = 0; g < 3; ++g) {
        const std::vector<size_t> kept
            = ColumnDecimation::minMax(m_x, m_lr[size_t(g)], m_lrExtremes[size_t(g)], 0, m_x.size(), x0, x1, columns);
        m_decimated = m_decimated || kept.size() < m_x.size();
        QVector<double> xs(int(kept.size())), ys(int(kept.size()));
        for (size_t k = 0; k < kept.size(); ++k) {
            xs[int(k)] = m_x[kept[k]];
            ys[int(k)] = m_lr[size_t(g)][kept[k]];
        }
        m_batchGraphs[size_t(g)]->setData(xs, ys, true);
    }
}

void LrPlot::viewChanged()
{
    // Zoomed or panned: the columns hold other batches.
    if (m_decimated || m_x.size() > size_t(2 * ColumnDecimation::kMinColumns))
        scheduleRebuild();
}

bool LrPlot::fullSeries(const QCPGraph *graph, QVector<double> *x, QVector<double> *y) const
{
    for (int g = 0; g < 3; ++g) {
        if (!graph || graph != m_batchGraphs[size_t(g)])
            continue;
        x->clear();
        y->clear();
        for (size_t i = 0; i < m_x.size(); ++i) {
            *x << m_x[i];
            *y << m_lr[size_t(g)][i];
        }
        return true;
    }
    return false;
}
