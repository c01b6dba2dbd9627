// gp_bench_video: the Video workspace's speed (docs/BENCHMARKS.md, "Video workspace").
//   gp_bench_video seek FILE [--seeks N] [--index]   random-seek latency (VideoDecoder), p50/p95
//   gp_bench_video scrub [--frames N]                 scrubbing with N analysed frames: per-frame
//                                                     overlay + strips update, and one smoothing replay
//   gp_bench_video analyse FILE --model M [--imgsz N] the analysis pass (pipeline + cache), fps
// Prints timings; asserts nothing.

#include "detectioncache.h"
#include "framereader.h"
#include "poseoverlayview.h"
#include "posequality.h"
#include "temporalreplay.h"
#include "timelinestrips.h"
#include "videodecoder.h"
#include "videopipeline.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <cstdio>

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
    QRandomGenerator rng(7);
    std::vector<double> far, back, next;
    QImage image;
    for (int i = 0; i < seeks; ++i) {
        const qint64 index = rng.bounded(n - 2) + 1;
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
    std::printf("%s: %lld frames %dx%d, %d random seeks\n", qPrintable(file), n, d.info().size.width(),
        d.info().size.height(), seeks);
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
    o.temporal = false;
    FrameReader probe;
    QString error;
    if (!probe.open(o.source, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    DetectionCache cache({}, probe.frameCount(), 14);
    probe.close();
    o.onFrame = [&cache](const FramePrediction &p, const cv::Mat &) { cache.set(p.frameIndex, p.timestampMs, p.detections); };
    PipelineSummary s;
    QElapsedTimer t;
    t.start();
    if (!VideoPipeline::run(o, &s, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const double seconds = t.nsecsElapsed() / 1e9; // the model's loading included, as for predict
    t.start();
    cache.save(QStringLiteral("/tmp/gp_bench_video.gripperpose-predictions.bin"), &error);
    std::printf("analysis pass: %lld frames in %.1f s (%.2f fps, pipeline %.2f fps); cache saved in %.0f ms\n",
        s.processed, seconds, s.processed / seconds, s.meanFps, t.nsecsElapsed() / 1e6);
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
    std::fprintf(stderr, "usage: gp_bench_video seek FILE | scrub | analyse FILE --model M (see the source)\n");
    return 2;
}
