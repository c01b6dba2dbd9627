#include "detectionmatcher.h"

#include "boxgeometry.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gp {

std::vector<double> DetectionMatcher::iouThresholds()
{
    std::vector<double> t;
    for (int i = 0; i < 10; ++i)
        t.push_back(double(float(0.5 + 0.05 * i)));
    return t;
}

DetectionMatcher::Matrix DetectionMatcher::boxIou(
    const std::vector<EvalObject> &truth, const std::vector<EvalObject> &predictions)
{
    constexpr double kEps = 1e-7;
    Matrix m(truth.size(), std::vector<double>(predictions.size(), 0.0));
    for (size_t g = 0; g < truth.size(); ++g)
        for (size_t p = 0; p < predictions.size(); ++p)
            m[g][p] = gp::boxIou(truth[g].box, predictions[p].box, kEps);
    return m;
}

double DetectionMatcher::oksArea(const EvalObject &t)
{
    // COCO's segment area is not available for boxes; 0.53 × box area approximates it.
    return (t.box[2] - t.box[0]) * (t.box[3] - t.box[1]) * 0.53;
}

DetectionMatcher::Matrix DetectionMatcher::oks(
    const std::vector<EvalObject> &truth, const std::vector<EvalObject> &predictions, const std::vector<double> &sigmas)
{
    constexpr double kEps = 1e-7;
    Matrix m(truth.size(), std::vector<double>(predictions.size(), 0.0));
    for (size_t g = 0; g < truth.size(); ++g) {
        const double area = oksArea(truth[g]);
        const auto &gk = truth[g].keypoints;
        double labelled = 0;
        for (const EvalKeypoint &k : gk)
            labelled += k.v != 0.0;
        for (size_t p = 0; p < predictions.size(); ++p) {
            const auto &pk = predictions[p].keypoints;
            double sum = 0;
            for (size_t k = 0; k < gk.size() && k < pk.size(); ++k) {
                if (gk[k].v == 0.0)
                    continue;
                const double d2 = std::pow(gk[k].x - pk[k].x, 2) + std::pow(gk[k].y - pk[k].y, 2);
                const double s2 = std::pow(2 * sigmas[k], 2);
                sum += std::exp(-d2 / (s2 * (area + kEps) * 2));
            }
            m[g][p] = sum / (labelled + kEps);
        }
    }
    return m;
}

std::vector<std::pair<size_t, size_t>> DetectionMatcher::matchedPairs(const Matrix &scores,
    const std::vector<EvalObject> &truth, const std::vector<EvalObject> &predictions, double threshold)
{
    struct Pair
    {
        size_t gt, pred;
        double score;
    };
    std::vector<Pair> pairs;
    for (size_t g = 0; g < truth.size(); ++g)
        for (size_t p = 0; p < predictions.size(); ++p)
            if (truth[g].cls == predictions[p].cls && scores[g][p] >= threshold)
                pairs.push_back({ g, p, scores[g][p] });
    // Best score first; ties keep the (gt, pred) row-major order.
    std::stable_sort(pairs.begin(), pairs.end(), [](const Pair &a, const Pair &b) { return a.score > b.score; });
    // Each prediction keeps its first (best) pair; the survivors are taken by prediction index.
    std::vector<const Pair *> bestPerPred(predictions.size(), nullptr);
    for (const Pair &pr : pairs)
        if (!bestPerPred[pr.pred])
            bestPerPred[pr.pred] = &pr;
    // Each GT then keeps the surviving pair with the lowest prediction index.
    std::vector<std::pair<size_t, size_t>> out;
    std::vector<bool> gtTaken(truth.size(), false);
    for (size_t p = 0; p < predictions.size(); ++p) {
        const Pair *pr = bestPerPred[p];
        if (pr && !gtTaken[pr->gt]) {
            gtTaken[pr->gt] = true;
            out.emplace_back(pr->gt, p);
        }
    }
    return out;
}

std::vector<std::vector<bool>> DetectionMatcher::match(const Matrix &scores, const std::vector<EvalObject> &truth,
    const std::vector<EvalObject> &predictions, const std::vector<double> &thresholds)
{
    std::vector<std::vector<bool>> tp(predictions.size(), std::vector<bool>(thresholds.size(), false));
    for (size_t t = 0; t < thresholds.size(); ++t)
        for (const auto &[g, p] : matchedPairs(scores, truth, predictions, thresholds[t]))
            tp[p][t] = true;
    return tp;
}

} // namespace gp
