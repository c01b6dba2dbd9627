#include "mainwindow.h"

#include "aboutdialog.h"
#include "backgroundjob.h"
#include "heaptrimmer.h"
#include "jobprogressdialog.h"
#include "jobstatuswidget.h"
#include "labelworkspace.h"
#include "languages.h"
#include "loopcontroller.h"
#include "project.h"
#include "projectlock.h"
#include "recentprojects.h"
#include "trainworkspace.h"
#include "videoworkspace.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

using gp::Project;
using gp::queryRuntimeInfo;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

namespace {
constexpr auto kGeometryKey = "window/geometry";
constexpr auto kStateKey = "window/state";
constexpr auto kWorkspaceKey = "window/workspace";
constexpr auto kLastProjectKey = "project/last";
constexpr auto kRecentKey = "project/recent";
constexpr auto kLanguageKey = "ui/language";
constexpr int kWorkspaceCount = 3;
} // namespace

MainWindow::MainWindow(Languages *languages, QWidget *parent)
    : QMainWindow(parent)
    , m_languages(languages)
    , m_tabs(new QTabWidget(this))
    , m_label(new LabelWorkspace(this))
    , m_train(new TrainWorkspace(this))
    , m_loop(new LoopController(m_label, m_train, this))
    , m_video(new VideoWorkspace(this))
    , m_projectStatus(new QLabel(this))
    , m_countStatus(new QLabel(this))
    , m_jobStatus(new JobStatusWidget(this))
    , m_demoJob(new BackgroundJob(this))
{
    new HeapTrimmer(this);
    setObjectName(QStringLiteral("MainWindow"));
    m_tabs->setObjectName(QStringLiteral("workspaces"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_label, QString());
    m_tabs->addTab(m_train, QString());
    m_tabs->addTab(m_video, QString());
    setCentralWidget(m_tabs);
    statusBar()->addWidget(m_projectStatus);
    statusBar()->addPermanentWidget(m_jobStatus);
    statusBar()->addPermanentWidget(m_countStatus);
    connect(m_demoJob, &BackgroundJob::finished, this, &MainWindow::demoProjectDone);
    connect(m_label, &LabelWorkspace::jobStarted, m_jobStatus, &JobStatusWidget::track);

    createActions();
    createMenus();
    connect(m_label, &LabelWorkspace::countsChanged, this, &MainWindow::updateStatus);
    connect(
        m_label, &LabelWorkspace::diskNotice, this, [this](const QString &text) { statusBar()->showMessage(text); });
    // A worst validation image opens in the Label workspace with its object selected.
    connect(m_train, &TrainWorkspace::openImageRequested, this, [this](const QString &file, int instance) {
        m_label->openImage(file, QString(), instance);
        setWorkspace(Workspace::Label);
    });
    // A run's weights go to the Video workspace.
    connect(m_train, &TrainWorkspace::openWeightsRequested, this, [this](const QString &weights) {
        m_video->setModel(weights);
        setWorkspace(Workspace::Video);
        statusBar()->showMessage(tr("The Video workspace uses %1").arg(QDir::toNativeSeparators(weights)), 10000);
    });
    // Frames sent from the Video workspace with the model's labels need review there too
    // (before the first of them opens in the Label workspace).
    connect(m_video, &VideoWorkspace::framesSentForReview, m_label, &LabelWorkspace::markNeedsReview);
    // Frames filled between a video's keyframes are reviewed the neediest first.
    connect(m_video, &VideoWorkspace::reviewOrder, m_label, &LabelWorkspace::showSuggestions);
    // A frame taken from the Video workspace opens in the Label workspace.
    connect(m_video, &VideoWorkspace::frameAdded, this, [this](const QString &file, const QString &split) {
        m_label->showNewImage(file, split);
        setWorkspace(Workspace::Label);
    });
    // The labelling loop: its rounds are said in the status bar (the run shows in Train).
    connect(m_loop, &LoopController::roundStarted, this, [this](int round, int train, int val) {
        //: %1 is the loop's round, %2 and %3 image counts.
        statusBar()->showMessage(
            tr("Round %1: training on %2 accepted image(s), validating on %3; the run shows in the Train workspace")
                .arg(round)
                .arg(train)
                .arg(val));
    });
    connect(m_loop, &LoopController::roundFinished, this,
        [this](const QString &summary) { statusBar()->showMessage(summary); });
    connect(m_label, &LabelWorkspace::suggestionsReady, this, [this](int ranked, const QString &error) {
        if (ranked == 0 && !error.isEmpty())
            statusBar()->showMessage(error);
        else
            //: %n images ranked by Suggest What to Label Next.
            statusBar()->showMessage(tr("%n image(s) ranked: the list shows them first, numbered; → goes through them "
                                        "in order",
                nullptr, ranked));
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index >= 0 && index < kWorkspaceCount)
            m_workspaceActions[index]->setChecked(true);
    });

    QSettings settings;
    if (!restoreGeometry(settings.value(QLatin1String(kGeometryKey)).toByteArray())) {
        const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1600, 1000);
        resize(std::min(1440, available.width() - 40), std::min(900, available.height() - 60));
    }
    restoreState(settings.value(QLatin1String(kStateKey)).toByteArray());
    setWorkspace(
        Workspace(std::clamp(settings.value(QLatin1String(kWorkspaceKey), 0).toInt(), 0, kWorkspaceCount - 1)));

    retranslateUi();
}

