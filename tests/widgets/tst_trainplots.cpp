// The dashboard's plots as a user handles them, offscreen: the loss plot's batch points,
// smoothed curve and epoch means against values computed here from their definitions, the
// component check boxes and the batch window; the wheel zooms, dragging pans, Fit returns
// to the automatic view; the hover read-out names the point under the cursor; the log
// scale and "ignore outliers"; CSV and PNG export; redraws throttled however often they
// are asked for; the metrics plot's best epoch; the learning rates per group; the
// telemetry sparklines placed on the loss plot's axis by wall time.

#include "lossplot.h"
#include "lrplot.h"
#include "metricsplot.h"
#include "telemetrysparklines.h"
#include "traininghistory.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

#include <cmath>

using gp::BatchReport;
using gp::EpochReport;
using gp::GpuSample;
using gp::TelemetrySample;
using gp::TrainingHistory;

namespace {

constexpr qint64 kStartMs = 1764720000000; // a wall-clock start, ms since 1970

// A batch's own box loss: falling with noise, never the same twice.
double boxLoss(int k)
{
    return 3.0 / (1.0 + 0.05 * k) + 0.2 * std::sin(1.7 * k);
}

// `epochs` epochs of `batches` batches, one second apart; losses of the other components
// are multiples of the box loss, learning rates fall linearly per group.
TrainingHistory makeHistory(int epochs, int batches)
{
    TrainingHistory h(QStringLiteral("run"));
    int k = 0;
    for (int e = 0; e < epochs; ++e) {
        for (int b = 0; b < batches; ++b, ++k) {
            BatchReport r;
            r.epoch = e;
            r.epochs = epochs;
            r.batch = b;
            r.batches = batches;
            r.batchLoss = { boxLoss(k), 2 * boxLoss(k), 0.5 * boxLoss(k), 0.25 * boxLoss(k), 1.5 * boxLoss(k) };
            r.lr = { 0.01 - 1e-5 * k, 0.02 - 2e-5 * k, 0.03 - 3e-5 * k };
            h.addBatch(r, kStartMs + qint64(k) * 1000);
        }
        EpochReport ep;
        ep.epoch = e;
        ep.epochs = epochs;
        ep.trainLoss = { 1.0 + e, 2.0 + e, 3.0 + e, 4.0 + e, 5.0 + e };
        ep.valLoss = { 0.5 + e, 0.6 + e, 0.7 + e, 0.8 + e, 0.9 + e };
        ep.validated = true;
        h.addEpoch(ep);
    }
    return h;
}

std::vector<std::pair<double, double>> points(const QCPGraph *g)
{
    std::vector<std::pair<double, double>> out;
    if (g)
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            out.emplace_back(it->key, it->value);
    return out;
}

// Every graph of a plot, in order: its name and points.
std::vector<std::pair<QString, std::vector<std::pair<double, double>>>> allGraphs(QCustomPlot *plot)
{
    std::vector<std::pair<QString, std::vector<std::pair<double, double>>>> out;
    for (int i = 0; i < plot->graphCount(); ++i)
        out.emplace_back(plot->graph(i)->name(), points(plot->graph(i)));
    return out;
}

template<typename T> T *child(QWidget *parent, const char *name)
{
    T *w = parent->findChild<T *>(QLatin1String(name));
    if (!w)
        qWarning("no child %s", name);
    return w;
}

void click(QAbstractButton *b)
{
    QTest::mouseClick(b, Qt::LeftButton, Qt::NoModifier, b->rect().center());
}

void wheel(QWidget *w, const QPoint &at, int angle)
{
    QWheelEvent e(QPointF(at), QPointF(w->mapToGlobal(at)), QPoint(), QPoint(0, angle), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

} // namespace

class TestTrainPlots : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lossPlotSeriesFollowTheirDefinitions();
    void componentsAndBatchWindow();
    void zoomPanFitAndReadout();
    void logScaleAndOutliers();
    void exportsCsvAndPng();
    void redrawsAreThrottled();
    void metricsMarkTheBestEpoch();
    void learningRatePerGroup();
    void sparklinesLineUpWithTheBatches();
    void updatesMatchARebuild();
    void rebuildsKeepOnlySeriesThatStillHold();
    void markersOfALongRunAreSpacedOut();
    void legendFitsWhateverTheWidth();
};

void TestTrainPlots::lossPlotSeriesFollowTheirDefinitions()
{
    const int epochs = 2, batches = 10;
    const TrainingHistory h = makeHistory(epochs, batches);
    LossPlot plot;
    plot.setHistory(&h);
    plot.rebuildNow();
    const auto raw = points(plot.graph(LossPlot::batchSeriesName(LossPlot::Box)));
    const auto smooth = points(plot.graph(LossPlot::smoothedSeriesName(LossPlot::Box)));
    QCOMPARE(int(raw.size()), epochs * batches);
    QCOMPARE(int(smooth.size()), epochs * batches);
    const double a = LossPlot::kSmoothing;
    for (int k = 0; k < epochs * batches; ++k) {
        // Batch k of n in epoch e ends at e + (b + 1) / n.
        const double x = k / batches + double(k % batches + 1) / batches;
        QCOMPARE(raw[size_t(k)].first, x);
        QCOMPARE(raw[size_t(k)].second, boxLoss(k));
        // The debiased exponential average written as the weighted mean it is.
        double num = 0, den = 0;
        for (int j = 0; j <= k; ++j) {
            num += std::pow(a, k - j) * boxLoss(j);
            den += std::pow(a, k - j);
        }
        QVERIFY2(std::abs(smooth[size_t(k)].second - num / den) < 1e-12, qPrintable(QString::number(k)));
    }
    // Epoch means at e + 1, validation losses beside them; the pose curve is its own.
    const auto epochMeans = points(plot.graph(LossPlot::epochSeriesName(LossPlot::Dfl)));
    const auto val = points(plot.graph(LossPlot::valSeriesName(LossPlot::Kobj)));
    QCOMPARE(epochMeans, (std::vector<std::pair<double, double>> { { 1.0, 5.0 }, { 2.0, 6.0 } }));
    QCOMPARE(val, (std::vector<std::pair<double, double>> { { 1.0, 0.7 }, { 2.0, 1.7 } }));
    QCOMPARE(points(plot.graph(LossPlot::batchSeriesName(LossPlot::Pose)))[3].second, 2 * boxLoss(3));
}

void TestTrainPlots::componentsAndBatchWindow()
{
    const int batches = 100;
    const TrainingHistory h = makeHistory(3, batches);
    LossPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHistory(&h);
    plot.rebuildNow();
    // Unticking a component removes its curves; the others stay.
    click(child<QCheckBox>(&plot, "pose"));
    QVERIFY(!plot.isComponentVisible(LossPlot::Pose));
    QVERIFY(!plot.graph(LossPlot::batchSeriesName(LossPlot::Pose)));
    QVERIFY(!plot.graph(LossPlot::epochSeriesName(LossPlot::Pose)));
    QVERIFY(plot.graph(LossPlot::batchSeriesName(LossPlot::Box)));
    click(child<QCheckBox>(&plot, "val"));
    QVERIFY(!plot.graph(LossPlot::valSeriesName(LossPlot::Box)));
    click(child<QCheckBox>(&plot, "pose"));
    QVERIFY(plot.graph(LossPlot::batchSeriesName(LossPlot::Pose)));

    // The batch window, chosen with the keyboard: "all" → "last 1,000" → "last 200".
    auto *window = child<QComboBox>(&plot, "batchWindow");
    QCOMPARE(plot.window(), LossPlot::Window::All);
    window->setFocus();
    QTest::keyClick(window, Qt::Key_Up);
    QCOMPARE(plot.window(), LossPlot::Window::Last1000);
    QCOMPARE(points(plot.graph(LossPlot::batchSeriesName(LossPlot::Box))).size(), size_t(300));
    QTest::keyClick(window, Qt::Key_Up);
    QCOMPARE(plot.window(), LossPlot::Window::Last200);
    const auto shown = points(plot.graph(LossPlot::batchSeriesName(LossPlot::Box)));
    QCOMPARE(shown.size(), size_t(200));
    // The last 200 of 300: batches 100..299, the first ending at 1 + 1/100.
    QCOMPARE(shown.front().first, 1.0 + 1.0 / batches);
    QCOMPARE(shown.front().second, boxLoss(100));
    // The view starts where the window's first batch starts (the end of batch 99).
    QCOMPARE(plot.plot()->xAxis->range().lower, 1.0);
    QCOMPARE(plot.plot()->xAxis->range().upper, 3.0);
    // The smoothed curve does not restart at the window's edge.
    const auto smooth = points(plot.graph(LossPlot::smoothedSeriesName(LossPlot::Box)));
    double num = 0, den = 0;
    for (int j = 0; j <= 100; ++j) {
        num += std::pow(LossPlot::kSmoothing, 100 - j) * boxLoss(j);
        den += std::pow(LossPlot::kSmoothing, 100 - j);
    }
    QVERIFY(std::abs(smooth.front().second - num / den) < 1e-12);
}

void TestTrainPlots::zoomPanFitAndReadout()
{
    const TrainingHistory h = makeHistory(4, 20);
    LossPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHistory(&h);
    for (const char *c : { "pose", "kobj", "cls", "dfl" })
        click(child<QCheckBox>(&plot, c));
    plot.rebuildNow();
    QCustomPlot *cp = plot.plot();
    cp->replot(QCustomPlot::rpImmediateRefresh);
    const QCPRange fitted = cp->xAxis->range();
    QCOMPARE(fitted.lower, 1.0 / 20);
    QCOMPARE(fitted.upper, 4.0);
    QVERIFY(plot.isAutoRange());

    // The wheel zooms in about the cursor.
    const QPoint centre = cp->axisRect()->rect().center();
    wheel(cp, centre, 120);
    QVERIFY(cp->xAxis->range().size() < fitted.size() * 0.99);
    QVERIFY(!plot.isAutoRange());
    // Dragging to the left shows what lies to the right.
    const QCPRange zoomed = cp->xAxis->range();
    QTest::mousePress(cp, Qt::LeftButton, Qt::NoModifier, centre);
    QTest::mouseMove(cp, centre - QPoint(100, 0));
    QTest::mouseRelease(cp, Qt::LeftButton, Qt::NoModifier, centre - QPoint(100, 0));
    const double shift = cp->xAxis->range().lower - zoomed.lower;
    const double expected = zoomed.size() * 100 / cp->axisRect()->width();
    QVERIFY2(std::abs(shift - expected) < expected * 0.05,
        qPrintable(QStringLiteral("shifted %1, expected %2").arg(shift).arg(expected)));
    // A new batch does not take the user's view away; Fit does.
    plot.rebuildNow();
    QCOMPARE(cp->xAxis->range().lower, zoomed.lower + shift);
    click(child<QToolButton>(&plot, "fitView"));
    QVERIFY(plot.isAutoRange());
    QCOMPARE(cp->xAxis->range().lower, fitted.lower);
    QCOMPARE(cp->xAxis->range().upper, fitted.upper);

    // Hovering over the mean of epoch 3 (x = 3) reads it out.
    cp->replot(QCustomPlot::rpImmediateRefresh);
    const QCPGraph *epochs = plot.graph(LossPlot::epochSeriesName(LossPlot::Box));
    QVERIFY(epochs);
    const QPointF at = epochs->coordsToPixels(3.0, 3.0);
    QTest::mouseMove(cp, at.toPoint());
    const QString text = plot.readoutLabel()->text();
    QVERIFY2(text.contains(LossPlot::epochSeriesName(LossPlot::Box)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral(": 3 ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("3.00")), qPrintable(text));
    // Far from every point: nothing.
    QTest::mouseMove(cp, cp->axisRect()->rect().topLeft() + QPoint(3, 3));
    QVERIFY(plot.readoutLabel()->text().isEmpty());
}

void TestTrainPlots::logScaleAndOutliers()
{
    // 200 batches between 0.5 and 1.5, and one that diverged.
    TrainingHistory h;
    for (int k = 0; k < 200; ++k) {
        BatchReport r;
        r.epoch = 0;
        r.batch = k;
        r.batches = 200;
        r.batchLoss.box = k == 120 ? 1000.0 : 1.0 + 0.5 * std::sin(k * 0.3);
        h.addBatch(r, kStartMs + k);
    }
    LossPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHistory(&h);
    for (const char *c : { "pose", "kobj", "cls", "dfl" })
        click(child<QCheckBox>(&plot, c));
    QCustomPlot *cp = plot.plot();
    QVERIFY(cp->yAxis->range().upper >= 1000);

    click(child<QToolButton>(&plot, "ignoreOutliers"));
    QVERIFY(plot.ignoresOutliers());
    // The 98th percentile of what is shown, not the diverged batch: the smoothed curve
    // carries the spike for a while (0.1 · 1000 decaying by 0.9 a batch), so it is well
    // above the raw points' 1.5 but far below 1000.
    QVERIFY2(cp->yAxis->range().upper < 100, qPrintable(QString::number(cp->yAxis->range().upper)));
    QVERIFY(cp->yAxis->range().upper > 1.5);
    QVERIFY(cp->yAxis->range().lower < 0.5);
    click(child<QToolButton>(&plot, "ignoreOutliers"));
    QVERIFY(cp->yAxis->range().upper >= 1000);

    click(child<QToolButton>(&plot, "logScale"));
    QVERIFY(plot.isLogScale());
    QCOMPARE(cp->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(cp->yAxis->range().lower > 0 && cp->yAxis->range().lower < 0.5);
    QVERIFY(cp->yAxis->range().upper >= 1000);
    click(child<QToolButton>(&plot, "logScale"));
    QCOMPARE(cp->yAxis->scaleType(), QCPAxis::stLinear);
}

void TestTrainPlots::exportsCsvAndPng()
{
    const int batches = 7;
    const TrainingHistory h = makeHistory(2, batches);
    LossPlot plot;
    plot.resize(800, 450);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHistory(&h);
    plot.rebuildNow();
    QTemporaryDir dir;
    QString error;
    const QString csvFile = dir.filePath(QStringLiteral("loss.csv"));
    QVERIFY2(plot.exportCsv(csvFile, &error), qPrintable(error));
    QFile f(csvFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.front(), QStringLiteral("series,x,y"));
    // Each batch of the box loss, as the history holds it.
    int k = 0;
    for (const QString &line : lines) {
        const QStringList cells = line.split(QLatin1Char(','));
        QCOMPARE(cells.size(), 3);
        if (cells[0] != LossPlot::batchSeriesName(LossPlot::Box))
            continue;
        QCOMPARE(cells[1].toDouble(), h.batches()[size_t(k)].position);
        QCOMPARE(cells[2].toDouble(), boxLoss(k));
        ++k;
    }
    QCOMPARE(k, 2 * batches);
    // Every line belongs to a graph the plot shows.
    int rows = 0;
    for (int i = 0; i < plot.plot()->graphCount(); ++i)
        rows += plot.plot()->graph(i)->visible() ? plot.plot()->graph(i)->data()->size() : 0;
    QCOMPARE(lines.size(), rows + 1);
    QVERIFY(!plot.exportCsv(dir.filePath(QStringLiteral("no/such/folder/x.csv")), &error));
    QVERIFY(error.contains(QStringLiteral("x.csv")));

    const QString png = dir.filePath(QStringLiteral("loss.png"));
    QVERIFY2(plot.exportPng(png, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 640 && image.height() >= 360);
    // Not blank: the curves are drawn in colour on white.
    int coloured = 0;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            coloured += QColor(image.pixel(x, y)).hsvSaturation() > 100;
    QVERIFY(coloured > 50);
}

void TestTrainPlots::redrawsAreThrottled()
{
    const TrainingHistory h = makeHistory(1, 10);
    LossPlot plot;
    plot.setHistory(&h);
    plot.rebuildNow();
    const int before = plot.redrawCount();
    // A batch every few microseconds asks for a redraw each time: none happens at once,
    // one happens after the interval, and no more are queued.
    for (int i = 0; i < 1000; ++i)
        plot.scheduleRebuild();
    QCOMPARE(plot.redrawCount(), before);
    QTRY_COMPARE(plot.redrawCount(), before + 1);
    QTest::qWait(3 * PlotPanel::kMinRedrawIntervalMs);
    QCOMPARE(plot.redrawCount(), before + 1);
}

void TestTrainPlots::metricsMarkTheBestEpoch()
{
    // Fitness is box mAP50-95 + pose mAP50-95 (Ultralytics 8.4's weights); epoch 4 has no
    // validation and is not plotted.
    const double box[] = { 0.10, 0.30, 0.25, 0.0, 0.28 };
    const double pose[] = { 0.05, 0.20, 0.30, 0.0, 0.21 };
    TrainingHistory h;
    int best = -1;
    double bestFitness = -1;
    for (int e = 0; e < 5; ++e) {
        EpochReport r;
        r.epoch = e;
        r.validated = e != 3;
        r.metrics.box.map = box[e];
        r.metrics.pose.map = pose[e];
        r.metrics.pose.map50 = pose[e] + 0.1;
        r.trainLoss.box = 10.0; // fitness of an epoch without validation: minus the loss
        h.addEpoch(r);
        if (r.validated && box[e] + pose[e] > bestFitness) {
            bestFitness = box[e] + pose[e];
            best = e;
        }
    }
    MetricsPlot plot;
    plot.setHistory(&h);
    plot.rebuildNow();
    QCOMPARE(plot.bestEpochMarker().value_or(-1), best + 1.0);
    const auto map = points(plot.graph(MetricsPlot::seriesName(MetricsPlot::PoseTask, MetricsPlot::Map)));
    QCOMPARE(map.size(), size_t(4));
    QCOMPARE(map[3], std::make_pair(5.0, pose[4]));
    QCOMPARE(points(plot.graph(MetricsPlot::seriesName(MetricsPlot::PoseTask, MetricsPlot::Map50)))[1].second,
        pose[1] + 0.1);
    // Precision and recall are off at first; ticking one shows it.
    QVERIFY(!plot.graph(MetricsPlot::seriesName(MetricsPlot::BoxTask, MetricsPlot::Precision)));
    plot.setMetricVisible(MetricsPlot::Precision, true);
    QVERIFY(plot.graph(MetricsPlot::seriesName(MetricsPlot::BoxTask, MetricsPlot::Precision)));

    // The marker's label stays inside the axes, over nothing outside them: whole where it
    // fits, "best" on a plot too short or narrow for it.
    const QString whole = QStringLiteral("best: epoch %1 (fitness %2)").arg(best + 1).arg(bestFitness, 0, 'f', 3);
    auto label = [&plot]() -> QCPItemText * {
        for (int i = 0; i < plot.plot()->itemCount(); ++i)
            if (auto *t = qobject_cast<QCPItemText *>(plot.plot()->item(i)))
                return t;
        return nullptr;
    };
    auto labelInsideAxes = [&plot](const QCPItemText *t) {
        const QPointF at = t->position->pixelPosition();
        const QFontMetrics fm(t->font());
        const int w = fm.horizontalAdvance(t->text()) + t->padding().left() + t->padding().right();
        const double left = (t->positionAlignment() & Qt::AlignRight) ? at.x() - w : at.x();
        const QRectF drawn(left, at.y(), w, fm.height());
        return QRectF(plot.plot()->axisRect()->rect()).contains(drawn);
    };
    plot.resize(700, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.plot()->replot();
    QVERIFY(label());
    QCOMPARE(label()->text(), whole);
    QVERIFY(labelInsideAxes(label()));
    plot.resize(300, 190);
    QTest::qWait(20);
    plot.plot()->replot();
    QCOMPARE(label()->text(), QStringLiteral("best"));
    QVERIFY(label()->visible());
    QVERIFY(labelInsideAxes(label()));
    // Axes squeezed to nothing: the line alone.
    plot.resize(260, 110);
    QTest::qWait(20);
    plot.plot()->replot();
    QVERIFY(!label()->visible() || labelInsideAxes(label()));
}

void TestTrainPlots::learningRatePerGroup()
{
    const TrainingHistory h = makeHistory(2, 5);
    LrPlot plot;
    plot.setHistory(&h);
    plot.rebuildNow();
    for (int g = 0; g < 3; ++g) {
        const auto lr = points(plot.graph(LrPlot::seriesName(g)));
        QCOMPARE(lr.size(), size_t(10));
        for (int k = 0; k < 10; ++k) {
            QCOMPARE(lr[size_t(k)].first, h.batches()[size_t(k)].position);
            QCOMPARE(lr[size_t(k)].second, (g + 1) * (0.01 - 1e-5 * k));
        }
    }
}

void TestTrainPlots::sparklinesLineUpWithTheBatches()
{
    // Ten batches one second apart (kStartMs … +9 s); samples every second from 3 s before
    // the first batch to 3 s after the last, each half a second after a whole second.
    const TrainingHistory h = makeHistory(1, 10);
    std::vector<TelemetrySample> samples;
    for (int s = -3; s <= 12; ++s) {
        TelemetrySample t;
        t.time = QDateTime::fromMSecsSinceEpoch(kStartMs + s * 1000 + 500, Qt::UTC);
        GpuSample g;
        g.busyPercent = 10.0 * (s + 3);
        t.gpus = { g };
        t.host.cpuPercent = 50;
        samples.push_back(t);
    }
    TelemetrySparklines lines;
    lines.resize(600, 400);
    lines.show();
    lines.setHistory(&h);
    lines.setSamples(samples);
    lines.rebuildNow();
    // Inside the run: the samples at 0.5 … 8.5 s, between batch k (ending at (k+1)/10) and
    // batch k+1, half way.
    QCOMPARE(lines.pointCount(TelemetrySparklines::BusyRow), 9);
    QCOMPARE(lines.pointCount(TelemetrySparklines::CpuRow), 9);
    QCOMPARE(lines.pointCount(TelemetrySparklines::TempRow), 0);
    const QCPGraph *busy = lines.plot()->graph(0); // the GPU row comes first
    QCOMPARE(busy->valueAxis()->label(), TelemetrySparklines::rowName(TelemetrySparklines::BusyRow));
    for (int k = 0; k < 9; ++k) {
        QVERIFY(std::abs(busy->data()->at(k)->key - ((k + 1) / 10.0 + 0.05)) < 1e-12);
        QCOMPARE(busy->data()->at(k)->value, 10.0 * (k + 3));
    }
    // The loss plot's zoom, followed.
    lines.setXRange(0.3, 0.6);
    QCOMPARE(busy->keyAxis()->range().lower, 0.3);
    // A second GPU in one sample: a line of its own in the same row.
    GpuSample second;
    second.busyPercent = 99;
    samples[5].gpus.push_back(second);
    lines.setSamples(samples);
    lines.rebuildNow();
    QCOMPARE(lines.pointCount(TelemetrySparklines::BusyRow), 9 + 1);
    QCOMPARE(lines.plot()->graph(1)->data()->size(), 1);
    QCOMPARE(lines.plot()->graph(1)->data()->at(0)->value, 99.0);
}

void TestTrainPlots::updatesMatchARebuild()
{
    // A run that grows ten batches at a time (epochs of 40), telemetry every 0.7 s; after
    // each step the plots brought up to date show what plots built from scratch show, and
    // they only added points (their graphs are the same objects throughout).
    TrainingHistory h(QStringLiteral("run"));
    LossPlot loss;
    loss.setWindow(LossPlot::Window::Last200);
    LrPlot lr;
    TelemetrySparklines lines;
    loss.setHistory(&h);
    lr.setHistory(&h);
    lines.setHistory(&h);
    std::vector<TelemetrySample> samples;
    qint64 sampleMs = kStartMs - 3000;
    const int batches = 40;
    const QCPGraph *lossGraph = nullptr, *lrGraph = nullptr, *busyGraph = nullptr;
    auto check = [&](const char *when) {
        LossPlot freshLoss;
        freshLoss.setWindow(LossPlot::Window::Last200);
        freshLoss.setHistory(&h);
        freshLoss.rebuildNow();
        LrPlot freshLr;
        freshLr.setHistory(&h);
        freshLr.rebuildNow();
        TelemetrySparklines freshLines;
        freshLines.setHistory(&h);
        freshLines.setSamples(samples);
        freshLines.rebuildNow();
        QVERIFY2(allGraphs(loss.plot()) == allGraphs(freshLoss.plot()), when);
        QVERIFY2(allGraphs(lr.plot()) == allGraphs(freshLr.plot()), when);
        QVERIFY2(allGraphs(lines.plot()) == allGraphs(freshLines.plot()), when);
        for (int r = 0; r < TelemetrySparklines::RowCount; ++r)
            QCOMPARE(lines.pointCount(TelemetrySparklines::Row(r)), freshLines.pointCount(TelemetrySparklines::Row(r)));
    };
    for (int k = 0; k < 300; ++k) {
        BatchReport b;
        b.epoch = k / batches;
        b.batch = k % batches;
        b.batches = batches;
        b.batchLoss = { boxLoss(k), 2 * boxLoss(k), 0.5 * boxLoss(k), 0.25 * boxLoss(k), 1.5 * boxLoss(k) };
        b.lr = { 0.01 - 1e-5 * k, 0.02, 0.03 };
        h.addBatch(b, kStartMs + qint64(k) * 1000);
        if (b.batch + 1 == batches) {
            EpochReport e;
            e.epoch = b.epoch;
            e.trainLoss = b.batchLoss;
            e.valLoss = b.batchLoss;
            e.validated = true;
            h.addEpoch(e);
        }
        for (; sampleMs < kStartMs + qint64(k) * 1000 + 1500; sampleMs += 700) {
            TelemetrySample t;
            t.time = QDateTime::fromMSecsSinceEpoch(sampleMs, Qt::UTC);
            GpuSample g;
            g.busyPercent = double(sampleMs % 97);
            g.powerAverageW = 100.0 + double(sampleMs % 13);
            t.gpus = { g };
            t.host.cpuPercent = 40;
            samples.push_back(t);
            lines.addSample(t);
        }
        if (k % 10 != 9)
            continue;
        loss.updateNow();
        lr.updateNow();
        lines.updateNow();
        check(qPrintable(QStringLiteral("after batch %1").arg(k)));
        if (k == 9) {
            lossGraph = loss.graph(LossPlot::batchSeriesName(LossPlot::Box));
            lrGraph = lr.graph(LrPlot::seriesName(0));
            busyGraph = lines.plot()->graph(0);
        }
    }
    QCOMPARE(loss.graph(LossPlot::batchSeriesName(LossPlot::Box)), lossGraph);
    QCOMPARE(points(lossGraph).size(), size_t(200)); // the window moved on
    QCOMPARE(lr.graph(LrPlot::seriesName(0)), lrGraph);
    QCOMPARE(lines.plot()->graph(0), busyGraph);

    // Resumed at epoch 6, batch 10: the later batches go and the plots are built again.
    h.resumeAt(6, 10, batches);
    loss.updateNow();
    lr.updateNow();
    lines.updateNow();
    check("after the resume");
    QCOMPARE(points(lr.graph(LrPlot::seriesName(0))).size(), size_t(6 * batches + 10));
}

void TestTrainPlots::legendFitsWhateverTheWidth()
{
    // The loss plot's 15 entries (5 losses smoothed and per epoch, and 5 val) in columns of 3
    // rows or more: narrowing the plot gives the legend more rows, and a grid whose last
    // column is not full (15 entries in 4 rows) has empty cells to step over.
    const TrainingHistory h = makeHistory(3, 4);
    LossPlot plot;
    plot.setHistory(&h);
    plot.resize(900, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.rebuildNow();
    QCPLegend *legend = plot.plot()->legend;
    for (int width : { 900, 640, 420, 300, 520, 260, 900 }) {
        plot.resize(width, 400);
        QTest::qWait(10);
        plot.plot()->replot();
        // Every entry is within the plot, whatever columns it takes.
        for (int i = 0; i < legend->itemCount(); ++i)
            if (const QCPAbstractLegendItem *item = legend->item(i))
                QVERIFY2(item->outerRect().right() <= plot.plot()->width(),
                    qPrintable(QStringLiteral("width %1: entry %2 ends at %3")
                                   .arg(width)
                                   .arg(i)
                                   .arg(item->outerRect().right())));
    }
}

void TestTrainPlots::rebuildsKeepOnlySeriesThatStillHold()
{
    // A toggle rebuilds the graphs from the series of the batches seen so far plus the new
    // ones; after a resume, or with another history, from scratch. Each time the plot shows
    // what one built from nothing shows.
    TrainingHistory h = makeHistory(3, 40);
    LossPlot loss;
    LrPlot lr;
    loss.setHistory(&h);
    lr.setHistory(&h);
    loss.rebuildNow();
    lr.rebuildNow();
    auto same = [&](const char *when) {
        LossPlot freshLoss;
        freshLoss.setHistory(&h);
        freshLoss.setComponentVisible(LossPlot::Pose, loss.isComponentVisible(LossPlot::Pose));
        freshLoss.rebuildNow();
        LrPlot freshLr;
        freshLr.setHistory(&h);
        freshLr.rebuildNow();
        QVERIFY2(allGraphs(loss.plot()) == allGraphs(freshLoss.plot()), when);
        QVERIFY2(allGraphs(lr.plot()) == allGraphs(freshLr.plot()), when);
    };
    auto grow = [&h](int from, int count) {
        for (int k = from; k < from + count; ++k) {
            BatchReport r;
            r.epoch = k / 40;
            r.batch = k % 40;
            r.batches = 40;
            r.batchLoss = { boxLoss(k), 2 * boxLoss(k), 0.5 * boxLoss(k), 0.25 * boxLoss(k), 1.5 * boxLoss(k) };
            r.lr = { 0.01 - 1e-5 * k, 0.02, 0.03 };
            h.addBatch(r, kStartMs + qint64(k) * 1000);
        }
    };
    grow(120, 25);
    loss.setComponentVisible(LossPlot::Pose, false); // a toggle: a rebuild with 25 new batches
    lr.rebuildNow();
    same("grown, then toggled");
    // Resumed: the same batches again, at the same times even (a test's clock), but each with
    // another learning rate than the first run's from batch 45 on; more batches than before.
    h.resumeAt(1, 5, 40);
    grow(45, 200);
    loss.setComponentVisible(LossPlot::Pose, true);
    lr.rebuildNow();
    same("resumed and grown past the old end, then toggled");
    TrainingHistory other = makeHistory(2, 30);
    loss.setHistory(&other);
    lr.setHistory(&other);
    loss.rebuildNow();
    lr.rebuildNow();
    LossPlot freshLoss;
    freshLoss.setHistory(&other);
    freshLoss.rebuildNow();
    QVERIFY(allGraphs(loss.plot()) == allGraphs(freshLoss.plot()));
}

void TestTrainPlots::markersOfALongRunAreSpacedOut()
{
    // 600 epochs across a plot a few hundred pixels wide: the epochs' line goes through every
    // epoch, but its markers (5 px) are drawn at least 10 px apart; ten epochs keep all of them,
    // and the batch points (the data themselves) always do.
    for (const int epochs : { 10, 600 }) {
        const TrainingHistory h = makeHistory(epochs, 2);
        LossPlot plot;
        plot.resize(700, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setHistory(&h);
        plot.rebuildNow();
        plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QCPGraph *line = plot.graph(LossPlot::epochSeriesName(LossPlot::Box));
        QVERIFY(line);
        QCOMPARE(line->data()->size(), epochs);
        const double spacing = double(plot.plot()->axisRect()->width()) / epochs;
        const double drawnApart = spacing * (line->scatterSkip() + 1);
        if (spacing >= 2 * line->scatterStyle().size())
            QCOMPARE(line->scatterSkip(), 0);
        else
            QVERIFY2(drawnApart >= 2 * line->scatterStyle().size() && drawnApart < 4 * line->scatterStyle().size(),
                qPrintable(QString::number(drawnApart)));
        QCOMPARE(plot.graph(LossPlot::batchSeriesName(LossPlot::Box))->scatterSkip(), 0);
        if (epochs == 600)
            QVERIFY(line->scatterSkip() > 0);
        if (qEnvironmentVariableIsSet("GP_SCREENSHOT_DIR"))
            plot.grab().save(
                qEnvironmentVariable("GP_SCREENSHOT_DIR") + QStringLiteral("/loss-plot-%1-epochs.png").arg(epochs));
    }
}

QTEST_MAIN(TestTrainPlots)
#include "tst_trainplots.moc"
