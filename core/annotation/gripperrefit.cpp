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
    std::vector<QPointF> from, to;
    for (int i : confirmed) {
        from.emplace_back(before[size_t(i)].x, before[size_t(i)].y);
        to.emplace_back(points[size_t(i)].x, points[size_t(i)].y);
    }
    std::vector<QPointF> moved(points.size());
    if (confirmed.size() >= 3 && model && model->isValid() && allKnown && model->pointCount() == int(group.size())) {
        // The shape model works on the group's own order: 0..group.size()-1.
        std::vector<QPointF> base;
        std::vector<int> fixed;
        for (size_t j = 0; j < group.size(); ++j) {
            const Keypoint &b = before[size_t(group[j])];
            base.emplace_back(b.x, b.y);
            if (points[size_t(group[j])].origin == Keypoint::Origin::Person)
                fixed.push_back(int(j));
        }
        const std::vector<QPointF> fitted = model->fit(base, fixed, to, kPointNoise);
        for (size_t j = 0; j < group.size(); ++j)
            moved[size_t(group[j])] = fitted[j];
    } else {
        const Similarity s
            = confirmed.size() == 1 ? Similarity::translation(to[0] - from[0]) : Similarity::fit(from, to);
        for (int i : proposals)
            moved[size_t(i)] = s.map(QPointF(before[size_t(i)].x, before[size_t(i)].y));
    }
    for (int i : proposals) {
        Keypoint &p = points[size_t(i)];
        p.x = moved[size_t(i)].x();
        p.y = moved[size_t(i)].y();
        p.origin = Keypoint::Origin::Refit;
    }
    return int(proposals.size());
}

} // namespace gp
