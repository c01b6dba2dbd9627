#include "runspanel.h"

#include "backgroundjob.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

using gp::RunCatalog;
using gp::RunRecord;

namespace {

constexpr int kDirRole = Qt::UserRole + 1;

} // namespace

RunsPanel::RunsPanel(QWidget *parent)
    : QWidget(parent)
    , m_scan(new BackgroundJob(this))
    , m_timer(new QTimer(this))
    , m_tree(new QTreeWidget(this))
    , m_hint(new QLabel(this))
    , m_refresh(new QPushButton(this))
    , m_watch(new QPushButton(this))
    , m_resume(new QPushButton(this))
    , m_extend(new QPushButton(this))
    , m_extendEpochs(new QSpinBox(this))
    , m_openWeights(new QPushButton(this))
    , m_openFolder(new QPushButton(this))
    , m_forget(new QPushButton(this))
{
    m_openFolder->setObjectName(QStringLiteral("openRunFolder"));
    m_folders = QSettings().value(QLatin1String(kFoldersKey)).toStringList();
    m_tree->setColumnCount(ColumnCount);
    m_tree->setRootIsDecorated(false);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_hint->setWordWrap(true);
    m_extendEpochs->setRange(1, 10000);
    m_extendEpochs->setValue(10);

    auto *buttons = new QGridLayout;
    buttons->addWidget(m_watch, 0, 0);
    buttons->addWidget(m_resume, 0, 1);
    buttons->addWidget(m_refresh, 0, 2);
    buttons->addWidget(m_extend, 1, 0);
    buttons->addWidget(m_extendEpochs, 1, 1);
    buttons->addWidget(m_openWeights, 1, 2);
    buttons->addWidget(m_openFolder, 2, 0, 1, 2);
    buttons->addWidget(m_forget, 2, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_hint);
    layout->addWidget(m_tree, 1);
    layout->addLayout(buttons);

    m_timer->setInterval(kRefreshMs);
    connect(m_timer, &QTimer::timeout, this, &RunsPanel::refresh);
    connect(m_refresh, &QPushButton::clicked, this, &RunsPanel::refresh);
    connect(m_scan, &BackgroundJob::finished, this, [this] {
        if (m_scan->wasCancelled())
            return;
        m_runs = m_scan->result<std::vector<RunRecord>>();
        for (RunRecord &r : m_runs)
            if (r.state == RunRecord::State::Active && m_endedHere.contains(r.dir))
                r.state = r.lastWeights.isEmpty() ? RunRecord::State::Empty : RunRecord::State::Resumable;
        fill();
        if (m_refreshAgain) {
            m_refreshAgain = false;
            refresh();
            return;
        }
        Q_EMIT refreshed();
    });
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, &RunsPanel::updateButtons);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this] {
        if (const auto run = selectedRun())
            Q_EMIT watchRequested(run->dir);
    });
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *item, int column) {
        if (m_filling || column != CompareColumn)
            return;
        const QString dir = item->data(NameColumn, kDirRole).toString();
        m_compared.removeAll(dir);
        if (item->checkState(CompareColumn) == Qt::Checked)
            m_compared << dir;
        Q_EMIT comparisonChanged(m_compared);
    });
    connect(m_watch, &QPushButton::clicked, this, [this] {
        if (const auto run = selectedRun())
            Q_EMIT watchRequested(run->dir);
    });
    connect(m_resume, &QPushButton::clicked, this, [this] {
        if (const auto run = selectedRun(); run && run->canResume())
            Q_EMIT resumeRequested(run->lastWeights);
    });
    connect(m_extend, &QPushButton::clicked, this, [this] {
        if (const auto run = selectedRun(); run && run->canExtend())
            Q_EMIT extendRequested(run->lastWeights, run->epochsDone + m_extendEpochs->value());
    });
    connect(m_openFolder, &QPushButton::clicked, this, &RunsPanel::chooseFolder);
    connect(m_forget, &QPushButton::clicked, this, [this] {
        if (const auto run = selectedRun())
            forgetFolder(folderOf(run->dir));
    });
    connect(m_openWeights, &QPushButton::clicked, this, [this] {
        if (const auto run = selectedRun())
            Q_EMIT openWeightsRequested(run->bestWeights.isEmpty() ? run->lastWeights : run->bestWeights);
    });
    retranslateUi();
    updateButtons();
}

RunsPanel::~RunsPanel() = default;

