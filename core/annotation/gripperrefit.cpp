#include "gripperrefit.h"

namespace gp {

int GripperRefit::apply(std::vector<Keypoint> &points, const std::vector<Keypoint> &before,
    const std::vector<int> &group, const ShapeModel *model)
{
    std::vector<int> confirmed, proposals;
    bool allKnown = true;
    for (int i : group) {
        if (size_t(i) >= points.size() || size_t(i) >= before.size())
            return 0;
        const Keypoint &p = points[size_t(i)];
        if (!p.isLabelled() || !before[size_t(i)].isLabelled())
            allKnown = false;
        else if (p.origin == Keypoint::Origin::Person)
            confirmed.push_back(i);
        else
            proposals.push_back(i);
    }
    if (confirmed.empty() || proposals.empty())
        return 0;
    // Where the group's points were: with a shape model, the proposals' places on the plausible
    // gripper nearest them (a weak model's proposal may be no gripper at all); a person's
    // points from before this correction stay where they are.
    const bool useModel = model && model->isValid() && allKnown && model->pointCount() == int(group.size());
    std::vector<QPointF> base(points.size());
    for (int i : group)
        base[size_t(i)] = QPointF(before[size_t(i)].x, before[size_t(i)].y);
    if (useModel) {
        std::vector<QPointF> shape;
        for (int i : group)
            shape.push_back(base[size_t(i)]);
        shape = model->project(shape);
        for (size_t j = 0; j < group.size(); ++j)
            if (before[size_t(group[j])].origin != Keypoint::Origin::Person)
                base[size_t(group[j])] = shape[j];
    }
    std::vector<QPointF> from, to;
    for (int i : confirmed) {
        from.push_back(base[size_t(i)]);
        to.emplace_back(points[size_t(i)].x, points[size_t(i)].y);
    }
    std::vector<QPointF> moved(points.size());
    if (confirmed.size() >= 3 && useModel) {
        // The shape model works on the group's own order: 0..group.size()-1.
        std::vector<QPointF> shape;
        std::vector<int> fixed;
        for (size_t j = 0; j < group.size(); ++j) {
            shape.push_back(base[size_t(group[j])]);
            if (points[size_t(group[j])].origin == Keypoint::Origin::Person)
                fixed.push_back(int(j));
        }
        const std::vector<QPointF> fitted = model->fit(shape, fixed, to, kPointNoise);
        for (size_t j = 0; j < group.size(); ++j)
            moved[size_t(group[j])] = fitted[j];
    } else {
        const Similarity s
            = confirmed.size() == 1 ? Similarity::translation(to[0] - from[0]) : Similarity::fit(from, to);
        for (int i : proposals)
            moved[size_t(i)] = s.map(base[size_t(i)]);
    }
    for (int i : proposals) {
        Keypoint &p = points[size_t(i)];
        p.x = moved[size_t(i)].x();
        p.y = moved[size_t(i)].y();
        p.origin = Keypoint::Origin::Refit;
    }
    return int(proposals.size());
}

void GripperRefit::repropose(std::vector<Keypoint> &points, const std::vector<Keypoint> &modelPoints,
    const std::vector<int> &group, const ShapeModel *model)
{
    std::vector<Keypoint> seen = points;
    for (int i : group) {
        if (size_t(i) >= modelPoints.size() || size_t(i) >= points.size() || !modelPoints[size_t(i)].isLabelled()
            || !points[size_t(i)].isLabelled())
            continue;
        seen[size_t(i)].x = modelPoints[size_t(i)].x;
        seen[size_t(i)].y = modelPoints[size_t(i)].y;
        seen[size_t(i)].origin = Keypoint::Origin::Model;
        if (points[size_t(i)].isProposal()) {
            points[size_t(i)].x = modelPoints[size_t(i)].x;
            points[size_t(i)].y = modelPoints[size_t(i)].y;
            points[size_t(i)].confidence = modelPoints[size_t(i)].confidence;
        }
    }
    apply(points, seen, group, model);
}

} // namespace gp
