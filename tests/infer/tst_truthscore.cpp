// Scoring the temporal stage against a video's ground truth (how the smoothing presets are
// chosen) and the presets' keys: the truth itself as the output scores zero error and the
// truth's own jitter; a known offset and a known alternating wobble give exactly the error
// and jitter they are made of; unmatched instances and occlusion episodes count as defined;
// every preset key round-trips and names a setting predict and the Video workspace share.

#include "temporalpresets.h"
#include "truthscore.h"
#include "videotruth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using gp::TemporalOptions;
using gp::TemporalPresets;
using gp::TrackedKeypoint;
using gp::TrackedPose;
using gp::TruthScore;
using gp::TruthScoreResult;
using gp::VideoTruth;

namespace {

constexpr int kFrames = 20;
constexpr int kPoints = 14;

// Track 0 moves right with constant acceleration 0.5 px/frame²; keypoint k sits 10 px apart.
double truthX(int f, int k)
{
    return 100.0 + 2.0 * f + 0.25 * f * f + 10.0 * k;
}
double truthY(int, int k)
{
    return 200.0 + 5.0 * k;
}

QString writeTruth(const QTemporaryDir &dir)
{
    QJsonArray frames;
    for (int f = 0; f < kFrames; ++f) {
        QJsonArray kpts;
        for (int k = 0; k < kPoints; ++k)
            kpts.append(QJsonArray { truthX(f, k), truthY(f, k), k == 3 && f >= 5 && f <= 8 ? 1 : 2 });
        const QJsonObject inst { { "track", 0 },
            { "box", QJsonArray { truthX(f, 0) - 10, 180, truthX(f, kPoints - 1) + 10, 280 } }, { "keypoints", kpts } };
        frames.append(QJsonObject { { "frame", f }, { "time", f / 30.0 }, { "instances", QJsonArray { inst } } });
    }
    const QJsonObject root { { "fps", 30 }, { "width", 640 }, { "height", 360 }, { "video", "v.mp4" },
        { "frames", frames },
        { "occlusions", QJsonArray { QJsonObject { { "track", 0 }, { "start", 5 }, { "end", 8 } } } } };
    const QString file = dir.filePath(QStringLiteral("v.json"));
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(root).toJson());
    return file;
}

// The truth as a track, moved by (dx, dy) in frame f (the raw points moved by (rdx, rdy)).
TrackedPose track(int f, double dx, double dy, double rdx = 0, double rdy = 0)
{
    TrackedPose t;
    t.trackId = 1;
    t.rawBox = t.box = { truthX(f, 0) - 10, 180, truthX(f, kPoints - 1) + 10, 280 };
    for (int k = 0; k < kPoints; ++k) {
        TrackedKeypoint q;
        q.x = truthX(f, k) + dx;
        q.y = truthY(f, k) + dy;
        q.rawX = truthX(f, k) + rdx;
        q.rawY = truthY(f, k) + rdy;
        q.conf = 0.9;
        t.keypoints.push_back(q);
    }
    return t;
}

} // namespace

