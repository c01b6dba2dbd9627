#pragma once

#include "distributedenv.h"

#include <QCoreApplication>
#include <QProcess>
#include <QStringList>

#include <memory>
#include <vector>

namespace gp {

// Starts a data-parallel run on this machine: ranks 1..N-1 as child processes of `program`
// (the gripperpose CLI) with the caller's arguments and torchrun's variables; the caller
// then trains as rank 0 in its own process, so its events reach the progress bar or GUI
// directly. Workers print nothing but their errors (stderr is passed through), and end
// when the parent dies.
class DistributedLauncher
{
    Q_DECLARE_TR_FUNCTIONS(DistributedLauncher)

public:
    DistributedLauncher() = default;
    ~DistributedLauncher(); // kills workers still running
    DistributedLauncher(const DistributedLauncher &) = delete;
    DistributedLauncher &operator=(const DistributedLauncher &) = delete;

    // False with *error when a worker cannot be started (the started ones are stopped).
    bool start(const QString &program, const QStringList &arguments, int worldSize, QString *error);
    // Rank 0's place in the run that start() set up.
    DistributedEnv mainEnv() const { return m_env; }
    // Waits up to `graceMs` for the workers after rank 0 returned, then kills the rest;
    // one line per worker that failed.
    QStringList finish(int graceMs);

    // A TCP port free on the loopback now (for the rendezvous store).
    static int freePort();

private:
    DistributedEnv m_env;
    std::vector<std::unique_ptr<QProcess>> m_workers;
};

} // namespace gp
