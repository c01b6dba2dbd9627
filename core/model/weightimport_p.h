#pragma once

// Internal (torch-only) part of weightimport.h.

#include "posemodel.h"
#include "weightimport.h"

#include <stdexcept>

namespace gp {

using NamedTensors = std::vector<std::pair<std::string, torch::Tensor>>;

// Thrown for files that cannot be used; what() names the file and the reason.
class WeightFileError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Reads the tensors of a state dict (.pt written by torch.save / torch::pickle_save, a flat
// name -> tensor dict, optionally under "model"/"state_dict"/"ema"), a TorchScript module
// (named parameters and buffers), or a GripperPose checkpoint (EMA weights when present,
// else the model weights). *format receives what it was.
NamedTensors readWeightFile(const std::string &path, QString *format = nullptr);

// Infers scale, classes and keypoints from Ultralytics-named tensors.
std::optional<ModelSpec> inferModelSpec(const NamedTensors &tensors);

// Copies every tensor whose name and shape fit into module (its parameters and buffers,
// converted to their dtype and device). Fused Conv entries ("X.conv.weight" + "X.conv.bias"
// with no "X.bn.*") go into an unfused model as conv weight + an identity BatchNorm carrying
// the bias. Nothing else is changed.
WeightImportSummary applyWeights(torch::nn::Module &module, const NamedTensors &tensors);

// readWeightFile + applyWeights; summary.file/format filled in.
WeightImportSummary importWeights(PoseModelImpl &model, const std::string &path);

std::string shapeText(at::IntArrayRef sizes);

} // namespace gp
