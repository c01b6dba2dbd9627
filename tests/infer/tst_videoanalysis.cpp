// What the Video workspace computes beside the network (core/analysis): the detection
// cache and its sidecar file (round trip, stale and corrupt files refused with a message),
// the temporal stage re-run over cached detections (the same tracks as the pipeline), the
// quality measures and the worst-frames ranking on detections with injected faults, frames
// sent to labelling (never overwriting), and the export of an analysed video.

#include "annotatedexport.h"
#include "datasetconfig.h"
#include "detectioncache.h"
#include "labelfile.h"
#include "posequality.h"
#include "predictionlabeller.h"
#include "reviewstate.h"
#include "skeleton.h"
#include "temporalreplay.h"
#include "testvideo.h"
#include "videopipeline.h"
#include "videotruth.h"
#include "worstframes.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using gp::AnnotatedExport;
using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::DetectionCache;
using gp::FramePrediction;
using gp::LabelFile;
using gp::OutputOptions;
using gp::PipelineOptions;
using gp::PipelineSummary;
using gp::PoseDetection;
using gp::PoseKeypoint;
using gp::PoseQuality;
using gp::PredictionLabeller;
using gp::QualitySeries;
using gp::ReviewState;
using gp::Skeleton;
using gp::TemporalOptions;
using gp::TemporalReplay;
using gp::TrackedPose;
using gp::VideoPipeline;
using gp::VideoTruth;
using gp::WorstFrames;

namespace {

constexpr int K = 14;

// Two grippers of one instance moving smoothly: left points at x - 30 + 3k, right points
// mirrored at x + 30 - 3k.
PoseDetection pose(int frame, double conf = 0.9)
{
    const double cx = 100.0 + 2.0 * frame, cy = 80.0 + 10.0 * std::sin(frame / 10.0);
    PoseDetection d;
    d.box = { cx - 50, cy - 20, cx + 50, cy + 40 };
    d.score = 0.8;
    for (int k = 0; k < 7; ++k)
        d.keypoints.push_back({ cx - 30 + 3 * k, cy + k, conf });
    for (int k = 0; k < 7; ++k)
        d.keypoints.push_back({ cx + 30 - 3 * k, cy + k, conf });
    return d;
}

DetectionCache makeCache(
    int frames, const std::function<std::vector<PoseDetection>(int)> &detect, DetectionCache::Key key = {})
{
    DetectionCache c(key, frames, K);
    for (int f = 0; f < frames; ++f)
        c.set(f, f * 1000.0 / 30.0, detect(f));
    return c;
}

QualitySeries qualityOf(const DetectionCache &c, TemporalOptions o = {})
{
    std::vector<std::vector<TrackedPose>> tracks;
    if (!TemporalReplay::run(c, o, &tracks))
        return {};
    return PoseQuality::compute(c, tracks, Skeleton::defaultGripper().flipIndex(), o.keypointConf);
}

QString writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
    return path;
}

} // namespace

class TestVideoAnalysis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cacheRoundTrip();
    void staleOrCorruptCacheRefused();
    void replayMatchesPipeline();
    void worstFramesRankInjectedFaults();
    void jitterFollowsSmoothing();
    void spreadPicksFramesApart();
    void sendFramesNeverOverwrites();
    void exportWritesAnalysedFrames();
    void anUnfinishedExportLeavesNoShortFile();

private:
    QTemporaryDir m_dir;
};

