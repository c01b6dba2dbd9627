#pragma once

#include "posedetection.h"
#include "videotruth.h"

#include <QImage>
#include <QObject>
#include <QString>

#include <optional>
#include <vector>

class ModelPanel;
class OverlayPanel;
class PoseOverlayView;
class PredictionController;
class SmoothingPanel;
namespace gp {
struct VideoInfo;
} // namespace gp

// What the Video workspace draws for the frame on screen: the frame as the model sees it
// (corrected when an enhancement is chosen), the video's ground truth from its sidecar with
// the track captions, the predictions — the analysis's tracks, or the live result for this
// very frame — and the status line (live inference time, error against the ground truth).
// The workspace hands it each decoded frame; the panels' settings are read when it redraws.
class FrameOverlay : public QObject
{
    Q_OBJECT

public:
    FrameOverlay(PoseOverlayView *view, PredictionController *predictions, ModelPanel *model, OverlayPanel *overlay,
        SmoothingPanel *smoothing, QObject *parent = nullptr);

    // Forgets the video: its truth, the live result and the frame.
    void clear();
    // Reads the ground-truth sidecar beside an opened video file, and says in the overlay
    // panel whether there is one.
    void loadTruth(const gp::VideoInfo &info);
    bool hasTruth() const { return m_truth.has_value(); }
    const gp::VideoTruth *truth() const { return m_truth ? &*m_truth : nullptr; }

    // A decoded frame to show (inferred live when the live mode is on and the analysis
    // does not cover it).
    void showFrame(int index, const QImage &image);
    // The live mode switched: the frame on screen is inferred at once when on.
    void setLive(bool on);
    // The enhancement changed: the frame shown again as the model now sees it, inferred again when live.
    void enhancementChanged();
    // Draws again with the current tracks, live result and panel settings.
    void refresh();

private:
    void liveResult(qint64 frame, const std::vector<gp::TrackedPose> &tracks, double milliseconds);

    PoseOverlayView *m_view;
    PredictionController *m_predictions;
    ModelPanel *m_model;
    OverlayPanel *m_overlay;
    SmoothingPanel *m_smoothing;
    std::optional<gp::VideoTruth> m_truth;
    QString m_truthError;
    int m_frame = -1;
    QImage m_image;
    // Live mode: the latest result for the frame on screen.
    qint64 m_liveFrame = -1;
    std::vector<gp::TrackedPose> m_liveTracks;
    double m_liveMs = 0.0;
};
