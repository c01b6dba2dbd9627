#include "poseoverlayview.h"

#include "captionlayout.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

using gp::PoseBox;
using gp::Skeleton;
using gp::TrackedKeypoint;
using gp::TrackedPose;

PoseOverlayView::PoseOverlayView(const Skeleton &skeleton, QWidget *parent)
    : ImageView(skeleton, parent)
{ }

void PoseOverlayView::setPrediction(
    const std::vector<TrackedPose> &tracks, const std::vector<std::vector<TrackedPose>> &history)
{
    m_tracks = tracks;
    m_history = history;
    update();
}

void PoseOverlayView::clearPrediction()
{
    m_tracks.clear();
    m_history.clear();
    update();
}

void PoseOverlayView::setOverlayOptions(const OverlayOptions &options)
{
    m_options = options;
    update();
}

void PoseOverlayView::setStatusText(const QString &text)
{
    m_status = text;
    update();
}

QColor PoseOverlayView::trackColor(int id)
{
    // Golden-ratio hues: neighbouring ids get distinct colours.
    const double h = std::fmod(0.13 + 0.618033988749895 * std::max(0, id), 1.0);
    return QColor::fromHsvF(float(h), 0.75f, 1.0f);
}

PoseOverlayView::PointStyle PoseOverlayView::styleOf(const TrackedKeypoint &k) const
{
    if (k.inferred)
        return PointStyle::Inferred;
    if (k.conf >= m_options.keypointConf)
        return PointStyle::Filled;
    return m_options.hollowBelow ? PointStyle::Hollow : PointStyle::Hidden;
}

std::vector<QPointF> PoseOverlayView::drawnPoints() const
{
    std::vector<QPointF> out;
    const bool smoothed = m_options.points != OverlayOptions::Points::Raw;
    for (const TrackedPose &t : m_tracks)
        for (const TrackedKeypoint &k : t.keypoints)
            if (styleOf(k) != PointStyle::Hidden)
                out.emplace_back(smoothed ? k.x : k.rawX, smoothed ? k.y : k.rawY);
    return out;
}

void PoseOverlayView::paintEvent(QPaintEvent *event)
{
    ImageView::paintEvent(event);
    if (image().isNull())
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_options.trail > 0)
        paintTrail(p);
    const std::vector<QRectF> captions = trackCaptionRects();
    for (size_t i = 0; i < m_tracks.size(); ++i) {
        const TrackedPose &t = m_tracks[i];
        switch (m_options.points) {
        case OverlayOptions::Points::Smoothed:
            paintTrack(p, t, false, false, captions[i]);
            break;
        case OverlayOptions::Points::Raw:
            paintTrack(p, t, true, false, captions[i]);
            break;
        case OverlayOptions::Points::Both:
            paintTrack(p, t, true, true);
            paintTrack(p, t, false, false, captions[i]);
            break;
        }
    }
    if (!m_status.isEmpty()) {
        const QRectF box = statusRect();
        p.fillRect(box, QColor(0, 0, 0, 160));
        p.setPen(Qt::white);
        p.drawText(box, Qt::AlignCenter, m_status);
    }
}

QRectF PoseOverlayView::statusRect() const
{
    if (m_status.isEmpty())
        return {};
    const QFontMetrics fm(font());
    return QRectF(fm.boundingRect(m_status).adjusted(-6, -3, 6, 3).translated(10, 10 + fm.ascent()));
}

QString PoseOverlayView::trackCaption(const TrackedPose &t) const
{
    return t.bridged ? tr("#%1 (bridged)").arg(t.trackId) : tr("#%1 · %2").arg(t.trackId).arg(t.score, 0, 'f', 2);
}

std::vector<QRectF> PoseOverlayView::trackCaptionRects() const
{
    std::vector<QRectF> out(m_tracks.size());
    if (image().isNull() || !m_options.boxes || !m_options.trackIds)
        return out;
    // The ground truth's captions keep their places (ImageView lays them out first); the
    // predictions' go around them.
    CaptionLayout layout { QRectF(rect()) };
    layout.reserve(statusRect());
    if (showAnnotation())
        for (const QRectF &r : instanceCaptionRects())
            layout.reserve(r);
    const QFontMetrics fm(font());
    const bool raw = m_options.points == OverlayOptions::Points::Raw;
    for (size_t i = 0; i < m_tracks.size(); ++i) {
        const TrackedPose &t = m_tracks[i];
        const PoseBox &b = raw ? t.rawBox : t.box;
        const QRectF box = imageToView(QRectF(QPointF(b.x1, b.y1), QPointF(b.x2, b.y2)));
        const QRectF text = QRectF(fm.boundingRect(trackCaption(t))).adjusted(-3, -1, 3, 1);
        out[i] = layout.place(box, text.size());
    }
    return out;
}

