// gp_bench_video: the Video workspace's speed (docs/BENCHMARKS.md, "Video workspace").
//   gp_bench_video seek FILE [--seeks N] [--index] [--tail N]
//                                                     random-seek latency (VideoDecoder), p50/p95;
//                                                     --tail: among the last N frames only
//   gp_bench_video scrub [--frames N]                 scrubbing with N analysed frames: per-frame
//                                                     overlay + strips update, and one smoothing replay
//   gp_bench_video analyse FILE --model M [--imgsz N] [--conf C] [--enhance E]
//                                                     the analysis pass (pipeline + cache), fps;
//                                                     writes the sidecar the Video workspace opens
//   gp_bench_video presets --demo DIR --model M [--imgsz N] [--conf C] [--enhance E] [--presets-only]
//       the smoothing presets' sweep: every generated scenario video of DIR/videos (demo*.mp4
//       with its ground truth) analysed once, then the temporal stage over a grid of One Euro
//       and bridging settings, scored against the truth (TruthScore); per video the best
//       setting and the presets on every video
// Prints timings and tables; asserts nothing.

#include "detectioncache.h"
#include "framereader.h"
#include "imageenhancement.h"
#include "poseoverlayview.h"
#include "posequality.h"
#include "temporalpresets.h"
#include "temporalreplay.h"
#include "timelinestrips.h"
#include "truthscore.h"
#include "videodecoder.h"
#include "videopipeline.h"
#include "videotruth.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <QApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>

using gp::DetectionCache;
using gp::Enhancement;
using gp::FramePrediction;
using gp::FrameReader;
using gp::ImageEnhancement;
using gp::PipelineOptions;
using gp::PipelineSummary;
using gp::PoseDetection;
using gp::PoseQuality;
using gp::QualitySeries;
using gp::Skeleton;
using gp::TemporalOptions;
using gp::TemporalPresets;
using gp::TemporalReplay;
using gp::TrackedPose;
using gp::TruthScore;
using gp::TruthScoreResult;
using gp::VideoDecoder;
using gp::VideoPipeline;
using gp::VideoTruth;

namespace {

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    return v[size_t(std::min<double>(v.size() - 1, std::floor(p * (v.size() - 1) + 0.5)))];
}

QString option(const QStringList &a, const QString &name, const QString &fallback)
{
    const int i = a.indexOf(name);
    return i >= 0 && i + 1 < a.size() ? a[i + 1] : fallback;
}

