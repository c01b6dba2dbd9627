#pragma once

// Internal (torch-only): the collectives of data-parallel training over c10d's Gloo process
// group. LibTorch has no C++ DistributedDataParallel, so the trainer does it by hand:
// parameters and buffers are broadcast from rank 0 once, and after each accumulation the
// gradients are summed over the ranks in one flat buffer. Gloo runs on the CPU; GPU
// tensors are staged through host memory (the gradients of the n and s models are 13-47 MB).

#include "distributedenv.h"

#include <chrono>
#include <memory>

namespace gp {

class Communicator
{
    Q_DECLARE_TR_FUNCTIONS(Communicator)

public:
    // Joins the run described by `env`: rank 0 hosts the rendezvous store at MASTER_ADDR:
    // MASTER_PORT, all ranks meet there within `rendezvous` and connect a Gloo mesh.
    // Collectives wait up to `collective` for the slowest rank (the others wait while rank 0
    // validates); a rank that dies closes its sockets, which fails the others at once.
    // Nothing and *error when the run cannot be joined or this build has no Gloo.
    static std::unique_ptr<Communicator> connect(
        const DistributedEnv &env, std::chrono::seconds rendezvous, std::chrono::seconds collective, QString *error);
    ~Communicator();

    int rank() const;
    int worldSize() const;

    // In place on every rank. They throw std::runtime_error naming this rank when a peer is
    // lost or the collective times out.
    void broadcast(std::vector<torch::Tensor> &tensors, int root = 0);
    void allReduceSum(torch::Tensor &tensor);
    void barrier();

    // True on every rank when `local` is true on at least one.
    bool any(bool local);
    // Rank 0's parameters and buffers on every rank.
    void broadcastModule(torch::nn::Module &module);
    // Every parameter's gradient becomes the sum over the ranks (missing ones count as zero).
    void sumGradients(const std::vector<torch::Tensor> &parameters);
    // Rank 0 gets every rank's `mine` (same shape on all), in rank order; the others nothing.
    std::vector<torch::Tensor> gatherOnRankZero(const torch::Tensor &mine);
    // Whether every rank's parameters are rank 0's, bit for bit (the summed gradients and
    // the same optimizer arithmetic keep them so; a difference means the run is broken).
    bool parametersAgree(const std::vector<torch::Tensor> &parameters);

private:
    Communicator();
    struct Private;
    std::unique_ptr<Private> d;
};

// The trainable parameters' gradients as one flat fp32 buffer, in parameter order (missing
// ones as zeros), and back.
torch::Tensor flattenGradients(const std::vector<torch::Tensor> &parameters);
void assignGradients(const std::vector<torch::Tensor> &parameters, const torch::Tensor &flat);
// Gives this rank back the gradients it had accumulated when a run stopped (`saved`: one
// flat buffer per rank, "rank0", "rank1", ...). Resumed with another number of processes,
// rank 0 takes their sum: the same step up to rounding, which the returned warning says.
QString restoreRankGradients(const std::vector<torch::Tensor> &parameters,
    const std::vector<std::pair<std::string, torch::Tensor>> &saved, const DistributedEnv &dist);

} // namespace gp
