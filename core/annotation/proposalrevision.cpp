#include "proposalrevision.h"

#include "annotationdocument.h"
#include "boxgeometry.h"
#include "gripperrefit.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace gp {

namespace {

BoxCorners pointsBox(const PoseInstance &inst)
{
    const QRectF r = AnnotationDocument::boxForKeypoints(inst.keypoints, QSize());
    return { r.left(), r.top(), r.right(), r.bottom() };
}

bool hasPersonPoint(const PoseInstance &inst)
{
    return std::any_of(inst.keypoints.begin(), inst.keypoints.end(),
        [](const Keypoint &k) { return k.isLabelled() && k.origin == Keypoint::Origin::Person; });
}

int proposals(const PoseInstance &inst)
{
    return int(
        std::count_if(inst.keypoints.begin(), inst.keypoints.end(), [](const Keypoint &k) { return k.isProposal(); }));
}

} // namespace

ProposalRevision::Result ProposalRevision::revise(const std::vector<PoseInstance> &current,
    const std::vector<PoseInstance> &fresh, const Skeleton &skeleton, const QSize &imageSize,
    const std::vector<ShapeModel> &models)
{
    // Greedy one-to-one matching, best IoU first.
    std::vector<std::tuple<double, size_t, size_t>> pairs;
    for (size_t c = 0; c < current.size(); ++c)
        for (size_t f = 0; f < fresh.size(); ++f) {
            const double iou = boxIou(pointsBox(current[c]), pointsBox(fresh[f]));
            if (iou >= kMatchIou)
                pairs.emplace_back(iou, c, f);
        }
    std::sort(pairs.begin(), pairs.end(), [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
    std::vector<int> matchOf(current.size(), -1);
    std::vector<bool> used(fresh.size(), false);
    for (const auto &[iou, c, f] : pairs)
        if (matchOf[c] < 0 && !used[f]) {
            matchOf[c] = int(f);
            used[f] = true;
        }

    Result r;
    const auto groups = skeleton.partGroups();
    for (size_t c = 0; c < current.size(); ++c) {
        const PoseInstance &old = current[c];
        if (matchOf[c] < 0) {
            if (hasPersonPoint(old)) {
                r.instances.push_back(old);
            } else {
                ++r.droppedObjects;
                r.changedPoints += proposals(old);
            }
            continue;
        }
        const PoseInstance &seen = fresh[size_t(matchOf[c])];
        PoseInstance next = old;
        if (!hasPersonPoint(old)) {
            next = seen;
        } else {
            for (size_t g = 0; g < groups.size(); ++g)
                GripperRefit::repropose(next.keypoints, seen.keypoints, groups[g],
                    g < models.size() && models[g].isValid() ? &models[g] : nullptr);
            // Points in no group take the model's place directly.
            for (size_t k = 0; k < next.keypoints.size() && k < seen.keypoints.size(); ++k)
                if (skeleton.partOf(int(k)) < 0 && next.keypoints[k].isProposal() && seen.keypoints[k].isLabelled())
                    next.keypoints[k] = seen.keypoints[k];
            next.box = AnnotationDocument::boxForKeypoints(next.keypoints, imageSize);
        }
        for (size_t k = 0; k < next.keypoints.size() && k < old.keypoints.size(); ++k) {
            const Keypoint &a = old.keypoints[k], &b = next.keypoints[k];
            if (a.isProposal() != b.isProposal() || (a.isProposal() && std::hypot(a.x - b.x, a.y - b.y) > kMoved))
                ++r.changedPoints;
        }
        r.instances.push_back(std::move(next));
    }
    for (size_t f = 0; f < fresh.size(); ++f)
        if (!used[f]) {
            r.instances.push_back(fresh[f]);
            ++r.addedObjects;
            r.changedPoints += proposals(fresh[f]);
        }
    return r;
}

} // namespace gp