void TestVideoAnalysis::cacheRoundTrip()
{
    const QString video = writeBytes(m_dir.filePath(QStringLiteral("clip.mp4")), "not really a video");
    const QString model = writeBytes(m_dir.filePath(QStringLiteral("best.ckpt")), "weights");
    const DetectionCache::Key key = DetectionCache::Key::of(video, model, 320, 0.1, 0.7);
    QCOMPARE(key.videoSize, qint64(18));
    DetectionCache c(key, 50, K);
    for (int f = 0; f < 40; ++f) {
        std::vector<PoseDetection> dets { pose(f) };
        if (f % 3 == 0) {
            dets.push_back(pose(f + 100, 0.3));
            dets.back().cls = 2;
        }
        c.set(f, f * 33.3667, dets);
    }
    const QString sidecar = DetectionCache::sidecarFor(video);
    // Beside the video, named so that no Ultralytics tool reads or writes it.
    QCOMPARE(sidecar, m_dir.filePath(QStringLiteral("clip.mp4.gripperpose-predictions.bin")));
    QVERIFY(sidecar != VideoTruth::sidecarFor(video));
    QString error;
    QVERIFY2(c.save(sidecar, &error), qPrintable(error));
    DetectionCache back;
    QVERIFY2(DetectionCache::load(sidecar, key, &back, &error), qPrintable(error));
    QCOMPARE(back.frameCount(), qint64(50));
    QCOMPARE(back.analysedFrames(), qint64(40));
    QCOMPARE(back.keypointCount(), K);
    for (int f = 0; f < 50; ++f) {
        QCOMPARE(back.isAnalysed(f), f < 40);
        if (f >= 40) {
            QVERIFY(std::isnan(back.timestamps()[size_t(f)]));
            continue;
        }
        const auto &a = c.frame(f)->detections;
        const auto &b = back.frame(f)->detections;
        QCOMPARE(back.frame(f)->timestampMs, f * 33.3667); // stored as float64
        QCOMPARE(b.size(), a.size());
        for (size_t i = 0; i < a.size(); ++i) {
            // Coordinates and scores are stored as float32.
            QCOMPARE(b[i].box.x1, double(float(a[i].box.x1)));
            QCOMPARE(b[i].box.y2, double(float(a[i].box.y2)));
            QCOMPARE(b[i].score, double(float(a[i].score)));
            QCOMPARE(b[i].cls, a[i].cls);
            for (int k = 0; k < K; ++k) {
                QCOMPARE(b[i].keypoints[size_t(k)].x, double(float(a[i].keypoints[size_t(k)].x)));
                QCOMPARE(b[i].keypoints[size_t(k)].conf, double(float(a[i].keypoints[size_t(k)].conf)));
            }
        }
    }
    QVERIFY(!back.hasCompleteTimestamps());
}

void TestVideoAnalysis::staleOrCorruptCacheRefused()
{
    const QString video = writeBytes(m_dir.filePath(QStringLiteral("stale.mp4")), "video bytes");
    const QString model = writeBytes(m_dir.filePath(QStringLiteral("stale.ckpt")), "weights");
    const QString other = writeBytes(m_dir.filePath(QStringLiteral("other.onnx")), "other weights");
    const DetectionCache::Key key = DetectionCache::Key::of(video, model, 640, 0.25, 0.7);
    const DetectionCache c = makeCache(
        10, [](int f) { return std::vector<PoseDetection> { pose(f) }; }, key);
    const QString sidecar = DetectionCache::sidecarFor(video);
    QString error;
    QVERIFY(c.save(sidecar, &error));
    DetectionCache back;
    QVERIFY(DetectionCache::load(sidecar, key, &back, &error));
    // Another model, other settings.
    QVERIFY(!DetectionCache::load(sidecar, DetectionCache::Key::of(video, other, 640, 0.25, 0.7), &back, &error));
    QVERIFY2(error.contains(QStringLiteral("another model")) && error.contains(sidecar), qPrintable(error));
    QVERIFY(!DetectionCache::load(sidecar, DetectionCache::Key::of(video, model, 320, 0.25, 0.7), &back, &error));
    QVERIFY2(error.contains(QStringLiteral("other settings")), qPrintable(error));
    // The video re-encoded (another size and time).
    writeBytes(video, "a re-encoded video");
    QFile(video).setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime);
    QVERIFY(!DetectionCache::load(sidecar, DetectionCache::Key::of(video, model, 640, 0.25, 0.7), &back, &error));
    QVERIFY2(error.contains(QStringLiteral("video changed")), qPrintable(error));
    // Cut short, or not a cache at all.
    QFile f(sidecar);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.resize(f.size() - 100));
    f.close();
    QVERIFY(!DetectionCache::load(sidecar, key, &back, &error));
    QVERIFY2(error.contains(QStringLiteral("truncated or corrupt at frame 9")), qPrintable(error));
    writeBytes(sidecar, "{\"format\": \"something else\"}\n");
    QVERIFY(!DetectionCache::load(sidecar, key, &back, &error));
    QVERIFY2(error.contains(QStringLiteral("not a prediction cache")), qPrintable(error));
}

