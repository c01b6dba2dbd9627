#include "augmenter.h"
#include "skeleton.h"

#include <QTest>

#include <opencv2/imgproc.hpp>

using gp::Augmenter;
using gp::AugmentRng;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;
using gp::TrainingConfig;
using gp::TrainSample;

namespace {

constexpr int kK = 14;

// A distinct colour per keypoint, painted as a 7×7 square at the point, so that after
// any geometric augmentation the pixel under a keypoint tells which point it is.
cv::Vec3b colorOf(int k)
{
    return cv::Vec3b(uchar(40 + 15 * k), uchar(250 - 12 * k), uchar(k % 2 ? 30 : 220));
}

TrainSample makeSample(int w, int h, double x0, double y0)
{
    TrainSample s;
    s.image = cv::Mat(h, w, CV_8UC3, cv::Scalar(90, 90, 90));
    PoseInstance inst;
    for (int k = 0; k < kK; ++k) {
        const double x = x0 + 18 * (k % 7), y = y0 + (k < 7 ? 0 : 40) + 6 * (k % 3);
        inst.keypoints.push_back({ x, y, k == 3 ? Keypoint::Absent : k == 5 ? Keypoint::Occluded : Keypoint::Visible });
        if (k != 3)
            cv::rectangle(s.image, cv::Rect(int(x) - 3, int(y) - 3, 7, 7), cv::Scalar(colorOf(k)), cv::FILLED);
    }
    inst.box = QRectF(QPointF(x0 - 10, y0 - 10), QPointF(x0 + 18 * 6 + 10, y0 + 62));
    s.instances.push_back(inst);
    return s;
}

double colorDistance(const cv::Vec3b &a, const cv::Vec3b &b)
{
    return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

TrainingConfig quietConfig(int imgsz)
{
    TrainingConfig c;
    c.imgsz = imgsz;
    c.degrees = c.translate = c.scale = c.shear = c.perspective = 0;
    c.hsvH = c.hsvS = c.hsvV = 0;
    c.fliplr = c.flipud = 0;
    return c;
}

// Every labelled keypoint lies on the square of the colour of `source[k]`; every absent
// one stays absent or was pushed out (then it sits on the border).
void checkColours(const TrainSample &s, const std::vector<int> &source)
{
    QVERIFY(!s.instances.empty());
    for (const PoseInstance &inst : s.instances) {
        int checked = 0;
        for (int k = 0; k < kK; ++k) {
            const Keypoint &p = inst.keypoints[size_t(k)];
            if (!p.isLabelled())
                continue;
            QVERIFY(p.x >= 0 && p.y >= 0 && p.x <= s.image.cols && p.y <= s.image.rows);
            const int x = std::min(int(p.x), s.image.cols - 1), y = std::min(int(p.y), s.image.rows - 1);
            const double d = colorDistance(s.image.at<cv::Vec3b>(y, x), colorOf(source[size_t(k)]));
            QVERIFY2(d < 40,
                qPrintable(
                    QStringLiteral("keypoint %1 at (%2, %3): colour off by %4").arg(k).arg(p.x).arg(p.y).arg(d)));
            ++checked;
        }
        QVERIFY(checked > 0);
        // The box still encloses the labelled keypoints.
        for (const Keypoint &p : inst.keypoints)
            if (p.isLabelled())
                QVERIFY(inst.box.adjusted(-1, -1, 1, 1).contains(QPointF(p.x, p.y)));
    }
}

std::vector<int> identity()
{
    std::vector<int> v(kK);
    for (int k = 0; k < kK; ++k)
        v[size_t(k)] = k;
    return v;
}

} // namespace

class TestAugmenter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void letterboxMapsPoints();
    void resizeLongSide();
    void perspectiveKeepsPointsOnTheirPixels_data();
    void perspectiveKeepsPointsOnTheirPixels();
    void pointsPushedOutBecomeAbsent();
    void tinyBoxesAreDropped();
    void mosaicPlacesFourImages();
    void flipLeftRightSwapsSides();
    void flipWithAnUnfitFlipIdxReadsNothingOutside_data();
    void flipWithAnUnfitFlipIdxReadsNothingOutside();
    void flipUpDown();
    void mixupKeepsBoth();
    void hsvChangesColourNotGeometry();
    void deterministicPerSeed();
};

