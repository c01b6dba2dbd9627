// The hard-scenario augmentations: what each does to the image, and that none of the
// photometric ones moves a box or a keypoint while the occluder paste marks exactly the
// points it covers as occluded.

#include "scenarioaugmenter.h"
#include "trainingconfig.h"

#include <QTest>

#include <opencv2/imgproc.hpp>

#include <cmath>

using gp::AugmentRng;
using gp::Keypoint;
using gp::PoseInstance;
using gp::ScenarioAugmenter;
using gp::TrainingConfig;
using gp::TrainSample;

namespace {

PoseInstance gripper(QRectF box)
{
    PoseInstance p;
    p.box = box;
    for (int k = 0; k < 14; ++k) {
        Keypoint kp;
        kp.x = box.left() + box.width() * (0.1 + 0.8 * (k % 7) / 6.0);
        kp.y = box.top() + box.height() * (k < 7 ? 0.3 : 0.7);
        kp.visibility = k == 13 ? Keypoint::Absent : Keypoint::Visible;
        p.keypoints.push_back(kp);
    }
    return p;
}

TrainSample flat(int value, cv::Size size = cv::Size(320, 320))
{
    TrainSample s;
    s.image = cv::Mat(size, CV_8UC3, cv::Scalar::all(value));
    s.instances.push_back(gripper(QRectF(100, 120, 120, 60)));
    return s;
}

double meanOf(const cv::Mat &m)
{
    const cv::Scalar v = cv::mean(m);
    return (v[0] + v[1] + v[2]) / 3.0;
}

// The mean of the channels' standard deviations (a colour cast moves channels apart; that
// is not noise).
double stddevOf(const cv::Mat &m)
{
    cv::Scalar mean, sd;
    cv::meanStdDev(m, mean, sd);
    return (sd[0] + sd[1] + sd[2]) / m.channels();
}

} // namespace

class TestScenarioAugment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gaussianBlurSpreadsAnEdge();
    void motionBlurSmearsAlongTheMotion();
    void lowLightDarkensWithNoise();
    void noiseHasTheRequestedSpread();
    void occluderMarksExactlyTheCoveredPoints();
    void offDrawsNothingAndChangesNothing();
    void probabilitiesAreChecked();
};

void TestScenarioAugment::gaussianBlurSpreadsAnEdge()
{
    TrainSample s = flat(0);
    s.image.colRange(160, 320).setTo(cv::Scalar::all(200));
    const auto before = s.instances;
    const double mean = meanOf(s.image);
    ScenarioAugmenter::gaussianBlur(s, 2.0);
    // A step at x = 159.5 blurred by a Gaussian of sigma 2: 1.5 px either side of it the
    // level is Φ(∓0.75) = 22.7 % / 77.3 % of the step.
    const cv::Vec3b *row = s.image.ptr<cv::Vec3b>(50);
    QVERIFY2(std::abs(row[158][0] - 200 * 0.2266) < 8, qPrintable(QString::number(row[158][0])));
    QVERIFY2(std::abs(row[161][0] - 200 * 0.7734) < 8, qPrintable(QString::number(row[161][0])));
    QCOMPARE(row[100][0], uchar(0));
    QCOMPARE(row[250][0], uchar(200));
    QVERIFY(std::abs(meanOf(s.image) - mean) < 0.5);
    QVERIFY(s.instances == before);
}

void TestScenarioAugment::motionBlurSmearsAlongTheMotion()
{
    TrainSample s = flat(0);
    cv::circle(s.image, cv::Point(160, 160), 1, cv::Scalar::all(255), cv::FILLED);
    const auto before = s.instances;
    const cv::Moments m0 = cv::moments(s.image.reshape(1).colRange(0, 320 * 3), false);
    ScenarioAugmenter::motionBlur(s, 20.0, 0.0);
    cv::Mat grey;
    cv::cvtColor(s.image, grey, cv::COLOR_BGR2GRAY);
    cv::Mat lit = grey > 0;
    const cv::Rect extent = cv::boundingRect(lit);
    // The dot becomes a horizontal streak as long as the motion, no taller than it was.
    QVERIFY2(extent.width >= 20 && extent.width <= 25, qPrintable(QString::number(extent.width)));
    QVERIFY(extent.height <= 5);
    // Centred where it was: the labels mark the middle of the exposure.
    const cv::Moments m = cv::moments(grey, false);
    QVERIFY(std::abs(m.m10 / m.m00 - 160.0) < 0.6);
    QVERIFY(std::abs(m.m01 / m.m00 - 160.0) < 0.6);
    Q_UNUSED(m0);
    QVERIFY(s.instances == before);
}

