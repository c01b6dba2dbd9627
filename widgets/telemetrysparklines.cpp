#include "telemetrysparklines.h"

#include "plottheme.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

using gp::GpuSample;
using gp::TelemetrySample;
using gp::TrainingHistory;

namespace {

constexpr int kMinRedrawIntervalMs = 250;
constexpr int kRowHeight = 46;

} // namespace

TelemetrySparklines::TelemetrySparklines(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_throttle(new QTimer(this))
{
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    PlotTheme::install(m_plot);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_throttle->setSingleShot(true);
    connect(m_throttle, &QTimer::timeout, this, &TelemetrySparklines::updateNow);
    m_sinceRedraw.start();
    rebuildNow();
}

QString TelemetrySparklines::rowName(Row row)
{
    switch (row) {
    case BusyRow:
        return tr("GPU %");
    case VramRow:
        return tr("VRAM %");
    case TempRow:
        return tr("Temp °C");
    case PowerRow:
        return tr("Power W");
    case CpuRow:
    case RowCount:
        break;
    }
    return tr("CPU %");
}

std::optional<double> TelemetrySparklines::value(const TelemetrySample &s, Row row, int gpu)
{
    if (row == CpuRow)
        return s.host.cpuPercent;
    if (gpu < 0 || gpu >= int(s.gpus.size()))
        return std::nullopt;
    const GpuSample &g = s.gpus[size_t(gpu)];
    switch (row) {
    case BusyRow:
        return g.busyPercent;
    case VramRow:
        return g.vramPercent();
    case TempRow:
        // rocm-smi's headline temperature is the junction (hotspot) where there is one.
        return g.junctionTempC ? g.junctionTempC : g.edgeTempC;
    case PowerRow:
        return g.powerAverageW;
    case CpuRow:
    case RowCount:
        break;
    }
    return std::nullopt;
}

void TelemetrySparklines::setHistory(const TrainingHistory *history)
{
    m_history = history;
    m_needRebuild = true;
    scheduleRebuild();
}

void TelemetrySparklines::setSamples(const std::vector<TelemetrySample> &samples)
{
    m_samples.assign(samples.begin(), samples.end());
    while (m_samples.size() > kMaxSamples)
        m_samples.pop_front();
    m_needRebuild = true;
    scheduleRebuild();
}

void TelemetrySparklines::clearSamples()
{
    m_samples.clear();
    m_needRebuild = true;
    scheduleRebuild();
}

void TelemetrySparklines::addSample(const TelemetrySample &sample)
{
    m_samples.push_back(sample);
    if (m_samples.size() > kMaxSamples) {
        m_samples.pop_front();
        ++m_dropped;
    }
    scheduleRebuild();
}

void TelemetrySparklines::setXRange(double lower, double upper)
{
    m_xRange = std::make_pair(lower, upper);
    for (const RowPlot &r : m_rows)
        r.rect->axis(QCPAxis::atBottom)->setRange(lower, upper);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int TelemetrySparklines::pointCount(Row row) const
{
    return m_points[row];
}

void TelemetrySparklines::scheduleRebuild()
{
    if (!m_throttle->isActive())
        m_throttle->start(int(std::max<qint64>(0, kMinRedrawIntervalMs - m_sinceRedraw.elapsed())));
}

size_t TelemetrySparklines::place(size_t from, Placed *placed) const
{
    if (!m_history)
        return m_samples.size();
    const auto &batches = m_history->batches();
    for (size_t i = from; i < m_samples.size(); ++i) {
        const qint64 t = m_samples[i].time.toMSecsSinceEpoch();
        if (const auto x = m_history->positionAt(t))
            placed->emplace_back(*x, &m_samples[i]);
        else if (!batches.empty() && t > batches.back().timeMs)
            return i; // after the last batch: placed when the next batches come
    }
    return m_samples.size();
}

bool TelemetrySparklines::historyOnlyGrew() const
{
    if (!m_history || m_history != m_builtHistory || m_history->batches().size() < m_builtBatches
        || m_history->batches().empty())
        return false;
    // No batch dropped since (no new run or resumed one in the same history).
    return m_builtBatches > 0 && m_history->batchesCut() == m_builtCuts;
}

void TelemetrySparklines::noteBuilt(size_t nextSample)
{
    m_builtHistory = m_history;
    m_builtBatches = m_history ? m_history->batches().size() : 0;
    m_builtCuts = m_history ? m_history->batchesCut() : 0;
    m_nextSample = m_dropped + nextSample;
    m_needRebuild = false;
    m_sinceRedraw.restart();
}

void TelemetrySparklines::updateNow()
{
    m_throttle->stop();
    // Samples dropped from the front that were not looked at yet, or a history that changed
    // other than by new batches: everything again.
    if (m_needRebuild || !historyOnlyGrew() || m_nextSample < m_dropped) {
        rebuildNow();
        return;
    }
    Placed placed;
    const size_t next = place(m_nextSample - m_dropped, &placed);
    // A figure or a GPU not shown yet needs its row or line laid out.
    for (const auto &[x, s] : placed) {
        if (int(s->gpus.size()) > m_gpus) {
            rebuildNow();
            return;
        }
        for (int r = 0; r < RowCount; ++r)
            if (value(*s, Row(r), 0)
                && std::none_of(m_rows.begin(), m_rows.end(), [r](const RowPlot &p) { return p.row == r; })) {
                rebuildNow();
                return;
            }
    }
    // What fell off the front (after a day of samples) goes from the plot.
    std::optional<double> cut;
    if (!m_samples.empty())
        cut = m_history->positionAt(m_samples.front().time.toMSecsSinceEpoch());
    for (RowPlot &rp : m_rows) {
        addPoints(rp, placed);
        if (cut)
            for (QCPGraph *g : rp.graphs)
                g->data()->removeBefore(*cut);
    }
    if (!placed.empty())
        m_placedRange
            = std::make_pair(m_placedRange ? m_placedRange->first : placed.front().first, placed.back().first);
    setRanges();
    noteBuilt(next);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TelemetrySparklines::rebuildNow()
{
    m_throttle->stop();
    std::fill(std::begin(m_points), std::end(m_points), 0);
    // Each sample's place on the loss plot's axis; samples outside the run are left out.
    Placed placed;
    const size_t next = place(0, &placed);
    int gpus = 0;
    for (const auto &[x, s] : placed)
        gpus = std::max(gpus, int(s->gpus.size()));
    // The rows with something to show, GPU rows first.
    std::vector<Row> rows;
    for (int r = 0; r < RowCount; ++r)
        for (const auto &[x, s] : placed)
            if (value(*s, Row(r), 0)) {
                rows.push_back(Row(r));
                break;
            }
    if (rows.empty())
        rows.push_back(CpuRow);

    layoutRows(rows, gpus);
    m_placedRange.reset();
    if (!placed.empty())
        m_placedRange = std::make_pair(placed.front().first, placed.back().first);
    for (RowPlot &rp : m_rows) {
        rp.yMax = rp.row == TempRow || rp.row == PowerRow ? 1 : 100;
        for (QCPGraph *g : rp.graphs)
            g->data()->clear();
        addPoints(rp, placed);
    }
    setRanges();
    noteBuilt(next);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TelemetrySparklines::addPoints(RowPlot &rp, const Placed &placed)
{
    for (size_t gpu = 0; gpu < rp.graphs.size(); ++gpu) {
        QVector<double> xs, ys;
        xs.reserve(int(placed.size()));
        ys.reserve(int(placed.size()));
        for (const auto &[px, s] : placed)
            if (const auto v = value(*s, rp.row, int(gpu))) {
                xs << px;
                ys << *v;
                rp.yMax = std::max(rp.yMax, *v);
            }
        rp.graphs[gpu]->addData(xs, ys, true);
        m_points[rp.row] += int(xs.size());
    }
}

void TelemetrySparklines::setRanges()
{
    double x0 = 0, x1 = 1;
    if (m_placedRange) {
        x0 = m_placedRange->first;
        x1 = std::max(x0 + 1e-3, m_placedRange->second);
    }
    if (m_xRange) {
        x0 = m_xRange->first;
        x1 = m_xRange->second;
    }
    for (RowPlot &rp : m_rows) {
        rp.rect->axis(QCPAxis::atLeft)
            ->setRange(0, rp.row == TempRow || rp.row == PowerRow ? rp.yMax * 1.1 : std::max(100.0, rp.yMax));
        rp.rect->axis(QCPAxis::atBottom)->setRange(x0, x1);
    }
}

void TelemetrySparklines::layoutRows(const std::vector<Row> &rows, int gpus)
{
    bool same = gpus == m_gpus && rows.size() == m_rows.size();
    for (size_t i = 0; same && i < rows.size(); ++i)
        same = m_rows[i].row == rows[i];
    if (same)
        return;
    m_plot->plotLayout()->clear();
    m_plot->clearPlottables();
    m_rows.clear();
    m_gpus = gpus;
    static const QColor kGpuColors[]
        = { QColor(0xd6, 0x27, 0x28), QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd) };
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.75));
    for (size_t i = 0; i < rows.size(); ++i) {
        RowPlot rp { rows[i], new QCPAxisRect(m_plot), {}, 0 };
        rp.rect->setMinimumSize(0, kRowHeight);
        rp.rect->setupFullAxesBox(false);
        rp.rect->setRangeDrag(Qt::Orientations());
        rp.rect->setRangeZoom(Qt::Orientations());
        QCPAxis *x = rp.rect->axis(QCPAxis::atBottom);
        QCPAxis *y = rp.rect->axis(QCPAxis::atLeft);
        x->setTickLabels(i + 1 == rows.size());
        y->setLabel(rowName(rows[i]));
        y->setLabelFont(small);
        y->setTickLabelFont(small);
        x->setTickLabelFont(small);
        y->ticker()->setTickCount(2);
        m_plot->plotLayout()->addElement(int(i), 0, rp.rect);
        const int lines = rows[i] == CpuRow ? 1 : std::max(1, gpus);
        for (int gpu = 0; gpu < lines; ++gpu) {
            QCPGraph *g = m_plot->addGraph(x, y);
            g->setPen(QPen(rows[i] == CpuRow ? QColor(0x7f, 0x7f, 0x7f) : kGpuColors[gpu % 4], 1.3));
            rp.graphs.push_back(g);
        }
        m_rows.push_back(std::move(rp));
    }
    m_plot->setMinimumHeight(int(rows.size()) * kRowHeight + 20);
    PlotTheme::apply(m_plot); // the rows' new axes
}

void TelemetrySparklines::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_gpus = -1; // the row titles are set when the rows are laid out
        m_needRebuild = true;
        scheduleRebuild();
    }
    QWidget::changeEvent(event);
}
