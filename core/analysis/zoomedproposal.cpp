#include "zoomedproposal.h"

#include "livepredictor.h"
#include "prelabeller.h"

#include <algorithm>
#include <cmath>

namespace gp {

QRect ZoomedProposal::cropFor(const PoseInstance &object, const QSize &imageSize)
{
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool any = false;
    for (const Keypoint &k : object.keypoints) {
        if (!k.isLabelled())
            continue;
        x0 = any ? std::min(x0, k.x) : k.x;
        y0 = any ? std::min(y0, k.y) : k.y;
        x1 = any ? std::max(x1, k.x) : k.x;
        y1 = any ? std::max(y1, k.y) : k.y;
        any = true;
    }
    if (!any || imageSize.isEmpty())
        return {};
    const double extent = std::max(x1 - x0, y1 - y0);
    const int side = std::min(
        { std::max(kMinSide, int(std::ceil(extent * (1.0 + 2.0 * kMargin)))), imageSize.width(), imageSize.height() });
    // Centred on the points, shifted inside the image.
    const int left = std::clamp(int(std::lround((x0 + x1) / 2 - side / 2.0)), 0, imageSize.width() - side);
    const int top = std::clamp(int(std::lround((y0 + y1) / 2 - side / 2.0)), 0, imageSize.height() - side);
    return { left, top, side, side };
}

std::optional<PoseInstance> ZoomedProposal::run(
    LivePredictor &predictor, const QImage &image, const PoseInstance &object, QString *error)
{
    const QRect crop = cropFor(object, image.size());
    if (crop.isEmpty())
        return std::nullopt;
    std::vector<PoseDetection> found;
    if (!predictor.predict(image.copy(crop), &found, error))
        return std::nullopt;
    const int k = int(object.keypoints.size());
    // The same object, looked at closer, moves by a fraction of its size; a detection further
    // away is another object, or noise.
    const double limit = kSameObject * crop.width() / (1.0 + 2.0 * kMargin);
    std::optional<PoseInstance> best;
    double bestDistance = limit;
    for (const PoseDetection &d : found) {
        PoseInstance candidate = PreLabeller::toInstance(d, crop.size(), k);
        double sum = 0;
        int n = 0;
        for (int i = 0; i < k; ++i) {
            Keypoint &p = candidate.keypoints[size_t(i)];
            if (!p.isLabelled())
                continue;
            p.x += crop.left();
            p.y += crop.top();
            const Keypoint &o = object.keypoints[size_t(i)];
            if (o.isLabelled()) {
                sum += std::hypot(p.x - o.x, p.y - o.y);
                ++n;
            }
        }
        candidate.box.translate(crop.topLeft());
        if (n > 0 && sum / n < bestDistance) {
            bestDistance = sum / n;
            best = candidate;
        }
    }
    return best;
}

} // namespace gp
