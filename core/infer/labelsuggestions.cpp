#include "labelsuggestions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace gp {

QString LabelSuggestions::key(Strategy s)
{
    switch (s) {
    case Strategy::Uniform:
        return QStringLiteral("uniform");
    case Strategy::Uncertainty:
        return QStringLiteral("uncertainty");
    case Strategy::Mixed:
        break;
    }
    return QStringLiteral("mixed");
}

bool LabelSuggestions::parse(const QString &text, Strategy *s)
{
    for (Strategy c : { Strategy::Uniform, Strategy::Uncertainty, Strategy::Mixed })
        if (text == key(c)) {
            *s = c;
            return true;
        }
    return false;
}

QString LabelSuggestions::displayName(Strategy s)
{
    switch (s) {
    case Strategy::Uniform:
        return tr("In list order");
    case Strategy::Uncertainty:
        return tr("Least sure first");
    case Strategy::Mixed:
        break;
    }
    return tr("Least sure of each kind of scene");
}

std::vector<PoseDetection> LabelSuggestions::unmirror(
    const std::vector<PoseDetection> &mirrored, double width, const std::vector<int> &flipIndex)
{
    std::vector<PoseDetection> out = mirrored;
    for (PoseDetection &d : out) {
        d.box = { width - d.box.x2, d.box.y1, width - d.box.x1, d.box.y2 };
        std::vector<PoseKeypoint> k = d.keypoints;
        for (size_t i = 0; i < k.size(); ++i) {
            const size_t from = i < flipIndex.size() && size_t(flipIndex[i]) < k.size() ? size_t(flipIndex[i]) : i;
            k[i] = d.keypoints[from];
            k[i].x = width - k[i].x;
        }
        d.keypoints = std::move(k);
    }
    return out;
}

namespace {

// The part of a matched object's score that its two answers' disagreement makes: the mean
// keypoint distance over the box diagonal, where a tenth of the diagonal is a wrong point.
constexpr double kWrongFraction = 0.1;
// Boxes of one object in the two views overlap at least this much.
constexpr double kSameObjectIou = 0.5;

double meanScore(const PoseDetection &d)
{
    if (d.keypoints.empty())
        return d.score;
    double s = 0;
    for (const PoseKeypoint &k : d.keypoints)
        s += k.conf;
    return s / double(d.keypoints.size());
}

double objectUncertainty(const PoseDetection &a, const PoseDetection &b)
{
    const double diagonal = std::max(1.0, std::hypot(a.box.width(), a.box.height()));
    const size_t n = std::min(a.keypoints.size(), b.keypoints.size());
    double spread = 0;
    for (size_t k = 0; k < n; ++k)
        spread += std::hypot(a.keypoints[k].x - b.keypoints[k].x, a.keypoints[k].y - b.keypoints[k].y);
    const double disagreement = n ? std::min(1.0, spread / double(n) / (kWrongFraction * diagonal)) : 0.0;
    const double doubt = 1.0 - std::clamp(0.5 * (meanScore(a) + meanScore(b)), 0.0, 1.0);
    return 0.5 * disagreement + 0.5 * doubt;
}

double squaredDistance(const std::vector<float> &a, const std::vector<float> &b)
{
    double s = 0;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
        s += double(a[i] - b[i]) * double(a[i] - b[i]);
    return s;
}

} // namespace

double LabelSuggestions::uncertainty(const std::vector<PoseDetection> &plain, const std::vector<PoseDetection> &other)
{
    if (plain.empty() && other.empty())
        return 0.5;
    // Greedy matching by IoU, the best pairs first.
    std::vector<std::tuple<double, size_t, size_t>> pairs;
    for (size_t i = 0; i < plain.size(); ++i)
        for (size_t j = 0; j < other.size(); ++j) {
            const double iou = plain[i].box.iou(other[j].box);
            if (iou >= kSameObjectIou)
                pairs.emplace_back(iou, i, j);
        }
    std::sort(pairs.begin(), pairs.end(), [](const auto &x, const auto &y) { return std::get<0>(x) > std::get<0>(y); });
    std::vector<bool> usedA(plain.size()), usedB(other.size());
    double worst = 0;
    size_t matched = 0;
    for (const auto &[iou, i, j] : pairs) {
        if (usedA[i] || usedB[j])
            continue;
        usedA[i] = usedB[j] = true;
        ++matched;
        worst = std::max(worst, objectUncertainty(plain[i], other[j]));
    }
    // An object one view found and the other did not.
    if (matched < plain.size() || matched < other.size())
        worst = 1.0;
    return worst;
}

