#pragma once

#include "trainerevents.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

#include <optional>
#include <vector>

namespace gp {

// The training runs of a project (<project>/runs/pose/<name>/), each with where it stands,
// read from its files alone (args.yaml, results.csv, weights/, telemetry.csv), so that a
// run started by `gripperpose train` in another process shows up like one started here.
// Never loads a checkpoint (a listing must stay fast).
struct RunRecord
{
    enum class State {
        Empty, // no epoch and no checkpoint yet (or it failed before the first epoch)
        Active, // telemetry.csv grew in the last kActiveSeconds: a process is training it
        Resumable, // last.ckpt before the last epoch: stopped, killed or crashed
        EarlyStopped, // patience ran out
        Finished, // every epoch trained
    };

    QString dir;
    QString name;
    State state = State::Empty;
    int epochsDone = 0; // rows of results.csv
    int epochs = 0; // args.yaml (0 when unreadable)
    int patience = 0;
    QString model; // args.yaml's model
    QString data; // args.yaml's data (the dataset's yaml)
    QDateTime modified; // the newest of its files
    QString lastWeights; // weights/last.ckpt, empty when missing
    QString bestWeights;
    std::optional<EpochReport> best; // the best epoch's row

    bool canResume() const { return state == State::Resumable && !lastWeights.isEmpty(); }
    // A finished run can train further epochs (resume= with epochs=N).
    bool canExtend() const
    {
        return (state == State::Finished || state == State::EarlyStopped) && !lastWeights.isEmpty();
    }
};

class RunCatalog
{
    Q_DECLARE_TR_FUNCTIONS(RunCatalog)

public:
    // A run whose telemetry.csv grew this recently is taken to be training (`gripperpose
    // train` and the dashboard append a sample every second while a run trains, and stop
    // when it ends; results.csv changes only once an epoch, too rarely to tell).
    static constexpr int kActiveSeconds = 10;

    // Every run folder under `runsRoot` (<project>/runs/pose) that has args.yaml or
    // results.csv, newest first.
    static std::vector<RunRecord> scan(const QString &runsRoot, const QDateTime &now = QDateTime::currentDateTimeUtc());
    static RunRecord inspect(const QString &runDir, const QDateTime &now = QDateTime::currentDateTimeUtc());
    // Whether `dir` is a run folder (args.yaml or results.csv in it).
    static bool isRun(const QString &dir);
    // The runs of folders a person opened from anywhere: each folder is a run itself, or
    // holds runs (`gripperpose train project=DIR`), directly or under pose/ (a project's
    // runs folder). Newest first, each run once.
    static std::vector<RunRecord> scanFolders(
        const QStringList &folders, const QDateTime &now = QDateTime::currentDateTimeUtc());
    static QString stateName(RunRecord::State state);
};

} // namespace gp
