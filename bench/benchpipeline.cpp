// gp_bench_pipeline: end-to-end prediction on video.
//
//   gp_bench_pipeline speed [--frames N] [--scales n,s] [--sizes 640,320] [--batch B] [--threads T]
//       frames/s of the five-stage pipeline against a plain sequential loop (read, infer,
//       track, write one frame at a time) in this binary, on a generated 1280x720 video, and
//       the decode-to-output latency on a live-style source (paced to its frame rate,
//       latest-only). Random weights with conf 0.25: the network's cost, not its accuracy.
//   gp_bench_pipeline live --model CKPT --video FILE [--imgsz 320] [--threads T] [--bf16]
//       a file read as a camera is: paced to its frame rate, latest-only, batch 1, one worker;
//       the latency from decoding a frame to its output, p50 / p95 / max, against the frame
//       period, and the frames dropped to stay current.
//   gp_bench_pipeline quality --model CKPT --demo DIR [--imgsz N] [--conf C] [--simulate SIGMA_PX]
//       raw vs smoothed keypoint error and jitter on the synthetic demo video's ground
//       truth (DIR/videos/demo.json from `gripperpose synth`), over a grid of One Euro
//       settings, plus the error inside the occlusion episodes.

#include "framereader.h"
#include "posetracker.h"
#include "predictionwriter_p.h"
#include "predictor.h"
#include "synthgenerator.h"
#include "videoframe_p.h"
#include "videopipeline.h"
#include "videotruth.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <random>

using gp::FramePrediction;
using gp::FrameReader;
using gp::Keypoint;
using gp::OutputOptions;
using gp::PipelineOptions;
using gp::PipelineSummary;
using gp::PoseBox;
using gp::PoseDetection;
using gp::PoseInstance;
using gp::PoseTracker;
using gp::PredictionWriter;
using gp::Predictor;
using gp::PredictorOptions;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::TemporalOptions;
using gp::TrackedKeypoint;
using gp::TrackedPose;
using gp::VideoFrame;
using gp::VideoPipeline;
using gp::VideoTruth;

