// The loss plot with more batches than pixel columns: ColumnDecimation's choice against a
// brute-force search of every column, and the plot, shown at a known size, against the
// plot's own pixel mapping: every pixel column holds the same lowest and highest loss as all
// the batches would draw there, with at most two points a column; the CSV export still has
// every batch; zooming in decimates again for the narrower view; "Fit" goes back.

#include "columndecimation.h"
#include "lossplot.h"
#include "lrplot.h"
#include "traininghistory.h"

#include <qcustomplot.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

using gp::BatchReport;
using gp::TrainingHistory;

namespace {

// Columns of pixels: lowest and highest value of the points drawn in each.
using Envelope = std::map<int, std::pair<double, double>>;

void addToEnvelope(Envelope &e, int column, double y)
{
    auto [it, fresh] = e.try_emplace(column, y, y);
    if (!fresh) {
        it->second.first = std::min(it->second.first, y);
        it->second.second = std::max(it->second.second, y);
    }
}

// A long run: losses falling with noise and a few diverged batches.
TrainingHistory longHistory(int batchesPerEpoch, int epochs)
{
    TrainingHistory h(QStringLiteral("long"));
    std::mt19937 rng(7);
    std::normal_distribution<double> noise(0, 0.15);
    int k = 0;
    for (int e = 0; e < epochs; ++e)
        for (int b = 0; b < batchesPerEpoch; ++b, ++k) {
            BatchReport r;
            r.epoch = e;
            r.epochs = epochs;
            r.batch = b;
            r.batches = batchesPerEpoch;
            double v = 3.0 / (1 + 1e-3 * k) + noise(rng);
            if (k % 9973 == 5000)
                v = 40; // diverged
            r.batchLoss = { v, 2 * v, 0.5 * v, 0.25 * v, 1.5 * v };
            // A warm-up ramp, then a decay with a jolt now and then (what a resumed run can show).
            const double lr = k < 3000 ? 1e-2 * k / 3000 : 1e-2 * (1 - 0.8 * k / (batchesPerEpoch * epochs));
            r.lr = { lr, k % 7919 == 100 ? 0.1 : lr, 0.5 * lr };
            h.addBatch(r, 1764720000000 + qint64(k) * 1000);
        }
    return h;
}

// The graph `name` of `plot` draws, in at most two points a pixel column, each column's lowest
// and highest batch of the plot's CSV export, which must hold all `batches`.
void drawsEveryColumnsExtremes(PlotPanel &plot, const QString &name, int batches)
{
    const QCPGraph *g = plot.graph(name);
    QVERIFY(g);
    const QCPAxis *xAxis = plot.plot()->xAxis;
    const int columns = std::max(ColumnDecimation::kMinColumns, plot.plot()->width()); // as the plot decimates
    QVERIFY2(g->data()->size() <= 2 * columns + 4, qPrintable(QString::number(g->data()->size())));
    // Every batch as the plot maps it to a pixel column, against the points it draws.
    Envelope all, drawn;
    const double scale = double(columns) / (xAxis->range().upper - xAxis->range().lower);
    auto column
        = [&](double key) { return std::min(columns - 1, int(std::floor((key - xAxis->range().lower) * scale))); };
    int rows = 0;
    for (const QString &line : plot.csv().split(QLatin1Char('\n'))) {
        if (!line.startsWith(name + QLatin1Char(',')))
            continue;
        const QStringList f = line.mid(name.size() + 1).split(QLatin1Char(','));
        addToEnvelope(all, column(f[0].toDouble()), f[1].toDouble());
        ++rows;
    }
    QCOMPARE(rows, batches); // the export has every batch
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        addToEnvelope(drawn, column(it->key), it->value);
    QCOMPARE(drawn, all);
}

double highestDrawn(const QCPGraph *graph)
{
    double highest = 0;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        highest = std::max(highest, it->value);
    return highest;
}

} // namespace

class TestColumnDecimation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsEachColumnsExtremes_data();
    void keepsEachColumnsExtremes();
    void shortSeriesAreKeptWhole();
    void pyramidFindsAScansExtremes();
    void lossPlotDrawsWhatEveryBatchWould();
    void zoomDecimatesForTheNewView();
    void lrPlotDrawsWhatEveryBatchWould();
};

