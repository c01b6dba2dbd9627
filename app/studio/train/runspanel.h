#pragma once

#include "runcatalog.h"

#include <QWidget>

#include <memory>
#include <vector>

class BackgroundJob;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;
class QTreeWidget;

// The project's training runs (runs/pose/*), with where each stands: finished, stopped —
// resumable, training in another process (a `gripperpose train` in a terminal), or empty.
// Select one to watch it, resume it, extend it by N epochs or open its weights in the
// Video workspace; tick several to overlay their curves on the dashboard's plots. The list
// is read on a background job and again every kRefreshMs while shown, so a run started
// from the command line appears by itself. Run folders from anywhere else (another disk, an
// older project, `gripperpose train project=DIR`) are added with Open Run Folder… and listed
// with the project's runs from then on: the folders opened are kept in QSettings.
class RunsPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kRefreshMs = 5000;
    static constexpr const char *kFoldersKey = "runs/openedFolders";
    enum Column { CompareColumn, NameColumn, StateColumn, EpochsColumn, BestColumn, ModifiedColumn, ColumnCount };

    explicit RunsPanel(QWidget *parent = nullptr);
    ~RunsPanel() override;

    // <project>/runs/pose; empty: no project.
    void setRunsRoot(const QString &runsRoot);
    // The folder of the run training in this program (listed as such, not resumable); a
    // run that was active here and ended is known not to be training any more, even while
    // its telemetry.csv is still fresh.
    void setActiveRun(const QString &runDir);
    const std::vector<gp::RunRecord> &runs() const { return m_runs; }
    std::optional<gp::RunRecord> selectedRun() const;
    void selectRun(const QString &runDir);
    // The runs ticked for comparison.
    QStringList comparedRuns() const;
    void setCompared(const QString &runDir, bool on);
    bool isRefreshing() const;
    // Adds a run folder, or a folder of runs, to the list (and to the folders remembered);
    // false with *error when it holds no run. A single run is selected and watched.
    bool openFolder(const QString &dir, QString *error);
    // Takes an opened folder off the list (the files stay).
    void forgetFolder(const QString &dir);
    QStringList openedFolders() const { return m_folders; }

    QTreeWidget *tree() const { return m_tree; }
    QPushButton *watchButton() const { return m_watch; }
    QPushButton *resumeButton() const { return m_resume; }
    QPushButton *extendButton() const { return m_extend; }
    QSpinBox *extendEpochs() const { return m_extendEpochs; }
    QPushButton *openWeightsButton() const { return m_openWeights; }
    QPushButton *openFolderButton() const { return m_openFolder; }
    QPushButton *forgetButton() const { return m_forget; }

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    void refreshed();
    void watchRequested(const QString &runDir);
    void resumeRequested(const QString &lastWeights);
    void extendRequested(const QString &lastWeights, int epochs);
    void openWeightsRequested(const QString &weights);
    void comparisonChanged(const QStringList &runDirs);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fill();
    void updateButtons();
    void retranslateUi();
    void chooseFolder();
    // The opened folder a run was listed from; empty for the project's own runs.
    QString folderOf(const QString &runDir) const;

    QString m_root;
    QString m_activeRun;
    QStringList m_endedHere;
    std::vector<gp::RunRecord> m_runs;
    QStringList m_compared;
    QStringList m_folders;
    BackgroundJob *m_scan;
    QTimer *m_timer;
    QTreeWidget *m_tree;
    QLabel *m_hint;
    QPushButton *m_refresh;
    QPushButton *m_watch;
    QPushButton *m_resume;
    QPushButton *m_extend;
    QSpinBox *m_extendEpochs;
    QPushButton *m_openWeights;
    QPushButton *m_openFolder;
    QPushButton *m_forget;
    bool m_filling = false;
    bool m_refreshAgain = false; // asked while a scan ran: its result may be stale
};
