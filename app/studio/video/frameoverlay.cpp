#include "frameoverlay.h"

#include "detectioncache.h"
#include "imageenhancement.h"
#include "modelpanel.h"
#include "overlaypanel.h"
#include "poseoverlayview.h"
#include "posequality.h"
#include "predictioncontroller.h"
#include "smoothingpanel.h"
#include "videodecoder.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>

using gp::DetectionCache;
using gp::ImageAnnotation;
using gp::ImageEnhancement;
using gp::PoseQuality;
using gp::TrackedPose;
using gp::VideoInfo;
using gp::VideoTruth;

FrameOverlay::FrameOverlay(PoseOverlayView *view, PredictionController *predictions, ModelPanel *model,
    OverlayPanel *overlay, SmoothingPanel *smoothing, QObject *parent)
    : QObject(parent)
    , m_view(view)
    , m_predictions(predictions)
    , m_model(model)
    , m_overlay(overlay)
    , m_smoothing(smoothing)
{
    connect(m_predictions, &PredictionController::liveResult, this, &FrameOverlay::liveResult);
}

void FrameOverlay::clear()
{
    m_truth.reset();
    m_truthError.clear();
    m_frame = -1;
    m_image = QImage();
    m_liveFrame = -1;
    m_liveTracks.clear();
    m_view->clear();
    m_view->clearPrediction();
}

void FrameOverlay::loadTruth(const VideoInfo &info)
{
    m_truth.reset();
    m_truthError.clear();
    if (!info.live) {
        const QString sidecar = VideoTruth::sidecarFor(info.file);
        if (QFileInfo::exists(sidecar))
            m_truth = VideoTruth::load(sidecar, m_view->skeleton().keypointCount(), &m_truthError);
    }
    m_overlay->setTruthAvailable(m_truth.has_value(),
        m_truth                       ? tr("Ground truth from %1").arg(QDir::toNativeSeparators(m_truth->file()))
            : !m_truthError.isEmpty() ? m_truthError
                                      : tr("No ground-truth file (the video's name with .json) beside this video"));
}

void FrameOverlay::showFrame(int index, const QImage &image)
{
    m_frame = index;
    m_image = image;
    // What the model sees: with an enhancement the corrected frame is shown.
    m_view->setImage(ImageEnhancement::apply(image, m_predictions->enhancement()));
    const DetectionCache *cache = m_predictions->cache();
    if (m_model->liveBox()->isChecked() && !(cache && cache->isAnalysed(index)))
        m_predictions->requestLive(index, image);
    refresh();
}

void FrameOverlay::setLive(bool on)
{
    m_predictions->setLive(on);
    m_liveFrame = -1;
    if (on && !m_image.isNull())
        m_predictions->requestLive(m_frame, m_image);
    refresh();
}

void FrameOverlay::enhancementChanged()
{
    m_liveFrame = -1;
    if (!m_image.isNull()) {
        m_view->setImage(ImageEnhancement::apply(m_image, m_predictions->enhancement()));
        m_predictions->requestLive(m_frame, m_image);
    }
    refresh();
}

void FrameOverlay::liveResult(qint64 frame, const std::vector<TrackedPose> &tracks, double milliseconds)
{
    m_liveFrame = frame;
    m_liveTracks = tracks;
    m_liveMs = milliseconds;
    refresh();
}

void FrameOverlay::refresh()
{
    const double threshold = m_smoothing->options().keypointConf;
    const OverlayOptions options = m_overlay->options(threshold);
    m_view->setOverlayOptions(options);
    const VideoTruth::Frame *truth = m_truth && m_overlay->showTruth() ? m_truth->frame(m_frame) : nullptr;
    m_view->setAnnotation(truth ? truth->annotation : ImageAnnotation());
    m_view->setInstanceCaptions(truth ? m_truth->captions(m_frame) : QStringList());
    const DetectionCache *cache = m_predictions->cache();
    QString status;
    if (cache && cache->isAnalysed(m_frame) && m_predictions->allTracks().size() == size_t(cache->frameCount())) {
        m_view->setPrediction(m_predictions->tracksAt(m_frame), m_predictions->history(m_frame, options.trail));
    } else if (m_model->liveBox()->isChecked() && m_liveFrame == m_frame && m_frame >= 0) {
        m_view->setPrediction(m_liveTracks);
        const gp::LatencyHistogram &latency = m_predictions->liveLatency();
        //: The live mode's time from the frame on screen to its result; then the median and
        //: 95th percentile of that time over the frames since live mode was turned on.
        status = tr("live · %1 ms · p50 %2 ms, p95 %3 ms over %n frame(s)", nullptr, int(latency.count()))
                     .arg(m_liveMs, 0, 'f', 0)
                     .arg(latency.percentileMs(0.5), 0, 'f', 0)
                     .arg(latency.percentileMs(0.95), 0, 'f', 0);
    } else {
        m_view->clearPrediction();
    }
    if (truth && m_view->hasPrediction()) {
        const double error = PoseQuality::truthError(truth->annotation, m_view->prediction());
        if (error >= 0) {
            //: The mean distance between the ground truth's keypoints and the predicted ones.
            const QString e = tr("ground-truth error %1 px").arg(error, 0, 'f', 1);
            status = status.isEmpty() ? e : status + QStringLiteral(" · ") + e;
        }
    }
    m_view->setStatusText(status);
}