class TestTruthScore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::optional<VideoTruth> m_truth;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_truth = VideoTruth::load(writeTruth(m_dir), kPoints, &error);
        QVERIFY2(m_truth, qPrintable(error));
    }

    void theTruthScoresZeroErrorAndItsOwnJitter()
    {
        std::vector<std::vector<TrackedPose>> tracks;
        for (int f = 0; f < kFrames; ++f)
            tracks.push_back({ track(f, 0, 0) });
        const TruthScoreResult r = TruthScore::score(*m_truth, tracks);
        QCOMPARE(r.instances, qint64(kFrames));
        QCOMPARE(r.matched, qint64(kFrames));
        QCOMPARE(r.truthPoints, qint64(kFrames * kPoints)); // visibility 1 counts as labelled
        QCOMPARE(r.points, r.truthPoints);
        QCOMPARE(r.coverage(), 1.0);
        QCOMPARE(r.error, 0.0);
        // x'' = 2 * 0.25 = 0.5 px per frame² everywhere.
        QVERIFY(std::abs(r.truthJitter - 0.5) < 1e-9);
        QVERIFY(std::abs(r.jitter - 0.5) < 1e-9);
    }

    void aKnownOffsetAndWobble()
    {
        // Output 3-4-5 px off (error 5); raw points wobble +-2 px vertically frame to frame,
        // so their second difference is 2 + 2*2 + 2 = 8 px (plus nothing horizontally but
        // the motion's 0.5: sqrt(0.5² + 8²)).
        std::vector<std::vector<TrackedPose>> tracks;
        for (int f = 0; f < kFrames; ++f)
            tracks.push_back({ track(f, 3, 4, 0, f % 2 ? 2.0 : -2.0) });
        const TruthScoreResult r = TruthScore::score(*m_truth, tracks);
        QVERIFY(std::abs(r.error - 5.0) < 1e-9);
        QVERIFY(std::abs(r.rawError - 2.0) < 1e-9);
        QVERIFY(std::abs(r.jitter - 0.5) < 1e-9); // a constant offset adds no jitter
        QVERIFY(std::abs(r.rawJitter - std::hypot(0.5, 8.0)) < 1e-9);
        QVERIFY(std::abs(r.occlusionError - 5.0) < 1e-9);
    }

    void missedFramesAndOcclusionEpisodes()
    {
        // Frames 10..19 missed (no track), and in the occlusion episode (5..8) the output is
        // 10 px off, elsewhere exact.
        std::vector<std::vector<TrackedPose>> tracks;
        for (int f = 0; f < 10; ++f)
            tracks.push_back({ track(f, f >= 5 && f <= 8 ? 10.0 : 0.0, 0) });
        const TruthScoreResult r = TruthScore::score(*m_truth, tracks);
        QCOMPARE(r.matched, qint64(10));
        QCOMPARE(r.points, qint64(10 * kPoints));
        QCOMPARE(r.coverage(), 0.5);
        QVERIFY(std::abs(r.error - 10.0 * 4 / 10) < 1e-9);
        QVERIFY(std::abs(r.occlusionError - 10.0) < 1e-9);
        // A track elsewhere (no overlap) is no match.
        std::vector<std::vector<TrackedPose>> far;
        for (int f = 0; f < kFrames; ++f) {
            TrackedPose t = track(f, 0, 0);
            t.rawBox = { 0, 0, 20, 20 };
            far.push_back({ t });
        }
        QCOMPARE(TruthScore::score(*m_truth, far).matched, qint64(0));
    }

    void presetKeys()
    {
        QCOMPARE(
            TemporalPresets::keys(), QStringList({ "default", "steady", "fast_motion", "occlusion", "low_light" }));
        for (TemporalPresets::Preset p : TemporalPresets::all()) {
            QCOMPARE(TemporalPresets::parse(TemporalPresets::key(p)), p);
            QVERIFY(!TemporalPresets::name(p).isEmpty());
            const TemporalOptions o = TemporalPresets::apply(p);
            QVERIFY(o.smooth);
            QVERIFY(o.filter.minCutoff > 0 && o.filter.beta >= 0 && o.maxGap >= 0);
            QVERIFY(o.keypointConf > 0 && o.keypointConf < 1);
        }
        QCOMPARE(TemporalPresets::parse(QStringLiteral("Fast_Motion")), TemporalPresets::Preset::FastMotion);
        QVERIFY(!TemporalPresets::parse(QStringLiteral("fast")));
        // The default preset is the temporal stage's default.
        const TemporalOptions d = TemporalPresets::apply(TemporalPresets::Preset::Default), t;
        QCOMPARE(d.filter.minCutoff, t.filter.minCutoff);
        QCOMPARE(d.filter.beta, t.filter.beta);
        QCOMPARE(d.maxGap, t.maxGap);
        QCOMPARE(d.keypointConf, t.keypointConf);
        // What a preset does not set is kept.
        TemporalOptions base;
        base.sigmas = { 0.1, 0.2 };
        base.trackMemory = 99;
        const TemporalOptions kept = TemporalPresets::apply(TemporalPresets::Preset::Occlusion, base);
        QCOMPARE(kept.sigmas, base.sigmas);
        QCOMPARE(kept.trackMemory, 99);
    }
};

QTEST_GUILESS_MAIN(TestTruthScore)
#include "tst_truthscore.moc"
