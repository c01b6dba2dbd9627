#include "plotpanel.h"
#include "savefilecommit.h"

#include "flowlayout.h"
#include "plottheme.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSaveFile>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using gp::TrainingHistory;

namespace {

constexpr double kReadoutRadiusPx = 20.0;
constexpr double kOutlierQuantile = 0.02;

QString csvField(const QString &s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')))
        return s;
    return QLatin1Char('"') + QString(s).replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
}

double quantile(std::vector<double> &v, double q)
{
    const size_t i = std::min(v.size() - 1, size_t(std::floor(q * double(v.size() - 1) + 0.5)));
    std::nth_element(v.begin(), v.begin() + long(i), v.end());
    return v[i];
}

} // namespace

PlotPanel::PlotPanel(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_tools(new FlowLayout)
    , m_logButton(new QToolButton(this))
    , m_outlierButton(new QToolButton(this))
    , m_fitButton(new QToolButton(this))
    , m_pngButton(new QToolButton(this))
    , m_csvButton(new QToolButton(this))
    , m_readout(new QLabel(this))
    , m_throttle(new QTimer(this))
{
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    // Its own minimum, not the legend's width: a narrow plot gives its legend more rows
    // (fitLegend) instead of widening the window.
    m_plot->setMinimumSize(kMinimumPlotSize);
    m_plot->legend->setVisible(true);
    QFont legendFont = font();
    legendFont.setPointSizeF(std::max(6.0, legendFont.pointSizeF() * 0.8));
    m_plot->legend->setFont(legendFont);
    m_plot->legend->setRowSpacing(0);
    // The legend sits below the axis rect, never over the curves (a corner inside the axis
    // rect is where a falling loss or a rising mAP ends up sooner or later); its entries fill
    // columns of setLegendRows() rows.
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->plotLayout()->setRowSpacing(0);
    m_plot->legend->setMargins(QMargins(4, 0, 4, 2));
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setColumnSpacing(12);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst, false);
    m_plot->legend->setWrap(kDefaultLegendRows);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &PlotPanel::onMouseMove);
    // After the layout, when the axis rect has its size for this drawing (a resize lays out anew).
    connect(m_plot, &QCustomPlot::afterLayout, this, &PlotPanel::fitToAxisRect);
    PlotTheme::install(m_plot);
    // A range the program did not set is the user zooming or panning: keep their view.
    auto onRange = [this](const QCPRange &) {
        if (m_settingRange)
            return;
        m_autoRange = false;
    };
    connect(
        m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this, onRange](const QCPRange &r) {
            onRange(r);
            if (!m_settingRange)
                viewChanged(); // what is shown (decimation) depends on the x range only
        });
    connect(m_plot->yAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, onRange);
    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
        [this](const QCPRange &r) { Q_EMIT xRangeChanged(r.lower, r.upper); });

    m_logButton->setObjectName(QStringLiteral("logScale"));
    m_outlierButton->setObjectName(QStringLiteral("ignoreOutliers"));
    m_fitButton->setObjectName(QStringLiteral("fitView"));
    m_pngButton->setObjectName(QStringLiteral("exportPng"));
    m_csvButton->setObjectName(QStringLiteral("exportCsv"));
    for (QToolButton *b : { m_logButton, m_outlierButton })
        b->setCheckable(true);
    for (QToolButton *b : { m_logButton, m_outlierButton, m_fitButton, m_pngButton, m_csvButton })
        b->setAutoRaise(true);
    connect(m_logButton, &QToolButton::toggled, this, &PlotPanel::setLogScale);
    connect(m_outlierButton, &QToolButton::toggled, this, &PlotPanel::setIgnoreOutliers);
    connect(m_fitButton, &QToolButton::clicked, this, &PlotPanel::fitView);
    connect(m_pngButton, &QToolButton::clicked, this, &PlotPanel::exportPngDialog);
    connect(m_csvButton, &QToolButton::clicked, this, &PlotPanel::exportCsvDialog);
    m_tools->setContentsMargins(0, 0, 0, 0);
    m_tools->setSpacing(2);
    for (QToolButton *b : { m_logButton, m_outlierButton, m_fitButton, m_pngButton, m_csvButton })
        m_tools->addWidget(b);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setMinimumHeight(m_readout->fontMetrics().height());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(m_tools);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_readout);

    m_throttle->setSingleShot(true);
    connect(m_throttle, &QTimer::timeout, this, &PlotPanel::updateNow);
    m_sinceRedraw.start();
    clearPlot();
    retranslateUi();
}

