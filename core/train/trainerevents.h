#pragma once

#include "poseevaluator.h"
#include "poselosstypes.h"
#include "valimageresult.h"

#include <QString>
#include <QStringList>

#include <array>
#include <map>
#include <vector>

namespace gp {

// Plain-struct payloads of the trainer's named events (Ultralytics' on_train_start,
// on_train_epoch_start, on_train_batch_end, on_val_start, on_val_batch_end,
// on_fit_epoch_end, on_model_save, on_train_end). They are copyable so the GUI can carry
// them over queued signals; no tensor ever leaves the trainer.

struct TrainStartInfo
{
    QString runDir;
    QString device; // "cpu", "cuda:0"
    QString precision; // "fp32", "bf16", "fp16"
    QString model; // "yolov8s-pose"
    long long parameters = 0;
    int startEpoch = 0; // 0-based; > 0 when resuming
    int epochs = 0;
    int batchesPerEpoch = 0;
    int trainImages = 0;
    int valImages = 0;
    int trainInstances = 0;
    QStringList datasetProblems; // from the label check at start, one line each
};

struct EpochStartInfo
{
    int epoch = 0; // 0-based
    int epochs = 0;
    int firstBatch = 0; // > 0 when a resumed run continues inside this epoch
    int batches = 0;
    bool mosaic = true; // false in the last close_mosaic epochs
};

// Validation after an epoch: `batch` of `batches` done (0 at the start).
struct ValidationProgress
{
    int epoch = 0; // 0-based
    int batch = 0;
    int batches = 0;
};

struct BatchReport
{
    int epoch = 0; // 0-based
    int epochs = 0;
    int batch = 0; // 0-based within the epoch
    int batches = 0;
    gp::PoseLossItems loss; // running mean over the epoch so far
    gp::PoseLossItems batchLoss; // this batch's own
    int instances = 0; // in this batch
    int imageSize = 0;
    std::array<double, 3> lr {}; // pg0 (weights with decay), pg1 (norm weights), pg2 (biases), as Ultralytics
    double imagesPerSecond = 0;
    double epochEtaSeconds = 0;
    int skippedSteps = 0; // non-finite losses skipped so far
};

struct EpochReport
{
    int epoch = 0; // 0-based
    int epochs = 0;
    double seconds = 0; // since the start of training (results.csv's time)
    gp::PoseLossItems trainLoss;
    gp::PoseLossItems valLoss;
    PoseMetrics metrics; // box and pose P, R, mAP50, mAP50-95, per-keypoint errors
    std::array<double, 3> lr {};
    bool validated = false;
    bool best = false;
    int epochsWithoutImprovement = 0;
    // The validation images with the lowest OKS, worst first (empty without validation).
    std::vector<ValImageResult> worstImages;
    // The metrics of each scenario tag of the val set (scenarios.yaml), untagged images as
    // "normal"; empty when the val set has no tags.
    std::map<QString, PoseMetrics> scenarios;
};

struct TrainFinishReport
{
    QString runDir;
    QString lastWeights; // empty when the run saved none (only files that exist are named)
    QString bestWeights; // empty when no epoch was saved as the best
    int epochsCompleted = 0;
    bool stoppedEarly = false; // patience ran out
    bool stoppedByUser = false; // a resumable checkpoint was saved
    double bestFitness = 0;
    double seconds = 0;
};

// Subscribe by overriding what you need (Trainer::addListener). Called on the training
// thread.
class TrainerEvents
{
public:
    virtual ~TrainerEvents() = default;
    virtual void onTrainStart(const TrainStartInfo &) { }
    virtual void onTrainEpochStart(const EpochStartInfo &) { }
    virtual void onTrainBatchEnd(const BatchReport &) { }
    virtual void onValStart(const ValidationProgress &) { }
    virtual void onValBatchEnd(const ValidationProgress &) { }
    virtual void onFitEpochEnd(const EpochReport &) { }
    virtual void onModelSave(const QString & /*path*/, int /*epoch*/) { }
    virtual void onTrainEnd(const TrainFinishReport &) { }
    virtual void onTrainFailed(const QString & /*message*/) { }
    virtual void onWarning(const QString & /*message*/) { }
};

} // namespace gp
