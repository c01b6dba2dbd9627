#pragma once

#include "datasetchecker.h"

#include <QWidget>

#include <memory>
#include <optional>

class BackgroundJob;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QGroupBox;
namespace gp {
class Project;
} // namespace gp

// The dataset as the trainer will see it: a DatasetChecker scan on a background job, per
// split counts, every problem with its file and line and a count per kind. Problems never
// block training (the trainer skips bad items); summary() says it in one line for the run
// setup form.
class DatasetCheckPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DatasetCheckPanel(QWidget *parent = nullptr);
    ~DatasetCheckPanel() override;

    // The scan starts when the workspace is first shown for this project.
    void setProject(std::shared_ptr<const gp::Project> project);
    bool isBusy() const;
    // Starts the scan a new project asked for, if it has not run yet (the Train workspace
    // calls it when it is first shown, so the setup form has the summary before a start).
    void startCheckIfWanted();
    const std::optional<gp::DatasetChecker::Report> &report() const { return m_report; }

    // "Dataset: 10 images (8 train, 2 val), 2 problems" (or that it is being checked).
    QString summary() const;

    QTableWidget *summaryTable() const { return m_summary; }
    QTableWidget *kindTable() const { return m_kinds; }
    QTableWidget *problemTable() const { return m_problems; }
    QProgressBar *progressBar() const { return m_progress; }

public Q_SLOTS:
    void startCheck();
    void cancelCheck();

Q_SIGNALS:
    void checkFinished();
    void summaryChanged(const QString &summary);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void onProgress(qint64 done, qint64 total);
    void onFinished(const gp::DatasetChecker::Report &report);
    void fillReport();
    void updateState();

    std::shared_ptr<const gp::Project> m_project;
    BackgroundJob *m_scan;
    std::optional<gp::DatasetChecker::Report> m_report;
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
};
