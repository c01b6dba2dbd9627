#pragma once

// Internal to the trainer: where an interrupted run stands, stored as JSON in its checkpoint.

#include "poselosstypes.h"

#include <QString>

#include <limits>

namespace gp {

// Where an interrupted run stands, kept in the checkpoint next to the weights.
struct TrainerState
{
    // First batch of epoch+1 still to run. The epoch's batch count when its training is done
    // but its validation is not (stopped during it): the resumed run validates it first.
    int nextBatch = 0;
    // The mean train loss of epoch+1's batches before nextBatch, and how many they were, so that
    // a resumed epoch reports the loss of all its batches.
    PoseLossItems runningLoss;
    int runningBatches = 0;
    // Global batch of the last optimizer step (-1: none yet); unknown in older checkpoints.
    static constexpr int kUnknown = std::numeric_limits<int>::min();
    int lastOptStep = kUnknown;
    int epochsWithoutImprovement = 0;
    int skippedSteps = 0;
    double elapsedSeconds = 0;
    double lossScale = 0; // the fp16 loss scaler's scale (0: none)
    int lossScaleGrowth = 0; // and its count of clean steps towards the next growth

    QString toJson() const;
    static TrainerState fromJson(const QString &text);
};

} // namespace gp
