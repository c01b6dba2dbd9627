#include "videopipeline.h"

#include "boundedqueue.h"
#include "framereader.h"
#include "latencyhistogram.h"
#include "predictionwriter_p.h"
#include "videoframe_p.h"

#include <QElapsedTimer>
#include <QThread>

#include <algorithm>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

namespace gp {

namespace {

struct Counter
{
    std::atomic<qint64> in { 0 };
    std::atomic<qint64> out { 0 };
    std::atomic<qint64> dropped { 0 };
    std::atomic<qint64> failed { 0 };
    std::atomic<qint64> busyNs { 0 };
};

struct Item
{
    qint64 seq = 0; // position among the frames the workers took, for putting them back in order
    bool failed = false; // inference failed: only holds the frame's place in the order
    VideoFrame frame;
    FramePrediction prediction;
};

class BusyTimer
{
public:
    explicit BusyTimer(Counter &c)
        : m_counter(c)
        , m_start(std::chrono::steady_clock::now())
    { }
    ~BusyTimer()
    {
        m_counter.busyNs
            += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - m_start).count();
    }

private:
    Counter &m_counter;
    std::chrono::steady_clock::time_point m_start;
};

enum Stage { Reader, Sampler, Inferrer, Temporal, Output, StageCount };

} // namespace

struct VideoPipeline::Private
{
    PipelineOptions options;
    gp::CancelToken cancelToken;
    gp::Progress progress;
    qint64 rangeFrames = -1; // frames the range holds (-1: unknown)
    FrameReader reader;
    std::vector<std::unique_ptr<Predictor>> predictors; // one per worker (none with options.detector)
    std::vector<PoseDetector> detectors; // one per worker
    int batch = 1;
    std::unique_ptr<PredictionWriter> writer;
    PoseTracker tracker;
    bool live = false;
    qint64 expected = -1;
    double fps = 30.0;

    std::unique_ptr<BoundedQueue<VideoFrame>> q1;
    std::unique_ptr<BoundedQueue<VideoFrame>> q2;
    std::unique_ptr<BoundedQueue<Item>> q3;
    std::unique_ptr<BoundedQueue<Item>> q4;
    Counter counters[StageCount];
    std::vector<std::thread> threads;
    std::atomic<bool> cancelled { false };
    std::atomic<bool> userCancelled { false };
    std::atomic<int> running { 0 };
    QElapsedTimer clock;
    double seconds = 0.0;
    LatencyHistogram latency; // output thread only until joined

    // Workers take their batches in turn under popMutex, so sequence numbers follow the queue.
    // The temporal stage puts the results back in that order; `window` bounds how far the
    // fastest worker may run ahead of the frame the temporal stage waits for.
    std::mutex popMutex;
    qint64 nextSeq = 0;
    std::mutex windowMutex;
    std::condition_variable windowMoved;
    qint64 emittedSeq = 0;
    qint64 window = 1;
    std::atomic<int> workersLeft { 0 };

    mutable std::mutex mutex; // guards the members below
    QStringList problems;
    QString error;
    bool hasPendingOptions = false;
    TemporalOptions pendingOptions;
    std::vector<double> timestamps;

    void report(const QString &message)
    {
        std::lock_guard<std::mutex> lock(mutex);
        problems << message;
    }
    void fail(const QString &message)
    {
        {
            std::lock_guard<std::mutex> lock(mutex);
            if (error.isEmpty())
                error = message;
            problems << message;
        }
        stopAll();
    }
    void stopAll()
    {
        cancelled = true;
        {
            std::lock_guard<std::mutex> lock(windowMutex);
        }
        windowMoved.notify_all();
        for (auto *q : { q1.get(), q2.get() })
            if (q)
                q->cancel();
        for (auto *q : { q3.get(), q4.get() })
            if (q)
                q->cancel();
    }

    void readerLoop();
    void samplerLoop();
    void inferrerLoop(int worker);
    void temporalLoop();
    void outputLoop();
    template<typename F> void guarded(const char *stage, F &&f)
    {
        try {
            f();
        } catch (const std::exception &e) {
            fail(VideoPipeline::tr("%1 stage failed: %2").arg(QLatin1String(stage), QString::fromUtf8(e.what())));
        } catch (...) {
            fail(VideoPipeline::tr("%1 stage failed").arg(QLatin1String(stage)));
        }
    }
};

