#include "lossplot.h"

#include "columndecimation.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>

#include <cmath>

using gp::EpochReport;
using gp::TrainingHistory;

namespace {

const QColor kComponentColors[] = { QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
    QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd) };

} // namespace

LossPlot::LossPlot(QWidget *parent)
    : PlotPanel(parent)
    , m_val(new QCheckBox(this))
    , m_windowBox(new QComboBox(this))
{
    for (int c = 0; c < ComponentCount; ++c) {
        m_components[size_t(c)] = new QCheckBox(this);
        m_components[size_t(c)]->setObjectName(componentKey(Component(c)));
        m_components[size_t(c)]->setChecked(true);
        connect(m_components[size_t(c)], &QCheckBox::toggled, this, [this] { rebuildNow(); });
        addToolWidget(m_components[size_t(c)]);
    }
    m_val->setObjectName(QStringLiteral("val"));
    m_val->setChecked(true);
    connect(m_val, &QCheckBox::toggled, this, [this] { rebuildNow(); });
    addToolWidget(m_val);
    m_windowBox->setObjectName(QStringLiteral("batchWindow"));
    m_windowBox->addItems({ QString(), QString(), QString() });
    m_windowBox->setCurrentIndex(int(Window::All));
    connect(
        m_windowBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int i) { setWindow(Window(i)); });
    addToolWidget(m_windowBox);
    LossPlot::retranslateUi();
}

QString LossPlot::componentKey(Component c)
{
    static const char *kKeys[] = { "box", "pose", "kobj", "cls", "dfl" };
    return QLatin1String(kKeys[c]);
}

double LossPlot::componentValue(const gp::PoseLossItems &l, Component c)
{
    switch (c) {
    case Box:
        return l.box;
    case Pose:
        return l.pose;
    case Kobj:
        return l.kobj;
    case Cls:
        return l.cls;
    case Dfl:
    case ComponentCount:
        break;
    }
    return l.dfl;
}

QString LossPlot::batchSeriesName(Component c)
{
    return tr("%1 (each batch)").arg(componentKey(c));
}

QString LossPlot::smoothedSeriesName(Component c)
{
    return tr("%1 (smoothed)").arg(componentKey(c));
}

QString LossPlot::epochSeriesName(Component c)
{
    return tr("%1 (epoch)").arg(componentKey(c));
}

QString LossPlot::valSeriesName(Component c)
{
    return tr("val %1").arg(componentKey(c));
}

QString LossPlot::comparisonSeriesName(const QString &run, Component c)
{
    return tr("%1: %2").arg(run, componentKey(c));
}

void LossPlot::setComponentVisible(Component c, bool on)
{
    m_components[size_t(c)]->setChecked(on);
}

bool LossPlot::isComponentVisible(Component c) const
{
    return m_components[size_t(c)]->isChecked();
}

void LossPlot::setWindow(Window window)
{
    m_window = window;
    m_windowBox->setCurrentIndex(int(window));
    fitView();
    rebuildNow();
}

size_t LossPlot::firstShownBatch() const
{
    const TrainingHistory *h = history();
    if (!h)
        return 0;
    const size_t n = h->batches().size();
    const size_t keep = m_window == Window::Last200 ? 200 : m_window == Window::Last1000 ? 1000 : n;
    return n > keep ? n - keep : 0;
}

bool LossPlot::automaticXRange(double *lower, double *upper) const
{
    if (!PlotPanel::automaticXRange(lower, upper))
        return false;
    // The window starts where its first batch starts.
    const TrainingHistory *h = history();
    if (h && m_window != Window::All && !h->batches().empty()) {
        const size_t first = firstShownBatch();
        *lower = first == 0 ? *lower : h->batches()[first - 1].position;
        *upper = std::max(*upper, h->batches().back().position);
    }
    return true;
}

