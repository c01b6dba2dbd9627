#pragma once

#include "datasetchecker.h"

#include <QWidget>

#include <memory>
#include <optional>

class BackgroundJob;
class Project;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QGroupBox;

// The Train workspace at this stage: the dataset summary the trainer will see (a
// DatasetChecker scan on a worker thread, per split counts, every problem with its file
// and line and a count per kind) and the default training recipe, read-only.
class TrainWorkspace : public QWidget
{
    Q_OBJECT

public:
    struct RecipeRow
    {
        QString key; // the Ultralytics key (`lr0`)
        QString value; // as the trainer reads it
        QString description;
    };

    explicit TrainWorkspace(QWidget *parent = nullptr);
    ~TrainWorkspace() override;

    // The scan starts when the workspace is first shown for this project.
    void setProject(std::shared_ptr<const Project> project);
    bool isBusy() const;
    const std::optional<DatasetChecker::Report> &report() const { return m_report; }

    // The recipe the trainer uses by default (DESIGN.md), for `kptShape` keypoints.
    static std::vector<RecipeRow> defaultRecipe(const QString &kptShape);

    QTableWidget *summaryTable() const { return m_summary; }
    QTableWidget *kindTable() const { return m_kinds; }
    QTableWidget *problemTable() const { return m_problems; }
    QTableWidget *recipeTable() const { return m_recipe; }
    QProgressBar *progressBar() const { return m_progress; }

public Q_SLOTS:
    void startCheck();
    void cancelCheck();

Q_SIGNALS:
    void checkFinished();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void onProgress(qint64 done, qint64 total);
    void onFinished(const DatasetChecker::Report &report);
    void fillReport();
    void fillRecipe();
    void updateState();

    std::shared_ptr<const Project> m_project;
    BackgroundJob *m_scan;
    std::optional<DatasetChecker::Report> m_report;
    bool m_checkWanted = false;
    qint64 m_lastElapsedMs = 0;

    QGroupBox *m_datasetBox;
    QLabel *m_dataYaml;
    QPushButton *m_checkButton;
    QPushButton *m_cancelButton;
    QProgressBar *m_progress;
    QLabel *m_status;
    QTableWidget *m_summary;
    QLabel *m_kindsTitle;
    QTableWidget *m_kinds;
    QLabel *m_problemsTitle;
    QTableWidget *m_problems;
    QGroupBox *m_recipeBox;
    QLabel *m_recipeNote;
    QTableWidget *m_recipe;
};
