#pragma once

#include "poseinstance.h"
#include "similarity.h"

#include <QPointF>

#include <vector>

namespace gp {

// How one gripper's points move together beyond a similarity: a point distribution model
// learned from the project's own labels. The shapes are aligned to their mean (Procrustes:
// rotation, scale, translation removed), and the principal components of what remains are
// the articulation modes — for a parallel gripper, each finger's opening and the fingers'
// length first. fit() bends and places a base shape so that some of its points land where a
// person put them, which is what a correction from three points on uses (GripperRefit).
class ShapeModel
{
public:
    // Shapes of the same point count with every point known; at least kMinShapes of them,
    // else the model stays invalid. Keeps the modes that explain kExplained of the variance,
    // at most maxModes.
    static constexpr int kMinShapes = 12;
    static constexpr double kExplained = 0.98;
    static ShapeModel learn(const std::vector<std::vector<QPointF>> &shapes, int maxModes = 3);
    // One model per group of keypoint indices (Skeleton::partGroups()), each learned from the
    // instances whose points of that group are all labelled.
    static std::vector<ShapeModel> learnParts(
        const std::vector<PoseInstance> &instances, const std::vector<std::vector<int>> &groups);

    bool isValid() const { return !m_mean.empty(); }
    int pointCount() const { return int(m_mean.size()); }
    int modeCount() const { return int(m_modes.size()); }
    const std::vector<QPointF> &mean() const { return m_mean; }
    // Each mode's variance, in units of the normalised shape (RMS distance to the centroid 1).
    const std::vector<double> &variances() const { return m_variances; }

    // The plausible shape nearest `shape`, in its pose: its coefficients on every mode, each
    // held within kPlausible standard deviations. A weak model's proposal can be no gripper at
    // all; its projection is one.
    static constexpr double kPlausible = 3.0;
    std::vector<QPointF> project(const std::vector<QPointF> &shape) const;

    // Moves `base` (pointCount() points) so that its points `fixed` land on `targets`: a
    // similarity and up to 2 |fixed| - 4 modes (so the fit stays determined), the modes held
    // back towards 0 by their variance against a point noise of `noise` pixels. Returns every
    // point; the fixed ones come back where the fit puts them, which callers overwrite with
    // the targets.
    std::vector<QPointF> fit(const std::vector<QPointF> &base, const std::vector<int> &fixed,
        const std::vector<QPointF> &targets, double noise = 1.0) const;

private:
    std::vector<QPointF> m_mean; // centroid 0, RMS radius 1
    std::vector<std::vector<QPointF>> m_modes; // unit vectors (over all 2n coordinates), in the mean's frame
    std::vector<double> m_variances;
};

} // namespace gp