void LossPlot::syncSeries(size_t from)
{
    const auto &batches = history()->batches();
    if (from == 0 || from > m_x.size()) {
        from = 0;
        m_x.clear();
        for (int c = 0; c < ComponentCount; ++c) {
            m_raw[size_t(c)].clear();
            m_smooth[size_t(c)].clear();
            m_rawExtremes[size_t(c)].clear();
            m_smoothExtremes[size_t(c)].clear();
            m_smoothing[size_t(c)] = Smoothing();
        }
    }
    // Reserved only when starting again: an exact reserve per added batch would copy every
    // series on every batch instead of growing them geometrically.
    if (from == 0)
        m_x.reserve(batches.size());
    m_x.resize(from);
    for (size_t i = from; i < batches.size(); ++i)
        m_x.push_back(batches[i].position);
    for (int ci = 0; ci < ComponentCount; ++ci) {
        Smoothing &s = m_smoothing[size_t(ci)];
        std::vector<double> &raw = m_raw[size_t(ci)];
        std::vector<double> &smooth = m_smooth[size_t(ci)];
        if (from == 0) {
            raw.reserve(batches.size());
            smooth.reserve(batches.size());
        }
        raw.resize(from);
        smooth.resize(from);
        // Debiased EMA over every batch (so the window does not change the curve).
        for (size_t i = from; i < batches.size(); ++i) {
            const double v = componentValue(batches[i].loss, Component(ci));
            // A resumed run starts its average again where the points continue.
            if (batches[i].position < s.lastPosition)
                s = Smoothing();
            s.lastPosition = batches[i].position;
            if (std::isfinite(v)) {
                s.ema = kSmoothing * s.ema + (1 - kSmoothing) * v;
                s.decay *= kSmoothing;
            }
            raw.push_back(v);
            smooth.push_back(s.decay < 1 ? s.ema / (1 - s.decay) : v);
        }
        m_rawExtremes[size_t(ci)].sync(raw);
        m_smoothExtremes[size_t(ci)].sync(smooth);
    }
}

void LossPlot::setBatchData(Component c)
{
    const Graphs &g = m_graphs[size_t(c)];
    if (!g.raw)
        return;
    const size_t first = std::min(firstShownBatch(), m_x.size());
    const size_t n = m_x.size();
    // The view the points are for: the automatic one spans the shown batches (as
    // automaticXRange() will find them).
    double x0 = 0, x1 = 1;
    if (isAutoRange() && n > first) {
        x0 = first > 0 ? m_x[first - 1] : m_x[first];
        x1 = m_x.back();
    } else {
        x0 = plot()->xAxis->range().lower;
        x1 = plot()->xAxis->range().upper;
    }
    // The widget's width, not the axis rect's: that is only laid out at the next replot (a
    // plot built before it is first shown would get too few columns), and it is never wider.
    const int columns = std::max(kMinColumns, plot()->width());
    const auto decimate = [&](QCPGraph *graph, const std::vector<double> &y, const MinMaxPyramid &extremes) {
        const std::vector<size_t> kept = ColumnDecimation::minMax(m_x, y, extremes, first, n, x0, x1, columns);
        m_decimated = m_decimated || kept.size() < n - first;
        QVector<double> xs(int(kept.size())), ys(int(kept.size()));
        for (size_t k = 0; k < kept.size(); ++k) {
            xs[int(k)] = m_x[kept[k]];
            ys[int(k)] = y[kept[k]];
        }
        graph->setData(xs, ys, true);
    };
    decimate(g.raw, m_raw[size_t(c)], m_rawExtremes[size_t(c)]);
    decimate(g.smoothed, m_smooth[size_t(c)], m_smoothExtremes[size_t(c)]);
}

bool LossPlot::fullSeries(const QCPGraph *graph, QVector<double> *x, QVector<double> *y) const
{
    for (int ci = 0; ci < ComponentCount; ++ci) {
        const Graphs &g = m_graphs[size_t(ci)];
        const std::vector<double> *values = graph == g.raw ? &m_raw[size_t(ci)]
            : graph == g.smoothed                          ? &m_smooth[size_t(ci)]
                                                           : nullptr;
        if (!values || !graph)
            continue;
        const size_t first = std::min(firstShownBatch(), m_x.size());
        x->clear();
        y->clear();
        for (size_t i = first; i < m_x.size(); ++i) {
            *x << m_x[i];
            *y << (*values)[i];
        }
        return true;
    }
    return false;
}

void LossPlot::viewChanged()
{
    // Another view, other columns: decimate again for it (zoomed in, each column holds fewer
    // batches; zoomed back out, more than the plot should draw).
    const size_t shown = m_x.size() - std::min(firstShownBatch(), m_x.size());
    if (m_decimated || shown > size_t(2 * kMinColumns))
        scheduleRebuild();
}

