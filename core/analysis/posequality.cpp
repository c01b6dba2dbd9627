#include "posequality.h"

#include "detectioncache.h"

#include <QRectF>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace gp {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

double dist(double ax, double ay, double bx, double by)
{
    return std::hypot(ax - bx, ay - by);
}

const TrackedPose *findTrack(const std::vector<TrackedPose> &tracks, int id)
{
    for (const TrackedPose &t : tracks)
        if (t.trackId == id)
            return &t;
    return nullptr;
}

} // namespace

QualitySeries PoseQuality::compute(const DetectionCache &cache, const std::vector<std::vector<TrackedPose>> &tracks,
    const std::vector<int> &flip, double kc, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    QualitySeries q;
    const qint64 n = cache.frameCount();
    const int K = cache.keypointCount();
    q.keypointCount = K;
    q.keypointConf.assign(size_t(n * K), kNaN);
    q.confidence.assign(size_t(n), kNaN);
    q.jump.assign(size_t(n), kNaN);
    q.jitter.assign(size_t(n), kNaN);
    q.swap.assign(size_t(n), kNaN);
    q.occlusion.assign(size_t(n), 0);
    q.trackChange.assign(size_t(n), 0);
    static const std::vector<TrackedPose> kNone;
    auto tracksAt = [&](qint64 i) -> const std::vector<TrackedPose> & {
        return i >= 0 && i < qint64(tracks.size()) && cache.isAnalysed(i) ? tracks[size_t(i)] : kNone;
    };
    for (qint64 i = 0; i < n; ++i) {
        if ((i & 1023) == 1023) {
            if (cancel.isCancelled())
                return q;
            progress.report(i, n);
        }
        const DetectionCache::Frame *f = cache.frame(i);
        if (!f->analysed)
            continue;
        // Confidence: the most confident detection.
        const PoseDetection *best = nullptr;
        for (const PoseDetection &d : f->detections)
            if (!best || d.score > best->score)
                best = &d;
        double sum = 0.0;
        for (int k = 0; k < K; ++k) {
            const double c = best && size_t(k) < best->keypoints.size() ? best->keypoints[size_t(k)].conf : 0.0;
            q.keypointConf[size_t(i * K + k)] = float(c);
            sum += c;
        }
        q.confidence[size_t(i)] = K > 0 ? float(sum / K) : 0.0f;

        const std::vector<TrackedPose> &now = tracksAt(i);
        const bool prevAnalysed = i > 0 && cache.isAnalysed(i - 1);
        const bool nextAnalysed = i + 1 < n && cache.isAnalysed(i + 1);
        const std::vector<TrackedPose> &prev = tracksAt(i - 1);
        const std::vector<TrackedPose> &next = tracksAt(i + 1);
        for (const TrackedPose &t : now) {
            if (t.bridged)
                q.occlusion[size_t(i)] = 2;
            else if (q.occlusion[size_t(i)] == 0
                && std::any_of(
                    t.keypoints.begin(), t.keypoints.end(), [](const TrackedKeypoint &p) { return p.inferred; }))
                q.occlusion[size_t(i)] = 1;
        }
        if (!prevAnalysed)
            continue;
        // Track changes.
        std::vector<int> idsNow, idsPrev;
        for (const TrackedPose &t : now)
            idsNow.push_back(t.trackId);
        for (const TrackedPose &t : prev)
            idsPrev.push_back(t.trackId);
        q.trackChange[size_t(i)] = idsNow != idsPrev ? 1 : 0;

        float jump = 0.0f, swap = kNaN, jitter = kNaN;
        for (const TrackedPose &t : now) {
            const TrackedPose *p = findTrack(prev, t.trackId);
            if (!p || t.bridged || p->bridged)
                continue;
            const size_t kk = std::min(t.keypoints.size(), p->keypoints.size());
            auto ok = [&](size_t k) { return t.keypoints[k].conf >= kc && p->keypoints[k].conf >= kc; };
            for (size_t k = 0; k < kk; ++k)
                if (ok(k))
                    jump = std::max(jump,
                        float(dist(
                            t.keypoints[k].rawX, t.keypoints[k].rawY, p->keypoints[k].rawX, p->keypoints[k].rawY)));
            for (size_t a = 0; a < kk && a < flip.size(); ++a) {
                const size_t b = size_t(flip[a]);
                if (b <= a || b >= kk || !ok(a) || !ok(b))
                    continue;
                const TrackedKeypoint &ta = t.keypoints[a], &tb = t.keypoints[b];
                const TrackedKeypoint &pa = p->keypoints[a], &pb = p->keypoints[b];
                const double straight
                    = dist(ta.rawX, ta.rawY, pa.rawX, pa.rawY) + dist(tb.rawX, tb.rawY, pb.rawX, pb.rawY);
                const double crossed
                    = dist(ta.rawX, ta.rawY, pb.rawX, pb.rawY) + dist(tb.rawX, tb.rawY, pa.rawX, pa.rawY);
                const float margin = float(straight - crossed);
                swap = std::isnan(swap) ? margin : std::max(swap, margin);
            }
            if (!nextAnalysed)
                continue;
            const TrackedPose *nx = findTrack(next, t.trackId);
            if (!nx)
                continue;
            const size_t m = std::min(kk, nx->keypoints.size());
            double s = 0.0;
            for (size_t k = 0; k < m; ++k) {
                const double ax = nx->keypoints[k].x - 2.0 * t.keypoints[k].x + p->keypoints[k].x;
                const double ay = nx->keypoints[k].y - 2.0 * t.keypoints[k].y + p->keypoints[k].y;
                s += std::hypot(ax, ay);
            }
            if (m > 0)
                jitter = std::isnan(jitter) ? float(s / m) : std::max(jitter, float(s / m));
        }
        q.jump[size_t(i)] = jump;
        q.swap[size_t(i)] = swap;
        q.jitter[size_t(i)] = jitter;
    }
    progress.report(n, n);
    return q;
}

double PoseQuality::truthError(const ImageAnnotation &truth, const std::vector<TrackedPose> &tracks)
{
    double sum = 0.0;
    int count = 0;
    for (const PoseInstance &inst : truth.instances) {
        const TrackedPose *best = nullptr;
        double bestIou = 0.0;
        for (const TrackedPose &t : tracks) {
            const PoseBox box { inst.box.left(), inst.box.top(), inst.box.right(), inst.box.bottom() };
            const double iou = box.iou(t.box);
            if (iou > bestIou) {
                bestIou = iou;
                best = &t;
            }
        }
        if (!best)
            continue;
        for (size_t k = 0; k < inst.keypoints.size() && k < best->keypoints.size(); ++k) {
            if (!inst.keypoints[k].isLabelled())
                continue;
            sum += dist(inst.keypoints[k].x, inst.keypoints[k].y, best->keypoints[k].x, best->keypoints[k].y);
            ++count;
        }
    }
    return count ? sum / count : -1.0;
}

} // namespace gp