void VideoPipeline::Private::readerLoop()
{
    Counter &c = counters[Reader];
    qint64 taken = 0;
    const auto start = std::chrono::steady_clock::now();
    const double period = 1.0 / std::max(1.0, fps);
    while (!cancelled) {
        if (cancelToken.isCancelled()) {
            userCancelled = true;
            stopAll();
            break;
        }
        if (options.paceToSourceFps)
            std::this_thread::sleep_until(start
                + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(taken * period)));
        if (options.maxFrames >= 0 && taken >= options.maxFrames)
            break;
        VideoFrame f;
        QString message;
        FrameReader::Status s;
        {
            BusyTimer t(c);
            s = reader.read(&f, &message);
        }
        if (s == FrameReader::Status::End) {
            if (!message.isEmpty())
                report(message);
            c.failed = reader.failedFrames();
            break;
        }
        if (options.lastFrame >= 0 && f.index > options.lastFrame)
            break;
        ++c.in;
        ++taken;
        if (s == FrameReader::Status::Failed) {
            c.failed = reader.failedFrames();
            report(message);
            continue;
        }
        c.failed = reader.failedFrames();
        f.decodedAtNs
            = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
                  .count();
        if (live || options.latestOnly) {
            const int dropped = q1->pushDropOldest(std::move(f));
            if (dropped < 0)
                break;
            c.dropped += dropped;
            ++c.out;
        } else {
            if (!q1->push(std::move(f)))
                break;
            ++c.out;
        }
    }
    c.failed = reader.failedFrames();
    {
        std::lock_guard<std::mutex> lock(mutex);
        timestamps = reader.timestamps();
        for (const QString &p : reader.problems())
            if (!problems.contains(p))
                problems << p;
    }
    reader.close();
    q1->close();
}

void VideoPipeline::Private::samplerLoop()
{
    Counter &c = counters[Sampler];
    const int stride = std::max(1, options.vidStride);
    const double slotMs = options.targetFps > 0 ? 1000.0 / options.targetFps : 0.0;
    double nextMs = -1e300;
    while (auto f = q1->pop()) {
        if (cancelled)
            break;
        ++c.in;
        if (f->index % stride != 0) {
            ++c.dropped;
            continue;
        }
        if (slotMs > 0) {
            // Target rate: keep a frame once per slot of video time (a little slack for rounding).
            if (f->timestampMs + 0.25 * slotMs < nextMs) {
                ++c.dropped;
                continue;
            }
            // The next slot; after a gap longer than a slot the schedule restarts here.
            nextMs = f->timestampMs - nextMs > slotMs ? f->timestampMs + slotMs : nextMs + slotMs;
        }
        if (live || options.latestOnly) {
            const int dropped = q2->pushDropOldest(std::move(*f));
            if (dropped < 0)
                break;
            c.dropped += dropped;
        } else if (!q2->push(std::move(*f))) {
            break;
        }
        ++c.out;
    }
    q2->close();
}

void VideoPipeline::Private::inferrerLoop(int worker)
{
    Counter &c = counters[Inferrer];
    const size_t n = size_t(batch);
    while (!cancelled) {
        std::vector<VideoFrame> frames;
        qint64 seq = 0;
        {
            std::lock_guard<std::mutex> turn(popMutex);
            {
                std::unique_lock<std::mutex> lock(windowMutex);
                windowMoved.wait(lock, [this] { return cancelled || nextSeq - emittedSeq < window; });
            }
            if (cancelled)
                break;
            auto first = q2->pop();
            if (!first)
                break;
            frames.push_back(std::move(*first));
            while (frames.size() < n) {
                // A live source never waits for a full batch.
                auto next = (live || options.latestOnly) ? q2->tryPop() : q2->pop();
                if (!next)
                    break;
                frames.push_back(std::move(*next));
            }
            seq = nextSeq;
            nextSeq += qint64(frames.size());
        }
        if (cancelled)
            break;
        c.in += qint64(frames.size());
        std::vector<cv::Mat> images;
        for (const VideoFrame &f : frames)
            images.push_back(f.image);
        std::vector<std::vector<PoseDetection>> results;
        QString message;
        bool ok;
        {
            BusyTimer t(c);
            ok = detectors[size_t(worker)](images, &results, &message) && results.size() == frames.size();
        }
        if (!ok) {
            c.failed += qint64(frames.size());
            report(VideoPipeline::tr("frames %1-%2: %3")
                       .arg(frames.front().index)
                       .arg(frames.back().index)
                       .arg(message.isEmpty() ? VideoPipeline::tr("the detector returned no result") : message));
        }
        for (size_t i = 0; i < frames.size(); ++i) {
            Item item;
            item.seq = seq + qint64(i);
            item.failed = !ok;
            if (ok) {
                item.prediction.frameIndex = frames[i].index;
                item.prediction.timestampMs = frames[i].timestampMs;
                item.prediction.sourcePath = frames[i].path;
                item.prediction.width = frames[i].image.cols;
                item.prediction.height = frames[i].image.rows;
                item.prediction.detections = std::move(results[i]);
                item.frame = std::move(frames[i]);
            }
            if (!q3->push(std::move(item)))
                return;
            if (ok)
                ++c.out;
        }
    }
}