void TestVideoAnalysis::replayMatchesPipeline()
{
    // The pipeline with its temporal stage on, over a generated video whose frames tell their
    // index; its raw detections cached, then the stage re-run over the cache.
    const QString video = m_dir.filePath(QStringLiteral("barcode.mp4"));
    QVERIFY(testvideo::write(video, 40, 30.0));
    PipelineOptions o;
    o.source = video;
    o.detector = [](const std::vector<cv::Mat> &images, std::vector<std::vector<PoseDetection>> *results, QString *) {
        results->clear();
        for (const cv::Mat &m : images) {
            const int f = testvideo::readBarcode(m);
            // Frames 12-15 missed: the tracker bridges them.
            results->push_back(
                f >= 12 && f <= 15 ? std::vector<PoseDetection> {} : std::vector<PoseDetection> { pose(f) });
        }
        return true;
    };
    std::map<qint64, FramePrediction> fromPipeline;
    o.onFrame = [&](const FramePrediction &p, const cv::Mat &) { fromPipeline[p.frameIndex] = p; };
    PipelineSummary s;
    QString error;
    int reports = 0;
    int64_t lastDone = 0;
    QVERIFY2(VideoPipeline::run(o, &s, &error, {},
                 [&](int64_t done, int64_t total) {
                     ++reports;
                     lastDone = done;
                     QCOMPARE(total, int64_t(40));
                 }),
        qPrintable(error));
    QCOMPARE(s.processed, qint64(40));
    QVERIFY(reports > 0);
    QCOMPARE(lastDone, int64_t(40));
    DetectionCache c({}, 40, K);
    for (const auto &[f, p] : fromPipeline)
        c.set(f, p.timestampMs, p.detections);
    std::vector<std::vector<TrackedPose>> tracks;
    QVERIFY(TemporalReplay::run(c, o.temporalOptions.sigmas.empty() ? [] {
        TemporalOptions t;
        t.sigmas = Skeleton::defaultGripper().sigmas();
        return t;
    }() : o.temporalOptions, &tracks));
    for (const auto &[f, p] : fromPipeline) {
        const auto &a = p.tracks;
        const auto &b = tracks[size_t(f)];
        QCOMPARE(b.size(), a.size());
        for (size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].trackId, a[i].trackId);
            QCOMPARE(b[i].bridged, a[i].bridged);
            for (size_t k = 0; k < a[i].keypoints.size(); ++k) {
                QVERIFY(std::abs(b[i].keypoints[k].x - a[i].keypoints[k].x) < 1e-9);
                QCOMPARE(b[i].keypoints[k].inferred, a[i].keypoints[k].inferred);
            }
        }
    }
    // A cancelled pipeline stops early and says so.
    gp::CancelToken cancel;
    cancel.cancel();
    QVERIFY(VideoPipeline::run(o, &s, &error, cancel));
    QVERIFY(s.cancelled);
    QVERIFY(s.processed < 40);
    // A range: frames 10-19 only.
    o.firstFrame = 10;
    o.lastFrame = 19;
    fromPipeline.clear();
    QVERIFY2(VideoPipeline::run(o, &s, &error), qPrintable(error));
    QCOMPARE(s.processed, qint64(10));
    QCOMPARE(fromPipeline.begin()->first, qint64(10));
    QCOMPARE(fromPipeline.rbegin()->first, qint64(19));
}