MainWindow::~MainWindow() = default;

QProgressDialog *MainWindow::demoProgressDialog() const
{
    return m_demoProgress;
}

QString MainWindow::demoProjectDir()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("demo-project"));
}

SynthOptions MainWindow::demoOptions()
{
    SynthOptions o;
    o.outDir = demoProjectDir();
    o.count = 200;
    o.imageSize = QSize(1280, 720);
    o.seed = 0;
    o.videoFrames = 180;
    return o;
}

void MainWindow::createActions()
{
    m_newAction = new QAction(this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newProjectDialog);
    m_openAction = new QAction(this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openProjectDialog);
    m_demoAction = new QAction(this);
    connect(m_demoAction, &QAction::triggered, this, &MainWindow::openDemoProject);
    m_resetLayoutAction = new QAction(this);
    m_resetLayoutAction->setObjectName(QStringLiteral("resetLayout"));
    connect(m_resetLayoutAction, &QAction::triggered, this, &MainWindow::resetLayout);
    m_clearRecentAction = new QAction(this);
    connect(m_clearRecentAction, &QAction::triggered, this, [this] {
        QSettings().setValue(QLatin1String(kRecentKey), QStringList());
        updateRecentMenu();
    });
    m_quitAction = new QAction(this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    auto *workspaces = new QActionGroup(this);
    for (int i = 0; i < kWorkspaceCount; ++i) {
        m_workspaceActions[i] = new QAction(this);
        m_workspaceActions[i]->setCheckable(true);
        m_workspaceActions[i]->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        workspaces->addAction(m_workspaceActions[i]);
        connect(m_workspaceActions[i], &QAction::triggered, this, [this, i] { setWorkspace(Workspace(i)); });
    }

    m_languageGroup = new QActionGroup(this);
    for (const Languages::Language &l : Languages::available()) {
        // Each language is named in itself, so a user can find their own in any UI language.
        auto *a = new QAction(l.nativeName, m_languageGroup);
        a->setCheckable(true);
        a->setData(l.code);
        a->setChecked(m_languages && l.code == m_languages->current());
        connect(a, &QAction::triggered, this, [this, code = l.code] { setLanguage(code); });
    }

    m_aboutAction = new QAction(this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, [this] { showAbout(); });
    m_aboutQtAction = new QAction(this);
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addAction(m_demoAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_viewMenu = menuBar()->addMenu(QString());
    for (QAction *a : m_workspaceActions)
        m_viewMenu->addAction(a);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_resetLayoutAction);
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->addActions(m_languageGroup->actions());

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_aboutAction);
    m_helpMenu->addAction(m_aboutQtAction);
    updateRecentMenu();
}

