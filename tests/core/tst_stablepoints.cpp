// "Copy previous" on a sequence: only the points that held still over the last frames.

#include "stablepoints.h"

#include <QTest>

using gp::Keypoint;
using gp::PoseInstance;
using gp::StablePoints;

namespace {

PoseInstance object(double x, double y, double fingerOpen = 0)
{
    PoseInstance p;
    for (int k = 0; k < 4; ++k)
        p.keypoints.push_back({ x + 20.0 * k + (k == 3 ? fingerOpen : 0.0), y + 10.0 * (k % 2), Keypoint::Visible });
    p.box = QRectF(x, y, 60 + fingerOpen, 10);
    return p;
}

} // namespace

class TestStablePoints : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void movingPointsAreLeftOut();
    void nothingToFollowKeepsAll();
};

void TestStablePoints::movingPointsAreLeftOut()
{
    // A still object whose last finger opens 3 px a frame, and a second object that drifts.
    const std::vector<std::vector<PoseInstance>> frames { { object(100, 100, 0), object(300, 100) },
        { object(100, 100, 3), object(305, 100) }, { object(100.5, 100, 6), object(310, 100) } };
    const std::vector<PoseInstance> kept = StablePoints::keep(frames, 2.0);
    QCOMPARE(kept.size(), size_t(2));
    // The first: its three still points copied (0.5 px is within 2), the opening finger not.
    for (int k = 0; k < 3; ++k)
        QVERIFY(kept[0].keypoints[size_t(k)].isLabelled());
    QVERIFY(!kept[0].keypoints[3].isLabelled());
    QCOMPARE(kept[0].keypoints[0].x, 100.5); // the last frame's position
    // The drifting one: every point moved.
    for (const Keypoint &k : kept[1].keypoints)
        QVERIFY(!k.isLabelled());
    // A looser tolerance keeps the drifting points too (they moved 5 px a frame).
    const std::vector<PoseInstance> loose = StablePoints::keep(frames, 6.0);
    for (const Keypoint &k : loose[1].keypoints)
        QVERIFY(k.isLabelled());
    // A point not labelled in an earlier frame counts as moved.
    std::vector<std::vector<PoseInstance>> gap = frames;
    gap[1][0].keypoints[1] = Keypoint();
    QVERIFY(!StablePoints::keep(gap, 2.0)[0].keypoints[1].isLabelled());
}

void TestStablePoints::nothingToFollowKeepsAll()
{
    // One frame: nothing says anything moved.
    const std::vector<PoseInstance> one = StablePoints::keep({ { object(100, 100) } }, 2.0);
    for (const Keypoint &k : one[0].keypoints)
        QVERIFY(k.isLabelled());
    // An object that just appeared (nothing near it before): kept whole.
    const std::vector<PoseInstance> appeared = StablePoints::keep({ { object(100, 100) }, { object(600, 300) } }, 2.0);
    for (const Keypoint &k : appeared[0].keypoints)
        QVERIFY(k.isLabelled());
    QVERIFY(StablePoints::keep({}, 2.0).empty());
}

QTEST_GUILESS_MAIN(TestStablePoints)
#include "tst_stablepoints.moc"
