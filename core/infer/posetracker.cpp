#include "posetracker.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace gp {

PoseTracker::PoseTracker(TemporalOptions options)
    : m_options(std::move(options))
{ }

void PoseTracker::reset()
{
    m_tracks.clear();
    m_nextId = 1;
    m_lastFrame = -1;
}

double PoseTracker::oks(const std::vector<PoseKeypoint> &a, const std::vector<PoseKeypoint> &b, double area,
    const std::vector<double> &sigmas, double minConf)
{
    const size_t n = std::min(a.size(), b.size());
    double sum = 0.0;
    int count = 0;
    for (size_t k = 0; k < n; ++k) {
        if (a[k].conf < minConf || b[k].conf < minConf)
            continue;
        const double sigma = k < sigmas.size() ? sigmas[k] : 0.05;
        const double kk = 2.0 * sigma;
        const double dx = a[k].x - b[k].x;
        const double dy = a[k].y - b[k].y;
        // Ultralytics / COCO: exp(-d² / (2 s² k²)) with s² the object area.
        sum += std::exp(-(dx * dx + dy * dy) / (2.0 * std::max(area, 1.0) * kk * kk));
        ++count;
    }
    return count ? sum / count : -1.0;
}

PoseBox PoseTracker::predictedBox(const Track &t, qint64 frame) const
{
    const double n = double(frame - t.lastFrame);
    PoseBox b = t.rawBox;
    b.x1 += t.vx * n;
    b.x2 += t.vx * n;
    b.y1 += t.vy * n;
    b.y2 += t.vy * n;
    return b;
}

std::vector<PoseKeypoint> PoseTracker::predictedKeypoints(const Track &t, qint64 frame) const
{
    const double n = double(frame - t.lastFrame);
    std::vector<PoseKeypoint> out(t.points.size());
    for (size_t k = 0; k < t.points.size(); ++k) {
        const Point &p = t.points[k];
        out[k] = { p.x + p.vx * n, p.y + p.vy * n, p.seen ? 1.0 : 0.0 };
    }
    return out;
}

double PoseTracker::similarity(const Track &t, const PoseDetection &d, qint64 frame) const
{
    if (t.cls != d.cls)
        return 0.0;
    const double iou = predictedBox(t, frame).iou(d.box);
    const double o
        = oks(predictedKeypoints(t, frame), d.keypoints, d.box.area(), m_options.sigmas, m_options.keypointConf);
    return o < 0 ? iou : 0.5 * (iou + o);
}

std::vector<TrackedPose> PoseTracker::update(
    qint64 frameIndex, double timestampMs, const std::vector<PoseDetection> &detections)
{
    if (frameIndex <= m_lastFrame)
        reset(); // the source started over (or seeked back)
    m_lastFrame = frameIndex;

    // Greedy association: the most similar pair first.
    std::vector<std::tuple<double, size_t, size_t>> pairs;
    for (size_t ti = 0; ti < m_tracks.size(); ++ti)
        for (size_t di = 0; di < detections.size(); ++di) {
            const double s = similarity(m_tracks[ti], detections[di], frameIndex);
            if (s >= m_options.matchThreshold)
                pairs.emplace_back(s, ti, di);
        }
    std::stable_sort(pairs.begin(), pairs.end(), [&](const auto &a, const auto &b) {
        if (std::get<0>(a) != std::get<0>(b))
            return std::get<0>(a) > std::get<0>(b);
        return detections[std::get<2>(a)].score > detections[std::get<2>(b)].score;
    });
    std::vector<int> trackOfDet(detections.size(), -1);
    std::vector<bool> trackUsed(m_tracks.size(), false);
    for (const auto &[s, ti, di] : pairs) {
        if (trackUsed[ti] || trackOfDet[di] >= 0)
            continue;
        trackUsed[ti] = true;
        trackOfDet[di] = int(ti);
    }

    std::vector<TrackedPose> out;
    for (size_t ti = 0; ti < m_tracks.size(); ++ti) {
        if (trackUsed[ti])
            continue;
        TrackedPose p;
        if (bridgeMissed(m_tracks[ti], frameIndex, &p))
            out.push_back(std::move(p));
    }
    for (size_t di = 0; di < detections.size(); ++di) {
        if (trackOfDet[di] >= 0) {
            out.push_back(updateTrack(m_tracks[size_t(trackOfDet[di])], detections[di], frameIndex, timestampMs));
        } else {
            Track t;
            t.id = m_nextId++;
            t.cls = detections[di].cls;
            t.points.resize(detections[di].keypoints.size());
            m_tracks.push_back(std::move(t));
            out.push_back(updateTrack(m_tracks.back(), detections[di], frameIndex, timestampMs));
        }
    }
    m_tracks.erase(std::remove_if(m_tracks.begin(), m_tracks.end(),
                       [&](const Track &t) { return t.misses > m_options.trackMemory; }),
        m_tracks.end());
    std::sort(out.begin(), out.end(), [](const TrackedPose &a, const TrackedPose &b) { return a.trackId < b.trackId; });
    return out;
}

