// Corrections carried between a video's keyframes: the model's motion kept and its bias
// removed, plain interpolation where the model lost the object, objects paired across
// keyframes, the review priority, and points absent at one end.

#include "keyframefill.h"

#include <QTest>

#include <cmath>

using gp::KeyframeFill;
using gp::Keypoint;
using gp::PoseDetection;
using gp::PoseInstance;

namespace {

constexpr int kPoints = 4;

// An object whose motion is not linear: interpolation alone misses it between keyframes.
PoseInstance truthAt(qint64 f, double x0)
{
    PoseInstance p;
    const double x = x0 + 5.0 * f + 20.0 * std::sin(f / 3.0), y = 100.0 + 10.0 * std::cos(f / 4.0);
    for (int k = 0; k < kPoints; ++k)
        p.keypoints.push_back({ x + 15.0 * k, y + 8.0 * (k % 2), Keypoint::Visible, Keypoint::Origin::Person, 1.0f });
    p.box = QRectF(x, y, 15.0 * (kPoints - 1), 8.0);
    return p;
}

// The model: the truth off by a constant bias, sure of itself.
PoseDetection modelAt(qint64 f, double x0, double conf = 0.9)
{
    const PoseInstance t = truthAt(f, x0);
    PoseDetection d;
    d.box = { t.box.left(), t.box.top(), t.box.right(), t.box.bottom() };
    d.score = conf;
    for (const Keypoint &k : t.keypoints)
        d.keypoints.push_back({ k.x + 3.0, k.y - 2.0, conf });
    return d;
}

double worstError(const PoseInstance &a, const PoseInstance &b)
{
    double worst = 0;
    for (int k = 0; k < kPoints; ++k)
        if (a.keypoints[size_t(k)].isLabelled())
            worst = std::max(worst,
                std::hypot(a.keypoints[size_t(k)].x - b.keypoints[size_t(k)].x,
                    a.keypoints[size_t(k)].y - b.keypoints[size_t(k)].y));
    return worst;
}

} // namespace

class TestKeyframeFill : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void modelMotionWithoutItsBias();
    void interpolationWhereTheModelLostIt();
    void twoObjectsPairedAcrossKeyframes();
    void pointAbsentAtOneEnd();
};

void TestKeyframeFill::modelMotionWithoutItsBias()
{
    const std::map<qint64, std::vector<PoseInstance>> keyframes { { 0, { truthAt(0, 50) } },
        { 12, { truthAt(12, 50) } } };
    const auto filled
        = KeyframeFill::fill(keyframes, [](qint64 f) { return std::vector<PoseDetection> { modelAt(f, 50) }; });
    QCOMPARE(int(filled.size()), 11);
    QCOMPARE(filled.begin()->first, qint64(1));
    for (const auto &[f, frame] : filled) {
        QCOMPARE(frame.objects.size(), size_t(1));
        // The truth, to float rounding: the bias is the correction at both ends.
        QVERIFY2(worstError(frame.objects[0], truthAt(f, 50)) < 1e-9, qPrintable(QString::number(f)));
        for (const Keypoint &k : frame.objects[0].keypoints) {
            QCOMPARE(k.origin, Keypoint::Origin::Refit);
            QCOMPARE(k.confidence, 0.9f);
        }
        // The model's motion departs from the straight line the keyframes draw: the larger the
        // departure, the higher the priority (1 from a tenth of the diagonal on).
        QVERIFY(frame.reviewPriority >= 0.1 - 1e-9); // one minus the model's confidence
    }
    // Interpolation alone would be far off in the middle: the fill is not interpolation.
    const PoseInstance &mid = filled.at(6).objects[0];
    QVERIFY(std::abs(mid.keypoints[0].x - 0.5 * (truthAt(0, 50).keypoints[0].x + truthAt(12, 50).keypoints[0].x)) > 5);
}

