#include "trainworkspace.h"

#include "backgroundjob.h"
#include "computedevices.h"
#include "datasetcheckpanel.h"
#include "layoutmemory.h"
#include "project.h"
#include "resultscsv.h"
#include "runcatalog.h"
#include "runpace.h"
#include "runsetupform.h"
#include "runspanel.h"
#include "runwatcher.h"
#include "trainalert.h"
#include "trainbanner.h"
#include "traincontroller.h"
#include "traindashboard.h"
#include "trainprogresspanel.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

using gp::DatasetChecker;
using gp::Project;
using gp::queryRuntimeInfo;
using gp::ResultsCsv;
using gp::RunCatalog;
using gp::RunPace;
using gp::RunRecord;
using gp::RuntimeInfo;
using gp::Skeleton;
using gp::TrainingHistory;
using gp::TrainingSession;
using gp::TrainStartInfo;

TrainWorkspace::TrainWorkspace(QWidget *parent)
    : QWidget(parent)
    , m_controller(new TrainController(this))
    , m_watcher(new RunWatcher(this))
    , m_deviceQuery(new BackgroundJob(this))
    , m_comparisonJob(new BackgroundJob(this))
    , m_side(new QTabWidget(this))
    , m_form(new RunSetupForm(this))
    , m_runs(new RunsPanel(this))
    , m_dataset(new DatasetCheckPanel(this))
    , m_start(new QPushButton(this))
    , m_stop(new QPushButton(this))
    , m_state(new QLabel(this))
    , m_dashboard(new TrainDashboard(m_controller->telemetry(), this))
{
    m_start->setObjectName(QStringLiteral("startTraining"));
    m_stop->setObjectName(QStringLiteral("stopTraining"));
    QFont bold = m_start->font();
    bold.setBold(true);
    m_start->setFont(bold);
    m_state->setWordWrap(true);
    auto *setup = new QWidget(this);
    auto *setupLayout = new QVBoxLayout(setup);
    setupLayout->setContentsMargins(4, 4, 4, 4);
    setupLayout->addWidget(m_form, 1);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_start);
    controls->addWidget(m_stop);
    setupLayout->addLayout(controls);
    setupLayout->addWidget(m_state);
    m_side->addTab(setup, QString());
    m_side->addTab(m_runs, QString());
    m_side->addTab(m_dataset, QString());

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("sideAndDashboard"));
    splitter->addWidget(m_side);
    splitter->addWidget(m_dashboard);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    // The side panel folds away to the window's edge; the dashboard never does.
    splitter->setCollapsible(1, false);
    m_side->setObjectName(QStringLiteral("sideTabs"));
    m_layout = new LayoutMemory(QStringLiteral("train"), this);
    m_layout->track(splitter, { 380, 1060 });
    m_layout->track(m_side);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_start, &QPushButton::clicked, this, [this] { startTraining(); });
    connect(m_stop, &QPushButton::clicked, this, &TrainWorkspace::stopTraining);
    connect(m_form, &RunSetupForm::edited, this, &TrainWorkspace::updateControls);
    connect(m_dataset, &DatasetCheckPanel::checkFinished, this, &TrainWorkspace::checkFinished);
    connect(m_dataset, &DatasetCheckPanel::summaryChanged, m_form, &RunSetupForm::setDatasetSummary);

    // The trainer's events, in order, to the dashboard.
    connect(m_controller, &TrainController::trainStarted, this, [this](const TrainStartInfo &info) {
        m_watcher->stop();
        m_dashboard->onTrainStart(info);
        m_runs->setActiveRun(info.runDir);
        m_runs->refresh();
        updateControls();
    });
    connect(m_controller, &TrainController::epochStarted, m_dashboard, &TrainDashboard::onEpochStart);
    connect(m_controller, &TrainController::batchEnded, m_dashboard, &TrainDashboard::onBatch);
    connect(m_controller, &TrainController::validationProgress, m_dashboard, &TrainDashboard::onValidation);
    connect(m_controller, &TrainController::epochEnded, m_dashboard, &TrainDashboard::onEpochEnd);
    connect(m_controller, &TrainController::modelSaved, m_dashboard, &TrainDashboard::onModelSaved);
    connect(m_controller, &TrainController::trainFinished, m_dashboard, &TrainDashboard::onFinished);
    connect(m_controller, &TrainController::warning, m_dashboard, &TrainDashboard::onWarning);
    connect(m_controller, &TrainController::stateChanged, this, &TrainWorkspace::updateControls);
    connect(m_controller, &TrainController::sessionEnded, this, &TrainWorkspace::onSessionEnded);

    connect(m_watcher, &RunWatcher::resultsChanged, this, &TrainWorkspace::onWatchedChanged);
    connect(m_watcher, &RunWatcher::telemetryChanged, this, &TrainWorkspace::onWatchedChanged);
    connect(m_watcher, &RunWatcher::problem, m_dashboard, &TrainDashboard::onWarning);
    connect(m_runs, &RunsPanel::watchRequested, this, &TrainWorkspace::watchRun);
    connect(m_runs, &RunsPanel::resumeRequested, this, [this](const QString &last) { resumeRun(last); });
    connect(m_runs, &RunsPanel::extendRequested, this,
        [this](const QString &last, int epochs) { extendRun(last, epochs); });
    connect(m_runs, &RunsPanel::openWeightsRequested, this, &TrainWorkspace::openWeightsRequested);
    connect(m_runs, &RunsPanel::comparisonChanged, this, &TrainWorkspace::compareRuns);
    connect(m_dashboard, &TrainDashboard::openImageRequested, this, &TrainWorkspace::openImageRequested);
    connect(m_dashboard, &TrainDashboard::openWeightsRequested, this, &TrainWorkspace::openWeightsRequested);
    connect(m_deviceQuery, &BackgroundJob::finished, this,
        [this] { m_form->setDevices(m_deviceQuery->result<RuntimeInfo>().devices); });
    connect(m_comparisonJob, &BackgroundJob::finished, this, [this] {
        if (m_comparisonJob->wasCancelled())
            return;
        m_dashboard->setComparison(m_comparisonJob->result<std::vector<TrainingHistory>>());
        Q_EMIT comparisonLoaded();
    });
    retranslateUi();
    updateControls();
}

