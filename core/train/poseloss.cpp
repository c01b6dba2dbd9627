#include "poseloss.h"

#include "boxiou.h"
#include "postprocess.h"

#include <numeric>
#include <stdexcept>
#include <string>

namespace gp {

namespace {

// The batch's GT padded per image to the largest instance count M (rows in order of
// appearance), boxes xyxy in pixels.
struct PaddedTargets
{
    torch::Tensor labels; // [B, M, 1] float
    torch::Tensor bboxes; // [B, M, 4]
    torch::Tensor mask; // [B, M, 1] float, 1 for a real GT row
    torch::Tensor instance; // [B, M] int64 row in the flat targets, -1 for padding
};

torch::TensorOptions optionsOf(const torch::Tensor &t)
{
    return torch::TensorOptions().dtype(t.scalar_type()).device(t.device());
}

PaddedTargets padTargets(const PoseBatchTargets &targets, int64_t batchSize, double imageW, double imageH,
    const torch::TensorOptions &floatOptions)
{
    const torch::TensorOptions longOptions = floatOptions.dtype(torch::kLong);
    const int64_t n = targets.bboxes.defined() ? targets.bboxes.size(0) : 0;
    if (n == 0) {
        return { torch::zeros({ batchSize, 0, 1 }, floatOptions), torch::zeros({ batchSize, 0, 4 }, floatOptions),
            torch::zeros({ batchSize, 0, 1 }, floatOptions), torch::zeros({ batchSize, 0 }, longOptions) };
    }
    if (targets.bboxes.dim() != 2 || targets.bboxes.size(1) != 4)
        throw std::invalid_argument("PoseLoss: bboxes must be [n, 4] (cx, cy, w, h)");
    if (targets.batchIdx.numel() != n || targets.cls.numel() != n)
        throw std::invalid_argument("PoseLoss: batch_idx, cls and bboxes must have one row per instance");

    const torch::Tensor idx = targets.batchIdx.reshape({ -1 }).to(floatOptions.device(), torch::kLong);
    const int64_t lo = idx.min().item<int64_t>();
    const int64_t hi = idx.max().item<int64_t>();
    if (lo < 0 || hi >= batchSize)
        throw std::invalid_argument("PoseLoss: batch_idx " + std::to_string(lo < 0 ? lo : hi) + " outside the batch of "
            + std::to_string(batchSize) + " images");
    const int64_t m = torch::bincount(idx, {}, batchSize).max().item<int64_t>();
    // Position of every instance among those of its image.
    const torch::Tensor pos = (torch::one_hot(idx, batchSize).cumsum(0) - 1).gather(1, idx.unsqueeze(1)).squeeze(1);

    const torch::Tensor scale = torch::tensor({ imageW, imageH, imageW, imageH }, floatOptions);
    const torch::Tensor boxes = xywhToXyxy(targets.bboxes.to(floatOptions) * scale);

    PaddedTargets out;
    out.bboxes = torch::zeros({ batchSize, m, 4 }, floatOptions).index_put_({ idx, pos }, boxes);
    out.labels = torch::zeros({ batchSize, m, 1 }, floatOptions)
                     .index_put_({ idx, pos }, targets.cls.reshape({ n, 1 }).to(floatOptions));
    out.instance
        = torch::full({ batchSize, m }, -1, longOptions).index_put_({ idx, pos }, torch::arange(n, longOptions));
    out.mask = out.bboxes.sum(2, true).gt(0.0).to(floatOptions);
    return out;
}

// t[bi, :, ai] for a head output [B, C, N] -> [F, C]. One index op without a slice, so the
// backward pass scatters straight into a contiguous gradient of t.
torch::Tensor gatherAnchors(const torch::Tensor &t, const torch::Tensor &bi, const torch::Tensor &ai)
{
    c10::List<c10::optional<torch::Tensor>> indices;
    indices.push_back(bi);
    indices.push_back(c10::nullopt);
    indices.push_back(ai);
    return at::index(t, indices);
}

} // namespace

PoseLossItems PoseLossResult::plainItems() const
{
    const torch::Tensor v = items.detach().to(torch::kCPU, torch::kDouble).contiguous();
    const double *p = v.data_ptr<double>();
    return { p[0], p[1], p[2], p[3], p[4] };
}

const std::vector<double> &PoseLoss::cocoSigmas()
{
    static const std::vector<double> sigmas = [] {
        std::vector<double> s { .26, .25, .25, .35, .35, .79, .79, .72, .72, .62, .62, 1.07, 1.07, .87, .87, .89, .89 };
        for (double &v : s)
            v /= 10.0;
        return s;
    }();
    return sigmas;
}

PoseLoss::PoseLoss(PoseLossOptions options)
    : m_options(std::move(options))
    , m_assigner([this] {
        TaskAlignedAssignerOptions a = m_options.assigner;
        a.numClasses = m_options.numClasses;
        return a;
    }())
{
    if (m_options.regMax < 2)
        throw std::invalid_argument("PoseLoss: regMax must be at least 2");
    if (m_options.strides.empty())
        throw std::invalid_argument("PoseLoss: no strides");
}

std::vector<double> PoseLoss::sigmasFor(int64_t numKeypoints) const
{
    if (!m_options.sigmas.empty()) {
        if (int64_t(m_options.sigmas.size()) != numKeypoints)
            throw std::invalid_argument("PoseLoss: " + std::to_string(m_options.sigmas.size()) + " sigmas for "
                + std::to_string(numKeypoints) + " keypoints");
        return m_options.sigmas;
    }
    if (numKeypoints == 17)
        return cocoSigmas();
    return std::vector<double>(size_t(numKeypoints), 1.0 / double(numKeypoints));
}

PoseLossResult PoseLoss::compute(const RawHeadOutput &raw, const PoseBatchTargets &targets) const
{
    return compute(raw.boxes, raw.scores, raw.kpts, raw.grids, targets);
}

PoseLossResult PoseLoss::compute(const torch::Tensor &rawBoxes, const torch::Tensor &rawScores,
    const torch::Tensor &rawKpts, const std::vector<std::array<int64_t, 2>> &grids, const PoseBatchTargets &targets,
    std::array<double, 2> imageHw) const
{
    const int64_t b = rawBoxes.size(0);
    const int64_t n = rawBoxes.size(2);
    const int64_t regMax = m_options.regMax;
    const int64_t nc = rawScores.size(1);
    if (rawBoxes.size(1) != 4 * regMax)
        throw std::invalid_argument("PoseLoss: raw boxes have " + std::to_string(rawBoxes.size(1))
            + " channels, expected 4 * reg_max = " + std::to_string(4 * regMax));
    if (nc != m_options.numClasses)
        throw std::invalid_argument("PoseLoss: raw scores have " + std::to_string(nc) + " classes, expected "
            + std::to_string(m_options.numClasses));
    if (grids.size() != m_options.strides.size())
        throw std::invalid_argument("PoseLoss: " + std::to_string(grids.size()) + " feature maps for "
            + std::to_string(m_options.strides.size()) + " strides");
    const int64_t gridAnchors = std::accumulate(grids.begin(), grids.end(), int64_t(0),
        [](int64_t s, const std::array<int64_t, 2> &g) { return s + g[0] * g[1]; });
    if (gridAnchors != n || rawScores.size(2) != n || rawKpts.size(2) != n || rawScores.size(0) != b
        || rawKpts.size(0) != b)
        throw std::invalid_argument("PoseLoss: head outputs and feature-map sizes disagree on the anchors");
    const bool haveKeypoints = targets.keypoints.defined() && targets.keypoints.dim() == 3;
    const int64_t dims = haveKeypoints ? targets.keypoints.size(2) : 3;
    if (dims != 2 && dims != 3)
        throw std::invalid_argument("PoseLoss: keypoints must have 2 or 3 values each");
    const int64_t numKpts = rawKpts.size(1) / dims;
    if (numKpts * dims != rawKpts.size(1) || (haveKeypoints && targets.keypoints.size(1) != numKpts))
        throw std::invalid_argument("PoseLoss: raw keypoints have " + std::to_string(rawKpts.size(1))
            + " channels, which does not fit the labels' keypoint shape");

    const torch::TensorOptions fopt = optionsOf(rawScores);
    const double imageH = imageHw[0] > 0 ? imageHw[0] : double(grids[0][0]) * m_options.strides[0];
    const double imageW = imageHw[1] > 0 ? imageHw[1] : double(grids[0][1]) * m_options.strides[0];

    const AnchorGrid anchors = makeAnchors(grids, m_options.strides, fopt);
    const torch::Tensor anchorPoints = anchors.points.t(); // [N, 2] grid units
    const torch::Tensor strideT = anchors.strides.t(); // [N, 1]

    // Predicted boxes of every anchor, xyxy in grid units, for the assignment only: [B, N, 4].
    // The box losses decode their foreground anchors again with gradient, so that the
    // backward pass never runs through the softmax of all anchors.
    torch::Tensor predBoxes;
    {
        torch::NoGradGuard noGrad;
        predBoxes = distanceToBox(dflExpectation(rawBoxes), anchors.points, false).permute({ 0, 2, 1 });
    }
    const torch::Tensor scores = rawScores.permute({ 0, 2, 1 }); // [B, N, nc]

    const PaddedTargets gt = padTargets(targets, b, imageW, imageH, fopt);

    PoseLossResult result;
    result.assignment = m_assigner.assign(
        scores.detach().sigmoid(), predBoxes * strideT, anchorPoints * strideT, gt.labels, gt.bboxes, gt.mask);
    const TaskAlignedAssignment &as = result.assignment;
    const torch::Tensor scoreSum = as.targetScores.sum().clamp_min(1.0);

    const torch::Tensor cls = torch::binary_cross_entropy_with_logits(
                                  rawScores, as.targetScores.permute({ 0, 2, 1 }).to(fopt), {}, {}, at::Reduction::None)
                                  .sum()
        / scoreSum;

    torch::Tensor box = torch::zeros({}, fopt);
    torch::Tensor dfl = torch::zeros({}, fopt);
    torch::Tensor pose = torch::zeros({}, fopt);
    torch::Tensor kobj = torch::zeros({}, fopt);

    const torch::Tensor fgIndex = as.fgMask.nonzero(); // [F, 2]
    result.numForeground = fgIndex.size(0);
    if (result.numForeground > 0) {
        const int64_t f = result.numForeground;
        const torch::Tensor bi = fgIndex.select(1, 0);
        const torch::Tensor ai = fgIndex.select(1, 1);
        const torch::Tensor strideFg = strideT.index({ ai }); // [F, 1]
        const torch::Tensor anchorFg = anchorPoints.index({ ai }); // [F, 2]
        const torch::Tensor targetFg = as.targetBboxes.index({ bi, ai }) / strideFg; // [F, 4] grid units
        const torch::Tensor weight = as.targetScores.sum(-1).index({ bi, ai }).unsqueeze(-1);

        // Box: CIoU weighted by the target score. (Gathering in the head's own layout keeps
        // the gradients of the raw outputs contiguous, so autograd needs no transposing copy.)
        const torch::Tensor logits = gatherAnchors(rawBoxes, bi, ai); // [F, 4 * reg_max]
        const torch::Tensor predFg
            = distanceToBox(dflExpectation(logits.t().unsqueeze(0)), anchorFg.t(), false).squeeze(0).t(); // [F, 4]
        const torch::Tensor iou = completeIou(predFg, targetFg);
        box = ((1.0 - iou) * weight).sum() / scoreSum;

        // DFL: cross-entropy towards the two bins around each side's distance.
        const double maxDist = double(regMax - 1) - 0.01;
        const torch::Tensor ltrb
            = torch::cat({ anchorFg - targetFg.slice(1, 0, 2), targetFg.slice(1, 2, 4) - anchorFg }, 1)
                  .clamp(0.0, maxDist);
        const torch::Tensor binLogits = logits.reshape({ -1, regMax });
        const torch::Tensor left = ltrb.to(torch::kLong);
        const torch::Tensor right = left + 1;
        const torch::Tensor wl = right - ltrb;
        const torch::Tensor wr = 1 - wl;
        namespace F = torch::nn::functional;
        const auto none = F::CrossEntropyFuncOptions().reduction(torch::kNone);
        const torch::Tensor ceL = F::cross_entropy(binLogits, left.reshape({ -1 }), none).view(left.sizes());
        const torch::Tensor ceR = F::cross_entropy(binLogits, right.reshape({ -1 }), none).view(left.sizes());
        dfl = ((ceL * wl + ceR * wr).mean(-1, true) * weight).sum() / scoreSum;

        // Keypoints of each anchor's GT, in grid units.
        const torch::Tensor inst = gt.instance.index({ bi, as.targetGtIdx.index({ bi, ai }) }); // [F]
        torch::Tensor kptsPx = targets.keypoints.to(fopt).clone();
        kptsPx.select(-1, 0).mul_(imageW);
        kptsPx.select(-1, 1).mul_(imageH);
        const torch::Tensor gtKpts = kptsPx.index({ inst }); // [F, K, dims]
        const torch::Tensor gtXy = gtKpts.slice(-1, 0, 2) / strideFg.view({ f, 1, 1 });
        const torch::Tensor kptMask
            = dims == 3 ? gtKpts.select(-1, 2) != 0 : torch::ones({ f, numKpts }, fopt.dtype(torch::kBool));

        const torch::Tensor predK = gatherAnchors(rawKpts, bi, ai).reshape({ f, numKpts, dims });
        const torch::Tensor px = predK.select(-1, 0) * 2.0 + (anchorFg.select(1, 0) - 0.5).unsqueeze(-1);
        const torch::Tensor py = predK.select(-1, 1) * 2.0 + (anchorFg.select(1, 1) - 0.5).unsqueeze(-1);

        const torch::Tensor d = (px - gtXy.select(-1, 0)).pow(2) + (py - gtXy.select(-1, 1)).pow(2); // [F, K]
        const torch::Tensor area
            = (targetFg.select(1, 2) - targetFg.select(1, 0)) * (targetFg.select(1, 3) - targetFg.select(1, 1));
        const std::vector<double> sig = sigmasFor(numKpts);
        // The default 1/K sigmas in the working precision; explicit (COCO) sigmas in double.
        const bool defaultSigmas = m_options.sigmas.empty() && numKpts != 17;
        const torch::Tensor sigmas
            = defaultSigmas ? torch::ones({ numKpts }, fopt) / numKpts : torch::tensor(sig, fopt.dtype(torch::kDouble));
        const torch::Tensor factor = (kptMask.sum(1) + 1e-9).reciprocal() * numKpts; // [F]
        const torch::Tensor e = d / ((2 * sigmas).pow(2) * (area.unsqueeze(-1) + 1e-9) * 2);
        pose = (factor.view({ -1, 1 }) * ((1 - torch::exp(-e)) * kptMask)).mean().to(fopt);
        if (dims == 3)
            kobj = torch::binary_cross_entropy_with_logits(predK.select(-1, 2), kptMask.to(fopt));
    }

    const PoseLossGains &g = m_options.gains;
    const torch::Tensor weighted
        = torch::stack({ box * g.box, pose * g.pose, kobj * g.kobj, cls * g.cls, dfl * g.dfl });
    result.scaled = weighted * b;
    result.items = weighted.detach();
    return result;
}

} // namespace gp
