#pragma once

#include <limits>

// Internal (torch-only): one call of Trainer::run() from start to finish, split into the
// steps a reader follows: setup (settings, device, data, model, run folder), then per
// epoch trainEpoch, validateEpoch and saveEpoch, then teardown. Everything the steps share
// is a member, so no step reaches into another's locals. The setup step is defined in
// trainingrunsetup.cpp, the others in trainingrun.cpp.

#include "augmenter.h"
#include "batchloader.h"
#include "canceltoken.h"
#include "checkpoint_p.h"
#include "communicator.h"
#include "datasetconfig.h"
#include "distributedenv.h"
#include "gradscaler.h"
#include "modelema.h"
#include "poseloss.h"
#include "progress.h"
#include "runfolder.h"
#include "skeleton.h"
#include "traindataset.h"
#include "trainerevents.h"
#include "trainerstate_p.h"
#include "trainingconfig.h"
#include "trainoptimizer.h"
#include "validator_p.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>

#include <memory>
#include <optional>

namespace gp {

class TrainingRun
{
    Q_DECLARE_TR_FUNCTIONS(Trainer)

public:
    TrainingRun(TrainingConfig config, QStringList explicitKeys, DistributedEnv dist, TrainerEvents &events,
        CancelToken cancel, Progress progress);
    ~TrainingRun();

    // The whole run; false with *error on failure (exceptions never escape).
    bool execute(QString *error);

    // The saved run's settings with the keys the user set on top.
    static std::optional<TrainingConfig> mergeResumed(
        const TrainingConfig &user, const CheckpointInfo &info, const QStringList &explicitKeys, QString *error);

private:
    enum class EpochEnd { Completed, Stopped };

    // Each step returns false with m_error set on failure.
    bool setup();
    bool setupDevice();
    bool setupData();
    bool setupModel();
    bool setupRunFolder();
    // Rank 0: locks the run folder and settles a save a kill interrupted (RunFolder).
    bool openRunFolder(bool resuming);
    bool trainEpoch(int epoch, EpochEnd *end);
    bool trainBatch(int epoch, int bi, const BatchLoader::Batch &batch, int *lastOptStep);
    // No report when the validation was stopped: the epoch is then saved as trained, not validated.
    std::optional<EpochReport> validateEpoch(int epoch);
    bool saveEpoch(int epoch, const EpochReport &report);
    void teardown(bool stoppedByUser);

    void optimizerStep();
    void saveCheckpoint(const QString &path, int completedEpoch, TrainerState state, bool withOptimizer);
    // A stop inside an epoch: last.ckpt resumable from the next batch, with the gradients pending
    // since the last step already captured. nextBatch is the epoch's batch count for a stop during
    // its validation: the resumed run validates the epoch before it trains the next.
    void saveInterrupted(int epoch, int nextBatch);
    // Keeps (each rank's) gradients accumulated since the last step for last.ckpt, when
    // iterations before `nextIteration` are still unapplied.
    void capturePendingGradients(int nextIteration);
    // A kill point between two file operations of a save (RunFolder::failpoint).
    void failpoint();
    // Collective decisions: every rank takes the same branch or the next collective hangs.
    bool anyRank(bool local);
    double elapsed() const;
    bool fail(const QString &message);

    TrainingConfig m_config;
    QStringList m_explicitKeys;
    DistributedEnv m_dist;
    TrainerEvents &m_events;
    CancelToken m_cancel;
    Progress m_progress;
    QString m_error;

    // setup(): resume.
    std::optional<CheckpointData> m_resumed;
    TrainerState m_state;
    int m_firstEpoch = 0;
    // setupDevice()
    std::unique_ptr<Communicator> m_comm;
    torch::Device m_device { torch::kCPU };
    at::ScalarType m_ampType = at::kFloat;
    std::optional<GradScaler> m_scaler;
    QString m_precision;
    // setupData()
    std::optional<DatasetConfig> m_data;
    DatasetIssueList m_issues;
    std::optional<TrainDataset> m_trainSet;
    std::optional<TrainDataset> m_valSet;
    std::vector<QStringList> m_valTags; // per val image, for the per-scenario metrics
    Skeleton m_skeleton;
    // setupModel()
    ModelSpec m_spec;
    QString m_source;
    PoseModel m_model { nullptr };
    std::optional<ModelEma> m_ema;
    std::optional<PoseLoss> m_loss;
    std::optional<Augmenter> m_augmenter;
    std::optional<BatchLoader> m_loader;
    int m_batches = 0; // per epoch
    std::optional<TrainOptimizer> m_optimizer;
    std::vector<ValBatch> m_valBatches;
    // setupRunFolder()
    QString m_runDir;
    QDir m_run;
    std::unique_ptr<RunFolder> m_folder; // rank 0's: the lock and the order of a save
    QString m_lastPath;
    QString m_bestPath;
    QStringList m_results; // results.csv, header first
    // Finite, so that a checkpoint's JSON keeps it (infinity would be written as null).
    static constexpr double kNoFitness = std::numeric_limits<double>::lowest();
    double m_bestFitness = kNoFitness;

    // While training.
    QElapsedTimer m_clock;
    double m_elapsedBefore = 0;
    // Each rank's gradients accumulated since the last step, for a stop inside an
    // accumulation: kept apart (not summed) so that the resumed ranks add in the same order.
    NamedTensors m_pendingGradients;
    int m_lastOptStep = -1; // global batch of the last optimizer step
    int m_consecutiveBad = 0;
    PoseLossItems m_running; // mean train loss of the epoch so far
    int m_seen = 0; // batches in m_running
    int m_imagesThisEpoch = 0;
    QElapsedTimer m_epochClock;
    TrainFinishReport m_finish;
};

} // namespace gp
