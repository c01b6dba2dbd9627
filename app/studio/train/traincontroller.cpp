#include "traincontroller.h"

#include "telemetrysampler.h"
#include "trainworker.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QThread>
#include <QTimer>

using gp::TelemetrySampler;
using gp::TelemetrySources;
using gp::TrainingSession;
using gp::TrainStartInfo;

TrainController::TrainController(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread(this))
    , m_worker(new TrainWorker(m_cancel))
    , m_telemetry(std::make_unique<TelemetrySampler>(TelemetrySources::fromEnvironment()))
{
    gp::registerTrainMetaTypes();
    qRegisterMetaType<gp::TrainingSession::Outcome>();
    m_thread->setObjectName(QStringLiteral("training"));
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    // Connected before the thread starts; the worker's signals come from the training thread.
    connect(m_worker, &TrainWorker::trainStarted, this, &TrainController::onTrainStarted);
    connect(m_worker, &TrainWorker::epochStarted, this, &TrainController::epochStarted);
    connect(m_worker, &TrainWorker::batchEnded, this, &TrainController::batchEnded);
    connect(m_worker, &TrainWorker::validationProgress, this, &TrainController::validationProgress);
    connect(m_worker, &TrainWorker::epochEnded, this, &TrainController::epochEnded);
    connect(m_worker, &TrainWorker::modelSaved, this, &TrainController::modelSaved);
    connect(m_worker, &TrainWorker::trainFinished, this, &TrainController::trainFinished);
    connect(m_worker, &TrainWorker::trainFailed, this, &TrainController::trainFailed);
    connect(m_worker, &TrainWorker::warning, this, &TrainController::warning);
    connect(m_worker, &TrainWorker::sessionEnded, this, &TrainController::onSessionEnded);
    m_thread->start();
    m_telemetry->start();
}

TrainController::~TrainController()
{
    m_cancel.cancel();
    m_thread->quit();
    m_thread->wait();
    m_telemetry->stop();
}

QString TrainController::workerProgram()
{
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate :
        { here.filePath(QStringLiteral("gripperpose")), here.filePath(QStringLiteral("../cli/gripperpose")),
            here.filePath(QStringLiteral("../app/cli/gripperpose")) }) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    return QString();
}

bool TrainController::start(TrainingSession::Options options, QString *error)
{
    if (isRunning()) {
        *error = tr("a training run is already in progress; stop it first");
        return false;
    }
    if (options.workerProgram.isEmpty())
        options.workerProgram = workerProgram();
    if (options.workerArguments.isEmpty())
        options.workerArguments = TrainingSession::workerArguments(options.config, options.explicitKeys);
    m_cancel.reset();
    m_runDir.clear();
    setState(State::Running);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, options] { worker->train(options); }, Qt::QueuedConnection);
    return true;
}

void TrainController::stop()
{
    if (m_state != State::Running)
        return;
    m_cancel.cancel();
    setState(State::Stopping);
}

bool TrainController::stopAndWait(int timeoutMs)
{
    stop();
    if (!isRunning())
        return true;
    QEventLoop loop;
    connect(this, &TrainController::sessionEnded, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return !isRunning();
}

void TrainController::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void TrainController::onTrainStarted(const TrainStartInfo &info)
{
    m_runDir = info.runDir;
    QString why;
    if (!m_telemetry->setRunFolder(info.runDir, &why))
        Q_EMIT warning(why);
    Q_EMIT trainStarted(info);
}

void TrainController::onSessionEnded(int outcome, const QString &error)
{
    QString ignored;
    m_telemetry->setRunFolder(QString(), &ignored);
    setState(State::Idle);
    Q_EMIT sessionEnded(TrainingSession::Outcome(outcome), error);
}