void VideoPipeline::Private::temporalLoop()
{
    Counter &c = counters[Temporal];
    std::map<qint64, Item> waiting; // results that came before an earlier frame's
    qint64 next = 0;
    while (auto item = q3->pop()) {
        if (cancelled)
            break;
        waiting.emplace(item->seq, std::move(*item));
        while (!waiting.empty() && waiting.begin()->first == next) {
            Item current = std::move(waiting.begin()->second);
            waiting.erase(waiting.begin());
            ++next;
            {
                std::lock_guard<std::mutex> lock(windowMutex);
                emittedSeq = next;
            }
            windowMoved.notify_all();
            if (current.failed)
                continue;
            ++c.in;
            {
                BusyTimer t(c);
                {
                    std::lock_guard<std::mutex> lock(mutex);
                    if (hasPendingOptions) {
                        tracker.setOptions(pendingOptions);
                        hasPendingOptions = false;
                    }
                }
                if (options.temporal)
                    tracker.process(&current.prediction);
            }
            if (!q4->push(std::move(current)))
                return;
            ++c.out;
        }
    }
}

void VideoPipeline::Private::outputLoop()
{
    Counter &c = counters[Output];
    bool reportedWriteError = false;
    while (auto item = q4->pop()) {
        if (cancelled)
            break;
        ++c.in;
        {
            BusyTimer t(c);
            const qint64 now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                std::chrono::steady_clock::now().time_since_epoch())
                                   .count();
            item->prediction.latencyMs = (now - item->frame.decodedAtNs) / 1e6;
            latency.add(item->prediction.latencyMs);
            if (writer) {
                QString message;
                if (!writer->write(item->prediction, item->frame.image, &message) && !reportedWriteError) {
                    reportedWriteError = true;
                    report(message);
                }
            }
            if (options.onFrame)
                options.onFrame(item->prediction, item->frame.image);
        }
        ++c.out;
        progress.report(c.out.load(), rangeFrames);
        if (cancelToken.isCancelled()) {
            userCancelled = true;
            stopAll();
            break;
        }
    }
    if (writer)
        writer->close();
}

VideoPipeline::VideoPipeline()
    : d(std::make_unique<Private>())
{ }

VideoPipeline::~VideoPipeline()
{
    if (!d->threads.empty()) {
        cancel();
        wait();
    }
}