void RunsPanel::setRunsRoot(const QString &runsRoot)
{
    m_root = runsRoot;
    m_runs.clear();
    m_compared.clear();
    fill();
    refresh();
}

void RunsPanel::setActiveRun(const QString &runDir)
{
    if (!m_activeRun.isEmpty() && !m_endedHere.contains(m_activeRun))
        m_endedHere << m_activeRun;
    m_activeRun = runDir.isEmpty() ? QString() : QDir(runDir).absolutePath();
    m_endedHere.removeAll(m_activeRun);
    fill();
}

bool RunsPanel::isRefreshing() const
{
    return m_scan->isRunning();
}

void RunsPanel::refresh()
{
    if (m_root.isEmpty() && m_folders.isEmpty())
        return;
    if (m_scan->isRunning()) {
        m_refreshAgain = true;
        return;
    }
    m_scan->start([root = m_root, folders = m_folders](const gp::CancelToken &, const gp::Progress &) {
        // The project's runs first, then those of the folders opened that are not among them.
        std::vector<RunRecord> runs = root.isEmpty() ? std::vector<RunRecord>() : RunCatalog::scan(root);
        for (RunRecord &r : RunCatalog::scanFolders(folders))
            if (std::none_of(runs.begin(), runs.end(), [&r](const RunRecord &o) { return o.dir == r.dir; }))
                runs.push_back(std::move(r));
        return runs;
    });
}

bool RunsPanel::openFolder(const QString &dir, QString *error)
{
    const QString folder = QDir(dir).absolutePath();
    const std::vector<RunRecord> runs = RunCatalog::scanFolders({ folder });
    if (runs.empty()) {
        if (error)
            *error = tr("%1 holds no training run: a run folder has args.yaml or results.csv.")
                         .arg(QDir::toNativeSeparators(folder));
        return false;
    }
    if (!m_folders.contains(folder)) {
        m_folders << folder;
        QSettings().setValue(QLatin1String(kFoldersKey), m_folders);
    }
    // Listed at once (the scan brings their states up to date); a single run is watched.
    for (const RunRecord &r : runs)
        if (std::none_of(m_runs.begin(), m_runs.end(), [&r](const RunRecord &o) { return o.dir == r.dir; }))
            m_runs.push_back(r);
    fill();
    if (runs.size() == 1) {
        selectRun(runs.front().dir);
        Q_EMIT watchRequested(runs.front().dir);
    }
    refresh();
    return true;
}

void RunsPanel::forgetFolder(const QString &dir)
{
    if (!m_folders.removeAll(dir))
        return;
    QSettings().setValue(QLatin1String(kFoldersKey), m_folders);
    m_runs.erase(std::remove_if(m_runs.begin(), m_runs.end(),
                     [this, &dir](const RunRecord &r) { return folderOf(r.dir) == dir || r.dir == dir; }),
        m_runs.end());
    fill();
    refresh();
}

QString RunsPanel::folderOf(const QString &runDir) const
{
    // A run under the project's runs folder is the project's, even when its folder was opened too.
    if (!m_root.isEmpty() && runDir.startsWith(QDir(m_root).absolutePath() + QLatin1Char('/')))
        return QString();
    for (const QString &f : m_folders)
        if (runDir == f || runDir.startsWith(f + QLatin1Char('/')))
            return f;
    return QString();
}

void RunsPanel::chooseFolder()
{
    const QString dir
        = QFileDialog::getExistingDirectory(this, tr("Open Run Folder"), m_folders.value(m_folders.size() - 1));
    if (dir.isEmpty())
        return;
    QString error;
    if (!openFolder(dir, &error))
        m_hint->setText(error);
}

std::optional<RunRecord> RunsPanel::selectedRun() const
{
    const auto items = m_tree->selectedItems();
    if (items.isEmpty())
        return std::nullopt;
    const QString dir = items.front()->data(NameColumn, kDirRole).toString();
    for (const RunRecord &r : m_runs)
        if (r.dir == dir)
            return r;
    return std::nullopt;
}

void RunsPanel::selectRun(const QString &runDir)
{
    const QString dir = QDir(runDir).absolutePath();
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        if (m_tree->topLevelItem(i)->data(NameColumn, kDirRole).toString() == dir)
            m_tree->setCurrentItem(m_tree->topLevelItem(i));
}

QStringList RunsPanel::comparedRuns() const
{
    return m_compared;
}