TrainWorkspace::~TrainWorkspace()
{
    // A run still training saves a resumable checkpoint before the window goes.
    m_controller->stopAndWait(120000);
}

void TrainWorkspace::resetLayout()
{
    m_layout->reset();
    m_dashboard->resetLayout();
}

void TrainWorkspace::setProject(std::shared_ptr<const Project> project)
{
    m_project = std::move(project);
    m_watcher->stop();
    m_dataset->setProject(m_project);
    m_form->setProject(m_project);
    m_runs->setRunsRoot(m_project ? QDir(m_project->runsDir()).filePath(QStringLiteral("pose")) : QString());
    m_dashboard->setSkeleton(m_project ? m_project->skeleton() : Skeleton::defaultGripper());
    m_dashboard->setComparison({});
    if (isVisible())
        m_dataset->startCheckIfWanted();
    updateControls();
}

bool TrainWorkspace::isBusy() const
{
    return m_dataset->isBusy() || m_deviceQuery->isRunning() || m_dashboard->isBusy() || m_comparisonJob->isRunning();
}

bool TrainWorkspace::isTraining() const
{
    return m_controller->isRunning();
}

const std::optional<DatasetChecker::Report> &TrainWorkspace::report() const
{
    return m_dataset->report();
}

QTableWidget *TrainWorkspace::summaryTable() const
{
    return m_dataset->summaryTable();
}

QTableWidget *TrainWorkspace::kindTable() const
{
    return m_dataset->kindTable();
}

QTableWidget *TrainWorkspace::problemTable() const
{
    return m_dataset->problemTable();
}

QProgressBar *TrainWorkspace::progressBar() const
{
    return m_dataset->progressBar();
}

void TrainWorkspace::startCheck()
{
    m_dataset->startCheck();
}

void TrainWorkspace::cancelCheck()
{
    m_dataset->cancelCheck();
}

bool TrainWorkspace::startTraining(QString *error)
{
    QString why;
    if (!m_form->isValid()) {
        why = m_form->problems().join(QLatin1Char('\n'));
    } else {
        TrainingSession::Options options;
        options.config = m_form->config();
        options.explicitKeys = m_form->explicitKeys();
        m_dashboard->setPatience(options.config.patience);
        if (startSession(options, &why))
            return true;
    }
    if (error)
        *error = why;
    m_state->setText(why);
    return false;
}

bool TrainWorkspace::resumeRun(const QString &lastWeights, QString *error)
{
    TrainingSession::Options options;
    options.config.resume = lastWeights;
    options.explicitKeys = { QStringLiteral("resume") };
    QString why;
    // The resumed run keeps its own settings; its patience is in its args.yaml.
    const RunRecord record
        = RunCatalog::inspect(QFileInfo(lastWeights).absoluteDir().absoluteFilePath(QStringLiteral("..")));
    m_dashboard->setPatience(record.patience);
    if (startSession(options, &why))
        return true;
    if (error)
        *error = why;
    m_state->setText(why);
    return false;
}

bool TrainWorkspace::extendRun(const QString &lastWeights, int epochs, QString *error)
{
    TrainingSession::Options options;
    options.config.resume = lastWeights;
    options.config.epochs = epochs;
    options.explicitKeys = { QStringLiteral("resume"), QStringLiteral("epochs") };
    const RunRecord record
        = RunCatalog::inspect(QFileInfo(lastWeights).absoluteDir().absoluteFilePath(QStringLiteral("..")));
    m_dashboard->setPatience(record.patience);
    QString why;
    if (startSession(options, &why))
        return true;
    if (error)
        *error = why;
    m_state->setText(why);
    return false;
}

