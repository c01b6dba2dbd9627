#pragma once

// Internal (torch-only) header: the YOLOv8 pose criterion, for the trainer's torch
// translation units. What leaves the trainer is PoseLossItems (poselosstypes.h).

#include "poselosstypes.h"
#include "taskalignedassigner.h"

#include <torch/torch.h>

#include <array>
#include <vector>

namespace gp {

struct RawHeadOutput;

struct PoseLossOptions
{
    int64_t numClasses = 1;
    int64_t regMax = 16;
    std::vector<double> strides { 8.0, 16.0, 32.0 }; // per level, P3 first
    PoseLossGains gains;
    TaskAlignedAssignerOptions assigner; // numClasses is taken from above
    // OKS sigma per keypoint; empty: the 17 COCO sigmas when there are 17 keypoints,
    // otherwise 1/K for every keypoint.
    std::vector<double> sigmas;
};

// The batch's labels in the data loader's layout (n instances over the batch).
struct PoseBatchTargets
{
    torch::Tensor batchIdx; // [n] image index per instance (any numeric type)
    torch::Tensor cls; // [n] or [n, 1] class per instance
    torch::Tensor bboxes; // [n, 4] normalised cx, cy, w, h
    torch::Tensor keypoints; // [n, K, dims] normalised x, y (and visibility 0/1/2 when dims == 3)
};

struct PoseLossResult
{
    // [5] box, pose, kobj, cls, dfl with gains, times the batch size; back-propagate its sum.
    torch::Tensor scaled;
    // [5] the same, detached and not times the batch size (the logged values).
    torch::Tensor items;
    int64_t numForeground = 0;
    // The assignment (target boxes in pixels), for diagnostics and tests.
    TaskAlignedAssignment assignment;

    torch::Tensor total() const { return scaled.sum(); }
    PoseLossItems plainItems() const;
};

// v8 pose loss: task-aligned assignment, CIoU box loss and DFL on the boxes, BCE on the
// class logits, OKS-style keypoint-location loss and BCE on the keypoint visibility.
class PoseLoss
{
public:
    explicit PoseLoss(PoseLossOptions options = {});

    // Raw head outputs (levels concatenated, P3 then P4 then P5, each row-major):
    // rawBoxes [B, 4 * reg_max, N], rawScores [B, nc, N], rawKpts [B, K * dims, N].
    // grids: (h, w) of each level's feature map. imageHw: the network input (h, w) in
    // pixels; {0, 0} means grids[0] times the first stride.
    PoseLossResult compute(const torch::Tensor &rawBoxes, const torch::Tensor &rawScores, const torch::Tensor &rawKpts,
        const std::vector<std::array<int64_t, 2>> &grids, const PoseBatchTargets &targets,
        std::array<double, 2> imageHw = { 0.0, 0.0 }) const;
    // The same on the model's head output (its grids).
    PoseLossResult compute(const RawHeadOutput &raw, const PoseBatchTargets &targets) const;

    const PoseLossOptions &options() const { return m_options; }
    // The OKS sigmas the loss uses for k keypoints.
    std::vector<double> sigmasFor(int64_t numKeypoints) const;

    static const std::vector<double> &cocoSigmas();

private:
    PoseLossOptions m_options;
    TaskAlignedAssigner m_assigner;
};

} // namespace gp
