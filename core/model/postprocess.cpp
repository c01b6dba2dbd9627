#include "postprocess.h"

#include <opencv2/core/mat.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <numeric>

namespace gp {

AnchorGrid makeAnchors(const std::vector<std::array<int64_t, 2>> &grids, const std::vector<double> &strides,
    const torch::TensorOptions &options, double offset)
{
    std::vector<torch::Tensor> points, strideParts;
    for (size_t i = 0; i < grids.size(); ++i) {
        const int64_t h = grids[i][0];
        const int64_t w = grids[i][1];
        torch::Tensor sx = torch::arange(w, options) + offset;
        torch::Tensor sy = torch::arange(h, options) + offset;
        std::vector<torch::Tensor> mesh = torch::meshgrid({ sy, sx }, "ij");
        points.push_back(torch::stack({ mesh[1].reshape({ -1 }), mesh[0].reshape({ -1 }) }, 0));
        strideParts.push_back(torch::full({ 1, h * w }, strides[i], options));
    }
    return { torch::cat(points, 1), torch::cat(strideParts, 1) };
}

torch::Tensor dflExpectation(const torch::Tensor &rawBoxes, const torch::Tensor &bins)
{
    const int64_t b = rawBoxes.size(0);
    const int64_t n = rawBoxes.size(2);
    const int64_t regMax = rawBoxes.size(1) / 4;
    torch::Tensor p = rawBoxes.reshape({ b, 4, regMax, n }).softmax(2);
    torch::Tensor w = bins.defined() ? bins.to(p.options()) : torch::arange(regMax, p.options());
    return (p * w.view({ 1, 1, regMax, 1 })).sum(2);
}

torch::Tensor distanceToBox(const torch::Tensor &distances, const torch::Tensor &anchors, bool xywh)
{
    std::vector<torch::Tensor> ltrb = distances.chunk(2, 1);
    torch::Tensor a = anchors.unsqueeze(0);
    torch::Tensor x1y1 = a - ltrb[0];
    torch::Tensor x2y2 = a + ltrb[1];
    if (xywh)
        return torch::cat({ (x1y1 + x2y2) / 2, x2y2 - x1y1 }, 1);
    return torch::cat({ x1y1, x2y2 }, 1);
}

torch::Tensor decodeKeypoints(const torch::Tensor &rawKpts, const AnchorGrid &anchors, int64_t dims)
{
    const int64_t b = rawKpts.size(0);
    const int64_t n = rawKpts.size(2);
    const int64_t k = rawKpts.size(1) / dims;
    torch::Tensor v = rawKpts.reshape({ b, k, dims, n });
    torch::Tensor grid = (anchors.points - 0.5).view({ 1, 1, 2, n });
    torch::Tensor xy = (v.slice(2, 0, 2) * 2.0 + grid) * anchors.strides.view({ 1, 1, 1, n });
    torch::Tensor out = dims == 3 ? torch::cat({ xy, v.slice(2, 2, 3).sigmoid() }, 2) : xy;
    return out.reshape({ b, k * dims, n });
}

torch::Tensor decodeHead(const RawHeadOutput &raw, const std::vector<double> &strides, int64_t numKeypoints,
    int64_t keypointDims, const torch::Tensor &bins)
{
    (void)numKeypoints;
    const AnchorGrid anchors = makeAnchors(raw.grids, strides, raw.boxes.options());
    torch::Tensor dist = dflExpectation(raw.boxes, bins);
    torch::Tensor boxes = distanceToBox(dist, anchors.points, true) * anchors.strides;
    return torch::cat({ boxes, raw.scores.sigmoid(), decodeKeypoints(raw.kpts, anchors, keypointDims) }, 1);
}

torch::Tensor nms(const torch::Tensor &boxesIn, const torch::Tensor &scoresIn, double iouThreshold)
{
    const int64_t n = boxesIn.size(0);
    if (n == 0)
        return torch::empty({ 0 }, torch::kLong);
    const torch::Tensor boxes = boxesIn.to(torch::kCPU, torch::kFloat).contiguous();
    const torch::Tensor scores = scoresIn.to(torch::kCPU, torch::kFloat).contiguous();
    const float *bx = boxes.data_ptr<float>();
    const float *sc = scores.data_ptr<float>();
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [sc](int64_t a, int64_t b) { return sc[a] > sc[b]; });
    std::vector<float> areas(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
        areas[size_t(i)] = (bx[4 * i + 2] - bx[4 * i]) * (bx[4 * i + 3] - bx[4 * i + 1]);
    std::vector<char> suppressed(static_cast<size_t>(n), 0);
    std::vector<int64_t> keep;
    const float thr = float(iouThreshold);
    for (int64_t oi = 0; oi < n; ++oi) {
        const int64_t i = order[size_t(oi)];
        if (suppressed[size_t(i)])
            continue;
        keep.push_back(i);
        const float ix1 = bx[4 * i], iy1 = bx[4 * i + 1], ix2 = bx[4 * i + 2], iy2 = bx[4 * i + 3];
        const float iarea = areas[size_t(i)];
        for (int64_t oj = oi + 1; oj < n; ++oj) {
            const int64_t j = order[size_t(oj)];
            if (suppressed[size_t(j)])
                continue;
            const float xx1 = std::max(ix1, bx[4 * j]);
            const float yy1 = std::max(iy1, bx[4 * j + 1]);
            const float xx2 = std::min(ix2, bx[4 * j + 2]);
            const float yy2 = std::min(iy2, bx[4 * j + 3]);
            const float w = std::max(0.0f, xx2 - xx1);
            const float h = std::max(0.0f, yy2 - yy1);
            const float inter = w * h;
            const float ovr = inter / (iarea + areas[size_t(j)] - inter);
            if (ovr > thr)
                suppressed[size_t(j)] = 1;
        }
    }
    return torch::tensor(keep, torch::kLong);
}

std::vector<torch::Tensor> nonMaxSuppression(
    const torch::Tensor &decoded, int64_t numClasses, const NmsOptions &options)
{
    torch::NoGradGuard noGrad;
    const int64_t b = decoded.size(0);
    const int64_t width = decoded.size(1);
    const int64_t nm = width - 4 - numClasses;
    std::vector<torch::Tensor> out;
    out.reserve(size_t(b));
    const torch::Tensor pred = decoded.transpose(1, 2); // [B, N, 4 + nc + nm]
    for (int64_t i = 0; i < b; ++i) {
        torch::Tensor x = pred[i];
        torch::Tensor cls = x.slice(1, 4, 4 + numClasses);
        const torch::Tensor candidate = std::get<0>(cls.max(1)) > options.conf;
        x = x.index({ candidate });
        if (x.size(0) == 0) {
            out.push_back(torch::empty({ 0, 6 + nm }, decoded.options()));
            continue;
        }
        torch::Tensor xywh = x.slice(1, 0, 4);
        torch::Tensor xy = xywh.slice(1, 0, 2);
        torch::Tensor halfWh = xywh.slice(1, 2, 4) / 2;
        torch::Tensor box = torch::cat({ xy - halfWh, xy + halfWh }, 1);
        auto [conf, j] = x.slice(1, 4, 4 + numClasses).max(1, true);
        torch::Tensor rows = torch::cat({ box, conf, j.to(x.scalar_type()), x.slice(1, 4 + numClasses) }, 1);
        rows = rows.index({ conf.view(-1) > options.conf });
        if (!options.classes.empty()) {
            torch::Tensor wanted = torch::tensor(options.classes, rows.options());
            rows = rows.index({ (rows.slice(1, 5, 6) == wanted.view({ 1, -1 })).any(1) });
        }
        if (rows.size(0) == 0) {
            out.push_back(torch::empty({ 0, 6 + nm }, decoded.options()));
            continue;
        }
        if (rows.size(0) > options.maxNms)
            rows = rows.index({ rows.select(1, 4).argsort(0, true).slice(0, 0, options.maxNms) });
        torch::Tensor offset = rows.slice(1, 5, 6) * (options.agnostic ? 0.0 : options.maxWh);
        torch::Tensor keep = nms(rows.slice(1, 0, 4) + offset, rows.select(1, 4), options.iou);
        keep = keep.slice(0, 0, options.maxDet).to(rows.device());
        out.push_back(rows.index_select(0, keep));
    }
    return out;
}

void rowsToSource(torch::Tensor &rows, const LetterboxTransform &t, int64_t keypointDims)
{
    if (rows.size(0) == 0)
        return;
    torch::NoGradGuard noGrad;
    const double g = t.gain;
    torch::Tensor boxes = rows.slice(1, 0, 4);
    boxes.select(1, 0).sub_(t.padLeft).div_(g).clamp_(0, t.srcWidth);
    boxes.select(1, 2).sub_(t.padLeft).div_(g).clamp_(0, t.srcWidth);
    boxes.select(1, 1).sub_(t.padTop).div_(g).clamp_(0, t.srcHeight);
    boxes.select(1, 3).sub_(t.padTop).div_(g).clamp_(0, t.srcHeight);
    const int64_t nk = (rows.size(1) - 6) / keypointDims;
    torch::Tensor k = rows.slice(1, 6).view({ rows.size(0), nk, keypointDims });
    k.select(2, 0).sub_(t.padLeft).div_(g).clamp_(0, t.srcWidth);
    k.select(2, 1).sub_(t.padTop).div_(g).clamp_(0, t.srcHeight);
}

torch::Tensor letterboxImage(const cv::Mat &bgr, const LetterboxTransform &t)
{
    cv::Mat resized;
    if (bgr.cols != t.resizedWidth || bgr.rows != t.resizedHeight)
        cv::resize(bgr, resized, cv::Size(t.resizedWidth, t.resizedHeight), 0, 0, cv::INTER_LINEAR);
    else
        resized = bgr;
    cv::Mat padded;
    cv::copyMakeBorder(
        resized, padded, t.padTop, t.padBottom, t.padLeft, t.padRight, cv::BORDER_CONSTANT, cv::Scalar(114, 114, 114));
    cv::Mat rgb;
    if (padded.channels() == 1)
        cv::cvtColor(padded, rgb, cv::COLOR_GRAY2RGB);
    else if (padded.channels() == 4)
        cv::cvtColor(padded, rgb, cv::COLOR_BGRA2RGB);
    else
        cv::cvtColor(padded, rgb, cv::COLOR_BGR2RGB);
    torch::Tensor hwc
        = torch::from_blob(rgb.data, { rgb.rows, rgb.cols, 3 }, { int64_t(rgb.step[0]), 3, 1 }, torch::kUInt8);
    return hwc.permute({ 2, 0, 1 }).to(torch::kFloat).div_(255.0).contiguous();
}

} // namespace gp