PlotPanel::~PlotPanel() = default;

QColor PlotPanel::runColor(int index)
{
    // Tableau's ten, as matplotlib cycles them: familiar from Ultralytics' own plots.
    static const QColor kColors[] = { QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
        QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2),
        QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22), QColor(0x17, 0xbe, 0xcf) };
    return kColors[std::abs(index) % 10];
}

void PlotPanel::setHistory(const TrainingHistory *history)
{
    m_history = history;
    m_historySet = true;
    m_needRebuild = true;
    scheduleRebuild();
}

void PlotPanel::setComparison(std::vector<TrainingHistory> runs)
{
    m_comparison = std::move(runs);
    m_needRebuild = true;
    scheduleRebuild();
}

void PlotPanel::scheduleRebuild()
{
    m_pending = true;
    if (m_throttle->isActive())
        return;
    m_throttle->start(int(std::max<qint64>(m_redrawDelayMs, kMinRedrawIntervalMs - m_sinceRedraw.elapsed())));
}

void PlotPanel::rebuildNow()
{
    m_throttle->stop();
    m_pending = false;
    m_needRebuild = false;
    clearPlot();
    rebuild();
    fitLegend();
    noteBuilt();
    fitAxes();
    draw();
}

bool PlotPanel::extend(size_t from)
{
    Q_UNUSED(from)
    return false;
}

void PlotPanel::updateNow()
{
    if (m_needRebuild || !historyOnlyGrew()) {
        rebuildNow();
        return;
    }
    m_throttle->stop();
    m_pending = false;
    if (!extend(m_builtBatches)) {
        rebuildNow();
        return;
    }
    noteBuilt();
    fitAxes();
    draw();
}

bool PlotPanel::historyOnlyGrew() const
{
    if (!m_history || m_history != m_builtHistory || m_historySet)
        return false;
    // No batch dropped since (no new run or resumed one in the same history).
    return m_history->batchesCut() == m_builtCuts && m_history->batches().size() >= m_builtBatches;
}

void PlotPanel::noteBuilt()
{
    m_builtHistory = m_history;
    m_historySet = false;
    m_builtBatches = m_history ? m_history->batches().size() : 0;
    m_builtCuts = m_history ? m_history->batchesCut() : 0;
}

void PlotPanel::draw()
{
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    m_sinceRedraw.restart();
    ++m_redraws;
    Q_EMIT redrawn();
}

void PlotPanel::clearPlot()
{
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_markers.clear();
    m_tracer = new QCPItemTracer(m_plot);
    m_tracer->setStyle(QCPItemTracer::tsCircle);
    m_tracer->setSize(8);
    m_tracer->setVisible(false);
}

QCPGraph *PlotPanel::addLine(const QString &name, const QColor &color, Qt::PenStyle style, double width)
{
    QCPGraph *g = m_plot->addGraph();
    g->setName(name);
    QPen pen(color, width, style);
    g->setPen(pen);
    g->setLineStyle(QCPGraph::lsLine);
    return g;
}

QCPGraph *PlotPanel::addPoints(const QString &name, const QColor &color, double size)
{
    QCPGraph *g = m_plot->addGraph();
    g->setName(name);
    g->setLineStyle(QCPGraph::lsNone);
    QColor faint = color;
    faint.setAlpha(70);
    g->setPen(QPen(faint));
    // The dot drawn once and copied to every point: late in a long run a batch graph holds
    // two points per pixel column, and copying a few pixels costs a tenth of filling an
    // antialiased ellipse each time (a fifth of a redraw at 10^6 batches; docs/BENCHMARKS.md).
    const int side = int(std::ceil(size)) + 1;
    QPixmap dot(side, side);
    dot.fill(Qt::transparent);
    QPainter painter(&dot);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(faint);
    painter.drawEllipse(QRectF((side - size) / 2, (side - size) / 2, size, size));
    painter.end();
    g->setScatterStyle(QCPScatterStyle(dot));
    g->removeFromLegend();
    return g;
}

