#pragma once

#include "trainingconfig.h"

#include <QString>

namespace gp {

// One training round of the labelling loop: a fine-tune of the project's current model on the
// labels a person has accepted (LoopDataset), so that the next pre-labels are better.
//
// The fine-tune schedule: 10 epochs, lr0 0.0005 (half the recipe's, since the weights are
// trained already), 1 warmup epoch, mosaic off for the last 3, patience 10; everything else
// the product recipe. From scratch (no model yet) it is the recipe itself, 30 epochs.
// docs/BENCHMARKS.md ("The labelling loop") measures it.
class LoopRound
{
public:
    static constexpr int kFineTuneEpochs = 10;
    static constexpr double kFineTuneLr0 = 0.0005;
    static constexpr double kFineTuneWarmup = 1.0;
    static constexpr int kFineTuneCloseMosaic = 3;
    static constexpr int kScratchEpochs = 30;

    struct Start
    {
        QString model; // a checkpoint or weight file, or a scale name for scratch
        int imgsz = 640;
        bool fromScratch = true;
    };

    // What the round starts from: `preferred` (the model pre-labelling uses) when it is a file,
    // else the newest run under `runsDir` with a best checkpoint, else yolov8n-pose from scratch.
    // The image size is that run's (args.yaml), else `imgsz`.
    static Start startFrom(const QString &preferred, const QString &runsDir, int imgsz);
    // The round's settings: `dataYaml` the loop dataset, runs under `runsDir` named loop, loop2, …
    static TrainingConfig config(const Start &start, const QString &dataYaml, const QString &runsDir);
};

} // namespace gp
