#include "lrplot.h"

#include <qcustomplot.h>

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
        for (int g = 0; g < 3; ++g) {
            QVector<double> x, y;
            if (!h->batches().empty()) {
                for (const TrainingHistory::BatchPoint &b : h->batches()) {
                    x << b.position;
                    y << b.lr[size_t(g)];
                }
            } else {
                for (const EpochReport &e : h->epochs()) {
                    x << e.epoch + 1.0;
                    y << e.lr[size_t(g)];
                }
            }
            QCPGraph *line = addLine(seriesName(g), kGroupColors[g], g == 2 ? Qt::DashLine : Qt::SolidLine, 1.6);
            line->setData(x, y, true);
            if (!h->batches().empty())
                m_batchGraphs[size_t(g)] = line;
        }
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
    const auto &batches = history()->batches();
    if (!m_batchGraphs[0])
        return false; // drawn from the epochs: the first batches change that
    for (int g = 0; g < 3; ++g) {
        QVector<double> x, y;
        for (size_t i = from; i < batches.size(); ++i) {
            x << batches[i].position;
            y << batches[i].lr[size_t(g)];
        }
        m_batchGraphs[size_t(g)]->addData(x, y, true);
    }
    return true;
}
