#pragma once

#include "evaltypes.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace gp {

// Scores between ground truth and predictions, and the true-positive matching used by
// the Ultralytics validator. Matrices are row-major [truth][prediction].
class DetectionMatcher
{
public:
    using Matrix = std::vector<std::vector<double>>;

    // The ten thresholds 0.50:0.05:0.95, as float32 values (what the reference compares with).
    static std::vector<double> iouThresholds();

    static Matrix boxIou(const std::vector<EvalObject> &truth, const std::vector<EvalObject> &predictions);
    // Object keypoint similarity with area = box area × 0.53 and per-keypoint sigmas; a GT
    // without labelled keypoints scores 0.
    static Matrix oks(const std::vector<EvalObject> &truth, const std::vector<EvalObject> &predictions,
        const std::vector<double> &sigmas);
    static double oksArea(const EvalObject &truth);

    // tp[p][t]: prediction p is a true positive at threshold t. For each threshold the
    // pairs with score ≥ t (same class) are ordered by score, each prediction keeps its
    // best pair, then each GT keeps the pair with the lowest prediction index.
    // The matched (truth, prediction) pairs at one threshold, by prediction index.
    static std::vector<std::pair<std::size_t, std::size_t>> matchedPairs(const Matrix &scores,
        const std::vector<EvalObject> &truth, const std::vector<EvalObject> &predictions, double threshold);
    static std::vector<std::vector<bool>> match(const Matrix &scores, const std::vector<EvalObject> &truth,
        const std::vector<EvalObject> &predictions, const std::vector<double> &thresholds);
};

} // namespace gp
