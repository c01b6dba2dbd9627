#include "predictcommand.h"

#include "framereader.h"
#include "progressbar.h"
#include "temporalpresets.h"
#include "videopipeline.h"
#include "writablefolder.h"

#include <QDir>
#include <QFileInfo>
#include <QThread>

#include <csignal>
#include <optional>

using gp::FrameReader;
using gp::ImageEnhancement;
using gp::PipelineOptions;
using gp::PipelineSummary;
using gp::PredictorOptions;
using gp::StageStats;
using gp::TemporalOptions;
using gp::TemporalPresets;
using gp::VideoPipeline;
using gp::WritableFolder;

namespace {

// Set by Ctrl+C; the main loop cancels the pipeline (nothing but the flag is touched in the
// signal handler).
volatile std::sig_atomic_t g_interrupted = 0;

void onInterrupt(int)
{
    g_interrupted = 1;
}

} // namespace

QString PredictCommand::summary() const
{
    return tr("predict keypoints on a video, camera, stream or images, with tracking and temporal smoothing");
}

std::vector<CliOption> PredictCommand::options() const
{
    const PredictorOptions p;
    const TemporalOptions t;
    return { { QStringLiteral("model"), QString(),
                 tr("checkpoint, weight file, .onnx export (layout=raw), or a model name (random weights)") },
        { QStringLiteral("source"), QString(), tr("video file, camera index, stream URL, image, folder or glob") },
        { QStringLiteral("imgsz"), QString::number(p.imgsz), tr("network input size") },
        { QStringLiteral("conf"), QString::number(p.conf), tr("confidence threshold") },
        { QStringLiteral("iou"), QString::number(p.iou), tr("NMS IoU threshold") },
        { QStringLiteral("max_det"), QString::number(p.maxDet), tr("maximum detections per frame") },
        { QStringLiteral("batch"), QStringLiteral("0"),
            tr("frames per forward pass (0: automatic, 1 for live sources and on the CPU, 8 on a GPU)") },
        { QStringLiteral("workers"), QStringLiteral("0"),
            tr("inference threads, each with a copy of the model (0: automatic, one per core for files on the CPU, "
               "else one)") },
        { QStringLiteral("device"), QString(), tr("cpu or a GPU index (empty: the first GPU, else the CPU)"), true },
        { QStringLiteral("half"), QStringLiteral("true"), tr("fp16 on a GPU") },
        { QStringLiteral("bf16"), QStringLiteral("false"),
            tr("bfloat16 weights and activations on the CPU or a GPU (opt-in; docs/BENCHMARKS.md gives its "
               "accuracy)") },
        { QStringLiteral("vid_stride"), QStringLiteral("1"), tr("process every N-th frame") },
        { QStringLiteral("target_fps"), QStringLiteral("0"),
            tr("process at most this many frames per second of video (0: all)") },
        { QStringLiteral("latest"), QStringLiteral("false"),
            tr("drop old frames rather than fall behind (on for live sources)") },
        { QStringLiteral("max_frames"), QStringLiteral("-1"), tr("stop after this many frames (-1: all)") },
        { QStringLiteral("enhance"), ImageEnhancement::key(p.enhance),
            tr("correction of each frame before inference: %1 (for dark footage)")
                .arg(ImageEnhancement::keys().join(QStringLiteral(", "))) },
        { QStringLiteral("temporal"), TemporalPresets::key(TemporalPresets::Preset::Default),
            tr("smoothing preset: %1 (min_cutoff, beta, kpt_conf and max_gap given as keys override it)")
                .arg(TemporalPresets::keys().join(QStringLiteral(", "))) },
        { QStringLiteral("smooth"), QStringLiteral("one_euro"), tr("keypoint smoothing: one_euro or none") },
        { QStringLiteral("min_cutoff"), QString::number(t.filter.minCutoff), tr("One Euro minimum cutoff (Hz)") },
        { QStringLiteral("beta"), QString::number(t.filter.beta), tr("One Euro speed coefficient") },
        { QStringLiteral("d_cutoff"), QString::number(t.filter.dCutoff), tr("One Euro derivative cutoff (Hz)") },
        { QStringLiteral("kpt_conf"), QString::number(t.keypointConf),
            tr("keypoint confidence below which it counts as occluded") },
        { QStringLiteral("max_gap"), QString::number(t.maxGap), tr("frames an occlusion is bridged (0: never)") },
        { QStringLiteral("save"), QStringLiteral("false"),
            tr("annotated video (images for image sources): a path, or true for the run folder") },
        { QStringLiteral("save_json"), QStringLiteral("false"),
            tr("JSON Lines: a file path, or true for the run folder") },
        { QStringLiteral("save_csv"), QStringLiteral("false"), tr("CSV: a file path, or true for the run folder") },
        { QStringLiteral("show_raw"), QStringLiteral("false"),
            tr("draw the raw keypoints instead of the smoothed ones") },
        { QStringLiteral("show_names"), QStringLiteral("false"), tr("draw keypoint names") },
        { QStringLiteral("project"), QStringLiteral("runs/pose"), tr("folder of the runs") },
        { QStringLiteral("name"), QStringLiteral("predict"), tr("run name") } };
}

