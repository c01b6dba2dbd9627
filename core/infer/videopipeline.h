#pragma once

#include "canceltoken.h"
#include "outputoptions.h"
#include "posedetection.h"
#include "posetracker.h"
#include "predictor.h"
#include "progress.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace gp {

// Counters of one stage, readable while the pipeline runs.
struct StageStats
{
    QString name;
    qint64 in = 0; // items taken
    qint64 out = 0; // items passed on
    qint64 dropped = 0; // skipped on purpose (stride, latest-only)
    qint64 failed = 0; // could not be read or processed
    double busyMs = 0.0; // time spent working (not waiting on a queue)
};

// Replaces the network (tests, or another runtime): one result list per image.
using PoseDetector = std::function<bool(
    const std::vector<cv::Mat> &images, std::vector<std::vector<PoseDetection>> *results, QString *error)>;

struct PipelineOptions
{
    QString source; // see FrameReader
    int vidStride = 1; // process every N-th frame
    double targetFps = 0.0; // process at most this many frames per second of video (0: off)
    bool latestOnly = false; // drop old frames rather than fall behind (always on for live sources)
    int batch = 1; // frames per forward pass (0: automatic, see VideoPipeline::automaticBatch)
    // Inference threads, each with its own copy of the model, taking batches in turn; the results
    // are put back in order before the temporal stage (0: automatic, see automaticWorkers).
    int workers = 1;
    int queueCapacity = 4; // frames waiting between two stages
    qint64 maxFrames = -1; // stop after reading this many frames (-1: all)
    qint64 firstFrame = 0; // video files and image lists: start at this frame (a range)
    qint64 lastFrame = -1; // stop after this frame (inclusive; -1: to the end)
    bool paceToSourceFps = false; // read a file no faster than its frame rate (simulates a live source)
    PredictorOptions predictor;
    PoseDetector detector; // when set, used instead of loading predictor.model
    bool temporal = true; // tracking, smoothing and bridging
    TemporalOptions temporalOptions;
    OutputOptions output;
    Skeleton skeleton = Skeleton::defaultGripper();
    // Called on the output thread for every processed frame (live display); the image is
    // the decoded frame (shared, do not modify).
    std::function<void(const FramePrediction &, const cv::Mat &)> onFrame;
};

struct PipelineSummary
{
    qint64 framesRead = 0; // decoded by the reader
    qint64 processed = 0; // through every stage (lines in the JSON Lines file)
    qint64 dropped = 0; // skipped by stride or latest-only sampling
    qint64 failed = 0; // unreadable frames and failed inference
    double seconds = 0.0;
    double meanFps = 0.0; // processed / seconds
    double meanLatencyMs = 0.0; // decode to output, over processed frames
    double p50LatencyMs = 0.0;
    double p95LatencyMs = 0.0;
    double maxLatencyMs = 0.0;
    int workers = 0; // inference threads that ran
    int batch = 0; // frames per forward pass
    bool cancelled = false;
    QString error; // a stage that stopped the run (empty when none)
    QStringList problems; // everything reported on the way
    std::vector<StageStats> stages;
};

// reader → sampler → inferrer → temporal → output, each stage on its own std::thread,
// connected by bounded blocking queues (a slow stage holds the earlier ones back; no
// unbounded memory). cancel() stops every stage within a frame.
class VideoPipeline
{
    Q_DECLARE_TR_FUNCTIONS(VideoPipeline)

public:
    VideoPipeline();
    ~VideoPipeline(); // cancels and joins

    // Opens the source, loads the model and the outputs, and starts the threads. False with
    // *error when any of that fails (no thread is started then). `cancel` stops the run
    // like cancel(); `progress` counts the frames through the output stage, of the frames
    // the range holds (-1 when unknown), from the output thread.
    bool start(const PipelineOptions &options, QString *error, const gp::CancelToken &cancel = {},
        const gp::Progress &progress = {});
    void cancel();
    bool isRunning() const;
    // Blocks until every stage has finished.
    PipelineSummary wait();
    // start + wait.
    static bool run(const PipelineOptions &options, PipelineSummary *summary, QString *error,
        const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});

    std::vector<StageStats> stats() const;
    void setTemporalOptions(const TemporalOptions &options); // takes effect at the next frame
    qint64 expectedFrames() const; // of the source (-1 when unknown)
    double sourceFps() const;
    bool isLive() const;
    qint64 processedFrames() const;
    // The reader's frame→timestamp table (complete after wait()).
    std::vector<double> frameTimestamps() const;

    // What workers=0 and batch=0 pick. A live source gets one worker and batch 1, for the
    // latency. A file on the CPU (LibTorch) gets a worker per core, each single-threaded: on a
    // small network, frames side by side keep the cores busier than one frame's layers split
    // across them (docs/BENCHMARKS.md, "Prediction against Ultralytics"). A GPU, or OpenCV
    // DNN running an .onnx model, already spreads one frame over all it has: one worker, and
    // batches of 8 on a GPU.
    static int automaticWorkers(bool live, bool sharedDevice, int cores);
    static int automaticBatch(bool live, bool gpu);

    static constexpr const char *kStageNames[5] = { "reader", "sampler", "inferrer", "temporal", "output" };

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace gp