void PoseOverlayView::paintTrack(QPainter &p, const TrackedPose &t, bool raw, bool ghost, const QRectF &caption) const
{
    const Skeleton &sk = skeleton();
    const double ghostAlpha = ghost ? 0.35 : 1.0;
    const QColor tc = trackColor(t.trackId);
    if (m_options.boxes && !ghost) {
        QColor c = tc;
        const PoseBox &b = raw ? t.rawBox : t.box;
        QPen pen(c, t.bridged ? 1.5 : 2.0, t.bridged ? Qt::DashLine : Qt::SolidLine);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        const QRectF r = imageToView(QRectF(QPointF(b.x1, b.y1), QPointF(b.x2, b.y2)));
        p.drawRect(r);
        if (m_options.trackIds && !caption.isEmpty()) {
            p.fillRect(caption, QColor(0, 0, 0, 150));
            p.setPen(c);
            p.drawText(caption, Qt::AlignCenter, trackCaption(t));
        }
    }
    auto pos = [&](const TrackedKeypoint &k) { return imageToView(raw ? QPointF(k.rawX, k.rawY) : QPointF(k.x, k.y)); };
    auto alphaOf = [&](const TrackedKeypoint &k) {
        const double a = m_options.confidenceAsAlpha ? 0.25 + 0.75 * std::clamp(k.conf, 0.0, 1.0) : 1.0;
        return (k.inferred ? 0.8 : a) * ghostAlpha;
    };
    const int n = int(t.keypoints.size());
    if (m_options.skeleton) {
        for (const auto &[a, b] : sk.edges()) {
            if (a >= n || b >= n)
                continue;
            const TrackedKeypoint &ka = t.keypoints[size_t(a)], &kb = t.keypoints[size_t(b)];
            const PointStyle sa = styleOf(ka), sb = styleOf(kb);
            if (sa == PointStyle::Hidden || sb == PointStyle::Hidden)
                continue;
            QColor c = a < sk.keypointCount() ? sk.pointColor(a) : Qt::white;
            c.setAlphaF(float(std::min(alphaOf(ka), alphaOf(kb))));
            const bool solid = sa == PointStyle::Filled && sb == PointStyle::Filled;
            p.setPen(QPen(c, ghost ? 1.0 : 2.0, solid ? Qt::SolidLine : Qt::DashLine));
            p.drawLine(pos(ka), pos(kb));
        }
    }
    const double r = ghost ? 3.0 : 4.5;
    for (int k = 0; k < n; ++k) {
        const TrackedKeypoint &kp = t.keypoints[size_t(k)];
        const PointStyle style = styleOf(kp);
        if (style == PointStyle::Hidden)
            continue;
        QColor c = k < sk.keypointCount() ? sk.pointColor(k) : Qt::white;
        c.setAlphaF(float(alphaOf(kp)));
        const QPointF v = pos(kp);
        if (style == PointStyle::Inferred) {
            QPainterPath diamond;
            diamond.moveTo(v + QPointF(0, -r - 1));
            diamond.lineTo(v + QPointF(r + 1, 0));
            diamond.lineTo(v + QPointF(0, r + 1));
            diamond.lineTo(v + QPointF(-r - 1, 0));
            diamond.closeSubpath();
            p.setPen(QPen(c, 1.5, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawPath(diamond);
        } else {
            p.setPen(QPen(style == PointStyle::Filled ? QColor(0, 0, 0, c.alpha()) : c, 1.5));
            p.setBrush(style == PointStyle::Filled ? QBrush(c) : QBrush(Qt::NoBrush));
            p.drawEllipse(v, r, r);
        }
        if (m_options.names && !ghost && k < sk.keypointCount()) {
            p.setPen(c);
            p.drawText(v + QPointF(r + 2, -r - 2), sk.points()[size_t(k)].name);
        }
    }
}

void PoseOverlayView::paintTrail(QPainter &p) const
{
    const Skeleton &sk = skeleton();
    const int frames = int(std::min<size_t>(size_t(m_options.trail), m_history.size()));
    if (frames <= 0)
        return;
    const size_t first = m_history.size() - size_t(frames);
    for (const TrackedPose &t : m_tracks) {
        for (size_t k = 0; k < t.keypoints.size(); ++k) {
            QPolygonF line;
            for (size_t h = first; h < m_history.size(); ++h)
                for (const TrackedPose &old : m_history[h])
                    if (old.trackId == t.trackId && k < old.keypoints.size()
                        && styleOf(old.keypoints[k]) != PointStyle::Hidden)
                        line << imageToView(QPointF(old.keypoints[k].x, old.keypoints[k].y));
            if (styleOf(t.keypoints[k]) != PointStyle::Hidden)
                line << imageToView(QPointF(t.keypoints[k].x, t.keypoints[k].y));
            if (line.size() < 2)
                continue;
            QColor c = int(k) < sk.keypointCount() ? sk.pointColor(int(k)) : Qt::white;
            c.setAlphaF(0.5f);
            p.setPen(QPen(c, 1.2));
            p.setBrush(Qt::NoBrush);
            p.drawPolyline(line);
        }
    }
}