void TestAugmenter::letterboxMapsPoints()
{
    TrainSample s = makeSample(200, 100, 30, 20);
    const TrainSample out = Augmenter::letterbox(s, 64, 64);
    QCOMPARE(out.image.cols, 64);
    QCOMPARE(out.image.rows, 64);
    // gain 0.32, 16 px of padding above and below.
    const Keypoint &k = out.instances[0].keypoints[0];
    QVERIFY(qAbs(k.x - 30 * 0.32) < 1e-9);
    QVERIFY(qAbs(k.y - (20 * 0.32 + 16)) < 1e-9);
    QCOMPARE(out.image.at<cv::Vec3b>(2, 32), cv::Vec3b(114, 114, 114));
}

void TestAugmenter::resizeLongSide()
{
    const TrainSample out = Augmenter::resizeLongSide(makeSample(400, 200, 30, 20), 320);
    QCOMPARE(out.image.cols, 320);
    QCOMPARE(out.image.rows, 160);
    QVERIFY(qAbs(out.instances[0].keypoints[1].x - 48 * 0.8) < 1e-9);
}

void TestAugmenter::perspectiveKeepsPointsOnTheirPixels_data()
{
    QTest::addColumn<double>("degrees");
    QTest::addColumn<double>("translate");
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("shear");
    QTest::addColumn<double>("perspective");
    QTest::newRow("rotation") << 30.0 << 0.0 << 0.0 << 0.0 << 0.0;
    QTest::newRow("translation") << 0.0 << 0.1 << 0.0 << 0.0 << 0.0;
    QTest::newRow("scale") << 0.0 << 0.0 << 0.3 << 0.0 << 0.0;
    QTest::newRow("shear") << 0.0 << 0.0 << 0.0 << 8.0 << 0.0;
    QTest::newRow("perspective") << 0.0 << 0.0 << 0.0 << 0.0 << 0.0008;
    QTest::newRow("all (the recipe)") << 10.0 << 0.1 << 0.5 << 2.0 << 0.0;
}

void TestAugmenter::perspectiveKeepsPointsOnTheirPixels()
{
    QFETCH(double, degrees);
    QFETCH(double, translate);
    QFETCH(double, scale);
    QFETCH(double, shear);
    QFETCH(double, perspective);
    TrainingConfig c = quietConfig(256);
    c.degrees = degrees;
    c.translate = translate;
    c.scale = scale;
    c.shear = shear;
    c.perspective = perspective;
    const Augmenter aug(c, identity());
    for (int seed = 0; seed < 8; ++seed) {
        AugmentRng rng(uint64_t(seed), 0, 0);
        const TrainSample out = aug.letterboxAndPerspective(makeSample(256, 256, 60, 90), rng);
        if (out.instances.empty())
            continue; // dropped by the size filter
        checkColours(out, identity());
        QCOMPARE(out.instances[0].keypoints[3].visibility, int(Keypoint::Absent));
        QCOMPARE(out.instances[0].keypoints[5].visibility, int(Keypoint::Occluded));
    }
}

void TestAugmenter::pointsPushedOutBecomeAbsent()
{
    TrainSample s = makeSample(256, 256, 60, 90);
    cv::Mat m = cv::Mat::eye(3, 3, CV_64F);
    m.at<double>(0, 2) = -80; // shift left: the first column of points leaves the image
    const TrainSample out = Augmenter::warp(s, m, cv::Size(256, 256), false);
    QCOMPARE(out.instances.size(), size_t(1));
    const auto &kp = out.instances[0].keypoints;
    QCOMPARE(kp[0].visibility, int(Keypoint::Absent)); // x = 60 - 80 < 0
    QCOMPARE(kp[0].x, 0.0); // clipped to the border
    QCOMPARE(kp[7].visibility, int(Keypoint::Absent));
    QCOMPARE(kp[6].visibility, int(Keypoint::Visible)); // x = 60 + 108 - 80 inside
    QCOMPARE(kp[5].visibility, int(Keypoint::Occluded));
    QCOMPARE(out.instances[0].box.left(), 0.0);
}

void TestAugmenter::tinyBoxesAreDropped()
{
    TrainSample s = makeSample(256, 256, 60, 90);
    cv::Mat m = cv::Mat::eye(3, 3, CV_64F);
    m.at<double>(0, 2) = -175; // the box keeps under 10 % of its area
    QVERIFY(Augmenter::warp(s, m, cv::Size(256, 256), false).instances.empty());
}

void TestAugmenter::mosaicPlacesFourImages()
{
    const Augmenter aug(quietConfig(128), identity());
    std::array<TrainSample, 4> four;
    for (int i = 0; i < 4; ++i)
        four[size_t(i)] = makeSample(128, 96, 10 + 4 * i, 10);
    int total = 0;
    for (int seed = 0; seed < 6; ++seed) {
        AugmentRng rng(uint64_t(seed), 1, 2);
        const TrainSample out = aug.mosaic(four, rng);
        QCOMPARE(out.image.cols, 128);
        QCOMPARE(out.image.rows, 128);
        if (!out.instances.empty())
            checkColours(out, identity());
        total += int(out.instances.size());
    }
    QVERIFY(total >= 6); // the centre region shows parts of all four images
}