QString PredictCommand::numberedFolder(const QString &project, const QString &name, QString *error)
{
    QString path = QDir(project).filePath(name);
    for (int i = 2; QFileInfo::exists(path); ++i)
        path = QDir(project).filePath(name + QString::number(i));
    return WritableFolder::make(path, error) ? path : QString();
}

int PredictCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString error;
    PipelineOptions o;
    o.source = args.value(QStringLiteral("source"));
    o.predictor.model = args.value(QStringLiteral("model"));
    o.predictor.device = args.value(QStringLiteral("device"));
    const auto imgsz = args.intValue(QStringLiteral("imgsz"), &error);
    const auto conf = args.doubleValue(QStringLiteral("conf"), &error);
    const auto iou = args.doubleValue(QStringLiteral("iou"), &error);
    const auto maxDet = args.intValue(QStringLiteral("max_det"), &error);
    const auto batch = args.intValue(QStringLiteral("batch"), &error);
    const auto workers = args.intValue(QStringLiteral("workers"), &error);
    const auto half = args.boolValue(QStringLiteral("half"), &error);
    const auto bf16 = args.boolValue(QStringLiteral("bf16"), &error);
    const auto stride = args.intValue(QStringLiteral("vid_stride"), &error);
    const auto latest = args.boolValue(QStringLiteral("latest"), &error);
    const auto targetFps = args.doubleValue(QStringLiteral("target_fps"), &error);
    const auto maxFrames = args.intValue(QStringLiteral("max_frames"), &error);
    const auto minCutoff = args.doubleValue(QStringLiteral("min_cutoff"), &error);
    const auto beta = args.doubleValue(QStringLiteral("beta"), &error);
    const auto dCutoff = args.doubleValue(QStringLiteral("d_cutoff"), &error);
    const auto kptConf = args.doubleValue(QStringLiteral("kpt_conf"), &error);
    const auto maxGap = args.intValue(QStringLiteral("max_gap"), &error);
    const auto showRaw = args.boolValue(QStringLiteral("show_raw"), &error);
    const auto showNames = args.boolValue(QStringLiteral("show_names"), &error);
    if (!imgsz || !conf || !iou || !maxDet || !batch || !workers || !half || !bf16 || !stride || !latest || !targetFps
        || !maxFrames || !minCutoff || !beta || !dCutoff || !kptConf || !maxGap || !showRaw || !showNames) {
        err << error << '\n';
        return 2;
    }
    if (*imgsz < 32 || *imgsz % 32 || *batch < 0 || *workers < 0 || *stride < 1 || *maxGap < 0 || *minCutoff <= 0
        || *dCutoff <= 0 || *beta < 0 || *targetFps < 0) {
        err << tr("imgsz must be a multiple of 32; vid_stride at least 1; batch, workers, max_gap, beta and target_fps "
                  "not negative; min_cutoff and d_cutoff positive")
            << '\n';
        return 2;
    }
    const QString smooth = args.value(QStringLiteral("smooth")).toLower();
    if (smooth != QLatin1String("one_euro") && smooth != QLatin1String("none")) {
        err << tr("smooth must be one_euro or none (got \"%1\")").arg(smooth) << '\n';
        return 2;
    }
    const auto enhance = ImageEnhancement::parse(args.value(QStringLiteral("enhance")));
    if (!enhance) {
        err << ImageEnhancement::unknownKeyMessage(args.value(QStringLiteral("enhance"))) << '\n';
        return 2;
    }
    const auto preset = TemporalPresets::parse(args.value(QStringLiteral("temporal")));
    if (!preset) {
        err << tr("temporal must be one of %1 (got \"%2\")")
                   .arg(TemporalPresets::keys().join(QStringLiteral(", ")), args.value(QStringLiteral("temporal")))
            << '\n';
        return 2;
    }
    o.predictor.enhance = *enhance;
    o.predictor.imgsz = *imgsz;
    o.predictor.conf = *conf;
    o.predictor.iou = *iou;
    o.predictor.maxDet = *maxDet;
    o.predictor.half = *half;
    o.predictor.bf16 = *bf16;
    o.batch = *batch;
    o.workers = *workers;
    o.vidStride = *stride;
    o.targetFps = *targetFps;
    o.latestOnly = *latest;
    o.maxFrames = *maxFrames;
    // The preset first; a key given on the command line overrides its value.
    o.temporalOptions = TemporalPresets::apply(*preset, o.temporalOptions);
    o.temporalOptions.smooth = smooth == QLatin1String("one_euro");
    o.temporalOptions.filter.dCutoff = *dCutoff;
    if (args.isSet(QStringLiteral("min_cutoff")))
        o.temporalOptions.filter.minCutoff = *minCutoff;
    if (args.isSet(QStringLiteral("beta")))
        o.temporalOptions.filter.beta = *beta;
    if (args.isSet(QStringLiteral("kpt_conf")))
        o.temporalOptions.keypointConf = *kptConf;
    if (args.isSet(QStringLiteral("max_gap")))
        o.temporalOptions.maxGap = *maxGap;
    o.output.showRaw = *showRaw;
    o.output.drawNames = *showNames;

    // save / save_json / save_csv: false, true (the numbered run folder) or a path.
    QString runDir;
    const QString stem = QFileInfo(o.source).completeBaseName().isEmpty() ? QStringLiteral("predictions")
                                                                          : QFileInfo(o.source).completeBaseName();
    auto target = [&](const QString &key, const QString &suffix, QString *path) -> bool {
        const QString v = args.value(key);
        const QString lower = v.toLower();
        if (lower.isEmpty() || lower == QLatin1String("false") || lower == QLatin1String("0")
            || lower == QLatin1String("no"))
            return true;
        if (lower == QLatin1String("true") || lower == QLatin1String("1") || lower == QLatin1String("yes")) {
            if (runDir.isEmpty())
                runDir
                    = numberedFolder(args.value(QStringLiteral("project")), args.value(QStringLiteral("name")), &error);
            if (runDir.isEmpty())
                return false;
            *path = QDir(runDir).filePath(stem + suffix);
            return true;
        }
        *path = v;
        return true;
    };
    // A run that fails leaves no empty predict2, predict3, ... behind.
    auto failed = [&](const QString &message) {
        if (!message.isEmpty())
            err << message << '\n';
        if (!runDir.isEmpty())
            QDir().rmdir(runDir); // only when empty: partial output is kept
        return 1;
    };
    if (!target(QStringLiteral("save"), QStringLiteral(".mp4"), &o.output.videoPath))
        return failed(error);
    if (!o.output.videoPath.isEmpty() && FrameReader::classify(o.source) == FrameReader::Kind::Images) {
        // Images give annotated images: into the run folder (save=true) or the folder named.
        const QString v = args.value(QStringLiteral("save")).toLower();
        o.output.imageDir = v == QLatin1String("true") || v == QLatin1String("1") || v == QLatin1String("yes")
            ? runDir
            : o.output.videoPath;
        o.output.videoPath.clear();
    }
    if (!target(QStringLiteral("save_json"), QStringLiteral(".jsonl"), &o.output.jsonPath)
        || !target(QStringLiteral("save_csv"), QStringLiteral(".csv"), &o.output.csvPath))
        return failed(error);

    //: The temporal stage's settings of this run; %1 is a preset key such as fast_motion.
    out << tr("smoothing: temporal=%1, min_cutoff %2, beta %3, kpt_conf %4, max_gap %5%6")
               .arg(TemporalPresets::key(*preset))
               .arg(o.temporalOptions.filter.minCutoff)
               .arg(o.temporalOptions.filter.beta)
               .arg(o.temporalOptions.keypointConf)
               .arg(o.temporalOptions.maxGap)
               .arg(o.temporalOptions.smooth ? QString() : tr(" (smoothing off)"))
        << '\n';
    VideoPipeline pipeline;
    if (!pipeline.start(o, &error))
        return failed(error);
    g_interrupted = 0;
    auto previous = std::signal(SIGINT, onInterrupt);
    const qint64 total = pipeline.expectedFrames();
    const int step = std::max(1, o.vidStride);
    qint64 expected = total > 0 ? (total + step - 1) / step : 0;
    if (o.maxFrames >= 0 && expected > 0)
        expected = std::min<qint64>(expected, (o.maxFrames + step - 1) / step);
    std::optional<ProgressBar> bar;
    if (expected > 0)
        bar.emplace(err, tr("predict"), int(expected));
    while (pipeline.isRunning()) {
        QThread::msleep(100);
        if (g_interrupted)
            pipeline.cancel();
        if (bar)
            bar->update(int(pipeline.processedFrames()));
    }
    const PipelineSummary s = pipeline.wait();
    std::signal(SIGINT, previous);
    if (bar)
        bar->finish();
    for (const QString &p : s.problems)
        err << p << '\n';
    out << tr("%1 frames processed, %2 dropped, %3 failed, mean %4 fps")
               .arg(s.processed)
               .arg(s.dropped)
               .arg(s.failed)
               .arg(s.meanFps, 0, 'f', 1)
        << '\n';
    //: %1 workers (inference threads), %2 frames per forward pass, latencies in milliseconds.
    out << tr("%1 inference workers, batch %2; latency from decoding to output: p50 %3 ms, p95 %4 ms, max %5 ms")
               .arg(s.workers)
               .arg(s.batch)
               .arg(s.p50LatencyMs, 0, 'f', 1)
               .arg(s.p95LatencyMs, 0, 'f', 1)
               .arg(s.maxLatencyMs, 0, 'f', 1)
        << '\n';
    for (const StageStats &st : s.stages)
        out << QStringLiteral("  %1 ").arg(st.name, -9)
            << tr("in %1, out %2, dropped %3, failed %4, busy %5 ms")
                   .arg(st.in)
                   .arg(st.out)
                   .arg(st.dropped)
                   .arg(st.failed)
                   .arg(st.busyMs, 0, 'f', 0)
            << '\n';
    for (const QString &path : { o.output.videoPath, o.output.imageDir, o.output.jsonPath, o.output.csvPath })
        if (!path.isEmpty() && QFileInfo::exists(path))
            out << tr("written: %1").arg(path) << '\n';
    if (s.cancelled)
        return failed(tr("cancelled"));
    if (!s.error.isEmpty())
        return failed(QString());
    return 0;
}
