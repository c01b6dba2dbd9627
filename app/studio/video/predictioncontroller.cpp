#include "predictioncontroller.h"

#include "annotatedexport.h"
#include "backgroundjob.h"
#include "liveinferrer.h"
#include "temporalreplay.h"
#include "videopipeline.h"

#include <QFileInfo>
#include <QThread>

#include <mutex>

using gp::AnnotatedExport;
using gp::DetectionCache;
using gp::Enhancement;
using gp::FramePrediction;
using gp::OutputOptions;
using gp::PipelineOptions;
using gp::PipelineSummary;
using gp::PoseDetection;
using gp::PoseQuality;
using gp::QualitySeries;
using gp::Skeleton;
using gp::TemporalOptions;
using gp::TemporalReplay;
using gp::TrackedPose;
using gp::VideoPipeline;

namespace {

struct AnalysisResult
{
    std::shared_ptr<DetectionCache> cache;
    PipelineSummary summary;
    QString error;
    QString saveError;
};

struct ReplayResult
{
    std::vector<std::vector<TrackedPose>> tracks;
    QualitySeries series;
    bool complete = false;
};

} // namespace

PredictionController::PredictionController(QObject *parent)
    : QObject(parent)
    , m_analysis(new BackgroundJob(this))
    , m_replay(new BackgroundJob(this))
    , m_export(new BackgroundJob(this))
    , m_liveThread(new QThread(this))
    , m_inferrer(new LiveInferrer)
{
    m_temporal.sigmas = m_skeleton.sigmas();
    m_liveThread->setObjectName(QStringLiteral("LiveInferrer"));
    m_inferrer->moveToThread(m_liveThread);
    connect(m_liveThread, &QThread::finished, m_inferrer, &QObject::deleteLater);
    connect(m_inferrer, &LiveInferrer::failed, this, &PredictionController::problem);
    connect(m_inferrer, &LiveInferrer::inferred, this,
        [this](qint64 frame, const std::vector<PoseDetection> &detections, double ms) {
            if (!m_live)
                return;
            m_liveLatency.add(ms);
            // A camera or a stream comes in order: track and smooth it as the pipeline does.
            // A file's frames come in any order (scrubbing): shown as the network gives them.
            const std::vector<TrackedPose> tracks = m_frameCount < 0
                ? m_liveTracker.update(frame, frame * 1000.0 / 30.0, detections)
                : TemporalReplay::untracked(detections);
            Q_EMIT liveResult(frame, tracks, ms);
        });
    m_liveThread->start();

    connect(m_analysis, &BackgroundJob::finished, this, [this] {
        const auto r = m_analysis->result<AnalysisResult>();
        if (!r.error.isEmpty() && !r.cache) {
            Q_EMIT problem(r.error);
            Q_EMIT analysisFinished(r.error);
            return;
        }
        m_cache = r.cache;
        m_cacheMessage.clear();
        QString text = tr("Analysed %n frame(s)", nullptr, int(r.summary.processed));
        if (r.summary.seconds > 0)
            text += tr(" at %1 fps").arg(r.summary.meanFps, 0, 'f', 1);
        if (r.summary.cancelled)
            text += tr(" (cancelled: the frames analysed so far are kept)");
        if (!r.saveError.isEmpty())
            Q_EMIT problem(r.saveError);
        Q_EMIT analysisChanged();
        replay();
        Q_EMIT analysisFinished(text);
    });
    connect(m_replay, &BackgroundJob::finished, this, [this] {
        auto r = m_replay->result<ReplayResult>();
        if (!r.complete)
            return;
        m_tracks = std::move(r.tracks);
        m_series = std::move(r.series);
        Q_EMIT tracksChanged();
    });
    connect(m_export, &BackgroundJob::finished, this, [this] {
        const auto r = m_export->result<AnnotatedExport::Result>();
        const QString text = !r.error.isEmpty() ? r.error
            : r.cancelled                       ? tr("Export cancelled after %n frame(s)", nullptr, int(r.frames))
                                                : tr("Exported %n frame(s)", nullptr, int(r.frames));
        if (!r.error.isEmpty())
            Q_EMIT problem(r.error);
        Q_EMIT exportFinished(text);
    });
}

