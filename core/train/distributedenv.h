#pragma once

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QString>

#include <optional>

namespace gp {

// Where this process stands in a data-parallel training run: one process per device,
// described by torchrun's environment variables so that a multi-machine run is started the
// same way as with PyTorch (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR,
// MASTER_PORT). Rank 0 validates, writes the run folder and hosts the rendezvous store.
struct DistributedEnv
{
    Q_DECLARE_TR_FUNCTIONS(DistributedEnv)

public:
    int rank = 0;
    int worldSize = 1;
    int localRank = 0; // index of this process among those on this machine
    int localWorldSize = 1; // processes on this machine (they share its cores)
    QString masterAddr = QStringLiteral("127.0.0.1");
    int masterPort = 29500;

    bool isDistributed() const { return worldSize > 1; }
    bool isMain() const { return rank == 0; }

    // Reads the variables; a process without WORLD_SIZE is a single-process run. Nothing
    // and *error when they are inconsistent (a rank outside the world, a bad port, ...).
    static std::optional<DistributedEnv> fromEnvironment(const QProcessEnvironment &env, QString *error);
    // Sets the variables (for starting the other ranks).
    void addTo(QProcessEnvironment &env) const;
};

} // namespace gp