void TestScenarioAugment::lowLightDarkensWithNoise()
{
    for (uint64_t seed = 1; seed <= 5; ++seed) {
        TrainSample s = flat(128);
        s.image.colRange(0, 160).setTo(cv::Scalar::all(250));
        const auto before = s.instances;
        ScenarioAugmenter::lowLight(s, seed);
        // At most a quarter of the light with gamma ≥ 1: mid grey ends below 255·(0.5^2.2 ·
        // 0.25)^(1/2.2) ≈ 68 on average, the bright half below ≈ 135.
        const double dark = meanOf(s.image.colRange(160, 320)), bright = meanOf(s.image.colRange(0, 160));
        QVERIFY2(dark < 75, qPrintable(QString::number(dark)));
        QVERIFY(bright < 140 && bright > dark);
        // Noise on what was flat, in both halves (read noise and shot noise).
        const double sdDark = stddevOf(s.image.colRange(160, 320)), sdBright = stddevOf(s.image.colRange(0, 160));
        QVERIFY(sdDark > 0.3 && sdBright > 0.3);
        QVERIFY(s.instances == before);
    }
}

void TestScenarioAugment::noiseHasTheRequestedSpread()
{
    TrainSample s = flat(128);
    const auto before = s.instances;
    ScenarioAugmenter::gaussianNoise(s, 8.0, 42);
    QVERIFY(std::abs(meanOf(s.image) - 128.0) < 0.3);
    QVERIFY(std::abs(stddevOf(s.image) - 8.0) < 0.3);
    QVERIFY(s.instances == before);
}

void TestScenarioAugment::occluderMarksExactlyTheCoveredPoints()
{
    int occludedTotal = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        // Random texture, so that every pasted pixel differs from what was there.
        TrainSample s;
        s.image = cv::Mat(320, 320, CV_8UC3);
        cv::randu(s.image, cv::Scalar::all(0), cv::Scalar::all(256));
        s.instances.push_back(gripper(QRectF(100, 120, 120, 60)));
        s.instances.push_back(gripper(QRectF(10, 250, 80, 40)));
        const TrainSample original { s.image.clone(), s.instances };
        const int changed = ScenarioAugmenter::occlude(s, 0, 0.4, seed);
        int count = 0;
        for (size_t i = 0; i < s.instances.size(); ++i) {
            QVERIFY(s.instances[i].box == original.instances[i].box);
            for (size_t k = 0; k < 14; ++k) {
                const Keypoint &a = original.instances[i].keypoints[k], &b = s.instances[i].keypoints[k];
                QCOMPARE(b.x, a.x);
                QCOMPARE(b.y, a.y);
                if (a.visibility != Keypoint::Visible) {
                    QCOMPARE(b.visibility, a.visibility); // absent stays absent
                    continue;
                }
                const cv::Vec3b p = s.image.at<cv::Vec3b>(int(a.y), int(a.x));
                const cv::Vec3b q = original.image.at<cv::Vec3b>(int(a.y), int(a.x));
                const bool covered = p != q;
                QCOMPARE(b.visibility, covered ? int(Keypoint::Occluded) : int(Keypoint::Visible));
                count += covered;
            }
        }
        QCOMPARE(changed, count);
        occludedTotal += changed;
        // Its size is about the asked fraction of the target's box (less where it leaves the image).
        cv::Mat diff;
        cv::absdiff(s.image, original.image, diff);
        cv::Mat grey;
        cv::cvtColor(diff, grey, cv::COLOR_BGR2GRAY);
        const double area = cv::countNonZero(grey);
        QVERIFY2(area > 0.2 * 120 * 60 && area < 0.5 * 120 * 60, qPrintable(QString::number(area)));
    }
    // Centred on a labelled point, it covers some points nearly every time.
    QVERIFY(occludedTotal > 40);
}

void TestScenarioAugment::offDrawsNothingAndChangesNothing()
{
    TrainingConfig c; // the defaults: all off
    QCOMPARE(c.blur + c.motionBlur + c.lowLight + c.noise + c.erasing, 0.0);
    TrainSample s = flat(90);
    cv::randu(s.image, cv::Scalar::all(0), cv::Scalar::all(256));
    const cv::Mat before = s.image.clone();
    AugmentRng a(7, 0, 3), b(7, 0, 3);
    ScenarioAugmenter(c).apply(s, a);
    QCOMPARE(cv::norm(s.image, before, cv::NORM_INF), 0.0);
    QCOMPARE(a.uniform(0, 1), b.uniform(0, 1));

    // All on: every step runs (the image changes and some points may become occluded).
    c.blur = c.motionBlur = c.lowLight = c.noise = c.erasing = 1.0;
    ScenarioAugmenter(c).apply(s, a);
    QVERIFY(cv::norm(s.image, before, cv::NORM_L1) > 0);
    QVERIFY(meanOf(s.image) < meanOf(before) * 0.7); // low light ran
}

void TestScenarioAugment::probabilitiesAreChecked()
{
    for (const char *key : { "blur", "motion_blur", "low_light", "noise", "erasing" }) {
        TrainingConfig c;
        QString error;
        QVERIFY(c.set(QLatin1String(key), QStringLiteral("1.5"), &error));
        const QStringList problems = c.validate();
        QVERIFY2(problems.join(' ').contains(QLatin1String(key)), key);
        QVERIFY(c.set(QLatin1String(key), QStringLiteral("0.3"), &error));
        QVERIFY(c.validate().isEmpty());
        QCOMPARE(c.get(QLatin1String(key)), QStringLiteral("0.3"));
    }
}

QTEST_GUILESS_MAIN(TestScenarioAugment)
#include "tst_scenarioaugment.moc"