void PlotPanel::addMarker(double x, const QString &text, const QString &brief, const QColor &color)
{
    auto *line = new QCPItemStraightLine(m_plot);
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
    line->setPen(QPen(color, 1.2, Qt::DashLine));
    auto *label = new QCPItemText(m_plot);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(x, 0.02);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setText(text);
    label->setColor(color);
    label->setPadding(QMargins(4, 0, 4, 0));
    // Over a curve or a grid line the text stays readable.
    QColor base = palette().color(QPalette::Base);
    base.setAlpha(200);
    label->setBrush(base);
    m_markers.push_back({ label, x, text, brief });
}

void PlotPanel::fitToAxisRect()
{
    // For each drawing, what depends on the axes' size: the value ticks and the markers'
    // labels. Each label where it fits inside the axis rect: right of its line, else left of it, and
    // the brief text where the whole one fits neither way (a narrow or short plot).
    const QRect rect = m_plot->axisRect()->rect();
    // Fewer value ticks on short axes: their labels need a line each, with room between.
    // The ticks of this drawing were placed before its layout: a changed count draws again.
    const int lineHeight = QFontMetrics(m_plot->yAxis->tickLabelFont()).height();
    const int ticks = std::clamp(rect.height() / (2 * lineHeight), 2, 5);
    if (m_plot->yAxis->ticker()->tickCount() != ticks) {
        m_plot->yAxis->ticker()->setTickCount(ticks);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    for (const Marker &m : m_markers) {
        if (!m.label)
            continue;
        const double px = m_plot->xAxis->coordToPixel(m.x);
        const QFontMetrics metrics(m.label->font());
        const auto width = [&metrics](const QString &s) { return metrics.horizontalAdvance(s) + 8; };
        const bool roomRight = px + width(m.text) <= rect.right();
        const bool roomLeft = px - width(m.text) >= rect.left();
        const bool tall = rect.height() >= 3 * metrics.height();
        const bool whole = tall && (roomRight || roomLeft);
        m.label->setText(whole ? m.text : m.brief);
        const bool right = whole ? roomRight : px + width(m.brief) <= rect.right();
        m.label->setPositionAlignment((right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop);
        // Axes with no room even for the brief text show the line alone.
        m.label->setVisible(rect.height() >= metrics.height() && (right || px - width(m.brief) >= rect.left()));
    }
    thinMarkers(rect.width());
}

void PlotPanel::thinMarkers(int width)
{
    // A line's markers (the epochs' circles, the validation's squares) closer than twice their
    // size run together into a smear, and at a long run's length (1,000 epochs across a plot)
    // painting them cost more than all the rest of the plot: draw every k-th, spaced at least
    // that far. The line still goes through every point. Point-only graphs (the batches) are
    // the data themselves and keep every marker.
    const QCPRange view = m_plot->xAxis->range();
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        QCPGraph *g = m_plot->graph(i);
        if (g->lineStyle() == QCPGraph::lsNone || g->scatterStyle().isNone())
            continue;
        const auto shown = double(g->data()->findEnd(view.upper) - g->data()->findBegin(view.lower));
        const double spacing = std::max(1, width) / std::max(1.0, shown);
        const double wanted = 2 * g->scatterStyle().size();
        g->setScatterSkip(spacing >= wanted ? 0 : int(std::ceil(wanted / spacing)) - 1);
    }
}

void PlotPanel::addToolWidget(QWidget *widget)
{
    m_tools->insertWidget(m_tools->count() - 5, widget);
}

void PlotPanel::setAxisLabels(const QString &x, const QString &y)
{
    m_plot->xAxis->setLabel(x);
    m_plot->yAxis->setLabel(y);
}

QCPGraph *PlotPanel::graph(const QString &name) const
{
    for (int i = 0; i < m_plot->graphCount(); ++i)
        if (m_plot->graph(i)->name() == name && !m_plot->graph(i)->data()->isEmpty())
            return m_plot->graph(i);
    return nullptr;
}

void PlotPanel::setLogScale(bool on)
{
    m_logScale = on;
    m_logButton->setChecked(on);
    if (on) {
        m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    } else {
        m_plot->yAxis->setScaleType(QCPAxis::stLinear);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    m_autoRange = true;
    rebuildNow();
}

void PlotPanel::setIgnoreOutliers(bool on)
{
    m_ignoreOutliers = on;
    m_outlierButton->setChecked(on);
    m_autoRange = true;
    fitAxes();
    draw();
}

void PlotPanel::fitView()
{
    m_autoRange = true;
    fitAxes();
    draw();
    viewChanged();
}

void PlotPanel::viewChanged()
{ }

bool PlotPanel::fullSeries(const QCPGraph *graph, QVector<double> *x, QVector<double> *y) const
{
    Q_UNUSED(graph)
    Q_UNUSED(x)
    Q_UNUSED(y)
    return false;
}

void PlotPanel::setLegendRows(int rows)
{
    m_legendRows = std::max(1, rows);
    fitLegend();
}

void PlotPanel::fitLegend()
{
    // The fewest rows (at least the ones asked for) whose columns fit the plot's width: entries
    // fill a column of `rows` before the next, so fewer columns need more rows.
    QCPLegend *legend = m_plot->legend;
    // The entries in their order; a grid of r rows can have empty cells after its last one
    // (itemCount() counts the cells), which item() gives as null.
    std::vector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (const QCPAbstractLegendItem *item = legend->item(i))
            widths.push_back(item->minimumOuterSizeHint().width());
    const int n = int(widths.size());
    const int available = m_plot->width() - legend->margins().left() - legend->margins().right();
    int rows = m_legendRows;
    for (; n > 0 && rows < n; ++rows) {
        int width = 0;
        for (int first = 0; first < n; first += rows) {
            const int column = *std::max_element(widths.begin() + first, widths.begin() + std::min(n, first + rows));
            width += column + (first > 0 ? legend->columnSpacing() : 0);
        }
        if (width <= available)
            break;
    }
    if (legend->wrap() != rows) {
        legend->setWrap(rows);
        // setWrap places only entries added later: the ones there move by the fill order.
        legend->setFillOrder(legend->fillOrder(), true);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void PlotPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitLegend();
}

bool PlotPanel::automaticXRange(double *lower, double *upper) const
{
    bool any = false;
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        const QCPGraph *g = m_plot->graph(i);
        if (!g->visible() || g->data()->isEmpty())
            continue;
        bool found = false;
        const QCPRange r = g->data()->keyRange(found);
        if (!found)
            continue;
        *lower = any ? std::min(*lower, r.lower) : r.lower;
        *upper = any ? std::max(*upper, r.upper) : r.upper;
        any = true;
    }
    return any;
}

std::vector<double> PlotPanel::visibleValues(double xLower, double xUpper) const
{
    std::vector<double> values;
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        const QCPGraph *g = m_plot->graph(i);
        if (!g->visible())
            continue;
        for (auto it = g->data()->findBegin(xLower, false); it != g->data()->constEnd() && it->key <= xUpper; ++it)
            if (std::isfinite(it->value) && (!m_logScale || it->value > 0))
                values.push_back(it->value);
    }
    return values;
}

void PlotPanel::fitAxes()
{
    if (!m_autoRange)
        return;
    m_settingRange = true;
    double x0 = 0, x1 = 1;
    if (!automaticXRange(&x0, &x1)) {
        x0 = 0;
        x1 = 1;
    }
    if (x1 - x0 < 1e-9)
        x1 = x0 + 1;
    m_plot->xAxis->setRange(x0, x1);
    std::vector<double> v = visibleValues(x0, x1);
    if (!v.empty()) {
        double lo = 0, hi = 0;
        if (m_ignoreOutliers && v.size() >= 10) {
            lo = quantile(v, kOutlierQuantile);
            hi = quantile(v, 1 - kOutlierQuantile);
        } else {
            const auto [mn, mx] = std::minmax_element(v.begin(), v.end());
            lo = *mn;
            hi = *mx;
        }
        if (m_logScale) {
            const double a = std::log10(lo), b = std::log10(std::max(hi, lo * 1.0001));
            const double pad = std::max(0.05, (b - a) * 0.05);
            m_plot->yAxis->setRange(std::pow(10, a - pad), std::pow(10, b + pad));
        } else {
            const double pad = std::max((hi - lo) * 0.05, std::max(std::abs(hi), 1e-6) * 0.02);
            m_plot->yAxis->setRange(lo - pad, hi + pad);
        }
    } else {
        m_plot->yAxis->setRange(m_logScale ? 0.01 : 0, 1);
    }
    m_settingRange = false;
}

QString PlotPanel::csv() const
{
    QString out = QStringLiteral("series,x,y\n");
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        const QCPGraph *g = m_plot->graph(i);
        if (!g->visible())
            continue;
        const QString name = csvField(g->name());
        // The shortest text that reads back as the same double.
        auto row = [&](double x, double y) {
            out += name + QLatin1Char(',') + QString::number(x, 'g', QLocale::FloatingPointShortest) + QLatin1Char(',')
                + QString::number(y, 'g', QLocale::FloatingPointShortest) + QLatin1Char('\n');
        };
        QVector<double> xs, ys;
        if (fullSeries(g, &xs, &ys)) {
            for (int k = 0; k < xs.size(); ++k)
                row(xs[k], ys[k]);
            continue;
        }
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            row(it->key, it->value);
    }
    return out;
}