int seek(const QStringList &a)
{
    const QString file = a.value(1);
    const int seeks = option(a, QStringLiteral("--seeks"), QStringLiteral("60")).toInt();
    VideoDecoder d;
    QString error;
    if (!d.open(file, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QElapsedTimer t;
    if (a.contains(QStringLiteral("--index"))) {
        t.start();
        std::vector<double> table;
        FrameReader::indexTimestamps(file, &table, &error);
        std::printf("index pass: %lld frames in %.2f s\n", qint64(table.size()), t.nsecsElapsed() / 1e9);
        d.setTimestampTable(table);
    }
    const qint64 n = d.info().frameCount;
    // --tail N: seeks among the last N frames only (scrubbing at the end of a long video).
    const qint64 tail = std::clamp<qint64>(option(a, QStringLiteral("--tail"), QString::number(n)).toLongLong(), 3, n);
    QRandomGenerator rng(7);
    std::vector<double> far, back, next;
    QImage image;
    for (int i = 0; i < seeks; ++i) {
        const qint64 index = n - tail + rng.bounded(tail - 2) + 1;
        d.cache().clear(); // a cold seek: nothing decoded near it
        t.start();
        if (!d.frame(index, &image, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        far.push_back(t.nsecsElapsed() / 1e6);
        t.start();
        d.frame(index - 1, &image, &error); // a step back (the cache)
        back.push_back(t.nsecsElapsed() / 1e6);
        t.start();
        d.frame(index, &image, &error);
        d.frame(index + 1, &image, &error); // a step forward (decodes one)
        next.push_back(t.nsecsElapsed() / 1e6);
    }
    std::printf("%s: %lld frames %dx%d, %d random seeks among the last %lld\n", qPrintable(file), n,
        d.info().size.width(), d.info().size.height(), seeks, tail);
    std::printf("  cold seek        p50 %7.1f ms  p95 %7.1f ms\n", percentile(far, 0.5), percentile(far, 0.95));
    std::printf("  step back        p50 %7.2f ms  p95 %7.2f ms\n", percentile(back, 0.5), percentile(back, 0.95));
    std::printf("  step forward     p50 %7.2f ms  p95 %7.2f ms\n", percentile(next, 0.5), percentile(next, 0.95));
    return 0;
}

int scrub(const QStringList &a)
{
    const qint64 frames = option(a, QStringLiteral("--frames"), QStringLiteral("100000")).toLongLong();
    const Skeleton skeleton = Skeleton::defaultGripper();
    DetectionCache cache({}, frames, 14);
    QRandomGenerator rng(3);
    for (qint64 f = 0; f < frames; ++f) {
        std::vector<PoseDetection> dets;
        for (int i = 0; i < 2; ++i) {
            const double cx = 400 + 600 * i + 100 * std::sin(f / 50.0 + i), cy = 360 + 80 * std::cos(f / 70.0);
            PoseDetection d;
            d.box = { cx - 120, cy - 90, cx + 120, cy + 90 };
            d.score = 0.9;
            for (int k = 0; k < 14; ++k)
                d.keypoints.push_back({ cx + (k % 7) * 12 - 40 + rng.generateDouble() * 3,
                    cy + (k < 7 ? -30 : 30) + rng.generateDouble() * 3, 0.3 + 0.7 * rng.generateDouble() });
            dets.push_back(d);
        }
        cache.set(f, f * 1000.0 / 30.0, dets);
    }
    QElapsedTimer t;
    // The sidecar such an analysis leaves, and what reading it back costs (opening the video).
    QTemporaryDir dir;
    const QString sidecar = dir.filePath(QStringLiteral("scrub.gripperpose-predictions.bin"));
    QString error;
    t.start();
    if (!cache.save(sidecar, &error))
        std::fprintf(stderr, "%s\n", qPrintable(error));
    const double saveMs = t.nsecsElapsed() / 1e6;
    DetectionCache back;
    t.start();
    if (!DetectionCache::load(sidecar, cache.key(), &back, &error))
        std::fprintf(stderr, "%s\n", qPrintable(error));
    const double loadMs = t.nsecsElapsed() / 1e6;
    std::printf(
        "sidecar: %.1f MB, saved in %.0f ms, read in %.0f ms\n", QFileInfo(sidecar).size() / 1e6, saveMs, loadMs);
    t.start();
    std::vector<std::vector<TrackedPose>> tracks;
    TemporalOptions o;
    o.sigmas = skeleton.sigmas();
    TemporalReplay::run(cache, o, &tracks);
    const double replayMs = t.nsecsElapsed() / 1e6;
    t.start();
    const QualitySeries q = PoseQuality::compute(cache, tracks, skeleton.flipIndex(), o.keypointConf);
    const double qualityMs = t.nsecsElapsed() / 1e6;

    PoseOverlayView view(skeleton);
    view.resize(1280, 720);
    QImage frame(1280, 720, QImage::Format_RGB888);
    frame.fill(Qt::darkGray);
    view.setImage(frame);
    TimelineStrips strips;
    strips.resize(1280, 110);
    t.start();
    strips.setSeries(q);
    const double stripsMs = t.nsecsElapsed() / 1e6;
    view.show();
    strips.show();
    QPixmap target(1280, 720), stripTarget(1280, 110);
    std::vector<double> perFrame;
    OverlayOptions overlay;
    overlay.trail = 10;
    view.setOverlayOptions(overlay);
    for (int i = 0; i < 500; ++i) {
        const qint64 f = rng.bounded(frames - 20) + 10;
        t.start();
        std::vector<std::vector<TrackedPose>> history(tracks.begin() + (f - 10), tracks.begin() + f);
        view.setPrediction(tracks[size_t(f)], history);
        strips.setCurrentFrame(f);
        view.render(&target); // what a repaint draws
        strips.render(&stripTarget);
        perFrame.push_back(t.nsecsElapsed() / 1e6);
    }
    std::printf("%lld analysed frames, 2 instances each\n", frames);
    std::printf("  smoothing change: temporal replay %.0f ms + quality measures %.0f ms + strips %.0f ms\n", replayMs,
        qualityMs, stripsMs);
    std::printf("  scrub, per frame (overlay with a 10-frame trail + strips, painted): p50 %.2f ms  p95 %.2f ms\n",
        percentile(perFrame, 0.5), percentile(perFrame, 0.95));
    return 0;
}

int analyse(const QStringList &a)
{
    PipelineOptions o;
    o.source = a.value(1);
    o.predictor.model = option(a, QStringLiteral("--model"), QStringLiteral("yolov8n-pose"));
    o.predictor.imgsz = option(a, QStringLiteral("--imgsz"), QStringLiteral("640")).toInt();
    o.predictor.conf = option(a, QStringLiteral("--conf"), QStringLiteral("0.25")).toDouble();
    o.predictor.enhance = ImageEnhancement::parse(option(a, QStringLiteral("--enhance"), QStringLiteral("none")))
                              .value_or(Enhancement::None);
    o.temporal = false;
    FrameReader probe;
    QString error;
    if (!probe.open(o.source, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    // The key the Video workspace looks for: the sidecar written below is the one it opens.
    const DetectionCache::Key key = DetectionCache::Key::of(o.source,
        QFileInfo::exists(o.predictor.model) ? QFileInfo(o.predictor.model).absoluteFilePath() : o.predictor.model,
        o.predictor.imgsz, o.predictor.conf, o.predictor.iou, o.predictor.enhance);
    DetectionCache cache(key, probe.frameCount(), 14);
    probe.close();
    std::mutex mutex;
    o.onFrame = [&cache, &mutex](const FramePrediction &p, const cv::Mat &) {
        std::lock_guard<std::mutex> lock(mutex);
        cache.set(p.frameIndex, p.timestampMs, p.detections);
    };
    PipelineSummary s;
    QElapsedTimer t;
    t.start();
    if (!VideoPipeline::run(o, &s, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const double seconds = t.nsecsElapsed() / 1e9; // the model's loading included, as for predict
    t.start();
    const QString sidecar = DetectionCache::sidecarFor(o.source);
    if (!cache.save(sidecar, &error))
        std::fprintf(stderr, "%s\n", qPrintable(error));
    std::printf("analysis pass: %lld frames in %.1f s (%.2f fps, pipeline %.2f fps); %s saved in %.0f ms\n",
        s.processed, seconds, s.processed / seconds, s.meanFps, qPrintable(sidecar), t.nsecsElapsed() / 1e6);
    return 0;
}

struct Scored
{
    QString name;
    TemporalOptions options;
    TruthScoreResult score;
};

void printRow(const Scored &s)
{
    const TruthScoreResult &r = s.score;
    std::printf("| %s | %.2f -> %.2f | %.2f -> %.2f | %.2f | %.1f %% | %lld / %lld |\n", qPrintable(s.name), r.rawError,
        r.error, r.rawJitter, r.jitter, r.occlusionError, 100.0 * r.coverage(), r.matched, r.instances);
}

QString describe(const TemporalOptions &o)
{
    if (!o.smooth)
        return QStringLiteral("no smoothing, max_gap %1, kpt_conf %2").arg(o.maxGap).arg(o.keypointConf);
    return QStringLiteral("min_cutoff %1, beta %2, kpt_conf %3, max_gap %4")
        .arg(o.filter.minCutoff)
        .arg(o.filter.beta)
        .arg(o.keypointConf)
        .arg(o.maxGap);
}

int presets(const QStringList &a)
{
    const QString demo = option(a, QStringLiteral("--demo"), QString());
    const Skeleton skeleton = Skeleton::defaultGripper();
    PipelineOptions o;
    o.predictor.model = option(a, QStringLiteral("--model"), QString());
    o.predictor.imgsz = option(a, QStringLiteral("--imgsz"), QStringLiteral("320")).toInt();
    o.predictor.conf = option(a, QStringLiteral("--conf"), QStringLiteral("0.25")).toDouble();
    o.predictor.device = QStringLiteral("cpu");
    o.predictor.enhance = ImageEnhancement::parse(option(a, QStringLiteral("--enhance"), QStringLiteral("none")))
                              .value_or(Enhancement::None);
    o.temporal = false;
    o.skeleton = skeleton;
    const bool presetsOnly = a.contains(QStringLiteral("--presets-only"));

    // The grid: One Euro min cutoff x beta x keypoint threshold x longest bridged gap.
    std::vector<std::pair<QString, TemporalOptions>> grid;
    TemporalOptions base;
    base.sigmas = skeleton.sigmas();
    {
        TemporalOptions raw = base;
        raw.smooth = false;
        raw.maxGap = 0;
        grid.push_back({ QStringLiteral("raw (no smoothing, no bridging)"), raw });
    }
    if (!presetsOnly)
        for (double mc : { 0.25, 0.5, 1.0, 2.0, 4.0, 8.0 })
            for (double beta : { 0.0, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0 })
                for (double kpt : { 0.5, 0.3, 0.7 }) // the default first: it wins ties
                    for (int gap : { 0, 3, 5, 10, 20 }) {
                        TemporalOptions t = base;
                        t.filter = { mc, beta, 1.0 };
                        t.keypointConf = kpt;
                        t.maxGap = gap;
                        grid.push_back({ describe(t), t });
                    }

    struct Video
    {
        QString file;
        VideoTruth truth;
        std::shared_ptr<DetectionCache> cache;
    };
    std::vector<Video> videos;
    const QDir dir(QDir(demo).filePath(QStringLiteral("videos")));
    for (const QString &name :
        dir.entryList({ QStringLiteral("demo*.mp4"), QStringLiteral("demo*.avi") }, QDir::Files)) {
        const QString file = dir.filePath(name);
        QString error;
        auto truth = VideoTruth::load(VideoTruth::sidecarFor(file), skeleton.keypointCount(), &error);
        if (!truth) {
            std::fprintf(stderr, "%s: %s\n", qPrintable(file), qPrintable(error));
            continue;
        }
        FrameReader probe;
        if (!probe.open(file, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            continue;
        }
        auto cache
            = std::make_shared<DetectionCache>(DetectionCache::Key(), probe.frameCount(), skeleton.keypointCount());
        probe.close();
        o.source = file;
        std::mutex mutex;
        o.onFrame = [&cache, &mutex](const FramePrediction &p, const cv::Mat &) {
            std::lock_guard<std::mutex> lock(mutex);
            cache->set(p.frameIndex, p.timestampMs, p.detections);
        };
        PipelineSummary s;
        if (!VideoPipeline::run(o, &s, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        std::fprintf(stderr, "%s: %lld frames analysed at %.1f fps (enhance=%s)\n", qPrintable(name), s.processed,
            s.meanFps, qPrintable(ImageEnhancement::key(o.predictor.enhance)));
        videos.push_back({ file, std::move(*truth), cache });
    }
    if (videos.empty()) {
        std::fprintf(stderr, "no demo video with ground truth under %s\n", qPrintable(dir.path()));
        return 1;
    }

    auto scoreOf = [](const Video &v, const TemporalOptions &t) {
        std::vector<std::vector<TrackedPose>> tracks;
        TemporalReplay::run(*v.cache, t, &tracks);
        return TruthScore::score(v.truth, tracks);
    };
    const char *header
        = "| setting | error px (raw -> output) | jitter px (raw -> output) | occlusion-episode error px | "
          "keypoints covered | instances matched |\n|---|---|---|---|---|---|\n";
    for (const Video &v : videos) {
        std::printf("\n### %s (ground-truth jitter %.2f px)\n\n%s", qPrintable(QFileInfo(v.file).fileName()),
            scoreOf(v, base).truthJitter, header);
        std::vector<Scored> scored;
        for (const auto &[name, t] : grid)
            scored.push_back({ name, t, scoreOf(v, t) });
        printRow(scored.front());
        for (TemporalPresets::Preset p : TemporalPresets::all()) {
            const TemporalOptions t = TemporalPresets::apply(p, base);
            printRow({ QStringLiteral("preset %1 (%2)").arg(TemporalPresets::key(p), describe(t)), t, scoreOf(v, t) });
        }
        if (presetsOnly)
            continue;
        // The best: the least jitter among the settings that are no worse than the default
        // in accuracy (error) and in coverage (keypoints with an output point): a preset
        // must not trade away either for smoothness.
        const TruthScoreResult def = scoreOf(v, TemporalPresets::apply(TemporalPresets::Preset::Default, base));
        std::vector<const Scored *> eligible;
        for (const Scored &s : scored)
            if (s.options.smooth && s.score.points >= def.points && s.score.error <= def.error)
                eligible.push_back(&s);
        std::stable_sort(eligible.begin(), eligible.end(), [](const Scored *x, const Scored *y) {
            return x->score.jitter < y->score.jitter - 1e-9
                || (std::abs(x->score.jitter - y->score.jitter) <= 1e-9 && x->score.error < y->score.error);
        });
        for (size_t i = 0; i < eligible.size() && i < 5; ++i) {
            Scored s = *eligible[i];
            s.name = QStringLiteral("best %1: %2").arg(i + 1).arg(s.name);
            printRow(s);
        }
        std::fflush(stdout);
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList a = app.arguments().mid(1);
    if (a.value(0) == QLatin1String("seek") && a.size() >= 2)
        return seek(a);
    if (a.value(0) == QLatin1String("scrub"))
        return scrub(a);
    if (a.value(0) == QLatin1String("analyse") && a.size() >= 2)
        return analyse(a);
    if (a.value(0) == QLatin1String("presets"))
        return presets(a);
    std::fprintf(stderr,
        "usage: gp_bench_video seek FILE | scrub | analyse FILE --model M | presets --demo DIR --model M (see the "
        "source)\n");
    return 2;
}
