#pragma once

// Internal (torch-only): MuSGD, the optimizer Ultralytics 8.4 picks for optimizer=auto on
// long runs. Groups with use_muon take two steps per update: a Muon step (Nesterov momentum
// as an exponential average, orthogonalised by five quintic Newton-Schulz iterations in
// bf16, convolution filters flattened to out × in·k·k) scaled by `muonScale`, then a plain
// SGD step with coupled weight decay scaled by `sgdScale`. Other groups take the SGD step
// alone. Ultralytics builds it with muonScale 0.2 and sgdScale 1.0.

#include <torch/optim/optimizer.h>
#include <torch/optim/serialize.h>

namespace gp {

struct MuSGDOptions : public torch::optim::OptimizerCloneableOptions<MuSGDOptions>
{
    MuSGDOptions(double lr = 1e-3); // NOLINT: the serializer constructs from a number
    TORCH_ARG(double, lr);
    TORCH_ARG(double, momentum) = 0;
    TORCH_ARG(double, weight_decay) = 0;
    TORCH_ARG(bool, nesterov) = false;
    TORCH_ARG(bool, use_muon) = false;

public:
    void serialize(torch::serialize::InputArchive &archive) override;
    void serialize(torch::serialize::OutputArchive &archive) const override;
    double get_lr() const override { return lr(); }
    void set_lr(const double v) override { lr(v); }
};

struct MuSGDParamState : public torch::optim::OptimizerCloneableParamState<MuSGDParamState>
{
    TORCH_ARG(torch::Tensor, momentum_buffer); // Muon's in use_muon groups, else SGD's
    TORCH_ARG(torch::Tensor, sgd_momentum_buffer); // the SGD step's in use_muon groups

public:
    void serialize(torch::serialize::InputArchive &archive) override;
    void serialize(torch::serialize::OutputArchive &archive) const override;
};

class MuSGD : public torch::optim::Optimizer
{
public:
    MuSGD(std::vector<torch::optim::OptimizerParamGroup> groups, MuSGDOptions defaults, double muonScale = 0.2,
        double sgdScale = 1.0);

    torch::Tensor step(LossClosure closure = nullptr) override;
    void save(torch::serialize::OutputArchive &archive) const override;
    void load(torch::serialize::InputArchive &archive) override;

    // The approximately orthogonal factor U·Vᵀ of a 2-D `g` (singular values end up roughly
    // in [0.5, 1.5]), computed in bf16 as Muon does; same shape as g.
    static torch::Tensor orthogonalize(const torch::Tensor &g);

private:
    double m_muonScale;
    double m_sgdScale;
};

} // namespace gp