void LossPlot::setEpochData(Component c)
{
    QVector<double> ex, ey, vx, vy;
    for (const EpochReport &e : history()->epochs()) {
        ex << e.epoch + 1.0;
        ey << componentValue(e.trainLoss, c);
        if (e.validated) {
            vx << e.epoch + 1.0;
            vy << componentValue(e.valLoss, c);
        }
    }
    const Graphs &g = m_graphs[size_t(c)];
    g.epochs->setData(ex, ey, true);
    if (g.val)
        g.val->setData(vx, vy, true);
}

void LossPlot::rebuild()
{
    setAxisLabels(tr("epoch"), tr("loss"));
    const TrainingHistory *h = history();
    m_graphs = {};
    m_decimated = false;
    // A toggle or another window keeps the series of the batches already seen: at a long run's
    // length recomputing them is most of a rebuild.
    if (h)
        syncSeries(historyOnlyGrew() ? m_x.size() : 0);
    // One legend column per component: its smoothed curve, epoch means, val losses and the
    // compared runs beneath each other.
    setLegendRows(2 + (m_val->isChecked() ? 1 : 0) + int(comparison().size()));
    for (int ci = 0; ci < ComponentCount; ++ci) {
        const Component c = Component(ci);
        if (!isComponentVisible(c))
            continue;
        const QColor color = kComponentColors[ci];
        if (h) {
            Graphs &g = m_graphs[size_t(ci)];
            g.raw = addPoints(batchSeriesName(c), color);
            g.smoothed = addLine(smoothedSeriesName(c), color, Qt::SolidLine, 1.4);
            setBatchData(c);
            g.epochs = addLine(epochSeriesName(c), color.darker(130), Qt::SolidLine, 2.2);
            g.epochs->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
            if (m_val->isChecked()) {
                g.val = addLine(valSeriesName(c), color, Qt::DashLine, 1.6);
                g.val->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 5));
            }
            setEpochData(c);
        }
        const Qt::PenStyle styles[] = { Qt::DashDotLine, Qt::DotLine, Qt::DashDotDotLine };
        for (size_t r = 0; r < comparison().size(); ++r) {
            const TrainingHistory &run = comparison()[r];
            QVector<double> ex, ey;
            for (const EpochReport &e : run.epochs()) {
                ex << e.epoch + 1.0;
                ey << componentValue(e.trainLoss, c);
            }
            QCPGraph *g = addLine(comparisonSeriesName(run.name(), c), color, styles[r % 3], 1.4);
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, runColor(int(r) + 1), 5));
            g->setData(ex, ey, true);
        }
    }
}

bool LossPlot::extend(size_t from)
{
    for (int ci = 0; ci < ComponentCount; ++ci)
        if (isComponentVisible(Component(ci)) && !m_graphs[size_t(ci)].raw)
            return false;
    syncSeries(from);
    m_decimated = false;
    for (int ci = 0; ci < ComponentCount; ++ci) {
        if (!isComponentVisible(Component(ci)))
            continue;
        setBatchData(Component(ci));
        setEpochData(Component(ci));
    }
    return true;
}

void LossPlot::retranslateUi()
{
    PlotPanel::retranslateUi();
    m_val->setText(tr("val"));
    m_val->setToolTip(tr("Validation losses per epoch (dashed)"));
    m_windowBox->setItemText(int(Window::Last200), tr("Last 200 batches"));
    m_windowBox->setItemText(int(Window::Last1000), tr("Last 1,000 batches"));
    m_windowBox->setItemText(int(Window::All), tr("All batches"));
    // The loss names of Ultralytics' results.csv (train/box_loss, …).
    const QString labels[] = { tr("box", "loss component"), tr("pose", "loss component"), tr("kobj", "loss component"),
        tr("cls", "loss component"), tr("dfl", "loss component") };
    for (int c = 0; c < ComponentCount; ++c) {
        m_components[size_t(c)]->setText(labels[c]);
        m_components[size_t(c)]->setToolTip(tr("Show the %1 loss (train/%1_loss)").arg(componentKey(Component(c))));
    }
}
