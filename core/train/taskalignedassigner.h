#pragma once

// Internal (torch-only) header: the task-aligned assigner of the YOLOv8 losses.

#include <torch/torch.h>

namespace gp {

struct TaskAlignedAssignerOptions
{
    int64_t topk = 10;
    int64_t numClasses = 1;
    double alpha = 0.5; // exponent of the class score in the alignment metric
    double beta = 6.0; // exponent of the overlap (CIoU)
    double eps = 1e-9;
    // Boxes narrower (shorter) than smallBoxThreshold pixels are widened to smallBoxSize
    // around their centre for the "anchor centre inside the box" test (Ultralytics 8.4).
    // Off reproduces 8.3.x, where a box may then get no anchor at all.
    bool widenSmallBoxes = true;
    double smallBoxThreshold = 8.0; // the finest stride
    double smallBoxSize = 16.0; // the second stride
};

// Assignment per anchor. Shapes for B images, N anchors, C classes.
struct TaskAlignedAssignment
{
    torch::Tensor targetLabels; // [B, N] int64 class of the assigned GT (that of GT 0 for background)
    torch::Tensor targetBboxes; // [B, N, 4] xyxy of the assigned GT, same units as the GT boxes
    torch::Tensor targetScores; // [B, N, C] normalised alignment on the GT's class, 0 elsewhere
    torch::Tensor fgMask; // [B, N] bool
    torch::Tensor targetGtIdx; // [B, N] int64 index of the GT within its image (0 for background)
};

class TaskAlignedAssigner
{
public:
    explicit TaskAlignedAssigner(TaskAlignedAssignerOptions options = {});

    // pdScores [B, N, C] class probabilities, pdBboxes [B, N, 4] predicted xyxy,
    // anchorPoints [N, 2] anchor centres, gtLabels [B, M, 1], gtBboxes [B, M, 4] xyxy
    // (padded per image), maskGt [B, M, 1] (non-zero for real GT rows). Boxes and anchors
    // in pixels. No gradient flows through the result.
    TaskAlignedAssignment assign(const torch::Tensor &pdScores, const torch::Tensor &pdBboxes,
        const torch::Tensor &anchorPoints, const torch::Tensor &gtLabels, const torch::Tensor &gtBboxes,
        const torch::Tensor &maskGt) const;

    const TaskAlignedAssignerOptions &options() const { return m_options; }

    // Building blocks, exposed for tests. [B, M, N] results.
    torch::Tensor candidatesInGts(
        const torch::Tensor &anchorPoints, const torch::Tensor &gtBboxes, const torch::Tensor &maskGt) const;

private:
    TaskAlignedAssignerOptions m_options;
};

} // namespace gp