void MainWindow::retranslateUi()
{
    m_tabs->setTabText(int(Workspace::Label), tr("Label", "workspace"));
    m_tabs->setTabText(int(Workspace::Train), tr("Train", "workspace"));
    m_tabs->setTabText(int(Workspace::Video), tr("Video", "workspace"));
    m_tabs->setTabToolTip(int(Workspace::Label), tr("Browse the images and their keypoint labels"));
    m_tabs->setTabToolTip(int(Workspace::Train), tr("Set up, start, watch, stop and resume training"));
    m_tabs->setTabToolTip(int(Workspace::Video), tr("Play a video frame by frame with keypoints drawn over it"));

    m_fileMenu->setTitle(tr("&File"));
    m_newAction->setText(tr("&New Project…"));
    m_openAction->setText(tr("&Open Project…"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_demoAction->setText(tr("Open &Demo Project"));
    m_clearRecentAction->setText(tr("&Clear List"));
    m_quitAction->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_workspaceActions[0]->setText(tr("&Label Workspace"));
    m_workspaceActions[1]->setText(tr("&Train Workspace"));
    m_workspaceActions[2]->setText(tr("&Video Workspace"));
    m_resetLayoutAction->setText(tr("&Reset Layout"));
    m_resetLayoutAction->setToolTip(tr("Put every panel of every workspace back where it was at first"));
    m_languageMenu->setTitle(tr("Lan&guage"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About GripperPose Studio…"));
    m_aboutQtAction->setText(tr("About &Qt…"));
    if (m_demoProgress) {
        m_demoProgress->setWindowTitle(tr("Demo Project"));
        m_demoProgress->setCancelButtonText(tr("Cancel"));
    }
    updateRecentMenu();
    updateStatus();
    updateTitle();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::resetLayout()
{
    m_label->resetLayout();
    m_train->resetLayout();
    m_video->resetLayout();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    fitToScreen();
}

void MainWindow::fitToScreen()
{
    if (!screen() || isMaximized() || isFullScreen())
        return;
    const QRect available = screen()->availableGeometry();
    // The frame (title bar, borders) as the window system adds it, once known.
    const QMargins frame(geometry().left() - frameGeometry().left(), geometry().top() - frameGeometry().top(),
        frameGeometry().right() - geometry().right(), frameGeometry().bottom() - geometry().bottom());
    const QSize room = available.size().shrunkBy(frame);
    if (width() > room.width() || height() > room.height())
        resize(size().boundedTo(room).expandedTo(minimumSizeHint()));
    QRect frameRect = frameGeometry();
    if (!available.contains(frameRect)) {
        frameRect.moveRight(std::min(frameRect.right(), available.right()));
        frameRect.moveBottom(std::min(frameRect.bottom(), available.bottom()));
        frameRect.moveLeft(std::max(frameRect.left(), available.left()));
        frameRect.moveTop(std::max(frameRect.top(), available.top()));
        move(frameRect.topLeft());
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_train->isTraining()) {
        // Closing waits for the run to save a resumable checkpoint; the window closes then.
        event->ignore();
        if (!m_closeWhenStopped)
            afterTrainingStops(
                tr("A run is training. Stop it and quit? It saves a checkpoint you can resume."), [this] { close(); });
        return;
    }
    if (!m_label->confirmClosingProject()) {
        event->ignore();
        return;
    }
    saveWindowState();
    m_demoJob->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::saveWindowState()
{
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kStateKey), saveState());
    settings.setValue(QLatin1String(kWorkspaceKey), int(workspace()));
}

MainWindow::Workspace MainWindow::workspace() const
{
    return Workspace(std::max(0, m_tabs->currentIndex()));
}

void MainWindow::setWorkspace(Workspace workspace)
{
    m_tabs->setCurrentIndex(int(workspace));
    m_workspaceActions[int(workspace)]->setChecked(true);
}

std::optional<MainWindow::Workspace> MainWindow::workspaceFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("label"))
        return Workspace::Label;
    if (n == QLatin1String("train"))
        return Workspace::Train;
    if (n == QLatin1String("video"))
        return Workspace::Video;
    return std::nullopt;
}

bool MainWindow::setLanguage(const QString &code)
{
    if (!m_languages || !m_languages->apply(code))
        return false;
    QSettings().setValue(QLatin1String(kLanguageKey), code);
    for (QAction *a : m_languageGroup->actions())
        a->setChecked(a->data().toString() == code);
    return true;
}

QStringList MainWindow::recentProjects() const
{
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

bool MainWindow::isBusy() const
{
    return m_demoJob->isRunning() || m_label->isBusy() || m_train->isBusy() || m_video->isBusy();
}

void MainWindow::afterTrainingStops(const QString &question, std::function<void()> then)
{
    if (!m_train->isTraining()) {
        then();
        return;
    }
    setWorkspace(Workspace::Train);
    auto *box
        = new QMessageBox(QMessageBox::Question, tr("Training in Progress"), question, QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("stopTrainingQuestion"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *stop = box->addButton(tr("Stop Training"), QMessageBox::AcceptRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(stop);
    connect(box, &QMessageBox::buttonClicked, this, [this, stop, then = std::move(then)](QAbstractButton *clicked) {
        if (clicked != stop || !m_train->isTraining())
            return;
        m_closeWhenStopped = true;
        statusBar()->showMessage(tr("Stopping the run and saving a resumable checkpoint…"));
        // Once: the connection is dropped as soon as the session has ended.
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection = connect(m_train, &TrainWorkspace::trainingEnded, this, [this, connection, then] {
            disconnect(*connection);
            m_closeWhenStopped = false;
            statusBar()->clearMessage();
            then();
        });
        m_train->stopTraining();
    });
    box->open();
}

bool MainWindow::openProject(const QString &dirOrYaml, QString *error)
{
    if (m_train->isTraining()) {
        *error = tr("a run is training in the current project; stop it first");
        return false;
    }
    auto project = Project::open(dirOrYaml, error);
    if (!project) {
        // Said in the window, not only in a dialog or on stderr: the reason stays in view.
        if (!m_project)
            m_label->showOpenFailure(
                tr("The project %1 could not be opened: %2").arg(QDir::toNativeSeparators(dirOrYaml), *error));
        return false;
    }
    m_project = std::make_shared<const Project>(std::move(*project));
    m_projectLock.reset(); // reopening the same project takes it again
    m_projectLock = std::make_unique<gp::ProjectLock>(m_project->dir());
    m_label->setProject(m_project);
    m_train->setProject(m_project);
    m_loop->setProject(m_project);
    m_video->setProject(m_project);

    QSettings settings;
    settings.setValue(QLatin1String(kLastProjectKey), m_project->dir());
    settings.setValue(QLatin1String(kRecentKey), RecentProjects::added(recentProjects(), m_project->dir()));
    updateRecentMenu();
    updateStatus();
    updateTitle();
    if (!m_projectLock->otherHolder().isEmpty())
        //: %1 says which process has the project open ("process 1234 on lab-pc").
        statusBar()->showMessage(tr("This project is also open in another GripperPose Studio (%1). Both can label "
                                    "it: an image the other saves is shown again here, and an edit written over the "
                                    "other's keeps its version in .gripperpose/conflicts/.")
                                     .arg(m_projectLock->otherHolder()));
    else if (!m_projectLock->error().isEmpty())
        statusBar()->showMessage(m_projectLock->error());
    else if (!m_project->issues().isEmpty())
        statusBar()->showMessage(
            tr("data.yaml has %n problem(s); see the Train workspace.", nullptr, int(m_project->issues().size())),
            10000);
    Q_EMIT projectChanged();
    return true;
}

void MainWindow::openProjectInteractive(const QString &dir)
{
    if (m_train->isTraining()) {
        afterTrainingStops(tr("A run is training in this project. Stop it and open %1? It saves a checkpoint you "
                              "can resume.")
                               .arg(QDir::toNativeSeparators(dir)),
            [this, dir] { openProjectInteractive(dir); });
        return;
    }
    if (!m_label->confirmClosingProject())
        return;
    QString error;
    if (openProject(dir, &error))
        return;
    QSettings settings;
    if (!Project::isProject(dir))
        settings.setValue(QLatin1String(kRecentKey), RecentProjects::removed(recentProjects(), dir));
    updateRecentMenu();
    showError(tr("Open Project"), tr("Cannot open the project %1:\n%2").arg(QDir::toNativeSeparators(dir), error));
}

void MainWindow::openStartupProject()
{
    const QString last = QSettings().value(QLatin1String(kLastProjectKey)).toString();
    if (last.isEmpty()) {
        openDemoProject();
        return;
    }
    QString error;
    if (!openProject(last, &error))
        statusBar()->showMessage(
            tr("The last project %1 could not be opened: %2").arg(QDir::toNativeSeparators(last), error));
}

void MainWindow::openDemoProject()
{
    if (m_demoJob->isRunning())
        return; // already being generated
    const QString dir = demoProjectDir();
    if (Project::isProject(dir)) {
        openProjectInteractive(dir);
        return;
    }
    createDemoProject(dir, demoOptions());
}

void MainWindow::createDemoProject(const QString &dir, SynthOptions options)
{
    if (m_demoJob->isRunning())
        return;
    options.outDir = dir;
    QDir().mkpath(QFileInfo(dir).absolutePath());
    m_demoProgress = JobProgressDialog::open(
        m_demoJob, tr("Generating the demo project in %1…").arg(QDir::toNativeSeparators(dir)), this);
    m_demoProgress->setWindowTitle(tr("Demo Project"));
    m_demoProgress->setMaximum(options.count + options.videoFrames);
    m_demoProgress->show();
    const SynthGenerator generator(m_project ? m_project->skeleton() : Skeleton::defaultGripper(), options);
    m_demoDir = dir;
    m_demoJob->start([generator](const gp::CancelToken &cancel, const gp::Progress &progress) {
        QString error;
        return generator.runAtomically(&error, cancel, progress) ? QString() : error;
    });
}

void MainWindow::demoProjectDone()
{
    const QString error = m_demoJob->result<QString>();
    if (m_demoJob->wasCancelled()) {
        statusBar()->showMessage(tr("Demo project cancelled. File ▸ Open Demo Project generates it again."), 10000);
        Q_EMIT demoProjectFailed(tr("cancelled"));
        return;
    }
    if (error.isEmpty()) {
        QString openError;
        if (openProject(m_demoDir, &openError))
            return;
        showError(tr("Demo Project"), openError);
        Q_EMIT demoProjectFailed(openError);
        return;
    }
    showError(tr("Demo Project"), tr("The demo project could not be generated:\n%1").arg(error));
    Q_EMIT demoProjectFailed(error);
}

void MainWindow::newProjectDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("New Project: Choose an Empty Folder"),
        m_project ? QFileInfo(m_project->dir()).absolutePath() : QDir::homePath());
    if (dir.isEmpty())
        return;
    if (Project::isProject(dir)) {
        openProjectInteractive(dir);
        statusBar()->showMessage(
            tr("%1 already holds a project; it was opened.").arg(QDir::toNativeSeparators(dir)), 10000);
        return;
    }
    QString error;
    if (!Project::create(dir, Skeleton::defaultGripper(), &error)) {
        showError(
            tr("New Project"), tr("Cannot create a project in %1:\n%2").arg(QDir::toNativeSeparators(dir), error));
        return;
    }
    openProjectInteractive(dir);
}

void MainWindow::openProjectDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Project: Choose a Folder with data.yaml"),
        m_project ? QFileInfo(m_project->dir()).absolutePath() : QDir::homePath());
    if (!dir.isEmpty())
        openProjectInteractive(dir);
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = recentProjects();
    for (int i = 0; i < recent.size(); ++i) {
        const QString &dir = recent.at(i);
        auto *a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(dir).fileName()));
        a->setToolTip(QDir::toNativeSeparators(dir));
        a->setStatusTip(QDir::toNativeSeparators(dir));
        connect(a, &QAction::triggered, this, [this, dir] { openProjectInteractive(dir); });
    }
    if (recent.isEmpty()) {
        auto *none = m_recentMenu->addAction(tr("No recent projects"));
        none->setEnabled(false);
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(m_clearRecentAction);
    m_clearRecentAction->setEnabled(!recent.isEmpty());
}

void MainWindow::updateStatus()
{
    if (!m_project) {
        m_projectStatus->setText(tr("No project open"));
        m_countStatus->clear();
        return;
    }
    const bool shared = m_projectLock && !m_projectLock->otherHolder().isEmpty();
    m_projectStatus->setText(shared ? tr("Project: %1 (also open in another studio)").arg(m_project->name())
                                    : tr("Project: %1").arg(m_project->name()));
    m_projectStatus->setToolTip(QDir::toNativeSeparators(m_project->dir()));
    const auto total = m_label->totalCounts();
    QStringList perSplit;
    for (const QString &split : m_label->splits())
        perSplit << tr("%1 %2", "number of images, split name (train, val)")
                        .arg(m_label->splitCounts(split).images)
                        .arg(split);
    m_countStatus->setText(tr("%n image(s) (%1): %2 labelled, %3 empty, %4 unlabelled", nullptr, total.images)
                               .arg(perSplit.join(QStringLiteral(", ")))
                               .arg(total.labelled)
                               .arg(total.empty)
                               .arg(total.unlabelled));
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_project ? tr("%1 — GripperPose Studio").arg(m_project->name()) : tr("GripperPose Studio"));
}

void MainWindow::showError(const QString &title, const QString &text)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Close, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

AboutDialog *MainWindow::showAbout()
{
    if (!m_runtimeInfo) {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        m_runtimeInfo = queryRuntimeInfo();
        QApplication::restoreOverrideCursor();
    }
    auto *dialog = new AboutDialog(*m_runtimeInfo, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}
