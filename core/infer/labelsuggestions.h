#pragma once

#include "posedetection.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <vector>

namespace gp {

// Which images a person should label next, from what a model makes of each (torch-free: the
// evidence comes from LabelSuggester).
//
// Uncertainty: how much the model's answer for an image changes when the image is mirrored.
// A model that knows a gripper puts it in the same place either way (after mapping the mirrored
// answer back through flip_idx); one that guesses does not. Low keypoint scores and objects found
// in one view and not the other count too. Diversity: k-means over the model's pooled backbone
// features, so that a batch covers the footage instead of repeating its hardest scene.
class LabelSuggestions
{
    Q_DECLARE_TR_FUNCTIONS(LabelSuggestions)

public:
    enum class Strategy {
        Uniform, // the list's order: as a person would go without suggestions
        Uncertainty, // the least sure first
        Mixed, // the least sure of each scene (k-means cluster) in turn
    };
    static QString key(Strategy strategy); // "uniform", "uncertainty", "mixed"
    static bool parse(const QString &key, Strategy *strategy);
    static QString displayName(Strategy strategy);

    struct Evidence
    {
        double uncertainty = 0.0; // in [0, 1]
        std::vector<float> features; // pooled backbone features (may be empty)
    };

    // The mirrored view's detections mapped back to the image: x → width − x, and keypoint k
    // takes the mirrored keypoint flipIndex[k] (a left gripper looks like a right one).
    static std::vector<PoseDetection> unmirror(
        const std::vector<PoseDetection> &mirrored, double imageWidth, const std::vector<int> &flipIndex);

    // One image's uncertainty in [0, 1] from its detections and its mirrored view's, mapped
    // back: each object is matched to the other view's by box IoU (at least 0.5); a matched
    // object scores the mean distance between its two answers' keypoints over the box diagonal
    // (0.1 of the diagonal scores 1: a point a tenth of the object away is wrong for any use)
    // mixed evenly with one minus its mean keypoint score; an object only one view found
    // scores 1. The image scores its worst object (the one a person would have to fix). An
    // image where neither view finds anything scores 0.5: it is empty or a miss, and nothing
    // tells which.
    static double uncertainty(const std::vector<PoseDetection> &plain, const std::vector<PoseDetection> &unmirrored);

    // The order in which to label the images (indices into `evidence`). Uniform keeps the
    // given order; Uncertainty sorts by uncertainty, highest first (ties in the given order);
    // Mixed clusters the features into `clusters` groups (k-means++, seeded: the same evidence
    // gives the same order) and takes, round after round, the most uncertain image left in each
    // cluster, the clusters in the order of their most uncertain image. Images without features
    // fall back to Uncertainty's order after the clustered ones.
    static std::vector<int> rank(const std::vector<Evidence> &evidence, Strategy strategy, int clusters);

    // k-means (k-means++ start, Lloyd iterations until nothing moves or 50 rounds) on
    // L2-normalised rows: each row's cluster in [0, k). Deterministic for a given seed.
    static std::vector<int> kmeans(const std::vector<std::vector<float>> &rows, int k, uint32_t seed = 1);
};

} // namespace gp
