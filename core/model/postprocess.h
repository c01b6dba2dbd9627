#pragma once

// Internal (torch-only) header: decoding of the raw head outputs and post-processing
// (NMS, mapping back through the letterbox). The one implementation shared by training
// (anchors, DFL), validation and prediction.

#include "letterbox.h"
#include "posehead.h"

namespace cv {
class Mat;
}

namespace gp {

struct AnchorGrid
{
    torch::Tensor points; // [2, N] anchor centres in grid units (row 0 = x, row 1 = y)
    torch::Tensor strides; // [1, N]
};

// Anchor centres (gx + offset, gy + offset) for each level's (h, w) grid, levels in order,
// each row-major (y outer).
AnchorGrid makeAnchors(const std::vector<std::array<int64_t, 2>> &grids, const std::vector<double> &strides,
    const torch::TensorOptions &options, double offset = 0.5);

// Softmax over the bins of each side, expectation with the bin values ([reg_max]; 0..reg_max-1
// when undefined): [B, 4 * reg_max, N] -> [B, 4, N] distances (l, t, r, b) in grid units.
torch::Tensor dflExpectation(const torch::Tensor &rawBoxes, const torch::Tensor &bins = {});
// Distances (l, t, r, b) around anchors [2, N] -> boxes [B, 4, N]: xywh (centre) or xyxy.
torch::Tensor distanceToBox(const torch::Tensor &distances, const torch::Tensor &anchors, bool xywh);
// Keypoints in pixels: x = (2 raw_x + anchor_x - 0.5) * stride, same for y, visibility
// sigmoid when dims == 3. [B, K * dims, N] -> same shape.
torch::Tensor decodeKeypoints(const torch::Tensor &rawKpts, const AnchorGrid &anchors, int64_t dims);
// The eval output [B, 4 + nc + K * dims, N]: cx, cy, w, h (pixels), sigmoid class scores,
// decoded keypoints.
torch::Tensor decodeHead(const RawHeadOutput &raw, const std::vector<double> &strides, int64_t numKeypoints,
    int64_t keypointDims, const torch::Tensor &bins = {});

struct NmsOptions
{
    double conf = 0.25; // predict default; validation uses 0.001
    double iou = 0.7;
    int maxDet = 300;
    int maxNms = 30000; // candidates kept (by confidence) before NMS
    double maxWh = 7680.0; // class offset for class-aware NMS
    bool agnostic = false;
    std::vector<int64_t> classes; // keep only these classes (empty: all)

    static NmsOptions validation()
    {
        NmsOptions o;
        o.conf = 0.001;
        return o;
    }
};

// Greedy NMS with torchvision semantics: boxes [n, 4] xyxy, scores [n]; returns the kept
// indices (int64) sorted by decreasing score. A box is suppressed by a kept one when
// IoU > iouThreshold. Ties in score keep their input order.
torch::Tensor nms(const torch::Tensor &boxes, const torch::Tensor &scores, double iouThreshold);

// Ultralytics' non_max_suppression (single label per box): decoded [B, 4 + nc + nk, N]
// -> per image [n, 6 + nk] rows x1, y1, x2, y2, conf, class, keypoints..., sorted by
// decreasing confidence.
std::vector<torch::Tensor> nonMaxSuppression(
    const torch::Tensor &decoded, int64_t numClasses, const NmsOptions &options = {});

// Maps NMS rows (as above, network pixels) back to source-image pixels in place; boxes
// and keypoint x, y are clipped to the image as Ultralytics' scale_boxes/scale_coords do.
void rowsToSource(torch::Tensor &rows, const LetterboxTransform &t, int64_t keypointDims);

// Letterboxes a BGR 8-bit image and returns a float [3, H, W] RGB tensor in [0, 1].
torch::Tensor letterboxImage(const cv::Mat &bgr, const LetterboxTransform &t);

} // namespace gp