bool TrainWorkspace::startRun(const gp::TrainingConfig &config, const QStringList &explicitKeys, QString *error)
{
    TrainingSession::Options options;
    options.config = config;
    options.explicitKeys = explicitKeys;
    m_dashboard->setPatience(config.patience);
    QString why;
    if (startSession(options, &why))
        return true;
    if (error)
        *error = why;
    m_state->setText(why);
    return false;
}

bool TrainWorkspace::startSession(TrainingSession::Options options, QString *error)
{
    if (!m_controller->start(std::move(options), error))
        return false;
    m_dashboard->banner()->dismiss();
    m_state->setText(tr("Starting: reading the dataset and building the model…"));
    Q_EMIT trainingStarted();
    updateControls();
    return true;
}

void TrainWorkspace::stopTraining()
{
    m_controller->stop();
    m_state->setText(tr("Stopping after this batch; a resumable checkpoint is saved…"));
}

void TrainWorkspace::onSessionEnded(TrainingSession::Outcome outcome, const QString &error)
{
    m_runs->setActiveRun(QString());
    m_runs->refresh();
    if (outcome == TrainingSession::Outcome::Finished) {
        m_state->clear();
    } else {
        const TrainAlert alert
            = TrainAlert::fromFailure(error, m_controller->runDir(), m_project ? m_project->dataYaml() : QString());
        m_dashboard->onFailed(alert);
        m_state->setText(alert.title);
    }
    updateControls();
    Q_EMIT trainingEnded(outcome, error);
}

void TrainWorkspace::watchRun(const QString &runDir)
{
    // The run training here is already on the dashboard, live.
    if (isTraining() && QDir(runDir) == QDir(m_controller->runDir()))
        return;
    m_watcher->watch(runDir);
    onWatchedChanged();
}

void TrainWorkspace::onWatchedChanged()
{
    if (!m_watcher->isWatching() || isTraining())
        return;
    const RunRecord record = RunCatalog::inspect(m_watcher->runDir());
    m_dashboard->showWatched(m_watcher->history(), m_watcher->telemetry(), &record, m_watcher->lastValidation());
    // Its speed and time left from its files, as the trainer's events give them for a run of
    // this program.
    const QDateTime changed = m_watcher->resultsModified();
    const double sinceLastEpoch = changed.isValid() ? changed.msecsTo(QDateTime::currentDateTimeUtc()) / 1000.0 : 0.0;
    m_dashboard->progressPanel()->showPace(RunPace::of(m_watcher->history().epochs(), record.epochs, sinceLastEpoch,
        m_watcher->trainImages(), record.state == RunRecord::State::Active));
}

void TrainWorkspace::compareRuns(const QStringList &runDirs)
{
    m_comparisonJob->start([runDirs](const gp::CancelToken &, const gp::Progress &) {
        std::vector<TrainingHistory> runs;
        for (const QString &dir : runDirs) {
            TrainingHistory h(QDir(dir).dirName(), dir);
            h.setEpochs(ResultsCsv::read(QDir(dir).filePath(QLatin1String(ResultsCsv::kFileName))).epochs);
            runs.push_back(std::move(h));
        }
        return runs;
    });
}

void TrainWorkspace::updateControls()
{
    const bool running = m_controller->isRunning();
    m_start->setEnabled(!running && m_form->isValid());
    m_stop->setEnabled(m_controller->state() == TrainController::State::Running);
    m_start->setToolTip(
        m_form->isValid() ? tr("Train with these settings (Ctrl+Return)") : m_form->problems().join(QLatin1Char('\n')));
    if (running && m_controller->state() == TrainController::State::Running && !m_controller->runDir().isEmpty())
        m_state->setText(tr("Training %1.").arg(QDir::toNativeSeparators(m_controller->runDir())));
}

void TrainWorkspace::retranslateUi()
{
    m_side->setTabText(SetupTab, tr("Setup"));
    m_side->setTabText(RunsTab, tr("Runs"));
    m_side->setTabText(DatasetTab, tr("Dataset"));
    m_start->setText(tr("Start"));
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_stop->setText(tr("Stop"));
    m_stop->setToolTip(tr("Stop after the batch in progress and save a resumable checkpoint"));
    updateControls();
}

void TrainWorkspace::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_dataset->startCheckIfWanted();
    if (!m_devicesQueried) {
        m_devicesQueried = true;
        m_deviceQuery->start([](const gp::CancelToken &, const gp::Progress &) { return queryRuntimeInfo(); });
    }
}

void TrainWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