bool VideoPipeline::start(
    const PipelineOptions &options, QString *error, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    if (!d->threads.empty()) {
        *error = tr("the pipeline is already running");
        return false;
    }
    d->options = options;
    if (options.vidStride < 1 || options.batch < 0 || options.workers < 0 || options.queueCapacity < 1
        || options.targetFps < 0) {
        *error = tr("vid_stride and the queue size must be at least 1; batch and workers at least 0 (automatic)");
        return false;
    }
    if (!d->reader.open(options.source, error))
        return false;
    d->live = d->reader.isLive();
    d->expected = d->reader.frameCount();
    if (options.firstFrame < 0 || (options.lastFrame >= 0 && options.lastFrame < options.firstFrame)) {
        *error = tr("the frame range %1-%2 is empty").arg(options.firstFrame).arg(options.lastFrame);
        d->reader.close();
        return false;
    }
    if (options.firstFrame > 0 && !d->reader.seek(options.firstFrame, error)) {
        d->reader.close();
        return false;
    }
    d->rangeFrames = d->expected;
    if (d->rangeFrames >= 0 && options.lastFrame >= 0)
        d->rangeFrames = std::min(d->rangeFrames, options.lastFrame + 1);
    if (d->rangeFrames >= 0)
        d->rangeFrames = std::max<qint64>(0, d->rangeFrames - options.firstFrame);
    if (d->rangeFrames >= 0 && options.maxFrames >= 0)
        d->rangeFrames = std::min(d->rangeFrames, options.maxFrames);
    if (d->rangeFrames >= 0)
        d->rangeFrames = (d->rangeFrames + std::max(1, options.vidStride) - 1) / std::max(1, options.vidStride);
    d->fps = d->reader.fps();
    d->predictors.clear();
    d->detectors.clear();
    const int cores = std::max(1, QThread::idealThreadCount());
    int workers = options.workers;
    if (options.detector) {
        // A detector given by the caller runs on one worker unless more are asked for.
        d->detectors.assign(size_t(std::max(1, workers)), options.detector);
        d->batch = options.batch > 0 ? options.batch : automaticBatch(d->live, false);
    } else {
        auto first = std::make_unique<Predictor>();
        if (!first->load(options.predictor, error)) {
            d->reader.close();
            return false;
        }
        // Only LibTorch on the CPU gains from frames side by side: a GPU and OpenCV DNN
        // (an .onnx model) already spread one frame over all they have.
        const bool cpuTorch = first->deviceName() == QLatin1String("cpu");
        if (workers == 0)
            workers = automaticWorkers(d->live, !cpuTorch, cores);
        d->batch = options.batch > 0 ? options.batch
                                     : automaticBatch(d->live, first->deviceName().startsWith(QLatin1String("cuda")));
        PredictorOptions po = options.predictor;
        if (workers > 1 && po.threads == 0)
            po.threads = std::max(1, cores / workers);
        first->setThreads(po.threads);
        d->predictors.push_back(std::move(first));
        while (int(d->predictors.size()) < workers) {
            auto more = std::make_unique<Predictor>();
            if (!more->load(po, error)) {
                d->predictors.clear();
                d->reader.close();
                return false;
            }
            d->predictors.push_back(std::move(more));
        }
        for (const auto &predictor : d->predictors)
            d->detectors.push_back([p = predictor.get()](const std::vector<cv::Mat> &images,
                                       std::vector<std::vector<PoseDetection>> *results,
                                       QString *message) { return p->predict(images, results, message); });
    }
    TemporalOptions to = options.temporalOptions;
    if (to.sigmas.empty())
        to.sigmas = options.skeleton.sigmas();
    d->tracker.setOptions(to);
    d->tracker.reset();
    OutputOptions oo = options.output;
    if (oo.fps <= 0)
        oo.fps
            = (options.targetFps > 0 ? std::min(options.targetFps, d->fps) : d->fps) / std::max(1, options.vidStride);
    if (!oo.videoPath.isEmpty() || !oo.imageDir.isEmpty() || !oo.jsonPath.isEmpty() || !oo.csvPath.isEmpty()) {
        d->writer = std::make_unique<PredictionWriter>(options.skeleton, oo);
        if (!d->writer->open(error)) {
            d->writer.reset();
            d->reader.close();
            return false;
        }
    }
    const size_t cap = size_t(options.queueCapacity);
    // Every worker can hold a batch while the next one waits in the queue.
    const size_t inFlight = size_t(d->batch) * d->detectors.size();
    d->q1 = std::make_unique<BoundedQueue<VideoFrame>>(cap);
    d->q2 = std::make_unique<BoundedQueue<VideoFrame>>(std::max(cap, inFlight));
    d->q3 = std::make_unique<BoundedQueue<Item>>(std::max(cap, inFlight));
    d->q4 = std::make_unique<BoundedQueue<Item>>(cap);
    d->nextSeq = d->emittedSeq = 0;
    d->window = qint64(2 * inFlight);
    d->cancelled = false;
    d->userCancelled = false;
    d->cancelToken = cancel;
    d->progress = progress;
    for (Counter &c : d->counters) {
        c.in = c.out = c.dropped = c.failed = c.busyNs = 0;
    }
    d->latency.clear();
    d->seconds = 0.0;
    {
        std::lock_guard<std::mutex> lock(d->mutex);
        d->problems.clear();
        d->error.clear();
        d->timestamps.clear();
    }
    d->clock.start();
    Private *p = d.get();
    d->threads.emplace_back([p] {
        p->guarded("reader", [p] { p->readerLoop(); });
        if (p->q1)
            p->q1->close();
    });
    d->threads.emplace_back([p] {
        p->guarded("sampler", [p] { p->samplerLoop(); });
        p->q2->close();
    });
    d->workersLeft = int(d->detectors.size());
    for (int w = 0; w < int(d->detectors.size()); ++w)
        d->threads.emplace_back([p, w] {
            p->guarded("inferrer", [p, w] { p->inferrerLoop(w); });
            if (--p->workersLeft == 0)
                p->q3->close();
        });
    d->threads.emplace_back([p] {
        p->guarded("temporal", [p] { p->temporalLoop(); });
        p->q4->close();
    });
    d->running = 1;
    d->threads.emplace_back([p] {
        p->guarded("output", [p] { p->outputLoop(); });
        p->seconds = p->clock.nsecsElapsed() / 1e9;
        p->running = 0;
        // Let the earlier stages finish if the output stopped first.
        p->stopAll();
    });
    return true;
}

