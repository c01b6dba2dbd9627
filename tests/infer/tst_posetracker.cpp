// The temporal stage alone: track identities across two crossing instances, a whole-instance
// miss bridged under the same id, keypoint occlusions bridged for at most max_gap frames
// (flagged inferred) and then dropped, and smoothing that lowers jitter.

#include "posetracker.h"

#include <QtTest>

#include <cmath>
#include <random>

using gp::PoseDetection;
using gp::PoseKeypoint;
using gp::PoseTracker;
using gp::TemporalOptions;
using gp::TrackedKeypoint;
using gp::TrackedPose;

namespace {

// An instance with its box at (x, y) size 60x60 and 14 keypoints on a fixed pattern inside.
PoseDetection instance(double x, double y, double conf = 0.9, double score = 0.8)
{
    PoseDetection d;
    d.box = { x, y, x + 60.0, y + 60.0 };
    d.score = score;
    for (int k = 0; k < 14; ++k)
        d.keypoints.push_back({ x + 5.0 + 4.0 * k, y + 10.0 + 2.5 * (k % 7), conf });
    return d;
}

double ms(int frame)
{
    return frame * 1000.0 / 30.0;
}

} // namespace

class TestPoseTracker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void crossingInstancesKeepTheirIds()
    {
        TemporalOptions o;
        o.smooth = false;
        PoseTracker tracker(o);
        int idA = -1;
        int idB = -1;
        // A moves right, B moves left, 10 px per frame; their boxes overlap from frame 5 to
        // 15 and coincide in x at frame 10 (IoU 0.5 there). Detections come in alternating order.
        for (int f = 0; f <= 20; ++f) {
            const PoseDetection a = instance(10.0 * f, 100.0, 0.9, 0.8);
            const PoseDetection b = instance(200.0 - 10.0 * f, 120.0, 0.9, 0.7);
            const std::vector<PoseDetection> dets
                = f % 2 ? std::vector<PoseDetection> { b, a } : std::vector<PoseDetection> { a, b };
            const std::vector<TrackedPose> tracks = tracker.update(f, ms(f), dets);
            QCOMPARE(tracks.size(), size_t(2));
            for (const TrackedPose &t : tracks) {
                const bool isA = qFuzzyCompare(t.rawBox.y1, 100.0);
                int &id = isA ? idA : idB;
                if (id < 0)
                    id = t.trackId;
                QVERIFY2(t.trackId == id,
                    qPrintable(QStringLiteral("frame %1: %2 got track %3, expected %4")
                                   .arg(f)
                                   .arg(isA ? "A" : "B")
                                   .arg(t.trackId)
                                   .arg(id)));
            }
        }
        QVERIFY(idA != idB);
        QCOMPARE(tracker.activeTracks(), 2);
    }

    void newInstanceGetsNewId()
    {
        PoseTracker tracker;
        auto t0 = tracker.update(0, ms(0), { instance(0, 0) });
        auto t1 = tracker.update(1, ms(1), { instance(2, 0), instance(400, 300) });
        QCOMPARE(t1.size(), size_t(2));
        QCOMPARE(t1[0].trackId, t0[0].trackId);
        QVERIFY(t1[1].trackId != t0[0].trackId);
    }

    void missedInstanceIsBridgedThenDropped()
    {
        TemporalOptions o;
        o.smooth = false;
        o.maxGap = 2;
        o.trackMemory = 4;
        PoseTracker tracker(o);
        int id = -1;
        for (int f = 0; f < 5; ++f)
            id = tracker.update(f, ms(f), { instance(5.0 * f, 50.0) }).front().trackId;
        // Frames 5 and 6: no detection; the track is extrapolated (5 px per frame) and flagged.
        for (int f = 5; f <= 6; ++f) {
            const auto tracks = tracker.update(f, ms(f), {});
            QCOMPARE(tracks.size(), size_t(1));
            QCOMPARE(tracks[0].trackId, id);
            QVERIFY(tracks[0].bridged);
            QVERIFY(qAbs(tracks[0].box.x1 - 5.0 * f) < 1e-9);
            for (const TrackedKeypoint &k : tracks[0].keypoints) {
                QVERIFY(k.inferred);
                QCOMPARE(k.conf, 0.0);
            }
            QVERIFY(qAbs(tracks[0].keypoints[0].x - (5.0 * f + 5.0)) < 1e-9);
        }
        // Frame 7: longer than max_gap, nothing is output.
        QVERIFY(tracker.update(7, ms(7), {}).empty());
        // Frame 8: the instance is back and continues its track (memory 4 frames).
        const auto back = tracker.update(8, ms(8), { instance(40.0, 50.0) });
        QCOMPARE(back.size(), size_t(1));
        QCOMPARE(back[0].trackId, id);
        QVERIFY(!back[0].bridged);
        // After more than trackMemory misses the track is forgotten: a new id.
        for (int f = 9; f <= 14; ++f)
            tracker.update(f, ms(f), {});
        QCOMPARE(tracker.activeTracks(), 0);
        QVERIFY(tracker.update(15, ms(15), { instance(75.0, 50.0) }).front().trackId != id);
    }

    void occludedKeypointBridgedUpToMaxGap()
    {
        TemporalOptions o;
        o.smooth = false;
        o.maxGap = 3;
        o.keypointConf = 0.5;
        o.extrapolate = true;
        PoseTracker tracker(o);
        // Keypoint 2 moves 4 px per frame in x; it is occluded (conf 0.1, its raw value a
        // wild guess at x = 0) from frame 6 to frame 11.
        for (int f = 0; f <= 14; ++f) {
            PoseDetection d = instance(4.0 * f, 80.0);
            const bool occluded = f >= 6 && f <= 11;
            if (occluded) {
                d.keypoints[2].conf = 0.1;
                d.keypoints[2].x = 0.0;
            }
            const TrackedKeypoint k = tracker.update(f, ms(f), { d }).front().keypoints[2];
            const double truth = 4.0 * f + 5.0 + 8.0;
            QCOMPARE(k.rawX, d.keypoints[2].x);
            QCOMPARE(k.conf, d.keypoints[2].conf);
            if (!occluded) {
                QVERIFY(!k.inferred);
                QCOMPARE(k.x, truth);
            } else if (f <= 8) {
                // Bridged for max_gap = 3 frames with the last velocity: exact on a straight line.
                QVERIFY2(k.inferred, qPrintable(QString::number(f)));
                QVERIFY(qAbs(k.x - truth) < 1e-9);
            } else {
                // Dropped: the raw value, not flagged.
                QVERIFY2(!k.inferred, qPrintable(QString::number(f)));
                QCOMPARE(k.x, 0.0);
            }
        }
    }

    void holdInsteadOfExtrapolate()
    {
        TemporalOptions o;
        o.smooth = false;
        o.maxGap = 5;
        o.extrapolate = false;
        PoseTracker tracker(o);
        tracker.update(0, ms(0), { instance(0, 0) });
        tracker.update(1, ms(1), { instance(3, 0) });
        PoseDetection d = instance(6, 0);
        d.keypoints[0].conf = 0.0;
        const TrackedKeypoint k = tracker.update(2, ms(2), { d }).front().keypoints[0];
        QVERIFY(k.inferred);
        QCOMPARE(k.x, 3.0 + 5.0); // held at the last seen value
    }

    void smoothingLowersJitter()
    {
        // A still keypoint with +-2 px noise: the One Euro output's mean second difference is
        // far smaller than the raw one's, and it is nearer the truth.
        TemporalOptions o;
        o.smooth = true;
        o.filter = { 1.0, 0.01, 1.0 };
        PoseTracker tracker(o);
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> noise(-2.0, 2.0);
        std::vector<double> raw;
        std::vector<double> smooth;
        double err = 0.0;
        double rawErr = 0.0;
        for (int f = 0; f < 90; ++f) {
            PoseDetection d = instance(100.0, 100.0);
            d.keypoints[0].x += noise(rng);
            const TrackedKeypoint k = tracker.update(f, ms(f), { d }).front().keypoints[0];
            raw.push_back(k.rawX);
            smooth.push_back(k.x);
            if (f >= 30) {
                err += qAbs(k.x - 105.0);
                rawErr += qAbs(k.rawX - 105.0);
            }
        }
        auto jitter = [](const std::vector<double> &v) {
            double s = 0.0;
            for (size_t i = 2; i < v.size(); ++i)
                s += qAbs(v[i] - 2 * v[i - 1] + v[i - 2]);
            return s / double(v.size() - 2);
        };
        QVERIFY2(jitter(smooth) < 0.3 * jitter(raw),
            qPrintable(QStringLiteral("%1 vs %2").arg(jitter(smooth)).arg(jitter(raw))));
        QVERIFY2(err < rawErr, qPrintable(QStringLiteral("%1 vs %2").arg(err / 60).arg(rawErr / 60)));
    }

    void optionsChangeBetweenFrames()
    {
        PoseTracker tracker;
        tracker.update(0, ms(0), { instance(0, 0) });
        TemporalOptions o = tracker.options();
        o.smooth = false;
        tracker.setOptions(o);
        const auto t = tracker.update(1, ms(1), { instance(6, 0) });
        QCOMPARE(t.size(), size_t(1));
        QCOMPARE(t.front().keypoints[0].x, 11.0); // raw, not filtered
    }

    void oksOfIdenticalSetsIsOne()
    {
        const PoseDetection a = instance(0, 0);
        QCOMPARE(PoseTracker::oks(a.keypoints, a.keypoints, 3600.0, {}, 0.5), 1.0);
        PoseDetection hidden = a;
        for (PoseKeypoint &k : hidden.keypoints)
            k.conf = 0.0;
        QCOMPARE(PoseTracker::oks(a.keypoints, hidden.keypoints, 3600.0, {}, 0.5), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestPoseTracker)
#include "tst_posetracker.moc"
