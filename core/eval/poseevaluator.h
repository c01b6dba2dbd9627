#pragma once

#include "averageprecision.h"
#include "evaltypes.h"

#include <vector>

namespace gp {

// Box or pose metrics of a validation run.
struct MetricSet
{
    double precision = 0, recall = 0, map50 = 0, map75 = 0, map = 0;
    std::vector<double> apPerThreshold; // 0.50 … 0.95
};

// Per-keypoint localisation quality over the predictions matched to a GT at OKS ≥ 0.5:
// the mean pixel error, the mean error relative to the object's scale (√area) and the
// mean per-keypoint OKS term. Counted separately by the GT's visibility.
struct KeypointErrorStats
{
    int count = 0;
    double meanPixelError = 0;
    double meanScaledError = 0;
    double meanOks = 0;
};

struct PoseMetrics
{
    MetricSet box;
    MetricSet pose;
    double fitness = 0; // box mAP50-95 + pose mAP50-95
    int images = 0;
    int instances = 0;
    std::vector<KeypointErrorStats> perKeypoint; // by keypoint index, all labelled GT points
    std::vector<KeypointErrorStats> perKeypointVisible; // by keypoint index, GT visibility 2
    std::vector<KeypointErrorStats> perKeypointOccluded; // by keypoint index, GT visibility 1
    KeypointErrorStats visible; // GT visibility 2
    KeypointErrorStats occluded; // GT visibility 1
};

// Accumulates images and computes the validator's metrics (box IoU and keypoint OKS
// matching at 0.50:0.95, AP per class, P/R at max F1, fitness), plus per-keypoint errors.
class PoseEvaluator
{
public:
    explicit PoseEvaluator(
        std::vector<double> sigmas, AveragePrecision::EndSentinel sentinel = AveragePrecision::EndSentinel::Current);

    void addImage(const EvalImage &image);
    PoseMetrics result() const;

    // The true-positive matrices of the last added image ([prediction][threshold]).
    const std::vector<std::vector<bool>> &lastBoxTp() const { return m_lastBoxTp; }
    const std::vector<std::vector<bool>> &lastPoseTp() const { return m_lastPoseTp; }

private:
    struct ErrorSum
    {
        int count = 0;
        double pixel = 0, scaled = 0, oks = 0;
        void add(double px, double scaledErr, double oksTerm);
        KeypointErrorStats stats() const;
    };

    std::vector<double> m_sigmas;
    AveragePrecision::EndSentinel m_sentinel;
    std::vector<double> m_thresholds;
    std::vector<std::vector<bool>> m_boxTp, m_poseTp, m_lastBoxTp, m_lastPoseTp;
    std::vector<double> m_conf;
    std::vector<int> m_predClass, m_targetClass;
    std::vector<ErrorSum> m_perKeypoint, m_perKeypointVisible, m_perKeypointOccluded;
    ErrorSum m_visible, m_occluded;
    int m_images = 0;
};

} // namespace gp