void TestColumnDecimation::keepsEachColumnsExtremes_data()
{
    QTest::addColumn<int>("points");
    QTest::addColumn<int>("columns");
    QTest::addColumn<double>("x0");
    QTest::addColumn<double>("x1");
    QTest::newRow("all in view") << 10000 << 37 << 0.0 << 10000.0;
    QTest::newRow("a view inside") << 10000 << 50 << 2500.0 << 3100.0;
    QTest::newRow("view past the end") << 5000 << 20 << 4000.0 << 9000.0;
}

void TestColumnDecimation::keepsEachColumnsExtremes()
{
    QFETCH(int, points);
    QFETCH(int, columns);
    QFETCH(double, x0);
    QFETCH(double, x1);
    // x = 0, 1, 2, …: the column of a point is an integer division here, no floating point.
    std::vector<double> x(static_cast<size_t>(points)), y(static_cast<size_t>(points));
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < points; ++i) {
        x[size_t(i)] = i;
        y[size_t(i)] = i % 101 == 0 ? std::nan("") : u(rng);
    }
    MinMaxPyramid extremes;
    extremes.sync(y);
    const std::vector<size_t> kept = ColumnDecimation::minMax(x, y, extremes, 0, x.size(), x0, x1, columns);
    QVERIFY(std::is_sorted(kept.begin(), kept.end()));
    QVERIFY(std::adjacent_find(kept.begin(), kept.end()) == kept.end());
    // Brute force: each column's lowest and highest finite value over every point.
    const double width = x1 - x0;
    auto columnOf = [&](int i) { return std::min(columns - 1, int(std::floor((i - x0) * columns / width))); };
    Envelope all, drawn;
    int firstInView = -1, lastInView = -1;
    for (int i = 0; i < points; ++i) {
        if (i < x0 || i > x1)
            continue;
        firstInView = firstInView < 0 ? i : firstInView;
        lastInView = i;
        if (std::isfinite(y[size_t(i)]))
            addToEnvelope(all, columnOf(i), y[size_t(i)]);
    }
    int inView = 0;
    for (size_t k : kept) {
        const int i = int(k);
        if (i < x0 || i > x1)
            continue;
        ++inView;
        if (std::isfinite(y[k]))
            addToEnvelope(drawn, columnOf(i), y[k]);
    }
    QCOMPARE(drawn, all);
    QVERIFY(inView <= 2 * columns + 2);
    // The first and the last point in view are drawn: the series spans the view.
    QVERIFY(std::binary_search(kept.begin(), kept.end(), size_t(firstInView)));
    QVERIFY(std::binary_search(kept.begin(), kept.end(), size_t(lastInView)));
    // The neighbours outside the view, so a line runs on to its edges.
    if (firstInView > 0)
        QCOMPARE(int(kept.front()), firstInView - 1);
    if (lastInView + 1 < points)
        QCOMPARE(int(kept.back()), lastInView + 1);
}

void TestColumnDecimation::shortSeriesAreKeptWhole()
{
    const std::vector<double> x { 0, 1, 2, 3, 4, 5 }, y { 5, 4, 3, 2, 1, 0 };
    MinMaxPyramid extremes;
    extremes.sync(y);
    QCOMPARE(ColumnDecimation::minMax(x, y, extremes, 1, 6, 0, 5, 3), (std::vector<size_t> { 1, 2, 3, 4, 5 }));
}

void TestColumnDecimation::pyramidFindsAScansExtremes()
{
    // Values from a few levels, so ties are common (the earlier index must win, as in a
    // scan), runs of NaN longer than a block, and a series fed in uneven pieces as a run's
    // batches arrive.
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> level(0, 6);
    std::vector<double> y;
    MinMaxPyramid extremes;
    while (y.size() < 5000) {
        const size_t piece = 1 + rng() % 300;
        for (size_t k = 0; k < piece; ++k) {
            const size_t i = y.size();
            y.push_back((i / 40) % 17 == 3 || i % 97 == 0 ? std::nan("") : double(level(rng)));
        }
        extremes.sync(y);
    }
    std::uniform_int_distribution<size_t> at(0, y.size());
    for (int trial = 0; trial < 3000; ++trial) {
        size_t begin = at(rng), end = at(rng);
        if (begin > end)
            std::swap(begin, end);
        size_t lo = MinMaxPyramid::kNone, hi = MinMaxPyramid::kNone;
        for (size_t i = begin; i < end; ++i) {
            if (!std::isfinite(y[i]))
                continue;
            if (lo == MinMaxPyramid::kNone || y[i] < y[lo])
                lo = i;
            if (hi == MinMaxPyramid::kNone || y[i] > y[hi])
                hi = i;
        }
        const auto [pLo, pHi] = extremes.extremes(y, begin, end);
        QVERIFY2(pLo == lo && pHi == hi,
            qPrintable(
                QStringLiteral("[%1, %2): %3 %4, scan %5 %6").arg(begin).arg(end).arg(pLo).arg(pHi).arg(lo).arg(hi)));
    }
    // A shorter series (another run) starts again.
    y.resize(100);
    y[50] = -1;
    extremes.sync(y);
    QCOMPARE(extremes.extremes(y, 0, 100).first, size_t(50));
}

