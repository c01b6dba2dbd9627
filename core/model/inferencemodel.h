#pragma once

// Internal (torch-only): the weights of a model for inference, loaded from whatever the
// user names; shared by the predictor and the exporter.

#include "posemodel.h"

#include <QCoreApplication>
#include <QString>

namespace gp {

class InferenceModel
{
    Q_DECLARE_TR_FUNCTIONS(InferenceModel)

public:
    PoseModel model { nullptr }; // on the CPU, in eval mode, not yet fused
    ModelSpec spec;
    QString description; // "checkpoint (EMA weights)", "state dict", "random initialisation"
    QString skeletonJson; // from a checkpoint (empty otherwise)
    QString trainingConfig; // from a checkpoint: the run's arguments (YAML)

    // A GripperPose checkpoint (its EMA weights when it has them), a .pt state dict or a
    // TorchScript export with Ultralytics names, or a model name ("yolov8n-pose") for randomly
    // initialised weights (seed 0; tests and benchmarks). False with *error naming the file.
    bool load(const QString &path, QString *error);
};

} // namespace gp
