#pragma once

#include "detectioncache.h"
#include "latencyhistogram.h"
#include "outputoptions.h"
#include "posedetection.h"
#include "posequality.h"
#include "posetracker.h"
#include "predictor.h"
#include "skeleton.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

class BackgroundJob;
class LiveInferrer;
class QThread;

// The model's side of the Video workspace: which model, the analysis pass (the whole video
// or a range through the VideoPipeline in the background, every frame's raw detections kept
// in a DetectionCache and its sidecar file), the temporal stage re-run over the cache when
// a smoothing setting moves (with the per-frame quality measures), the live mode (the frame
// on screen inferred on a worker, latest request wins), and the export of an analysed
// video with the current settings.
class PredictionController : public QObject
{
    Q_OBJECT

public:
    explicit PredictionController(QObject *parent = nullptr);
    ~PredictionController() override;

    void setSkeleton(const gp::Skeleton &skeleton);
    // The video on screen (frameCount < 0: a live source). Loads its sidecar cache when one
    // fits the model; cacheMessage() says why not otherwise. A sidecar of this video and model
    // made with other settings (image size, confidence, enhancement) is taken with its
    // settings (settingsAdopted()), so reopening an analysed video is instant.
    void setVideo(const QString &file, qint64 frameCount);
    // A checkpoint, imported weights, an exported .onnx model, or a model name.
    void setModel(const QString &model);
    QString model() const { return m_predictor.model; }
    void setModelSettings(int imgsz, double conf);
    // The correction of each frame before inference (live and analysis; part of the cache's key).
    void setEnhancement(gp::Enhancement enhance);
    gp::Enhancement enhancement() const { return m_predictor.enhance; }
    gp::PredictorOptions predictorOptions() const { return m_predictor; }
    void setTemporalOptions(const gp::TemporalOptions &options);
    gp::TemporalOptions temporalOptions() const { return m_temporal; }

    bool hasAnalysis() const { return m_cache != nullptr; }
    const gp::DetectionCache *cache() const { return m_cache.get(); }
    QString cacheMessage() const { return m_cacheMessage; }
    // The tracks of `frame` after the temporal stage (empty when not analysed).
    const std::vector<gp::TrackedPose> &tracksAt(qint64 frame) const;
    // The tracks of up to `n` frames before `frame`, oldest first.
    std::vector<std::vector<gp::TrackedPose>> history(qint64 frame, int n) const;
    const gp::QualitySeries &series() const { return m_series; }
    const std::vector<std::vector<gp::TrackedPose>> &allTracks() const { return m_tracks; }

    // The analysis pass over frames first..last (-1: to the end).
    void analyse(qint64 first = 0, qint64 last = -1);
    BackgroundJob *analysisJob() const { return m_analysis; }
    BackgroundJob *replayJob() const { return m_replay; }
    BackgroundJob *exportJob() const { return m_export; }
    // Empty paths are not written. False with *error when nothing is analysed.
    bool exportVideo(const gp::OutputOptions &output, QString *error);

    void setLive(bool live);
    bool isLive() const { return m_live; }
    // Live mode's latency per frame, from the frame on screen to its result, since live mode
    // was last turned on or the model changed.
    const gp::LatencyHistogram &liveLatency() const { return m_liveLatency; }
    // Live mode: infers `image` (frame `frame`) on the worker.
    void requestLive(qint64 frame, const QImage &image);

    bool isBusy() const;

Q_SIGNALS:
    // The cache was loaded, filled by an analysis, or dropped.
    void analysisChanged();
    // The model settings were taken from the video's sidecar (see setVideo()).
    void settingsAdopted();
    // The temporal stage's tracks and the quality measures are new.
    void tracksChanged();
    void analysisFinished(const QString &summary);
    void exportFinished(const QString &summary);
    void liveResult(qint64 frame, const std::vector<gp::TrackedPose> &tracks, double milliseconds);
    void problem(const QString &message);

private:
    // `adopt`: a sidecar of the same files with other settings brings its settings along.
    void loadSidecar(bool adopt);
    void reload(bool adopt);
    void replay();
    gp::DetectionCache::Key currentKey() const;

    gp::Skeleton m_skeleton = gp::Skeleton::defaultGripper();
    QString m_video;
    qint64 m_frameCount = 0;
    gp::PredictorOptions m_predictor;
    gp::TemporalOptions m_temporal;
    std::shared_ptr<const gp::DetectionCache> m_cache;
    QString m_cacheMessage;
    std::vector<std::vector<gp::TrackedPose>> m_tracks;
    gp::QualitySeries m_series;
    bool m_live = false;
    gp::PoseTracker m_liveTracker; // cameras and streams: frames come in order
    gp::LatencyHistogram m_liveLatency;
    BackgroundJob *m_analysis;
    BackgroundJob *m_replay;
    BackgroundJob *m_export;
    QThread *m_liveThread;
    LiveInferrer *m_inferrer;
};
