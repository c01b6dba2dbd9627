#include "temporalreplay.h"

#include "detectioncache.h"

namespace gp {

bool TemporalReplay::run(const DetectionCache &cache, const TemporalOptions &options,
    std::vector<std::vector<TrackedPose>> *tracks, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    PoseTracker tracker(options);
    const qint64 n = cache.frameCount();
    tracks->assign(size_t(n), {});
    for (qint64 i = 0; i < n; ++i) {
        const DetectionCache::Frame *f = cache.frame(i);
        if (f->analysed)
            (*tracks)[size_t(i)] = tracker.update(i, f->timestampMs, f->detections);
        if ((i & 1023) == 1023) {
            if (cancel.isCancelled())
                return false;
            progress.report(i + 1, n);
        }
    }
    progress.report(n, n);
    return true;
}

std::vector<TrackedPose> TemporalReplay::untracked(const std::vector<PoseDetection> &detections)
{
    std::vector<TrackedPose> out;
    int id = 1;
    for (const PoseDetection &d : detections) {
        TrackedPose t;
        t.trackId = id++;
        t.box = t.rawBox = d.box;
        t.score = d.score;
        t.cls = d.cls;
        for (const PoseKeypoint &k : d.keypoints)
            t.keypoints.push_back({ k.x, k.y, k.conf, k.x, k.y, false });
        out.push_back(std::move(t));
    }
    return out;
}

} // namespace gp