void TestVideoAnalysis::worstFramesRankInjectedFaults()
{
    const DetectionCache c = makeCache(100, [](int f) {
        PoseDetection d = pose(f);
        if (f >= 37) // keypoint 3 jumps 40 px and stays there
            d.keypoints[3].x += 40.0;
        if (f == 20) // one unsure frame
            for (PoseKeypoint &k : d.keypoints)
                k.conf = 0.2;
        if (f >= 60) // left and right finger 2 tips swap for good
            std::swap(d.keypoints[5], d.keypoints[12]);
        return std::vector<PoseDetection> { d };
    });
    TemporalOptions o;
    o.keypointConf = 0.1; // frame 20's points still count for jumps
    const QualitySeries q = qualityOf(c, o);
    QCOMPARE(q.frameCount(), qint64(100));
    // The smooth motion moves a point at most ~2.2 px a frame, so only the injected jump
    // passes DeepLabCut's 20 px.
    const auto jump = WorstFrames::rank(q, WorstFrames::Criterion::Jump, 20.0, 10, false);
    QVERIFY(!jump.empty());
    QCOMPARE(jump.front().frame, qint64(37));
    QVERIFY(std::abs(jump.front().value - 40.0) < 3.0);
    QVERIFY(WorstFrames::rank(q, WorstFrames::Criterion::Jump, 20.0, 10, false).size() >= 1);
    // The swap of finger 2's tips (24 px apart) is a jump too, but a swap first of all.
    const auto swap = WorstFrames::rank(q, WorstFrames::Criterion::Swap, 10.0, 10, false);
    QCOMPARE(swap.size(), size_t(1));
    QCOMPARE(swap.front().frame, qint64(60));
    QCOMPARE(WorstFrames::count(q, WorstFrames::Criterion::Swap, 10.0), qint64(1));
    const auto low = WorstFrames::rank(q, WorstFrames::Criterion::LowConfidence, 0.5, 10, false);
    QCOMPARE(low.size(), size_t(1));
    QCOMPARE(low.front().frame, qint64(20));
    QVERIFY(std::abs(low.front().value - 0.2) < 1e-6);
    QCOMPARE(q.keypoint(20, 4), 0.2f);
    QCOMPARE(q.keypoint(21, 4), 0.9f);
    // One track all along: no track change after the first frame.
    QCOMPARE(WorstFrames::count(q, WorstFrames::Criterion::TrackSwitch, 0.5), qint64(0));
}

void TestVideoAnalysis::jitterFollowsSmoothing()
{
    // Noise of ±3 px alternating on every coordinate: the raw second difference is ~12 px.
    const DetectionCache c = makeCache(60, [](int f) {
        PoseDetection d = pose(f);
        for (PoseKeypoint &k : d.keypoints) {
            k.x += (f % 2 ? 3.0 : -3.0);
            k.y += (f % 2 ? -3.0 : 3.0);
        }
        return std::vector<PoseDetection> { d };
    });
    TemporalOptions raw;
    raw.smooth = false;
    const QualitySeries a = qualityOf(c, raw);
    // Unsmoothed, the jitter is the detections' own second difference, computed here
    // from them directly.
    for (int f : { 10, 30, 45 }) {
        double sum = 0.0;
        for (int k = 0; k < K; ++k) {
            const auto p = [&](int g) { return c.frame(g)->detections[0].keypoints[size_t(k)]; };
            sum += std::hypot(p(f + 1).x - 2 * p(f).x + p(f - 1).x, p(f + 1).y - 2 * p(f).y + p(f - 1).y);
        }
        QVERIFY2(std::abs(a.jitter[size_t(f)] - sum / K) < 1e-3,
            qPrintable(QStringLiteral("%1 vs %2").arg(a.jitter[size_t(f)]).arg(sum / K)));
    }
    TemporalOptions smooth;
    smooth.filter = { 0.3, 0.0, 1.0 };
    const QualitySeries b = qualityOf(c, smooth);
    double meanA = 0, meanB = 0;
    for (int f = 10; f < 59; ++f) {
        meanA += a.jitter[size_t(f)];
        meanB += b.jitter[size_t(f)];
    }
    QVERIFY2(meanB < 0.5 * meanA, qPrintable(QStringLiteral("%1 vs %2").arg(meanB).arg(meanA)));
}

