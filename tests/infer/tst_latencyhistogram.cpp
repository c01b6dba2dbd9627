// Frame-latency percentiles from fixed bins: checked against the nearest-rank percentile of
// the sorted samples, which the bins may overstate by at most one bin (0.1 ms).

#include "latencyhistogram.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using gp::LatencyHistogram;

class TestLatencyHistogram : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyIsZero()
    {
        const LatencyHistogram h;
        QCOMPARE(h.count(), int64_t(0));
        QCOMPARE(h.percentileMs(0.5), 0.0);
        QCOMPARE(h.meanMs(), 0.0);
    }

    void percentilesMatchSortedSamples()
    {
        std::mt19937 rng(7);
        std::lognormal_distribution<double> dist(3.0, 0.6); // median about 20 ms, a long tail
        LatencyHistogram h;
        std::vector<double> samples;
        for (int i = 0; i < 20000; ++i) {
            const double ms = dist(rng);
            samples.push_back(ms);
            h.add(ms);
        }
        std::sort(samples.begin(), samples.end());
        for (double q : { 0.01, 0.5, 0.9, 0.95, 0.99, 1.0 }) {
            const double exact = samples[size_t(std::ceil(q * samples.size())) - 1];
            const double binned = h.percentileMs(q);
            QVERIFY2(binned >= exact && binned <= exact + LatencyHistogram::kBinMs + 1e-9,
                qPrintable(QStringLiteral("q %1: %2 against %3").arg(q).arg(binned).arg(exact)));
        }
        QCOMPARE(h.maxMs(), samples.back());
        QCOMPARE(h.count(), int64_t(samples.size()));
    }

    void slowFramesAboveTheBins()
    {
        // Past the last bin (10 s) a frame still counts, and the percentile it holds is the maximum.
        LatencyHistogram h;
        for (int i = 0; i < 9; ++i)
            h.add(5.0);
        h.add(25000.0);
        QCOMPARE(h.count(), int64_t(10));
        QVERIFY(h.percentileMs(0.5) >= 5.0 && h.percentileMs(0.5) <= 5.0 + LatencyHistogram::kBinMs + 1e-9);
        QCOMPARE(h.percentileMs(1.0), 25000.0);
        h.clear();
        QCOMPARE(h.count(), int64_t(0));
        QCOMPARE(h.maxMs(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestLatencyHistogram)
#include "tst_latencyhistogram.moc"