PredictionController::~PredictionController()
{
    m_analysis->stop();
    m_replay->stop();
    m_export->stop();
    m_liveThread->quit();
    m_liveThread->wait();
}

void PredictionController::setSkeleton(const Skeleton &skeleton)
{
    m_skeleton = skeleton;
    m_temporal.sigmas = skeleton.sigmas();
    replay();
}

void PredictionController::setVideo(const QString &file, qint64 frameCount)
{
    m_video = file;
    m_frameCount = frameCount;
    reload(true);
}

void PredictionController::reload(bool adopt)
{
    m_analysis->stop();
    m_replay->stop();
    m_liveTracker.reset();
    m_liveLatency.clear();
    m_cache.reset();
    m_tracks.clear();
    m_series = QualitySeries();
    m_cacheMessage.clear();
    loadSidecar(adopt);
    Q_EMIT analysisChanged();
    Q_EMIT tracksChanged();
    replay();
}

void PredictionController::setModel(const QString &model)
{
    if (model == m_predictor.model)
        return;
    m_predictor.model = model;
    reload(true);
}

void PredictionController::setModelSettings(int imgsz, double conf)
{
    if (imgsz == m_predictor.imgsz && qFuzzyCompare(conf + 1, m_predictor.conf + 1))
        return;
    m_predictor.imgsz = imgsz;
    m_predictor.conf = conf;
    reload(false);
}

void PredictionController::setEnhancement(Enhancement enhance)
{
    if (enhance == m_predictor.enhance)
        return;
    m_predictor.enhance = enhance;
    // Detections made from other pixels: the sidecar of that setting, or none.
    reload(false);
}

void PredictionController::setTemporalOptions(const TemporalOptions &options)
{
    m_temporal = options;
    if (m_temporal.sigmas.empty())
        m_temporal.sigmas = m_skeleton.sigmas();
    m_liveTracker.setOptions(m_temporal);
    replay();
}

DetectionCache::Key PredictionController::currentKey() const
{
    return DetectionCache::Key::of(
        m_video, m_predictor.model, m_predictor.imgsz, m_predictor.conf, m_predictor.iou, m_predictor.enhance);
}

void PredictionController::loadSidecar(bool adopt)
{
    if (m_video.isEmpty() || m_frameCount <= 0 || m_predictor.model.isEmpty())
        return;
    const QString file = DetectionCache::sidecarFor(m_video);
    if (!QFileInfo::exists(file))
        return;
    if (adopt) {
        const auto stored = DetectionCache::readKey(file);
        const DetectionCache::Key current = currentKey();
        if (stored && *stored != current && stored->sameFiles(current) && stored->imgsz >= 32) {
            m_predictor.imgsz = stored->imgsz;
            m_predictor.conf = stored->conf;
            m_predictor.iou = stored->iou;
            m_predictor.enhance = stored->enhance;
            Q_EMIT settingsAdopted();
        }
    }
    auto cache = std::make_shared<DetectionCache>();
    QString error;
    if (!DetectionCache::load(file, currentKey(), cache.get(), &error)) {
        m_cacheMessage = error;
        return;
    }
    if (cache->frameCount() != m_frameCount) {
        m_cacheMessage
            = tr("%1: made for %2 frames, the video has %3").arg(file).arg(cache->frameCount()).arg(m_frameCount);
        return;
    }
    m_cache = cache;
}

const std::vector<TrackedPose> &PredictionController::tracksAt(qint64 frame) const
{
    static const std::vector<TrackedPose> kNone;
    return frame >= 0 && frame < qint64(m_tracks.size()) ? m_tracks[size_t(frame)] : kNone;
}

std::vector<std::vector<TrackedPose>> PredictionController::history(qint64 frame, int n) const
{
    std::vector<std::vector<TrackedPose>> out;
    for (qint64 f = std::max<qint64>(0, frame - n); f < frame && f < qint64(m_tracks.size()); ++f)
        out.push_back(m_tracks[size_t(f)]);
    return out;
}

