#pragma once

#include "datasetchecker.h"
#include "trainingsession.h"

#include <QWidget>

#include <memory>
#include <optional>

class BackgroundJob;
class DatasetCheckPanel;
class LayoutMemory;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableWidget;
class RunSetupForm;
class RunWatcher;
class RunsPanel;
class TrainController;
class TrainDashboard;
namespace gp {
class Project;
} // namespace gp

// The Train workspace: on the left the run setup form (with Start and Stop), the project's
// runs (watch, resume, extend, compare) and the dataset check; on the right the dashboard
// of the run training here or of the run being watched. Training runs on the controller's
// thread; the window keeps repainting and taking input while a batch runs.
class TrainWorkspace : public QWidget
{
    Q_OBJECT

public:
    enum SideTab { SetupTab, RunsTab, DatasetTab };

    explicit TrainWorkspace(QWidget *parent = nullptr);
    ~TrainWorkspace() override;

    void setProject(std::shared_ptr<const gp::Project> project);
    // Background work other than training (dataset check, device query, thumbnails).
    bool isBusy() const;
    bool isTraining() const;

    // The dataset check (DatasetCheckPanel).
    const std::optional<gp::DatasetChecker::Report> &report() const;
    QTableWidget *summaryTable() const;
    QTableWidget *kindTable() const;
    QTableWidget *problemTable() const;
    QProgressBar *progressBar() const;

    RunSetupForm *setupForm() const { return m_form; }
    RunsPanel *runsPanel() const { return m_runs; }
    DatasetCheckPanel *datasetPanel() const { return m_dataset; }
    TrainDashboard *dashboard() const { return m_dashboard; }
    TrainController *controller() const { return m_controller; }
    RunWatcher *watcher() const { return m_watcher; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QTabWidget *sideTabs() const { return m_side; }

public Q_SLOTS:
    // The side panel, the dashboard's splitters and the tabs as designed (View ▸ Reset Layout).
    void resetLayout();
    void startCheck();
    void cancelCheck();
    // Starts a run with the form's settings; false (and *error) when it cannot start.
    bool startTraining(QString *error = nullptr);
    // Asks the run to stop after the batch in progress; it saves a resumable checkpoint.
    void stopTraining();
    bool resumeRun(const QString &lastWeights, QString *error = nullptr);
    // Trains a finished run on up to `epochs` epochs in all.
    bool extendRun(const QString &lastWeights, int epochs, QString *error = nullptr);
    // Starts a run with `config` as it is (the labelling loop's rounds); the form is left alone.
    bool startRun(const gp::TrainingConfig &config, const QStringList &explicitKeys, QString *error = nullptr);
    void watchRun(const QString &runDir);
    void compareRuns(const QStringList &runDirs);

Q_SIGNALS:
    void checkFinished();
    void trainingStarted();
    // A session is over (finished, stopped with a checkpoint, refused or failed).
    void trainingEnded(gp::TrainingSession::Outcome outcome, const QString &error);
    void comparisonLoaded();
    void openImageRequested(const QString &imagePath, int instance);
    void openWeightsRequested(const QString &weights);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    bool startSession(gp::TrainingSession::Options options, QString *error);
    void onSessionEnded(gp::TrainingSession::Outcome outcome, const QString &error);
    void onWatchedChanged();
    void updateControls();
    void retranslateUi();

    std::shared_ptr<const gp::Project> m_project;
    TrainController *m_controller;
    RunWatcher *m_watcher;
    BackgroundJob *m_deviceQuery;
    BackgroundJob *m_comparisonJob;
    bool m_devicesQueried = false;
    QTabWidget *m_side;
    LayoutMemory *m_layout;
    RunSetupForm *m_form;
    RunsPanel *m_runs;
    DatasetCheckPanel *m_dataset;
    QPushButton *m_start;
    QPushButton *m_stop;
    QLabel *m_state;
    TrainDashboard *m_dashboard;
};
