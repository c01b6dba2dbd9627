// Test-time enhancement of dark footage (enhance=none|clahe|gamma): what each correction does
// to a dark image, checked against its definition: gamma takes a dark image's mean luminance
// to the target and keeps the order of grey levels, never darkening; CLAHE spreads a dark,
// low-contrast image's lightness and keeps its hue; both leave what they should alone; the
// QImage form for screens is the same computation; and on the generator's own low-light
// scenes both lift the light and the contrast.

#include "imageconversion_p.h"
#include "imageenhancement_p.h"
#include "skeleton.h"
#include "synthgenerator.h"

#include <QTest>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>

using gp::Enhancement;
using gp::ImageEnhancement;
using gp::Scenario;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

namespace {

double meanGrey(const cv::Mat &bgr)
{
    cv::Mat grey;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    return cv::mean(grey)[0];
}

double lightnessSpread(const cv::Mat &bgr)
{
    cv::Mat lab;
    cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
    cv::Scalar mean, dev;
    cv::meanStdDev(lab.reshape(1, int(lab.total())).col(0), mean, dev);
    return dev[0];
}

// Local contrast: the mean absolute Laplacian of the grey image.
double localContrast(const cv::Mat &bgr)
{
    cv::Mat grey, lap;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    cv::Laplacian(grey, lap, CV_32F);
    return cv::mean(cv::abs(lap))[0];
}

} // namespace