void TestColumnDecimation::lossPlotDrawsWhatEveryBatchWould()
{
    const int perEpoch = 1000, epochs = 60;
    const TrainingHistory h = longHistory(perEpoch, epochs);
    LossPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHistory(&h);
    plot.rebuildNow();
    QVERIFY(plot.isDecimated());
    QCustomPlot *p = plot.plot();
    QCPAxis *xAxis = p->xAxis;
    const int columns = std::max(LossPlot::kMinColumns, p->width()); // the plot decimates for its width
    for (const auto &name :
        { LossPlot::batchSeriesName(LossPlot::Box), LossPlot::smoothedSeriesName(LossPlot::Pose) }) {
        drawsEveryColumnsExtremes(plot, name, perEpoch * epochs);
        if (QTest::currentTestFailed())
            return;
        // The same columns on the screen: the axis puts the view on `columns` pixels or fewer.
        QVERIFY(xAxis->coordToPixel(xAxis->range().upper) - xAxis->coordToPixel(xAxis->range().lower) <= columns);
    }
    // The diverged batches are among the points drawn.
    QCOMPARE(highestDrawn(plot.graph(LossPlot::batchSeriesName(LossPlot::Box))), 40.0);
}

void TestColumnDecimation::zoomDecimatesForTheNewView()
{
    const TrainingHistory h = longHistory(1000, 30);
    LossPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHistory(&h);
    plot.rebuildNow();
    const QCPGraph *box = plot.graph(LossPlot::batchSeriesName(LossPlot::Box));
    auto pointsIn = [&](double lo, double hi) {
        int n = 0;
        for (auto it = box->data()->findBegin(lo, false); it != box->data()->constEnd() && it->key <= hi; ++it)
            ++n;
        return n;
    };
    // Epochs 10 to 11: 1,000 batches, a sliver of the whole view.
    const int before = pointsIn(10, 11);
    QVERIFY(before < 200);
    plot.plot()->xAxis->setRange(10, 11); // as a drag or the wheel sets it
    QVERIFY(!plot.isAutoRange());
    QTRY_VERIFY(pointsIn(10, 11) > 5 * before);
    // Zoomed in this far every batch in view is drawn: the 1,000 of the epoch ending at x = 11
    // and the one ending at x = 10 (a batch sits at epoch + (batch + 1) / batches).
    QCOMPARE(pointsIn(10, 11), 1001);
    // Fit: the whole run again, decimated for it.
    plot.fitView();
    QTRY_COMPARE(pointsIn(10, 11), before);
}

void TestColumnDecimation::lrPlotDrawsWhatEveryBatchWould()
{
    // The learning rate plot is decimated as the loss plot is: a redraw costs its width, not the
    // run's length (a million batches took 410 ms a redraw undecimated, docs/BENCHMARKS.md).
    const int perEpoch = 1000, epochs = 60;
    const TrainingHistory h = longHistory(perEpoch, epochs);
    LrPlot plot;
    plot.resize(900, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHistory(&h);
    plot.rebuildNow();
    QVERIFY(plot.isDecimated());
    for (int group = 0; group < 3 && !QTest::currentTestFailed(); ++group)
        drawsEveryColumnsExtremes(plot, LrPlot::seriesName(group), perEpoch * epochs);
    // The jolts of pg1 are among the points drawn.
    QCOMPARE(highestDrawn(plot.graph(LrPlot::seriesName(1))), 0.1);
}

QTEST_MAIN(TestColumnDecimation)
#include "tst_columndecimation.moc"
