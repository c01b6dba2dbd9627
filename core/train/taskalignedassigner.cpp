#include "taskalignedassigner.h"

#include "boxiou.h"

#include <algorithm>
#include <stdexcept>

namespace gp {

TaskAlignedAssigner::TaskAlignedAssigner(TaskAlignedAssignerOptions options)
    : m_options(options)
{
    if (m_options.topk < 1)
        throw std::invalid_argument("TaskAlignedAssigner: topk must be at least 1");
    if (m_options.numClasses < 1)
        throw std::invalid_argument("TaskAlignedAssigner: numClasses must be at least 1");
}

torch::Tensor TaskAlignedAssigner::candidatesInGts(
    const torch::Tensor &anchorPoints, const torch::Tensor &gtBboxes, const torch::Tensor &maskGt) const
{
    torch::Tensor boxes = gtBboxes;
    if (m_options.widenSmallBoxes) {
        // The test runs on centre/size boxes so that a widened side keeps its centre.
        const torch::Tensor xywh = xyxyToXywh(gtBboxes);
        const torch::Tensor wh = xywh.slice(-1, 2, 4);
        const torch::Tensor small = (wh < m_options.smallBoxThreshold) & (maskGt != 0);
        const torch::Tensor widened = torch::where(small, torch::full({}, m_options.smallBoxSize, wh.options()), wh);
        boxes = xywhToXyxy(torch::cat({ xywh.slice(-1, 0, 2), widened }, -1));
    }
    const int64_t n = anchorPoints.size(0);
    const torch::Tensor ax = anchorPoints.select(1, 0).view({ 1, 1, n });
    const torch::Tensor ay = anchorPoints.select(1, 1).view({ 1, 1, n });
    const torch::Tensor x1 = boxes.select(-1, 0).unsqueeze(-1);
    const torch::Tensor y1 = boxes.select(-1, 1).unsqueeze(-1);
    const torch::Tensor x2 = boxes.select(-1, 2).unsqueeze(-1);
    const torch::Tensor y2 = boxes.select(-1, 3).unsqueeze(-1);
    // Smallest of the four margins, without materialising [B, M, N, 4].
    const torch::Tensor margin = torch::minimum(torch::minimum(ax - x1, ay - y1), torch::minimum(x2 - ax, y2 - ay));
    return margin > m_options.eps;
}

TaskAlignedAssignment TaskAlignedAssigner::assign(const torch::Tensor &pdScores, const torch::Tensor &pdBboxes,
    const torch::Tensor &anchorPoints, const torch::Tensor &gtLabels, const torch::Tensor &gtBboxes,
    const torch::Tensor &maskGt) const
{
    torch::NoGradGuard noGrad;
    const int64_t b = pdScores.size(0);
    const int64_t n = pdScores.size(1);
    const int64_t c = pdScores.size(2);
    const int64_t m = gtBboxes.size(1);
    const torch::TensorOptions longOptions = pdScores.options().dtype(torch::kLong);

    if (m == 0) {
        return { torch::full({ b, n }, m_options.numClasses, longOptions), torch::zeros_like(pdBboxes),
            torch::zeros_like(pdScores), torch::zeros({ b, n }, longOptions.dtype(torch::kBool)),
            torch::zeros({ b, n }, longOptions) };
    }

    const torch::Tensor validGt = maskGt.reshape({ b, m, 1 }) != 0; // [B, M, 1]
    const torch::Tensor inGts = candidatesInGts(anchorPoints, gtBboxes, maskGt.reshape({ b, m, 1 })); // [B, M, N]
    const torch::Tensor candidates = inGts & validGt;

    // Alignment metric on candidate pairs: p(class of the GT)^alpha * CIoU(GT, pred)^beta;
    // zero (and overlap zero) elsewhere. Computed on the pairs only.
    const torch::Tensor labels = gtLabels.reshape({ b, m, 1 }).to(torch::kLong);
    torch::Tensor overlaps = torch::zeros({ b, m, n }, pdBboxes.options());
    torch::Tensor alignMetric = torch::zeros({ b, m, n }, pdScores.options());
    const torch::Tensor pairs = candidates.nonzero(); // [P, 3] row-major order
    if (pairs.size(0) > 0) {
        const torch::Tensor bi = pairs.select(1, 0);
        const torch::Tensor gi = pairs.select(1, 1);
        const torch::Tensor ai = pairs.select(1, 2);
        const torch::Tensor iou
            = completeIou(gtBboxes.index({ bi, gi }), pdBboxes.index({ bi, ai })).squeeze(-1).clamp_min(0);
        const torch::Tensor score = pdScores.index({ bi, ai, labels.index({ bi, gi, 0 }) });
        overlaps.index_put_({ bi, gi, ai }, iou);
        alignMetric.index_put_({ bi, gi, ai }, score.pow(m_options.alpha) * iou.pow(m_options.beta));
    }

    // The top-k anchors of every GT by alignment; positive when also a candidate of a real GT.
    const int64_t k = std::min(m_options.topk, n);
    const torch::Tensor topkIdx = std::get<1>(alignMetric.topk(k, -1, true, true));
    const torch::Tensor inTopk = torch::zeros({ b, m, n }, alignMetric.options()).scatter_(-1, topkIdx, 1.0);
    torch::Tensor maskPos = inTopk * candidates;

    // An anchor positive for several GTs goes to the GT it overlaps most.
    const torch::Tensor multiple = (maskPos.sum(-2, true) > 1).expand({ b, m, n });
    // (Arg-max over the GT axis on an [B, N, M] copy: reducing the strided middle axis in
    // place is several times slower; ties still resolve to the first GT.)
    const torch::Tensor bestGt = overlaps.transpose(1, 2).contiguous().argmax(-1).unsqueeze(1); // [B, 1, N]
    const torch::Tensor best = torch::zeros_like(maskPos).scatter_(1, bestGt, 1.0);
    maskPos = torch::where(multiple, best, maskPos);
    const torch::Tensor fg = maskPos.sum(-2); // [B, N]
    const torch::Tensor targetGtIdx = maskPos.transpose(1, 2).contiguous().argmax(-1);

    // Targets of each anchor's GT.
    const torch::Tensor flatIdx = targetGtIdx + torch::arange(b, longOptions).unsqueeze(1) * m;
    torch::Tensor targetLabels = labels.flatten().index({ flatIdx }).clamp_min(0); // [B, N]
    const torch::Tensor targetBboxes = gtBboxes.reshape({ -1, gtBboxes.size(-1) }).index({ flatIdx });
    const torch::Tensor oneHot = torch::zeros({ b, n, c }, longOptions).scatter_(2, targetLabels.unsqueeze(-1), 1);
    const torch::Tensor fgMask = fg > 0;
    torch::Tensor targetScores = torch::where(fgMask.unsqueeze(-1), oneHot, torch::zeros({}, longOptions));

    // Normalise: scale each GT's alignments so that its best positive gets that GT's best overlap.
    alignMetric = alignMetric * maskPos;
    const torch::Tensor posAlign = alignMetric.amax(-1, true);
    const torch::Tensor posOverlaps = (overlaps * maskPos).amax(-1, true);
    const torch::Tensor norm = (alignMetric * posOverlaps / (posAlign + m_options.eps)).amax(-2).unsqueeze(-1);
    targetScores = targetScores * norm;

    return { targetLabels, targetBboxes, targetScores, fgMask, targetGtIdx };
}

} // namespace gp