void TestVideoAnalysis::spreadPicksFramesApart()
{
    const std::set<int> unsure { 20, 21, 22, 23, 24, 70 };
    const DetectionCache c = makeCache(100,
        [&](int f) { return std::vector<PoseDetection> { pose(f, unsure.count(f) ? 0.1 + 0.01 * f / 100.0 : 0.9) }; });
    const QualitySeries q = qualityOf(c);
    QCOMPARE(WorstFrames::count(q, WorstFrames::Criterion::LowConfidence, 0.5), qint64(unsure.size()));
    const auto worst = WorstFrames::rank(q, WorstFrames::Criterion::LowConfidence, 0.5, 3, false);
    QCOMPARE(worst.size(), size_t(3));
    QCOMPARE(worst[0].frame, qint64(20));
    QCOMPARE(worst[1].frame, qint64(21));
    QCOMPARE(worst[2].frame, qint64(22));
    // Spread: 3 picks at least 100 / 6 frames apart.
    const auto spread = WorstFrames::rank(q, WorstFrames::Criterion::LowConfidence, 0.5, 3, true);
    QCOMPARE(spread.size(), size_t(2)); // only two moments are that far apart
    QCOMPARE(spread[0].frame, qint64(20));
    QCOMPARE(spread[1].frame, qint64(70));
}

void TestVideoAnalysis::sendFramesNeverOverwrites()
{
    const QString project = m_dir.filePath(QStringLiteral("project"));
    const QString images = project + QStringLiteral("/images/train");
    QVERIFY(QDir().mkpath(images));
    const QString video = m_dir.filePath(QStringLiteral("send.avi"));
    QVERIFY(testvideo::write(video, 20, 25.0, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), cv::Size(160, 96)));
    PredictionLabeller::Options o;
    o.video = video;
    o.projectDir = project;
    o.imagesDir = images;
    o.frames = { 7, 3 };
    PoseDetection d = pose(0);
    for (PoseKeypoint &k : d.keypoints)
        k.x -= 60; // inside the 160 × 96 frame
    d.box = { 5, 50, 120, 95 };
    d.keypoints[2].conf = 0.3; // occluded
    o.predictions = { { d }, { d } };
    PredictionLabeller::Result r = PredictionLabeller::run(o);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.written.size(), 2);
    ReviewState review;
    QString error;
    QVERIFY(review.load(project, &error));
    QCOMPARE(review.size(), 2);
    for (const QString &image : r.written) {
        QVERIFY(review.contains(image));
        DatasetIssueList issues;
        const auto instances
            = LabelFile::read(DatasetConfig::labelFileFor(image), QSize(160, 96), LabelFile::Format(), &issues);
        QVERIFY(issues.isEmpty());
        QCOMPARE(instances.size(), size_t(1));
        for (int k = 0; k < K; ++k) {
            QVERIFY(std::abs(instances[0].keypoints[size_t(k)].x - d.keypoints[size_t(k)].x) < 0.01);
            QCOMPARE(instances[0].keypoints[size_t(k)].visibility, k == 2 ? 1 : 2);
        }
    }
    // Frame 3 is there already: its image, label and mark stay as they are; frame 9 is new.
    const QString frame3 = r.written.filter(QStringLiteral("000003")).value(0);
    QVERIFY(!frame3.isEmpty());
    QFile::remove(DatasetConfig::labelFileFor(frame3));
    writeBytes(DatasetConfig::labelFileFor(frame3), "0 0.5 0.5 0.2 0.2\n"); // a person's label
    QFile image3(frame3);
    QVERIFY(image3.open(QIODevice::ReadOnly));
    const QByteArray before = image3.readAll();
    image3.close();
    o.frames = { 3, 9 };
    r = PredictionLabeller::run(o);
    QCOMPARE(r.written.size(), 1);
    QVERIFY(r.written.first().contains(QStringLiteral("000009")));
    QCOMPARE(r.existing, QStringList { frame3 });
    QVERIFY(image3.open(QIODevice::ReadOnly));
    QCOMPARE(image3.readAll(), before);
    QFile label3(DatasetConfig::labelFileFor(frame3));
    QVERIFY(label3.open(QIODevice::ReadOnly));
    QCOMPARE(label3.readAll(), QByteArray("0 0.5 0.5 0.2 0.2\n"));
    QVERIFY(review.load(project, &error));
    QCOMPARE(review.size(), 3);
}