void TestAugmenter::flipLeftRightSwapsSides()
{
    const std::vector<int> flip = Skeleton::defaultGripper().flipIndex();
    TrainSample s = makeSample(256, 256, 60, 90);
    const PoseInstance before = s.instances[0];
    Augmenter::flipHorizontal(s, flip);
    checkColours(s, flip);
    // The new left wrist is the old right wrist, mirrored.
    QCOMPARE(s.instances[0].keypoints[0].x, 256 - before.keypoints[7].x);
    QCOMPARE(s.instances[0].keypoints[0].y, before.keypoints[7].y);
    QCOMPARE(s.instances[0].keypoints[7].visibility, before.keypoints[0].visibility);
    QCOMPARE(s.instances[0].box.left(), 256 - before.box.right());
}

void TestAugmenter::flipWithAnUnfitFlipIdxReadsNothingOutside_data()
{
    QTest::addColumn<std::vector<int>>("flip");
    std::vector<int> short13 = Skeleton::defaultGripper().flipIndex();
    short13.pop_back();
    std::vector<int> outOfRange = Skeleton::defaultGripper().flipIndex();
    outOfRange.front() = 99;
    outOfRange.back() = -1;
    QTest::newRow("13 entries for 14 points") << short13;
    QTest::newRow("99 and -1") << outOfRange;
}

// The dataset check stops training on such a flip_idx; were one to get here anyway, the
// flip keeps each point's index (a plain mirror) instead of reading outside the points.
void TestAugmenter::flipWithAnUnfitFlipIdxReadsNothingOutside()
{
    QFETCH(std::vector<int>, flip);
    TrainSample s = makeSample(256, 256, 60, 90);
    const PoseInstance before = s.instances[0];
    Augmenter::flipHorizontal(s, flip);
    QCOMPARE(s.instances[0].keypoints.size(), before.keypoints.size());
    checkColours(s, identity());
    QCOMPARE(s.instances[0].keypoints[0].x, 256 - before.keypoints[0].x);
}

void TestAugmenter::flipUpDown()
{
    TrainSample s = makeSample(256, 200, 60, 90);
    const PoseInstance before = s.instances[0];
    Augmenter::flipVertical(s);
    checkColours(s, identity());
    QCOMPARE(s.instances[0].keypoints[2].y, 200 - before.keypoints[2].y);
    QCOMPARE(s.instances[0].box.top(), 200 - before.box.bottom());
}

void TestAugmenter::mixupKeepsBoth()
{
    AugmentRng rng(1, 2, 3);
    const TrainSample a = makeSample(128, 128, 10, 10), b = makeSample(128, 128, 12, 50);
    const TrainSample m = Augmenter::mixup(a, b, rng);
    QCOMPARE(m.instances.size(), size_t(2));
    QCOMPARE(m.instances[1].keypoints[0].y, b.instances[0].keypoints[0].y);
}

void TestAugmenter::hsvChangesColourNotGeometry()
{
    TrainingConfig c = quietConfig(256);
    c.hsvH = 0.015;
    c.hsvS = 0.7;
    c.hsvV = 0.4;
    const Augmenter aug(c, identity());
    TrainSample s = makeSample(256, 256, 60, 90);
    const cv::Mat before = s.image.clone();
    const PoseInstance inst = s.instances[0];
    AugmentRng rng(5, 0, 0);
    aug.hsv(s, rng);
    QVERIFY(cv::norm(before, s.image, cv::NORM_L1) > 0);
    QVERIFY(s.instances[0] == inst);
}

void TestAugmenter::deterministicPerSeed()
{
    TrainingConfig c;
    c.imgsz = 128;
    const Augmenter aug(c, identity());
    auto run = [&](uint64_t seed) {
        AugmentRng rng(seed, 3, 4);
        TrainSample s = aug.letterboxAndPerspective(makeSample(200, 150, 40, 40), rng);
        aug.hsv(s, rng);
        aug.flips(s, rng);
        return s;
    };
    const TrainSample a = run(7), b = run(7), d = run(8);
    QCOMPARE(cv::norm(a.image, b.image, cv::NORM_L1), 0.0);
    QVERIFY(a.instances == b.instances);
    QVERIFY(cv::norm(a.image, d.image, cv::NORM_L1) > 0);
}

QTEST_GUILESS_MAIN(TestAugmenter)
#include "tst_augmenter.moc"