void TestKeyframeFill::interpolationWhereTheModelLostIt()
{
    const std::map<qint64, std::vector<PoseInstance>> keyframes { { 10, { truthAt(10, 50) } },
        { 14, { truthAt(14, 50) } } };
    const auto filled = KeyframeFill::fill(keyframes, [](qint64 f) {
        return f == 12 ? std::vector<PoseDetection>() : std::vector<PoseDetection> { modelAt(f, 50) };
    });
    QCOMPARE(int(filled.size()), 3);
    const KeyframeFill::Frame &lost = filled.at(12);
    QCOMPARE(lost.objects.size(), size_t(1));
    QCOMPARE(lost.reviewPriority, 1.0);
    const PoseInstance a = truthAt(10, 50), b = truthAt(14, 50);
    for (int k = 0; k < kPoints; ++k) {
        const Keypoint &p = lost.objects[0].keypoints[size_t(k)];
        QCOMPARE(p.x, 0.5 * (a.keypoints[size_t(k)].x + b.keypoints[size_t(k)].x));
        QCOMPARE(p.confidence, 0.0f);
        QCOMPARE(p.origin, Keypoint::Origin::Refit);
    }
    // The frame that most needs a look is the one the model lost.
    auto most = std::max_element(filled.begin(), filled.end(),
        [](const auto &x, const auto &y) { return x.second.reviewPriority < y.second.reviewPriority; });
    QCOMPARE(most->first, qint64(12));
    // An answer too far from where the object should be is another object: interpolation.
    QVERIFY(KeyframeFill::nearest(truthAt(12, 50), { modelAt(12, 400) }) < 0);
}

void TestKeyframeFill::twoObjectsPairedAcrossKeyframes()
{
    // Listed in the opposite order on the second keyframe, and by the model.
    const std::map<qint64, std::vector<PoseInstance>> keyframes { { 0, { truthAt(0, 50), truthAt(0, 600) } },
        { 6, { truthAt(6, 600), truthAt(6, 50) } } };
    const auto filled = KeyframeFill::fill(keyframes, [](qint64 f) {
        return std::vector<PoseDetection> { modelAt(f, 600), modelAt(f, 50) };
    });
    for (const auto &[f, frame] : filled) {
        QCOMPARE(frame.objects.size(), size_t(2));
        QVERIFY(worstError(frame.objects[0], truthAt(f, 50)) < 1e-9);
        QVERIFY(worstError(frame.objects[1], truthAt(f, 600)) < 1e-9);
    }
    // An object on one keyframe only (it left the view) is not carried.
    const std::map<qint64, std::vector<PoseInstance>> leaving { { 0, { truthAt(0, 50), truthAt(0, 600) } },
        { 6, { truthAt(6, 50) } } };
    const auto one
        = KeyframeFill::fill(leaving, [](qint64 f) { return std::vector<PoseDetection> { modelAt(f, 50) }; });
    for (const auto &[f, frame] : one)
        QCOMPARE(frame.objects.size(), size_t(1));
}

void TestKeyframeFill::pointAbsentAtOneEnd()
{
    PoseInstance a = truthAt(0, 50), b = truthAt(4, 50);
    b.keypoints[3] = Keypoint(); // left the frame
    const std::map<qint64, std::vector<PoseInstance>> keyframes { { 0, { a } }, { 4, { b } } };
    const auto filled
        = KeyframeFill::fill(keyframes, [](qint64 f) { return std::vector<PoseDetection> { modelAt(f, 50) }; });
    // Nearer A it keeps the point (the model's, shifted by A's correction); nearer B it is absent.
    QVERIFY(filled.at(1).objects[0].keypoints[3].isLabelled());
    QVERIFY(std::abs(filled.at(1).objects[0].keypoints[3].x - truthAt(1, 50).keypoints[3].x) < 1e-9);
    QVERIFY(!filled.at(3).objects[0].keypoints[3].isLabelled());
    // A point that lands outside the frame is absent, as a pre-label's would be: frame 1's
    // points lie from x 63 to 113, so a 100-wide frame keeps the first ones only.
    const auto clipped = KeyframeFill::fill(
        keyframes, [](qint64 f) { return std::vector<PoseDetection> { modelAt(f, 50) }; }, QSizeF(100, 200));
    const std::vector<Keypoint> &points = clipped.at(1).objects[0].keypoints;
    for (int k = 0; k < kPoints; ++k)
        QCOMPARE(points[size_t(k)].isLabelled(), truthAt(1, 50).keypoints[size_t(k)].x <= 100);
    QVERIFY(clipped.at(1).objects[0].box.right() <= 100);
}

QTEST_GUILESS_MAIN(TestKeyframeFill)
#include "tst_keyframefill.moc"
