#pragma once

#include "checkpoint_p.h"
#include "posemodel.h"

#include <QString>

namespace testsupport {

// Writes a checkpoint of random yolov8n-pose weights whose outputs depend on the image.
// Default initialisation shrinks the signal layer by layer until a random network's outputs
// barely depend on its input; larger convolution weights keep them sensitive to it, so that
// "the network saw this image, not that one" is something a result can show.
inline void writeSensitiveCheckpoint(const QString &path, uint64_t seed = 3)
{
    torch::manual_seed(seed);
    gp::ModelSpec spec;
    spec.scale = gp::ModelScale::N;
    gp::PoseModel model(spec);
    {
        torch::NoGradGuard noGrad;
        for (auto &p : model->parameters())
            if (p.dim() == 4)
                p.mul_(2.5);
    }
    gp::CheckpointData d;
    d.info.spec = spec;
    d.model = gp::captureState(*model);
    gp::saveCheckpoint(path, d);
}

} // namespace testsupport
