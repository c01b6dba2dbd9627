#pragma once

// Internal (torch-only) header.

#include "conv.h"
#include "dfl.h"

namespace gp {

// The raw head outputs, levels P3, P4, P5 concatenated along the anchor axis (each level
// row-major, y outer), and the head inputs.
struct RawHeadOutput
{
    torch::Tensor boxes; // [B, 4 * reg_max, N] DFL logits; channel = side * reg_max + bin (l, t, r, b)
    torch::Tensor scores; // [B, nc, N] class logits
    torch::Tensor kpts; // [B, K * dims, N] raw keypoint values (x, y[, visibility logit]) per keypoint
    std::vector<torch::Tensor> feats; // head inputs (outputs of layers 15, 18, 21)
    std::vector<std::array<int64_t, 2>> grids; // (h, w) per level
};

struct PoseHeadOptions
{
    PoseHeadOptions(int64_t nc, int64_t numKeypoints, int64_t keypointDims, std::vector<int64_t> channels)
        : num_classes_(nc)
        , num_keypoints_(numKeypoints)
        , keypoint_dims_(keypointDims)
        , channels_(std::move(channels))
    { }
    TORCH_ARG(int64_t, num_classes);
    TORCH_ARG(int64_t, num_keypoints);
    TORCH_ARG(int64_t, keypoint_dims);
    TORCH_ARG(std::vector<int64_t>, channels); // input channels per level
    TORCH_ARG(int64_t, reg_max) = 16;
};

// YOLOv8 Pose head: per level i, "cv2.i" (box: Conv 3x3, Conv 3x3, Conv2d 1x1 -> 4 * reg_max),
// "cv3.i" (class: Conv, Conv, Conv2d -> nc), "cv4.i" (keypoints: Conv, Conv, Conv2d -> K * dims),
// and the fixed "dfl". forward() returns the raw outputs; decoding is postprocess's job.
class PoseHeadImpl : public torch::nn::Module
{
public:
    explicit PoseHeadImpl(const PoseHeadOptions &options);
    RawHeadOutput forward(const std::vector<torch::Tensor> &feats);
    void fuse();
    // Ultralytics' bias_init: box bias 2.0, class bias ln(5 / nc / (640 / stride)^2).
    void initializeBiases(const std::vector<double> &strides);
    // Re-initialises the last keypoint conv of each level (PyTorch default init).
    void resetKeypointOutputs();

    PoseHeadOptions options;
    torch::nn::ModuleList cv2 { nullptr };
    torch::nn::ModuleList cv3 { nullptr };
    torch::nn::ModuleList cv4 { nullptr };
    Dfl dfl { nullptr };

private:
    std::vector<torch::nn::Sequential> m_box;
    std::vector<torch::nn::Sequential> m_cls;
    std::vector<torch::nn::Sequential> m_kpt;
};
TORCH_MODULE(PoseHead);

} // namespace gp