void PredictionController::replay()
{
    if (!m_cache) {
        m_replay->stop();
        return;
    }
    // Latest settings win: a replay still running is dropped.
    m_replay->start([cache = m_cache, options = m_temporal, flip = m_skeleton.flipIndex()](
                        const gp::CancelToken &cancel, const gp::Progress &progress) {
        ReplayResult r;
        if (!TemporalReplay::run(*cache, options, &r.tracks, cancel, progress))
            return r;
        r.series = PoseQuality::compute(*cache, r.tracks, flip, options.keypointConf, cancel);
        r.complete = !cancel.isCancelled();
        return r;
    });
}

void PredictionController::analyse(qint64 first, qint64 last)
{
    if (m_video.isEmpty() || m_frameCount <= 0) {
        Q_EMIT problem(tr("Open a video file first (cameras and streams are inferred live)."));
        return;
    }
    if (m_predictor.model.isEmpty()) {
        Q_EMIT problem(tr("Choose a model first."));
        return;
    }
    PipelineOptions o;
    o.source = m_video;
    o.firstFrame = first;
    o.lastFrame = last;
    o.predictor = m_predictor;
    o.temporal = false; // raw detections are cached; the temporal stage runs over them
    o.skeleton = m_skeleton;
    o.workers = 0; // a file: frames side by side on every core (VideoPipeline::automaticWorkers)
    o.batch = 0;
    const DetectionCache::Key key = currentKey();
    // Frames analysed before (another range) are kept.
    auto previous = m_cache;
    const int keypoints = m_skeleton.keypointCount();
    m_analysis->start([o, key, previous, keypoints, frames = m_frameCount, video = m_video](
                          const gp::CancelToken &cancel, const gp::Progress &progress) mutable {
        AnalysisResult r;
        r.cache = previous ? std::make_shared<DetectionCache>(*previous)
                           : std::make_shared<DetectionCache>(key, frames, keypoints);
        std::mutex mutex;
        DetectionCache *cache = r.cache.get();
        o.onFrame = [cache, &mutex](const FramePrediction &p, const cv::Mat &) {
            std::lock_guard<std::mutex> lock(mutex);
            cache->set(p.frameIndex, p.timestampMs, p.detections);
        };
        QString error;
        if (!VideoPipeline::run(o, &r.summary, &error, cancel, progress)) {
            r.error = error;
            if (r.summary.processed == 0 && !previous) {
                r.cache.reset();
                return r;
            }
        }
        if (r.cache->analysedFrames() == 0 && !previous) {
            r.error = error.isEmpty() ? DetectionCache::tr("%1: no frame could be analysed").arg(video) : error;
            r.cache.reset();
            return r;
        }
        r.cache->save(DetectionCache::sidecarFor(video), &r.saveError);
        return r;
    });
}

bool PredictionController::exportVideo(const OutputOptions &output, QString *error)
{
    if (!m_cache || m_tracks.size() != size_t(m_cache->frameCount())) {
        *error = tr("Analyse the video before exporting it.");
        return false;
    }
    m_export->start([video = m_video, cache = m_cache, tracks = m_tracks, skeleton = m_skeleton, output,
                        conf = m_temporal.keypointConf](const gp::CancelToken &cancel, const gp::Progress &progress) {
        return AnnotatedExport::run(video, *cache, tracks, skeleton, output, conf, cancel, progress);
    });
    return true;
}

void PredictionController::setLive(bool live)
{
    m_live = live;
    m_liveTracker.reset();
    m_liveLatency.clear();
}

void PredictionController::requestLive(qint64 frame, const QImage &image)
{
    if (!m_live || m_predictor.model.isEmpty() || image.isNull())
        return;
    m_inferrer->request(frame, image, m_predictor);
}

bool PredictionController::isBusy() const
{
    return m_analysis->isRunning() || m_replay->isRunning() || m_export->isRunning();
}
