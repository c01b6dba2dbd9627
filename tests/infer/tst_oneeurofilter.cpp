// The One Euro filter against values computed by hand from its definition
// (Casiez et al. 2012):
//   alpha(fc, dt) = 1 / (1 + tau / dt), tau = 1 / (2 pi fc)
//   dx = (x - x_hat_prev) / dt;  dx_hat = alpha(d_cutoff) dx + (1 - alpha(d_cutoff)) dx_hat_prev
//   fc = min_cutoff + beta |dx_hat|;  x_hat = alpha(fc) x + (1 - alpha(fc)) x_hat_prev

#include "oneeurofilter.h"

#include <QtTest>

using gp::OneEuroFilter;
using gp::OneEuroParams;

class TestOneEuroFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void alphaFromCutoff()
    {
        // fc = 1 Hz, dt = 0.1 s: tau = 1 / (2 pi) = 0.1591549431, tau / dt = 1.591549431,
        // alpha = 1 / 2.591549431 = 0.3858695451.
        QVERIFY(qAbs(OneEuroFilter::alpha(1.0, 0.1) - 0.3858695451) < 1e-9);
        // fc = 30 Hz, dt = 1/30 s: tau / dt = 30 / (2 pi 30) = 1 / (2 pi) = 0.1591549431,
        // alpha = 1 / 1.1591549431 = 0.8626974.
        QVERIFY(qAbs(OneEuroFilter::alpha(30.0, 1.0 / 30.0) - 0.8626974) < 1e-6);
    }

    void handComputedSequence()
    {
        // min_cutoff 1 Hz, beta 0.1, d_cutoff 1 Hz, dt 0.1 s; a = alpha(1, 0.1) = 0.3858695451.
        const OneEuroParams p { 1.0, 0.1, 1.0 };
        OneEuroFilter f;
        // x0 = 0: the first sample passes through, dx_hat = 0.
        QCOMPARE(f.filter(0.0, 0.1, p), 0.0);
        // x1 = 1: dx = (1 - 0) / 0.1 = 10; dx_hat = a * 10 = 3.858695451;
        // fc = 1 + 0.1 * 3.858695451 = 1.385869545; tau = 1 / (2 pi 1.385869545) = 0.1148425,
        // alpha = 1 / (1 + 1.148425) = 0.4654600364; x_hat = 0.4654600364 * 1 = 0.4654600364.
        QVERIFY(qAbs(f.filter(1.0, 0.1, p) - 0.4654600364) < 1e-9);
        QVERIFY(qAbs(f.derivative() - 3.858695451) < 1e-8);
        // x2 = 1.5: dx = (1.5 - 0.4654600364) / 0.1 = 10.345399636;
        // dx_hat = a * 10.345399636 + (1 - a) * 3.858695451 = 6.361717044;
        // fc = 1 + 0.6361717044 = 1.636171704; alpha = 1 / (1 + 1 / (2 pi 1.636171704 * 0.1))
        //    = 0.5069123495; x_hat = 0.5069123495 * 1.5 + 0.4930876505 * 0.4654600364 = 0.9898811201.
        QVERIFY(qAbs(f.filter(1.5, 0.1, p) - 0.9898811201) < 1e-9);
        // x3 = 1.5: dx = (1.5 - 0.9898811201) / 0.1 = 5.101188799;
        // dx_hat = a * 5.101188799 + (1 - a) * 6.361717044 = 5.875317584; fc = 1.587531758;
        // alpha = 0.4993681079; x_hat = 0.4993681079 * 1.5 + 0.5006318921 * 0.9898811201 = 1.2446182199.
        QVERIFY(qAbs(f.filter(1.5, 0.1, p) - 1.2446182199) < 1e-9);
    }

    void betaZeroIsPlainLowPass()
    {
        // beta = 0: a fixed exponential smoother with alpha(1 Hz, 0.1 s) = 0.3858695451.
        // Step 0 -> 10: x1 = 3.858695451, x2 = 3.858695451 + a (10 - 3.858695451) = 6.228437844.
        const OneEuroParams p { 1.0, 0.0, 1.0 };
        OneEuroFilter f;
        f.filter(0.0, 0.1, p);
        QVERIFY(qAbs(f.filter(10.0, 0.1, p) - 3.858695451) < 1e-8);
        QVERIFY(qAbs(f.filter(10.0, 0.1, p) - 6.228437844) < 1e-6);
    }

    void constantSignalIsUnchanged()
    {
        const OneEuroParams p { 0.5, 0.3, 1.0 };
        OneEuroFilter f;
        for (int i = 0; i < 10; ++i)
            QCOMPARE(f.filter(42.0, 1.0 / 30.0, p), 42.0);
    }

    void resetStartsOver()
    {
        const OneEuroParams p;
        OneEuroFilter f;
        f.filter(1.0, 0.1, p);
        f.filter(5.0, 0.1, p);
        f.reset();
        QVERIFY(!f.isInitialised());
        QCOMPARE(f.filter(100.0, 0.1, p), 100.0);
    }

    void nonPositiveDtUsesPreviousInterval()
    {
        const OneEuroParams p { 1.0, 0.0, 1.0 };
        OneEuroFilter a;
        OneEuroFilter b;
        a.filter(0.0, 0.1, p);
        b.filter(0.0, 0.1, p);
        QCOMPARE(a.filter(10.0, 0.0, p), b.filter(10.0, 0.1, p));
    }
};

QTEST_GUILESS_MAIN(TestOneEuroFilter)
#include "tst_oneeurofilter.moc"
