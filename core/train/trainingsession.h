#pragma once

#include "canceltoken.h"
#include "progress.h"
#include "trainerevents.h"
#include "trainingconfig.h"

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <vector>

namespace gp {

// Starts training the way the settings ask for it, for the command line and the GUI alike:
// in this process; or, for several devices (device=0,1), as rank 0 here with one worker
// process per other device (DistributedLauncher), rank 0 reporting for the whole run; or as
// one rank of a run that torchrun (or a launcher) started, told by the environment.
class TrainingSession
{
    Q_DECLARE_TR_FUNCTIONS(TrainingSession)

public:
    enum class Outcome {
        Finished, // trained to the end, early-stopped, or stopped with a resumable checkpoint
        InvalidSettings, // refused before anything started (the message says why)
        Failed,
    };

    struct Options
    {
        TrainingConfig config;
        QStringList explicitKeys; // the keys the user set (see Trainer)
        // For data-parallel runs: the gripperpose command-line tool and the arguments its
        // workers get ("train key=value …", see workerArguments()).
        QString workerProgram;
        QStringList workerArguments;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    };

    // Listeners hear rank 0's events (a worker rank reports only its failure).
    static Outcome run(const Options &options, const std::vector<TrainerEvents *> &listeners, QString *error,
        const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});

    // "train" followed by key=value for each explicit key: the command line that trains
    // with these settings.
    static QStringList workerArguments(const TrainingConfig &config, const QStringList &explicitKeys);
};

} // namespace gp