void PoseTracker::process(FramePrediction *prediction)
{
    prediction->tracks = update(prediction->frameIndex, prediction->timestampMs, prediction->detections);
    prediction->tracked = true;
}

TrackedPose PoseTracker::updateTrack(Track &t, const PoseDetection &d, qint64 frame, double timestampMs)
{
    const bool fresh = !t.started;
    t.started = true;
    const double frames = fresh ? 1.0 : std::max<double>(1.0, double(frame - t.lastFrame));
    const double dt = fresh ? 0.0 : (timestampMs - t.lastTimestampMs) / 1000.0;
    const TemporalOptions &o = m_options;

    if (!fresh) {
        t.vx = (d.box.centerX() - t.rawBox.centerX()) / frames;
        t.vy = (d.box.centerY() - t.rawBox.centerY()) / frames;
    }
    t.rawBox = d.box;
    if (o.smooth) {
        t.box.x1 = t.fbox[0].filter(d.box.x1, dt, o.filter);
        t.box.y1 = t.fbox[1].filter(d.box.y1, dt, o.filter);
        t.box.x2 = t.fbox[2].filter(d.box.x2, dt, o.filter);
        t.box.y2 = t.fbox[3].filter(d.box.y2, dt, o.filter);
    } else {
        t.box = d.box;
    }
    t.score = d.score;
    t.misses = 0;

    TrackedPose out;
    out.trackId = t.id;
    out.box = t.box;
    out.rawBox = d.box;
    out.score = d.score;
    out.cls = d.cls;
    if (t.points.size() != d.keypoints.size())
        t.points.assign(d.keypoints.size(), Point());
    out.keypoints.resize(d.keypoints.size());
    for (size_t k = 0; k < d.keypoints.size(); ++k) {
        const PoseKeypoint &raw = d.keypoints[k];
        Point &p = t.points[k];
        TrackedKeypoint &q = out.keypoints[k];
        q.conf = raw.conf;
        q.rawX = raw.x;
        q.rawY = raw.y;
        if (raw.conf >= o.keypointConf) {
            const bool continuing = p.seen && p.gap == 0;
            double x = raw.x;
            double y = raw.y;
            if (o.smooth) {
                if (!p.seen) {
                    p.fx.reset();
                    p.fy.reset();
                }
                x = p.fx.filter(raw.x, dt, o.filter);
                y = p.fy.filter(raw.y, dt, o.filter);
            }
            if (continuing) {
                p.vx = (x - p.x) / frames;
                p.vy = (y - p.y) / frames;
            } else if (!p.seen) {
                p.vx = p.vy = 0.0;
            }
            p.x = x;
            p.y = y;
            p.gap = 0;
            p.seen = true;
            q.x = x;
            q.y = y;
        } else if (p.seen && o.maxGap > 0 && p.gap + int(frames) <= o.maxGap) {
            // Occluded: bridge from the last value.
            p.gap += int(frames);
            if (o.extrapolate) {
                p.x += p.vx * frames;
                p.y += p.vy * frames;
            }
            q.x = p.x;
            q.y = p.y;
            q.inferred = true;
        } else {
            // Occluded for too long (or never seen): the raw value, and the filter starts over.
            p = Point();
            q.x = raw.x;
            q.y = raw.y;
        }
    }
    t.lastRaw = d.keypoints;
    t.lastFrame = frame;
    t.lastTimestampMs = timestampMs;
    return out;
}

bool PoseTracker::bridgeMissed(Track &t, qint64 frame, TrackedPose *out)
{
    ++t.misses;
    const int gap = int(frame - t.lastFrame);
    if (m_options.maxGap <= 0 || gap > m_options.maxGap)
        return false;
    out->trackId = t.id;
    out->bridged = true;
    out->cls = t.cls;
    out->score = 0.0;
    const double n = m_options.extrapolate ? double(gap) : 0.0;
    PoseBox b = t.box;
    b.x1 += t.vx * n;
    b.x2 += t.vx * n;
    b.y1 += t.vy * n;
    b.y2 += t.vy * n;
    out->box = b;
    out->rawBox = b;
    out->keypoints.resize(t.points.size());
    for (size_t k = 0; k < t.points.size(); ++k) {
        const Point &p = t.points[k];
        TrackedKeypoint &q = out->keypoints[k];
        const double m = m_options.extrapolate ? double(gap) : 0.0;
        q.x = p.x + p.vx * m;
        q.y = p.y + p.vy * m;
        q.rawX = q.x;
        q.rawY = q.y;
        q.conf = 0.0;
        q.inferred = p.seen && p.gap + gap <= m_options.maxGap;
    }
    return true;
}

} // namespace gp