namespace {

QString arg(const QStringList &a, const QString &key, const QString &def)
{
    const int i = a.indexOf(key);
    return i >= 0 && i + 1 < a.size() ? a.at(i + 1) : def;
}

std::vector<int> ints(const QString &s)
{
    std::vector<int> v;
    for (const QString &p : s.split(QLatin1Char(','), Qt::SkipEmptyParts))
        v.push_back(p.toInt());
    return v;
}

// The sequential baseline: one frame at a time through the same components.
double sequentialFps(const QString &video, const PredictorOptions &po, const QString &outDir, qint64 *frames)
{
    FrameReader reader;
    Predictor predictor;
    QString error;
    if (!reader.open(video, &error) || !predictor.load(po, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 0;
    }
    PoseTracker tracker;
    OutputOptions oo;
    oo.videoPath = outDir + QStringLiteral("/seq.mp4");
    oo.jsonPath = outDir + QStringLiteral("/seq.jsonl");
    oo.fps = reader.fps();
    PredictionWriter writer(Skeleton::defaultGripper(), oo);
    writer.open(&error);
    QElapsedTimer clock;
    clock.start();
    VideoFrame f;
    QString message;
    *frames = 0;
    while (reader.read(&f, &message) != FrameReader::Status::End) {
        std::vector<std::vector<PoseDetection>> r;
        if (!predictor.predict({ f.image }, &r, &error))
            continue;
        FramePrediction p;
        p.frameIndex = f.index;
        p.timestampMs = f.timestampMs;
        p.width = f.image.cols;
        p.height = f.image.rows;
        p.detections = r[0];
        tracker.process(&p);
        writer.write(p, f.image, &error);
        ++*frames;
    }
    writer.close();
    return *frames / (clock.nsecsElapsed() / 1e9);
}

int speed(const QStringList &a)
{
    const int frames = arg(a, QStringLiteral("--frames"), QStringLiteral("60")).toInt();
    const int batch = arg(a, QStringLiteral("--batch"), QStringLiteral("4")).toInt();
    const int threads = arg(a, QStringLiteral("--threads"), QStringLiteral("0")).toInt();
    QTemporaryDir dir;
    SynthOptions so;
    so.outDir = dir.path();
    so.count = 1;
    so.valFraction = 0.0;
    so.imageSize = QSize(1280, 720);
    so.videoFrames = frames;
    QString error;
    if (!SynthGenerator(Skeleton::defaultGripper(), so).run(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QString video = dir.filePath(SynthGenerator::videoFileName());
    if (!QFile::exists(video))
        video = dir.filePath(SynthGenerator::fallbackVideoFileName());
    std::printf(
        "| model | imgsz | sequential fps | pipelined fps (batch %d) | ratio | live-style latency mean / max ms "
        "(dropped) |\n|---|---|---|---|---|---|\n",
        batch);
    for (const int scaleIndex : { 0, 1 }) {
        const QString scale = scaleIndex ? QStringLiteral("s") : QStringLiteral("n");
        if (!arg(a, QStringLiteral("--scales"), QStringLiteral("n,s")).split(QLatin1Char(',')).contains(scale))
            continue;
        for (const int size : ints(arg(a, QStringLiteral("--sizes"), QStringLiteral("640,320")))) {
            PredictorOptions po;
            po.model = QStringLiteral("yolov8%1-pose").arg(scale);
            po.imgsz = size;
            po.device = QStringLiteral("cpu");
            po.threads = threads;
            qint64 seqFrames = 0;
            const double seq = sequentialFps(video, po, dir.path(), &seqFrames);

            PipelineOptions o;
            o.source = video;
            o.batch = batch;
            o.predictor = po;
            o.output.videoPath = dir.filePath(QStringLiteral("pipe.mp4"));
            o.output.jsonPath = dir.filePath(QStringLiteral("pipe.jsonl"));
            PipelineSummary s;
            if (!VideoPipeline::run(o, &s, &error)) {
                std::fprintf(stderr, "%s\n", qPrintable(error));
                return 1;
            }
            PipelineOptions live = o;
            live.batch = 1;
            live.latestOnly = true;
            live.queueCapacity = 1;
            live.paceToSourceFps = true;
            PipelineSummary l;
            VideoPipeline::run(live, &l, &error);
            std::printf("| yolov8%s-pose | %d | %.2f | %.2f | %.2f | %.0f / %.0f (%lld of %lld) |\n", qPrintable(scale),
                size, seq, s.meanFps, seq > 0 ? s.meanFps / seq : 0.0, l.meanLatencyMs, l.maxLatencyMs, l.dropped,
                l.framesRead);
            std::fflush(stdout);
        }
    }
    return 0;
}

struct Truth
{
    int track = 0;
    PoseBox box;
    std::vector<std::array<double, 3>> kpts; // x, y, v
};

struct Acc
{
    double sum = 0.0;
    long long n = 0;
    void add(double v)
    {
        sum += v;
        ++n;
    }
    double mean() const { return n ? sum / double(n) : 0.0; }
};

int quality(const QStringList &a)
{
    const QString model = arg(a, QStringLiteral("--model"), QString());
    const QString demo = arg(a, QStringLiteral("--demo"), QString());
    QString why;
    const auto truth = VideoTruth::load(
        QDir(demo).filePath(SynthGenerator::videoTruthFileName()), Skeleton::defaultGripper().keypointCount(), &why);
    if (!truth) {
        std::fprintf(stderr, "%s\n", qPrintable(why));
        return 1;
    }
    std::vector<std::vector<Truth>> gt;
    for (int f = 0; f < truth->frameCount(); ++f) {
        std::vector<Truth> inst;
        if (const VideoTruth::Frame *frame = truth->frame(f))
            for (size_t i = 0; i < frame->annotation.instances.size(); ++i) {
                const PoseInstance &p = frame->annotation.instances[i];
                Truth t;
                t.track = frame->tracks[i];
                t.box = { p.box.left(), p.box.top(), p.box.right(), p.box.bottom() };
                for (const Keypoint &k : p.keypoints)
                    t.kpts.push_back({ k.x, k.y, double(k.visibility) });
                inst.push_back(t);
            }
        gt.push_back(inst);
    }
    std::vector<std::array<int, 3>> episodes; // track, start, end
    for (const VideoTruth::Occlusion &e : truth->occlusions())
        episodes.push_back({ e.track, e.start, e.end });

    // The network once over the video; the temporal stage then offline for every setting.
    PipelineOptions o;
    o.source = truth->videoFile();
    o.predictor.model = model;
    o.predictor.imgsz = arg(a, QStringLiteral("--imgsz"), QStringLiteral("320")).toInt();
    o.predictor.device = QStringLiteral("cpu");
    o.predictor.conf = arg(a, QStringLiteral("--conf"), QStringLiteral("0.25")).toDouble();
    o.temporal = false;
    std::vector<FramePrediction> raw;
    std::mutex m;
    o.onFrame = [&](const FramePrediction &p, const cv::Mat &) {
        std::lock_guard<std::mutex> lock(m);
        raw.push_back(p);
    };
    const double simulate = arg(a, QStringLiteral("--simulate"), QStringLiteral("0")).toDouble();
    if (simulate > 0) {
        // No network: the truth plus Gaussian noise of `simulate` px on every keypoint (and
        // box side); occluded keypoints (visibility 1) come with confidence 0.1 and a guess
        // 4x as noisy, as an occluded point looks to a detector. Isolates the temporal stage.
        std::mt19937 rng(11);
        std::normal_distribution<double> noise(0.0, simulate);
        for (size_t f = 0; f < gt.size(); ++f) {
            FramePrediction p;
            p.frameIndex = qint64(f);
            p.timestampMs = f * 1000.0 / (truth->fps() > 0 ? truth->fps() : 30.0);
            for (const Truth &t : gt[f]) {
                PoseDetection d;
                d.box = { t.box.x1 + noise(rng), t.box.y1 + noise(rng), t.box.x2 + noise(rng), t.box.y2 + noise(rng) };
                d.score = 0.9;
                for (const auto &k : t.kpts) {
                    const double scale = k[2] >= 2 ? 1.0 : 4.0;
                    d.keypoints.push_back(
                        { k[0] + scale * noise(rng), k[1] + scale * noise(rng), k[2] >= 2 ? 0.95 : 0.1 });
                }
                p.detections.push_back(d);
            }
            raw.push_back(p);
        }
        std::fprintf(stderr, "simulated detections: noise %.1f px\n", simulate);
    } else {
        PipelineSummary s;
        QString error;
        if (!VideoPipeline::run(o, &s, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        std::fprintf(stderr, "%lld frames predicted at %.1f fps\n", s.processed, s.meanFps);
    }

    struct Setting
    {
        QString name;
        TemporalOptions t;
    };
    std::vector<Setting> settings;
    {
        TemporalOptions none;
        none.smooth = false;
        none.maxGap = 0;
        settings.push_back({ QStringLiteral("raw (no smoothing, no bridging)"), none });
        TemporalOptions bridgeOnly;
        bridgeOnly.smooth = false;
        settings.push_back({ QStringLiteral("bridging only (max_gap 5)"), bridgeOnly });
        for (double mc : { 0.5, 1.0, 2.0, 4.0 })
            for (double beta : { 0.0, 0.01, 0.05, 0.1, 0.2 }) {
                TemporalOptions t;
                t.filter = { mc, beta, 1.0 };
                settings.push_back({ QStringLiteral("one_euro min_cutoff %1 beta %2").arg(mc).arg(beta), t });
            }
    }
    std::printf("| setting | error px (raw -> output) | jitter px (raw -> output) | occlusion-episode error px "
                "(raw -> output) | matched |\n|---|---|---|---|---|\n");
    for (const Setting &st : settings) {
        PoseTracker tracker(st.t);
        Acc errRaw, errOut, jitRaw, jitOut, occRaw, occOut, jitTruth;
        // Per GT track and keypoint: the last two raw/output positions (for the second difference).
        std::map<std::pair<int, int>, std::vector<std::array<double, 5>>> history; // frame, rx, ry, ox, oy
        long long matched = 0, instances = 0;
        for (FramePrediction p : raw) {
            tracker.process(&p);
            const int f = int(p.frameIndex);
            if (f >= int(gt.size()))
                continue;
            for (const Truth &t : gt[size_t(f)]) {
                ++instances;
                const TrackedPose *best = nullptr;
                double bestIou = 0.3;
                for (const TrackedPose &tp : p.tracks) {
                    const double iou = tp.rawBox.iou(t.box);
                    if (iou > bestIou) {
                        bestIou = iou;
                        best = &tp;
                    }
                }
                if (!best)
                    continue;
                ++matched;
                bool inEpisode = false;
                for (const auto &e : episodes)
                    inEpisode = inEpisode || (e[0] == t.track && f >= e[1] && f <= e[2]);
                for (size_t k = 0; k < t.kpts.size() && k < best->keypoints.size(); ++k) {
                    if (t.kpts[k][2] < 1)
                        continue;
                    const TrackedKeypoint &q = best->keypoints[k];
                    const double er = std::hypot(q.rawX - t.kpts[k][0], q.rawY - t.kpts[k][1]);
                    const double eo = std::hypot(q.x - t.kpts[k][0], q.y - t.kpts[k][1]);
                    errRaw.add(er);
                    errOut.add(eo);
                    if (inEpisode) {
                        occRaw.add(er);
                        occOut.add(eo);
                    }
                    auto &h = history[{ t.track, int(k) }];
                    h.push_back({ double(f), q.rawX, q.rawY, q.x, q.y });
                    if (h.size() > 3)
                        h.erase(h.begin());
                    if (h.size() == 3 && h[2][0] - h[0][0] == 2) {
                        jitRaw.add(std::hypot(h[2][1] - 2 * h[1][1] + h[0][1], h[2][2] - 2 * h[1][2] + h[0][2]));
                        jitOut.add(std::hypot(h[2][3] - 2 * h[1][3] + h[0][3], h[2][4] - 2 * h[1][4] + h[0][4]));
                    }
                }
            }
        }
        std::printf("| %s | %.2f -> %.2f | %.2f -> %.2f | %.2f -> %.2f | %lld / %lld |\n", qPrintable(st.name),
            errRaw.mean(), errOut.mean(), jitRaw.mean(), jitOut.mean(), occRaw.mean(), occOut.mean(), matched,
            instances);
        std::fflush(stdout);
    }
    // The truth's own second difference (the motion's acceleration): the floor for jitter.
    Acc floor;
    for (size_t f = 2; f < gt.size(); ++f)
        for (const Truth &t : gt[f])
            for (const Truth &t1 : gt[f - 1])
                for (const Truth &t2 : gt[f - 2])
                    if (t.track == t1.track && t.track == t2.track)
                        for (size_t k = 0; k < t.kpts.size(); ++k)
                            floor.add(std::hypot(t.kpts[k][0] - 2 * t1.kpts[k][0] + t2.kpts[k][0],
                                t.kpts[k][1] - 2 * t1.kpts[k][1] + t2.kpts[k][1]));
    std::printf("\nground-truth jitter (the motion itself): %.2f px\n", floor.mean());
    return 0;
}

} // namespace

int live(const QStringList &a)
{
    PipelineOptions o;
    o.source = arg(a, QStringLiteral("--video"), QString());
    o.predictor.model = arg(a, QStringLiteral("--model"), QString());
    o.predictor.imgsz = arg(a, QStringLiteral("--imgsz"), QStringLiteral("320")).toInt();
    o.predictor.threads = arg(a, QStringLiteral("--threads"), QStringLiteral("0")).toInt();
    o.predictor.device = QStringLiteral("cpu");
    o.predictor.bf16 = a.contains(QStringLiteral("--bf16"));
    o.batch = 1;
    o.workers = 1;
    o.latestOnly = true;
    o.queueCapacity = 1;
    o.paceToSourceFps = true;
    QString error;
    VideoPipeline pipeline;
    if (o.source.isEmpty() || o.predictor.model.isEmpty() || !pipeline.start(o, &error)) {
        std::fprintf(
            stderr, "%s\n", qPrintable(error.isEmpty() ? QStringLiteral("--video and --model are needed") : error));
        return 1;
    }
    const double fps = pipeline.sourceFps();
    const PipelineSummary s = pipeline.wait();
    std::printf(
        "live-style, paced to %.1f fps (a frame every %.1f ms): %lld frames read, %lld processed, %lld dropped; "
        "latency p50 %.1f ms, p95 %.1f ms, max %.1f ms\n",
        fps, fps > 0 ? 1000.0 / fps : 0.0, s.framesRead, s.processed, s.dropped, s.p50LatencyMs, s.p95LatencyMs,
        s.maxLatencyMs);
    return 0;
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList a = app.arguments().mid(1);
    const QStringList modes { QStringLiteral("speed"), QStringLiteral("live"), QStringLiteral("quality") };
    if (a.isEmpty() || !modes.contains(a.first())) {
        std::fprintf(stderr, "usage: gp_bench_pipeline speed|live|quality [options] (see the source's header)\n");
        return 2;
    }
    return a.first() == modes[0] ? speed(a) : a.first() == modes[1] ? live(a) : quality(a);
}