void RunsPanel::setCompared(const QString &runDir, bool on)
{
    const QString dir = QDir(runDir).absolutePath();
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_tree->topLevelItem(i);
        if (item->data(NameColumn, kDirRole).toString() == dir)
            item->setCheckState(CompareColumn, on ? Qt::Checked : Qt::Unchecked);
    }
}

void RunsPanel::fill()
{
    const auto selected = selectedRun();
    m_filling = true;
    m_tree->clear();
    for (const RunRecord &r : m_runs) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(CompareColumn, m_compared.contains(r.dir) ? Qt::Checked : Qt::Unchecked);
        item->setText(NameColumn, r.name);
        item->setData(NameColumn, kDirRole, r.dir);
        item->setToolTip(NameColumn, QDir::toNativeSeparators(r.dir));
        // A run from an opened folder says where it is: names repeat across projects.
        if (!folderOf(r.dir).isEmpty())
            //: %1 a run's name, %2 the folder that holds it.
            item->setText(NameColumn, tr("%1 (%2)").arg(r.name, QDir::toNativeSeparators(QFileInfo(r.dir).path())));
        const bool here = r.dir == m_activeRun;
        item->setText(StateColumn, here ? tr("training here") : RunCatalog::stateName(r.state));
        item->setText(
            EpochsColumn, r.epochs > 0 ? tr("%1 / %2").arg(r.epochsDone).arg(r.epochs) : QString::number(r.epochsDone));
        if (r.best && r.best->validated)
            item->setText(
                BestColumn, tr("%1 (epoch %2)").arg(r.best->metrics.pose.map, 0, 'f', 3).arg(r.best->epoch + 1));
        item->setText(ModifiedColumn, QLocale().toString(r.modified.toLocalTime(), QLocale::ShortFormat));
        if (selected && selected->dir == r.dir)
            item->setSelected(true);
    }
    m_filling = false;
    // A compared run that is gone is no longer compared.
    QStringList still;
    for (const QString &dir : m_compared)
        for (const RunRecord &r : m_runs)
            if (r.dir == dir)
                still << dir;
    if (still != m_compared && !m_scan->isRunning()) {
        m_compared = still;
        Q_EMIT comparisonChanged(m_compared);
    }
    updateButtons();
}

void RunsPanel::updateButtons()
{
    const auto run = selectedRun();
    const bool here = run && run->dir == m_activeRun;
    m_watch->setEnabled(run.has_value());
    m_resume->setEnabled(run && run->canResume() && !here);
    m_extend->setEnabled(run && run->canExtend() && !here);
    m_extendEpochs->setEnabled(m_extend->isEnabled());
    m_openWeights->setEnabled(run && (!run->bestWeights.isEmpty() || !run->lastWeights.isEmpty()));
    m_forget->setEnabled(run && !folderOf(run->dir).isEmpty());
}

void RunsPanel::retranslateUi()
{
    m_tree->setHeaderLabels(
        { tr("Compare"), tr("Run"), tr("State"), tr("Epochs"), tr("Best pose mAP50-95"), tr("Modified") });
    m_hint->setText(tr("Runs of this project, also those started with gripperpose train, and run folders opened from "
                       "anywhere. Tick runs to overlay their curves; double-click one to watch it."));
    m_openFolder->setText(tr("Open Run Folder…"));
    m_openFolder->setToolTip(tr("Watch or compare a run kept anywhere: another disk, an older project, or "
                                "gripperpose train project=…"));
    m_forget->setText(tr("Remove from List"));
    m_forget->setToolTip(tr("Stop listing this opened folder's runs (nothing is deleted)"));
    m_refresh->setText(tr("Refresh"));
    m_watch->setText(tr("Watch"));
    m_watch->setToolTip(tr("Show this run's curves on the dashboard and follow it as it grows"));
    m_resume->setText(tr("Resume"));
    m_resume->setToolTip(tr("Continue a stopped or crashed run from its last checkpoint"));
    m_extend->setText(tr("Extend by"));
    m_extend->setToolTip(tr("Train a finished run for more epochs"));
    m_extendEpochs->setSuffix(tr(" epochs"));
    m_openWeights->setText(tr("Open in Video"));
    m_openWeights->setToolTip(tr("Use this run's best weights in the Video workspace"));
    fill();
}

void RunsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_timer->start();
    refresh();
}

void RunsPanel::hideEvent(QHideEvent *event)
{
    m_timer->stop();
    QWidget::hideEvent(event);
}

void RunsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