std::vector<int> LabelSuggestions::kmeans(const std::vector<std::vector<float>> &input, int k, uint32_t seed)
{
    const int n = int(input.size());
    std::vector<int> label(size_t(n), 0);
    k = std::clamp(k, 1, std::max(1, n));
    if (n == 0 || k == 1)
        return label;
    // Cosine geometry: features of one scene differ mostly in scale (brightness, contrast).
    std::vector<std::vector<float>> rows = input;
    for (std::vector<float> &r : rows) {
        double norm = 0;
        for (float v : r)
            norm += double(v) * v;
        norm = std::sqrt(norm);
        if (norm > 0)
            for (float &v : r)
                v = float(v / norm);
    }
    std::mt19937 rng(seed);
    // k-means++: each further centre drawn with probability proportional to the squared
    // distance to the nearest centre so far.
    std::vector<std::vector<float>> centres { rows[std::uniform_int_distribution<int>(0, n - 1)(rng)] };
    std::vector<double> nearest(size_t(n), std::numeric_limits<double>::max());
    while (int(centres.size()) < k) {
        double total = 0;
        for (int i = 0; i < n; ++i) {
            nearest[size_t(i)] = std::min(nearest[size_t(i)], squaredDistance(rows[size_t(i)], centres.back()));
            total += nearest[size_t(i)];
        }
        if (total <= 0)
            break; // fewer distinct rows than clusters
        double pick = std::uniform_real_distribution<double>(0, total)(rng);
        int chosen = n - 1;
        for (int i = 0; i < n; ++i) {
            pick -= nearest[size_t(i)];
            if (pick <= 0) {
                chosen = i;
                break;
            }
        }
        centres.push_back(rows[size_t(chosen)]);
    }
    const size_t dims = rows.front().size();
    for (int round = 0; round < 50; ++round) {
        bool moved = false;
        for (int i = 0; i < n; ++i) {
            int best = 0;
            double bestDistance = std::numeric_limits<double>::max();
            for (size_t c = 0; c < centres.size(); ++c) {
                const double d = squaredDistance(rows[size_t(i)], centres[c]);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = int(c);
                }
            }
            moved = moved || label[size_t(i)] != best;
            label[size_t(i)] = best;
        }
        if (!moved && round > 0)
            break;
        std::vector<std::vector<double>> sum(centres.size(), std::vector<double>(dims, 0.0));
        std::vector<int> count(centres.size(), 0);
        for (int i = 0; i < n; ++i) {
            ++count[size_t(label[size_t(i)])];
            for (size_t d = 0; d < dims && d < rows[size_t(i)].size(); ++d)
                sum[size_t(label[size_t(i)])][d] += rows[size_t(i)][d];
        }
        for (size_t c = 0; c < centres.size(); ++c)
            if (count[c] > 0) // an emptied cluster keeps its centre
                for (size_t d = 0; d < dims; ++d)
                    centres[c][d] = float(sum[c][d] / count[c]);
    }
    return label;
}

std::vector<int> LabelSuggestions::rank(const std::vector<Evidence> &evidence, Strategy strategy, int clusters)
{
    std::vector<int> order(evidence.size());
    std::iota(order.begin(), order.end(), 0);
    if (strategy == Strategy::Uniform)
        return order;
    std::stable_sort(order.begin(), order.end(),
        [&](int a, int b) { return evidence[size_t(a)].uncertainty > evidence[size_t(b)].uncertainty; });
    if (strategy == Strategy::Uncertainty)
        return order;
    // Mixed: the images with features, clustered, each cluster's images most uncertain first.
    std::vector<int> withFeatures, without;
    for (int i : order)
        (evidence[size_t(i)].features.empty() ? without : withFeatures).push_back(i);
    std::vector<std::vector<float>> rows;
    rows.reserve(withFeatures.size());
    for (int i : withFeatures)
        rows.push_back(evidence[size_t(i)].features);
    const std::vector<int> label = kmeans(rows, clusters);
    // Queues in the order of their most uncertain image (withFeatures is sorted already).
    std::vector<std::vector<int>> queues;
    std::vector<int> queueOf(size_t(std::max(1, clusters)), -1);
    for (size_t j = 0; j < withFeatures.size(); ++j) {
        int &q = queueOf[size_t(label[j])];
        if (q < 0) {
            q = int(queues.size());
            queues.emplace_back();
        }
        queues[size_t(q)].push_back(withFeatures[j]);
    }
    std::vector<int> ranked;
    ranked.reserve(evidence.size());
    for (size_t depth = 0; ranked.size() < withFeatures.size(); ++depth)
        for (const std::vector<int> &q : queues)
            if (depth < q.size())
                ranked.push_back(q[depth]);
    ranked.insert(ranked.end(), without.begin(), without.end());
    return ranked;
}

} // namespace gp
