#include "truthscore.h"

#include "videotruth.h"

#include <array>
#include <cmath>
#include <map>

namespace gp {

namespace {

struct Mean
{
    double sum = 0.0;
    qint64 n = 0;
    void add(double v)
    {
        sum += v;
        ++n;
    }
    double value() const { return n ? sum / double(n) : 0.0; }
};

PoseBox boxOf(const PoseInstance &p)
{
    return { p.box.left(), p.box.top(), p.box.right(), p.box.bottom() };
}

} // namespace

TruthScoreResult TruthScore::score(const VideoTruth &truth, const std::vector<std::vector<TrackedPose>> &tracks)
{
    TruthScoreResult r;
    Mean error, rawError, jitter, rawJitter, occlusion, truthJitter;
    // Per (truth track, keypoint): the last matched frames as frame, output x y, raw x y.
    std::map<std::pair<int, int>, std::vector<std::array<double, 5>>> history;
    // Per (truth track, keypoint): the truth's last two frames, for its own second difference.
    std::map<std::pair<int, int>, std::vector<std::array<double, 3>>> truthHistory;
    static const std::vector<TrackedPose> kNone;
    for (int f = 0; f < truth.frameCount(); ++f) {
        const VideoTruth::Frame *frame = truth.frame(f);
        if (!frame)
            continue;
        const std::vector<TrackedPose> &out = size_t(f) < tracks.size() ? tracks[size_t(f)] : kNone;
        for (size_t i = 0; i < frame->annotation.instances.size(); ++i) {
            const PoseInstance &t = frame->annotation.instances[i];
            const int track = i < frame->tracks.size() ? frame->tracks[i] : int(i);
            ++r.instances;
            for (size_t k = 0; k < t.keypoints.size(); ++k) {
                const Keypoint &p = t.keypoints[k];
                if (p.visibility < 1)
                    continue;
                ++r.truthPoints;
                auto &h = truthHistory[{ track, int(k) }];
                h.push_back({ double(f), p.x, p.y });
                if (h.size() > 3)
                    h.erase(h.begin());
                if (h.size() == 3 && h[2][0] - h[0][0] == 2)
                    truthJitter.add(std::hypot(h[2][1] - 2 * h[1][1] + h[0][1], h[2][2] - 2 * h[1][2] + h[0][2]));
            }
            const PoseBox box = boxOf(t);
            const TrackedPose *best = nullptr;
            double bestIou = kMatchIou;
            for (const TrackedPose &tp : out) {
                const double iou = tp.rawBox.iou(box);
                if (iou >= bestIou) {
                    bestIou = iou;
                    best = &tp;
                }
            }
            if (!best)
                continue;
            ++r.matched;
            bool inEpisode = false;
            for (const VideoTruth::Occlusion &e : truth.occlusions())
                inEpisode = inEpisode || (e.track == track && f >= e.start && f <= e.end);
            for (size_t k = 0; k < t.keypoints.size() && k < best->keypoints.size(); ++k) {
                const Keypoint &p = t.keypoints[k];
                if (p.visibility < 1)
                    continue;
                ++r.points;
                const TrackedKeypoint &q = best->keypoints[k];
                const double e = std::hypot(q.x - p.x, q.y - p.y);
                error.add(e);
                rawError.add(std::hypot(q.rawX - p.x, q.rawY - p.y));
                if (inEpisode)
                    occlusion.add(e);
                auto &h = history[{ track, int(k) }];
                h.push_back({ double(f), q.x, q.y, q.rawX, q.rawY });
                if (h.size() > 3)
                    h.erase(h.begin());
                if (h.size() == 3 && h[2][0] - h[0][0] == 2) {
                    jitter.add(std::hypot(h[2][1] - 2 * h[1][1] + h[0][1], h[2][2] - 2 * h[1][2] + h[0][2]));
                    rawJitter.add(std::hypot(h[2][3] - 2 * h[1][3] + h[0][3], h[2][4] - 2 * h[1][4] + h[0][4]));
                }
            }
        }
    }
    r.error = error.value();
    r.rawError = rawError.value();
    r.jitter = jitter.value();
    r.rawJitter = rawJitter.value();
    r.occlusionError = occlusion.value();
    r.truthJitter = truthJitter.value();
    return r;
}

} // namespace gp
