#pragma once

#include "imageview.h"
#include "posedetection.h"

#include <QPointF>

#include <deque>
#include <vector>

// Settings of what PoseOverlayView draws over the frame.
struct OverlayOptions
{
    enum class Points { Smoothed, Raw, Both };
    Points points = Points::Smoothed; // Both: the raw points ghosted beside the smoothed ones
    bool boxes = true;
    bool skeleton = true;
    bool names = false;
    bool trackIds = true;
    bool confidenceAsAlpha = true; // less confident points are more transparent
    double keypointConf = 0.5; // below: hidden, or hollow when `hollowBelow`
    bool hollowBelow = true;
    int trail = 0; // frames of history drawn per keypoint (0: none)
};

// A video frame with the model's predictions drawn over it (on top of what ImageView draws,
// which is the ground truth when one is set): boxes, the skeleton in the skeleton's side
// colours, keypoints with their confidence as transparency, points below the threshold
// hollow or hidden, points inferred across an occlusion as dashed diamonds, track ids,
// point names, a trail of the last frames, and the raw network points ghosted beside the
// smoothed ones. Geometry stays in image pixels.
class PoseOverlayView : public ImageView
{
    Q_OBJECT

public:
    explicit PoseOverlayView(const gp::Skeleton &skeleton, QWidget *parent = nullptr);

    // `history` holds the tracks of the frames before this one, oldest first (for the trail).
    void setPrediction(
        const std::vector<gp::TrackedPose> &tracks, const std::vector<std::vector<gp::TrackedPose>> &history = {});
    void clearPrediction();
    const std::vector<gp::TrackedPose> &prediction() const { return m_tracks; }
    bool hasPrediction() const { return !m_tracks.empty(); }
    void setOverlayOptions(const OverlayOptions &options);
    const OverlayOptions &overlayOptions() const { return m_options; }
    // A line of text in the top-left corner ("GT error 3.2 px", "live · 45 ms").
    void setStatusText(const QString &text);
    QString statusText() const { return m_status; }

    // The keypoints drawn (filled or hollow) for the current prediction and options, in image
    // pixels, track after track: what the user sees.
    std::vector<QPointF> drawnPoints() const;
    // Where each track's caption ("#3 · 0.91") is drawn, in view pixels (empty when none is):
    // beside the ground truth's captions and the status line, never over them or over
    // another track's.
    std::vector<QRectF> trackCaptionRects() const;
    QRectF statusRect() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    enum class PointStyle { Hidden, Filled, Hollow, Inferred };
    PointStyle styleOf(const gp::TrackedKeypoint &k) const;
    void paintTrack(QPainter &p, const gp::TrackedPose &t, bool raw, bool ghost, const QRectF &caption = {}) const;
    QString trackCaption(const gp::TrackedPose &t) const;
    void paintTrail(QPainter &p) const;
    static QColor trackColor(int id);

    std::vector<gp::TrackedPose> m_tracks;
    std::vector<std::vector<gp::TrackedPose>> m_history;
    OverlayOptions m_options;
    QString m_status;
};
