#pragma once

// Internal (torch-only) part of checkpoint.h, for the trainer and the predictor.

#include "checkpoint.h"
#include "posemodel.h"
#include "weightimport_p.h"

namespace gp {

class CheckpointError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct CheckpointData
{
    CheckpointInfo info;
    NamedTensors model; // state dict of the model
    NamedTensors ema; // state dict of the EMA model (empty when none)
    std::string optimizerState; // serialized optimizer (serializeOptimizer), empty when none
    // Gradients accumulated since the last optimizer step, one flat buffer per rank ("rank0",
    // "rank1", ...; parameter order): a run stopped inside an accumulation resumes with them
    // (empty when none were pending).
    NamedTensors pendingGradients;
};

// Snapshot of a module's parameters and buffers (detached CPU copies).
NamedTensors captureState(const torch::nn::Module &module);
// Copies a state into a module; throws CheckpointError naming the first name/shape that
// does not fit (strict: the same set of names).
void restoreState(torch::nn::Module &module, const NamedTensors &state, const std::string &what = "model");

// Writes atomically; throws CheckpointError (nothing is replaced then).
void saveCheckpoint(const QString &path, const CheckpointData &data);
// Reads and verifies (format, version, checksums); throws CheckpointError.
CheckpointData loadCheckpoint(const QString &path);
// loadCheckpoint, refusing one whose spec differs from expected (message names it).
CheckpointData loadCheckpoint(const QString &path, const ModelSpec &expected);

std::string serializeOptimizer(const torch::optim::Optimizer &optimizer);
void deserializeOptimizer(torch::optim::Optimizer &optimizer, const std::string &bytes);

} // namespace gp
