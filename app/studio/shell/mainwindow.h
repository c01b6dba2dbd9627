#pragma once

#include "computedevices.h"
#include "synthgenerator.h"

#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class AboutDialog;
class BackgroundJob;
class JobProgressDialog;
class JobStatusWidget;
class LabelWorkspace;
class Languages;
class LoopController;
class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QProgressDialog;
class QTabWidget;
class TrainWorkspace;
class VideoWorkspace;
namespace gp {
class Project;
class ProjectLock;
} // namespace gp

// The main window: the three workspaces (Label, Train, Video) as tabs, the project
// (New / Open / Open Recent, the demo project created on first run), the language switch
// and the About dialog. Window geometry, the last and recent projects and the language
// are kept in QSettings.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    enum class Workspace { Label = 0, Train = 1, Video = 2 };

    // `languages` installs the translators; it must outlive the window.
    explicit MainWindow(Languages *languages, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a project folder (or its data.yaml) without asking anything; on failure
    // returns false with *error set and keeps the current project. Refused while a run
    // trains (the interactive paths ask to stop it first).
    bool openProject(const QString &dirOrYaml, QString *error);
    // The last project, or on the first run (no last project) the demo project.
    void openStartupProject();
    // Opens the demo project, generating it first (asynchronously) when missing.
    void openDemoProject();
    // Generates a synthetic project into `dir` on a worker thread behind a progress
    // dialog, then opens it (projectChanged()) or reports demoProjectFailed().
    void createDemoProject(const QString &dir, gp::SynthOptions options);
    static QString demoProjectDir();
    static gp::SynthOptions demoOptions();

    std::shared_ptr<const gp::Project> project() const { return m_project; }
    Workspace workspace() const;
    void setWorkspace(Workspace workspace);
    static std::optional<Workspace> workspaceFromName(const QString &name);
    // Applies and remembers a language ("en", "zh_CN"); false when none is compiled in.
    bool setLanguage(const QString &code);
    QStringList recentProjects() const;
    // Some background work (demo generation, a dataset check, image or frame decoding)
    // is still running.
    bool isBusy() const;
    // Opens the About dialog (non-modal) and returns it.
    AboutDialog *showAbout();
    // Every workspace's splitters and tabs as designed (View ▸ Reset Layout).
    void resetLayout();
    QAction *resetLayoutAction() const { return m_resetLayoutAction; }

    QTabWidget *workspaceTabs() const { return m_tabs; }
    LabelWorkspace *labelWorkspace() const { return m_label; }
    TrainWorkspace *trainWorkspace() const { return m_train; }
    LoopController *loopController() const { return m_loop; }
    VideoWorkspace *videoWorkspace() const { return m_video; }
    QProgressDialog *demoProgressDialog() const;
    // Background work shown in the status bar (e.g. reading a project's labels).
    JobStatusWidget *jobStatus() const { return m_jobStatus; }

Q_SIGNALS:
    void projectChanged();
    void demoProjectFailed(const QString &error);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void createActions();
    // Shrinks and moves the window into the available area of the screen it is on (a size
    // remembered from a larger monitor, or the default size on a small one).
    void fitToScreen();
    void createMenus();
    void retranslateUi();
    void updateRecentMenu();
    void updateStatus();
    void updateTitle();
    void newProjectDialog();
    void openProjectDialog();
    void openProjectInteractive(const QString &dir);
    void showError(const QString &title, const QString &text);
    // While a run trains: asks whether to stop it (a resumable checkpoint is saved) and, if
    // so, runs `then` once it has stopped. Without a run, runs `then` at once.
    void afterTrainingStops(const QString &question, std::function<void()> then);
    void saveWindowState();
    void demoProjectDone();

    Languages *m_languages;
    std::shared_ptr<const gp::Project> m_project;
    // This studio's hold on the project; another studio with the project open is said in the
    // status bar (both can label it: ProjectLock says why that is safe).
    std::unique_ptr<gp::ProjectLock> m_projectLock;
    std::optional<gp::RuntimeInfo> m_runtimeInfo;

    QTabWidget *m_tabs;
    LabelWorkspace *m_label;
    TrainWorkspace *m_train;
    LoopController *m_loop;
    VideoWorkspace *m_video;
    QLabel *m_projectStatus;
    QLabel *m_countStatus;
    JobStatusWidget *m_jobStatus;
    BackgroundJob *m_demoJob;
    QPointer<JobProgressDialog> m_demoProgress;
    QString m_demoDir;
    bool m_closeWhenStopped = false;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_demoAction = nullptr;
    QAction *m_clearRecentAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_workspaceActions[3] = {};
    QActionGroup *m_languageGroup = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_aboutQtAction = nullptr;
    QAction *m_resetLayoutAction = nullptr;
};