void TestVideoAnalysis::exportWritesAnalysedFrames()
{
    const QString video = m_dir.filePath(QStringLiteral("export.avi"));
    QVERIFY(testvideo::write(video, 20, 25.0, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), cv::Size(160, 96)));
    DetectionCache c({}, 20, K);
    for (int f = 5; f < 15; ++f)
        c.set(f, f * 40.0, { pose(f) });
    std::vector<std::vector<TrackedPose>> tracks;
    QVERIFY(TemporalReplay::run(c, {}, &tracks));
    OutputOptions out;
    out.videoPath = m_dir.filePath(QStringLiteral("export_pose.mp4"));
    out.jsonPath = m_dir.filePath(QStringLiteral("export_pose.jsonl"));
    out.csvPath = m_dir.filePath(QStringLiteral("export_pose.csv"));
    int reports = 0;
    const AnnotatedExport::Result r = AnnotatedExport::run(
        video, c, tracks, Skeleton::defaultGripper(), out, 0.5, {}, [&](int64_t, int64_t) { ++reports; });
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.frames, qint64(10));
    QVERIFY(reports >= 10);
    QFile json(out.jsonPath);
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = json.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 10);
    QVERIFY(lines.first().contains("\"frame\":5"));
    QVERIFY(lines.last().contains("\"frame\":14"));
    cv::VideoCapture cap(out.videoPath.toStdString());
    QVERIFY(cap.isOpened());
    QCOMPARE(int(cap.get(cv::CAP_PROP_FRAME_COUNT)), 10);
    // Nothing but the outputs: the partial files took their names.
    QCOMPARE(QDir(m_dir.path()).entryList({ QStringLiteral("*export_pose*") }, QDir::Files | QDir::Hidden).size(), 3);
}

void TestVideoAnalysis::anUnfinishedExportLeavesNoShortFile()
{
    const QString video = m_dir.filePath(QStringLiteral("unfinished.avi"));
    QVERIFY(testvideo::write(video, 20, 25.0, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), cv::Size(160, 96)));
    DetectionCache c({}, 20, K);
    for (int f = 0; f < 20; ++f)
        c.set(f, f * 40.0, { pose(f) });
    std::vector<std::vector<TrackedPose>> tracks;
    QVERIFY(TemporalReplay::run(c, {}, &tracks));
    OutputOptions out;
    out.videoPath = m_dir.filePath(QStringLiteral("unfinished_pose.mp4"));
    out.jsonPath = m_dir.filePath(QStringLiteral("unfinished_pose.jsonl"));
    // An earlier export of the same name stays as it was when this one stops halfway.
    QFile earlier(out.jsonPath);
    QVERIFY(earlier.open(QIODevice::WriteOnly));
    earlier.write("{\"frame\":0}\n");
    earlier.close();
    gp::CancelToken cancel;
    bool sawPartial = false;
    const AnnotatedExport::Result r = AnnotatedExport::run(
        video, c, tracks, Skeleton::defaultGripper(), out, 0.5, cancel, [&](int64_t done, int64_t) {
            // Midway the work is under hidden partial names, not the asked-for ones.
            sawPartial = sawPartial || QFile::exists(m_dir.filePath(QStringLiteral(".unfinished_pose.partial.jsonl")));
            if (done == 10)
                cancel.cancel();
        });
    QVERIFY(r.cancelled);
    QVERIFY(sawPartial);
    QVERIFY(!QFile::exists(out.videoPath));
    QVERIFY(earlier.open(QIODevice::ReadOnly));
    QCOMPARE(earlier.readAll(), QByteArray("{\"frame\":0}\n"));
    QCOMPARE(QDir(m_dir.path()).entryList({ QStringLiteral("*partial*") }, QDir::Files | QDir::Hidden), QStringList());
}

QTEST_GUILESS_MAIN(TestVideoAnalysis)
#include "tst_videoanalysis.moc"