bool PlotPanel::exportCsv(const QString &file, QString *error) const
{
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly) || f.write(csv().toUtf8()) < 0 || !gp::commitSaveFile(f)) {
        *error = tr("%1: cannot write: %2").arg(file, f.errorString());
        return false;
    }
    return true;
}

bool PlotPanel::exportPng(const QString &file, QString *error)
{
    if (m_pending)
        rebuildNow();
    if (!m_plot->savePng(file, std::max(640, m_plot->width()), std::max(360, m_plot->height()), 2.0)) {
        *error = tr("%1: cannot write the image").arg(file);
        return false;
    }
    return true;
}

void PlotPanel::exportPngDialog()
{
    const QString file
        = QFileDialog::getSaveFileName(this, tr("Export Plot as PNG"), QString(), tr("PNG images (*.png)"));
    QString error;
    if (!file.isEmpty() && !exportPng(file, &error))
        m_readout->setText(error);
}

void PlotPanel::exportCsvDialog()
{
    const QString file
        = QFileDialog::getSaveFileName(this, tr("Export Plot as CSV"), QString(), tr("CSV files (*.csv)"));
    QString error;
    if (!file.isEmpty() && !exportCsv(file, &error))
        m_readout->setText(error);
}

QString PlotPanel::readoutAt(const QPointF &pos)
{
    const QCPGraph *best = nullptr;
    double bestDistance = kReadoutRadiusPx;
    double bx = 0, by = 0;
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        const QCPGraph *g = m_plot->graph(i);
        if (!g->visible() || g->data()->isEmpty())
            continue;
        auto it = g->data()->findBegin(key, true);
        for (int step = 0; step < 3 && it != g->data()->constEnd(); ++step, ++it) {
            const QPointF p = g->coordsToPixels(it->key, it->value);
            const double d = std::hypot(p.x() - pos.x(), p.y() - pos.y());
            if (d < bestDistance) {
                bestDistance = d;
                best = g;
                bx = it->key;
                by = it->value;
            }
        }
    }
    if (!best) {
        m_tracer->setVisible(false);
        return QString();
    }
    m_tracer->position->setCoords(bx, by);
    m_tracer->setPen(best->pen().color().alpha() < 255 ? QPen(Qt::black) : best->pen());
    m_tracer->setVisible(true);
    return tr("%1: %2 at %3 %4")
        .arg(best->name(), QString::number(by, 'g', 5), m_plot->xAxis->label(), QString::number(bx, 'f', 2));
}

void PlotPanel::onMouseMove(QMouseEvent *event)
{
    if (event->buttons() != Qt::NoButton)
        return; // dragging
    m_readout->setText(readoutAt(event->position()));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PlotPanel::retranslateUi()
{
    m_logButton->setText(tr("Log"));
    m_logButton->setToolTip(tr("Logarithmic y axis"));
    m_outlierButton->setText(tr("Ignore outliers"));
    m_outlierButton->setToolTip(
        tr("Fit the y axis to the 2nd to 98th percentile of the values shown, so one diverged batch does not "
           "flatten the curve"));
    m_fitButton->setText(tr("Fit"));
    m_fitButton->setToolTip(tr("Back to the automatic view (the wheel zooms, dragging pans)"));
    m_pngButton->setText(tr("PNG…"));
    m_pngButton->setToolTip(tr("Save the plot as a PNG image"));
    m_csvButton->setText(tr("CSV…"));
    m_csvButton->setToolTip(tr("Save the points of the plot as CSV (series, x, y)"));
}

void PlotPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        m_needRebuild = true; // the series' names
        scheduleRebuild();
    }
    QWidget::changeEvent(event);
}
