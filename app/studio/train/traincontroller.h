#pragma once

#include "canceltoken.h"
#include "trainingsession.h"
#include "trainmetatypes.h"

#include <QObject>

#include <memory>

class QThread;
class TrainWorker;
namespace gp {
class TelemetrySampler;
} // namespace gp

// Owns the training thread of the Train workspace: a TrainWorker moved to a QThread runs
// one session at a time; its events arrive here as queued signals and are passed on. Stop
// asks the trainer (through the cancel token, checked between batches) to save a resumable
// checkpoint and end. Also owns the telemetry sampler the dashboard shows; while a run
// started here trains, its samples go to the run's telemetry.csv (the command line does the
// same for its own runs). Destroying the controller stops the run and waits for it.
class TrainController : public QObject
{
    Q_OBJECT

public:
    enum class State { Idle, Running, Stopping };

    explicit TrainController(QObject *parent = nullptr);
    ~TrainController() override;

    // Starts a session; false with *error while one runs. For several devices the worker
    // processes are the gripperpose tool beside this program (workerProgram()).
    bool start(gp::TrainingSession::Options options, QString *error);
    // Asks the run to stop; sessionEnded() follows once the checkpoint is saved.
    void stop();
    // Stops and blocks until the session has ended (or `timeoutMs` passed); true if it ended.
    bool stopAndWait(int timeoutMs);

    State state() const { return m_state; }
    bool isRunning() const { return m_state != State::Idle; }
    // The run folder of the session in progress (known from trainStarted()).
    QString runDir() const { return m_runDir; }
    gp::TelemetrySampler *telemetry() const { return m_telemetry.get(); }

    // The gripperpose command-line tool: beside this executable when installed, in the
    // build tree's app/cli beside app/studio. Empty when neither exists.
    static QString workerProgram();

Q_SIGNALS:
    void stateChanged(TrainController::State state);
    void trainStarted(const gp::TrainStartInfo &info);
    void epochStarted(const gp::EpochStartInfo &info);
    void batchEnded(const gp::BatchReport &batch);
    void validationProgress(const gp::ValidationProgress &progress);
    void epochEnded(const gp::EpochReport &epoch);
    void modelSaved(const QString &path, int epoch);
    void trainFinished(const gp::TrainFinishReport &report);
    void trainFailed(const QString &message);
    void warning(const QString &message);
    // The session is over (finished, stopped, refused or failed); `error` says why not.
    void sessionEnded(gp::TrainingSession::Outcome outcome, const QString &error);

private:
    void setState(State state);
    void onTrainStarted(const gp::TrainStartInfo &info);
    void onSessionEnded(int outcome, const QString &error);

    gp::CancelToken m_cancel;
    QThread *m_thread;
    TrainWorker *m_worker;
    std::unique_ptr<gp::TelemetrySampler> m_telemetry;
    State m_state = State::Idle;
    QString m_runDir;
};