class TestImageEnhancement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keys()
    {
        QCOMPARE(ImageEnhancement::keys(), QStringList({ "none", "clahe", "gamma" }));
        for (Enhancement e : { Enhancement::None, Enhancement::Clahe, Enhancement::Gamma })
            QCOMPARE(ImageEnhancement::parse(ImageEnhancement::key(e)), e);
        QCOMPARE(ImageEnhancement::parse(QStringLiteral(" CLAHE ")), Enhancement::Clahe);
        QVERIFY(!ImageEnhancement::parse(QStringLiteral("brighter")));
        QVERIFY(!ImageEnhancement::parse(QString()));
    }

    void gammaExponent()
    {
        // v^g = 0.5 at the mean: g = ln 0.5 / ln mean.
        QCOMPARE(ImageEnhancement::gammaFor(0.25), 0.5);
        QCOMPARE(ImageEnhancement::gammaFor(0.5), 1.0); // bright enough: left alone
        QCOMPARE(ImageEnhancement::gammaFor(0.9), 1.0);
        QCOMPARE(ImageEnhancement::gammaFor(0.0), 1.0); // black: nothing to lift
        QCOMPARE(ImageEnhancement::gammaFor(1e-4), ImageEnhancement::kGammaMin);
    }

    void gammaTakesAUniformDarkImageToTheTarget_data()
    {
        QTest::addColumn<int>("value");
        QTest::newRow("exposure 12 %") << 30;
        QTest::newRow("exposure 5 %") << 13;
        QTest::newRow("half the target") << 64;
    }
    void gammaTakesAUniformDarkImageToTheTarget()
    {
        QFETCH(int, value);
        const cv::Mat dark(48, 64, CV_8UC3, cv::Scalar(value, value, value));
        const cv::Mat out = gp::enhanced(dark, Enhancement::Gamma);
        QCOMPARE(out.size(), dark.size());
        QCOMPARE(out.type(), CV_8UC3);
        const double gamma = std::log(0.5) / std::log(value / 255.0);
        const double expected = gamma >= ImageEnhancement::kGammaMin
            ? 127.5
            : 255.0 * std::pow(value / 255.0, ImageEnhancement::kGammaMin);
        double lo, hi;
        cv::minMaxLoc(out.reshape(1), &lo, &hi);
        QVERIFY2(std::abs(lo - expected) <= 1.0 && std::abs(hi - expected) <= 1.0,
            qPrintable(QStringLiteral("%1..%2, expected %3").arg(lo).arg(hi).arg(expected)));
        QCOMPARE(dark.at<cv::Vec3b>(0, 0)[0], uchar(value)); // the input is untouched
    }

    void gammaKeepsTheOrderAndNeverDarkens()
    {
        // A dark horizontal ramp 0..60.
        cv::Mat ramp(8, 61, CV_8UC3);
        for (int x = 0; x < ramp.cols; ++x)
            ramp.col(x).setTo(cv::Scalar(x, x, x));
        const cv::Mat out = gp::enhanced(ramp, Enhancement::Gamma);
        QVERIFY(meanGrey(out) > meanGrey(ramp) * 2);
        for (int x = 1; x < ramp.cols; ++x) {
            QVERIFY(out.at<cv::Vec3b>(0, x)[1] >= out.at<cv::Vec3b>(0, x - 1)[1]);
            QVERIFY(out.at<cv::Vec3b>(0, x)[1] >= ramp.at<cv::Vec3b>(0, x)[1]);
        }
        QCOMPARE(out.at<cv::Vec3b>(0, 0)[1], uchar(0)); // black stays black
    }

    void brightImagesAreLeftAlone()
    {
        cv::Mat bright(32, 32, CV_8UC3);
        cv::randu(bright, cv::Scalar(100, 100, 100), cv::Scalar(255, 255, 255));
        const cv::Mat out = gp::enhanced(bright, Enhancement::Gamma);
        QCOMPARE(cv::norm(out, bright, cv::NORM_INF), 0.0);
        const cv::Mat none = gp::enhanced(bright, Enhancement::None);
        QCOMPARE(none.data, bright.data); // no copy either
    }

    void claheSpreadsADarkLowContrastImage()
    {
        // Dark blue-grey blocks two grey levels apart (noise-free), 256 x 256.
        cv::Mat dark(256, 256, CV_8UC3);
        for (int y = 0; y < dark.rows; ++y)
            for (int x = 0; x < dark.cols; ++x) {
                const int v = ((x / 16 + y / 16) % 2) ? 24 : 16;
                dark.at<cv::Vec3b>(y, x) = cv::Vec3b(uchar(v + 8), uchar(v), uchar(v));
            }
        const cv::Mat out = gp::enhanced(dark, Enhancement::Clahe);
        QCOMPARE(out.size(), dark.size());
        // Every tile holds the two levels half and half, so each histogram bin is clipped and
        // the mapping's slope is limited by the clip limit: more spread, but at most that much.
        const double gain = lightnessSpread(out) / lightnessSpread(dark);
        QVERIFY2(gain > 1.1 && gain <= ImageEnhancement::kClaheClipLimit + 0.25, qPrintable(QString::number(gain)));
        QVERIFY(meanGrey(out) > meanGrey(dark));
        // The colour keeps its hue: blue stays the strongest channel in both kinds of block.
        for (const cv::Point p : { cv::Point(3, 3), cv::Point(20, 3) }) {
            const cv::Vec3b c = out.at<cv::Vec3b>(p);
            QVERIFY2(
                c[0] >= c[1] && c[0] >= c[2], qPrintable(QStringLiteral("%1 %2 %3").arg(c[0]).arg(c[1]).arg(c[2])));
        }
    }

    void claheKeepsAUniformImageUniform()
    {
        const cv::Mat flat(64, 96, CV_8UC3, cv::Scalar(20, 20, 20));
        const cv::Mat out = gp::enhanced(flat, Enhancement::Clahe);
        double lo, hi;
        cv::minMaxLoc(out.reshape(1), &lo, &hi);
        QVERIFY(hi - lo <= 1.0);
    }

    void theScreenFormIsTheSameComputation()
    {
        QImage image(40, 30, QImage::Format_RGB888);
        image.fill(QColor(30, 30, 30));
        const QImage out = ImageEnhancement::apply(image, Enhancement::Gamma);
        QCOMPARE(out.size(), image.size());
        const cv::Mat viaMat = gp::enhanced(gp::toBgrMat(image), Enhancement::Gamma);
        QCOMPARE(qRed(out.pixel(5, 5)), int(viaMat.at<cv::Vec3b>(5, 5)[2]));
        QVERIFY(std::abs(qRed(out.pixel(5, 5)) - 127.5) <= 1.0);
        QCOMPARE(ImageEnhancement::apply(image, Enhancement::None), image);
        QVERIFY(ImageEnhancement::apply(QImage(), Enhancement::Clahe).isNull());
    }

    void generatedLowLightScenes()
    {
        // The generator's low-light scenario: exposure 3-25 %, colour cast, sensor noise.
        SynthOptions o;
        o.imageSize = QSize(640, 360);
        o.seed = 5;
        o.scenarios = { Scenario::LowLight };
        const SynthGenerator gen(Skeleton::defaultGripper(), o);
        for (int i = 0; i < 4; ++i) {
            const cv::Mat dark = gp::toBgrMat(gen.renderImage(i, nullptr));
            const cv::Mat gamma = gp::enhanced(dark, Enhancement::Gamma);
            const cv::Mat clahe = gp::enhanced(dark, Enhancement::Clahe);
            const double m = meanGrey(dark);
            QVERIFY2(m < 0.3 * 255, qPrintable(QString::number(m)));
            // Gamma: v^g is concave, so the mean lands below the target (Jensen), never above;
            // it still covers a good part of the way there.
            const double lifted = meanGrey(gamma);
            QVERIFY2(lifted <= 128.5 && lifted > m + 0.25 * (127.5 - m),
                qPrintable(QStringLiteral("%1 -> %2").arg(m).arg(lifted)));
            QVERIFY(localContrast(gamma) > localContrast(dark));
            QVERIFY(meanGrey(clahe) > m);
            QVERIFY2(lightnessSpread(clahe) > lightnessSpread(dark),
                qPrintable(QStringLiteral("%1 -> %2").arg(lightnessSpread(dark)).arg(lightnessSpread(clahe))));
        }
    }
};

QTEST_GUILESS_MAIN(TestImageEnhancement)
#include "tst_imageenhancement.moc"