void VideoPipeline::cancel()
{
    d->userCancelled = true;
    d->stopAll();
}

bool VideoPipeline::isRunning() const
{
    return d->running.load() != 0;
}

PipelineSummary VideoPipeline::wait()
{
    for (std::thread &t : d->threads)
        if (t.joinable())
            t.join();
    d->threads.clear();
    PipelineSummary s;
    s.stages = stats();
    s.framesRead = s.stages[Reader].out;
    s.processed = s.stages[Output].out;
    s.dropped = s.stages[Reader].dropped + s.stages[Sampler].dropped;
    s.failed = s.stages[Reader].failed + s.stages[Inferrer].failed;
    s.seconds = d->seconds;
    s.meanFps = s.seconds > 0 ? s.processed / s.seconds : 0.0;
    s.meanLatencyMs = d->latency.meanMs();
    s.p50LatencyMs = d->latency.percentileMs(0.5);
    s.p95LatencyMs = d->latency.percentileMs(0.95);
    s.maxLatencyMs = d->latency.maxMs();
    s.workers = int(d->detectors.size());
    s.batch = d->batch;
    std::lock_guard<std::mutex> lock(d->mutex);
    s.error = d->error;
    s.problems = d->problems;
    s.cancelled = d->userCancelled;
    return s;
}

bool VideoPipeline::run(const PipelineOptions &options, PipelineSummary *summary, QString *error,
    const gp::CancelToken &cancel, const gp::Progress &progress)
{
    VideoPipeline p;
    if (!p.start(options, error, cancel, progress))
        return false;
    *summary = p.wait();
    if (!summary->error.isEmpty()) {
        *error = summary->error;
        return false;
    }
    return true;
}

int VideoPipeline::automaticWorkers(bool live, bool sharedDevice, int cores)
{
    return live || sharedDevice ? 1 : std::max(1, cores);
}

int VideoPipeline::automaticBatch(bool live, bool gpu)
{
    return live ? 1 : gpu ? 8 : 1;
}

std::vector<StageStats> VideoPipeline::stats() const
{
    std::vector<StageStats> out;
    for (int i = 0; i < StageCount; ++i) {
        const Counter &c = d->counters[i];
        StageStats s;
        s.name = QLatin1String(kStageNames[i]);
        s.in = c.in;
        s.out = c.out;
        s.dropped = c.dropped;
        s.failed = c.failed;
        s.busyMs = c.busyNs / 1e6;
        out.push_back(s);
    }
    return out;
}

void VideoPipeline::setTemporalOptions(const TemporalOptions &options)
{
    std::lock_guard<std::mutex> lock(d->mutex);
    d->pendingOptions = options;
    if (d->pendingOptions.sigmas.empty())
        d->pendingOptions.sigmas = d->options.skeleton.sigmas();
    d->hasPendingOptions = true;
}

qint64 VideoPipeline::expectedFrames() const
{
    return d->expected;
}
double VideoPipeline::sourceFps() const
{
    return d->fps;
}
bool VideoPipeline::isLive() const
{
    return d->live;
}
qint64 VideoPipeline::processedFrames() const
{
    return d->counters[Output].out;
}

std::vector<double> VideoPipeline::frameTimestamps() const
{
    std::lock_guard<std::mutex> lock(d->mutex);
    return d->timestamps;
}

} // namespace gp
