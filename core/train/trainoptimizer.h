#pragma once

// Internal (torch-only): the optimizer with Ultralytics' three parameter groups and its
// learning-rate and momentum schedule (warmup, then linear or cosine to lr0·lrf).
//   pg0: biases (no weight decay; warmup starts at warmup_bias_lr)
//   pg1: weights with decay (weight_decay × batch × accumulate / nbs)
//   pg2: normalisation weights (no weight decay)
// MuSGD (optimizer=MuSGD, or auto on long runs as in Ultralytics 8.4) adds a Muon group of
// every matrix and convolution filter (the weight group is then empty), and a copy of each
// group for the head's class branch at three times the learning rate.

#include "posemodel.h"
#include "trainingconfig.h"

#include <memory>

namespace gp {

class TrainOptimizer
{
public:
    enum class GroupKind { Bias, Weight, Norm, Muon };
    struct GroupInfo
    {
        GroupKind kind;
        double lrScale; // 3 for the head's class branch under MuSGD, else 1
        std::vector<torch::Tensor> params;
        double lr;
    };

    // iterationsPerEpoch = batches per epoch; trainImages decides optimizer=auto.
    TrainOptimizer(PoseModelImpl &model, const TrainingConfig &config, int iterationsPerEpoch, int trainImages);

    torch::optim::Optimizer &optimizer() { return *m_optimizer; }
    QString name() const { return m_name; }
    double lr0() const { return m_lr0; }
    int accumulate() const { return m_accumulate; }
    int warmupIterations() const { return m_warmupIterations; }

    // Sets each group's lr (and momentum for SGD) for global iteration `ni` of `epoch`;
    // returns how many iterations to accumulate gradients over at this point.
    int schedule(int ni, int epoch);
    // lr/pg0..2 as Ultralytics reports them: the weight (with decay), norm and bias groups.
    std::array<double, 3> learningRates() const;
    std::vector<GroupInfo> groups() const;
    // The epoch factor of the schedule: lr = lr0 · factor(epoch) after warmup.
    double factor(int epoch) const;

private:
    void setGroup(size_t group, double lr, std::optional<double> momentum);

    struct Role
    {
        GroupKind kind;
        double lrScale;
    };
    std::vector<Role> m_groups; // parallel to the optimizer's param groups

    TrainingConfig m_config;
    std::unique_ptr<torch::optim::Optimizer> m_optimizer;
    QString m_name;
    double m_lr0 = 0;
    double m_momentum = 0;
    double m_warmupBiasLr = 0;
    int m_accumulate = 1;
    int m_warmupIterations = 0;
};

} // namespace gp
