#pragma once

#include "modelspec.h"

#include <QString>

namespace gp {

// A training checkpoint (public, torch-free view): one file with model weights, EMA
// weights, optimizer state, epoch, best fitness, training config, metrics history, the
// skeleton and the model spec. The file is a torch pickle archive (torch.load reads it in
// Python) of a dict with "format": "gripperpose-checkpoint"; it is always written
// atomically (temporary file in the same folder, fsync, rename), so a kill leaves either
// the old file or the new one. Tensor data carries checksums checked on load.
struct CheckpointInfo
{
    static constexpr int kFormatVersion = 1;

    ModelSpec spec;
    int epoch = -1; // last completed epoch (0-based); -1 when none (imported weights)
    double bestFitness = 0.0;
    QString trainingConfig; // YAML/JSON text of the run's arguments
    QString metricsHistory; // results.csv text
    QString trainerState; // JSON: position inside an interrupted epoch, patience counters
    QString skeletonJson;
    QString source; // where the weights came from ("import: FILE", "train: NAME")
    QString createdAt; // ISO 8601, UTC
    QString programVersion;
    bool hasEma = false;
    long long emaUpdates = 0;
    bool hasOptimizer = false;
    bool fused = false; // weights are Conv+BN folded (inference only)
};

// Reads and verifies a checkpoint's metadata and checksums; false with *error naming the
// file and what is wrong (not a checkpoint, truncated, corrupt, newer format).
bool readCheckpointInfo(const QString &path, CheckpointInfo *info, QString *error);

// Empty when a checkpoint with info fits a model of spec; otherwise a message naming
// what differs (scale, classes, keypoint shape).
QString checkpointMismatch(const CheckpointInfo &info, const ModelSpec &spec);

} // namespace gp
