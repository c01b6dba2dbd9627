#pragma once

#include "modelspec.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gp {

// Importing weights made elsewhere (public, torch-free): a tensors-only .pt state dict
// with Ultralytics names ("model.0.conv.weight", ...), an Ultralytics TorchScript export
// (fused or not), or a GripperPose checkpoint. Every tensor whose name and shape fit is
// copied; the rest is listed here.
struct WeightImportSummary
{
    struct Mismatch
    {
        QString name;
        QString fileShape; // "[42, 64, 1, 1]"
        QString modelShape; // "[51, 64, 1, 1]"
    };

    QString file;
    QString format; // "state dict", "TorchScript", "GripperPose checkpoint"
    ModelSpec spec; // of the model the weights went into
    int copied = 0; // model tensors filled from the file
    long long copiedElements = 0;
    int modelTensors = 0; // parameters and buffers of the model
    int unfusedConvs = 0; // fused Conv (weight + bias) entries split back into conv + BatchNorm
    std::vector<Mismatch> shapeMismatches; // kept at their initial values (re-initialised)
    QStringList missing; // model tensors the file does not have (left initialised)
    QStringList unexpected; // file tensors the model has no place for (ignored)

    bool isComplete() const { return shapeMismatches.empty() && missing.isEmpty() && unexpected.isEmpty(); }
    // A multi-line human-readable report.
    QString toText() const;
};

// What a weight file holds, without building a model.
struct WeightFileInfo
{
    QString format;
    int tensors = 0;
    bool fused = false; // Conv+BN folded (e.g. an Ultralytics export)
    std::optional<ModelSpec> spec; // inferred from the tensor shapes (keypoint dims guessed:
                                   // 3 when K*dims divides by 3)
};

// Reads a weight file; nullopt and *error (naming the file and the reason) when it is not
// a model this program can read.
std::optional<WeightFileInfo> inspectWeightFile(const QString &path, QString *error);

// `gripperpose import weights=FILE out=CKPT`: builds a model (spec given, or inferred from
// the file), copies what fits, and writes a checkpoint (epoch -1, no optimizer state).
// Returns false with *error on failure (nothing is written then).
bool importWeightsToCheckpoint(const QString &weightsPath, const QString &checkpointPath,
    const std::optional<ModelSpec> &spec, WeightImportSummary *summary, QString *error);

} // namespace gp
