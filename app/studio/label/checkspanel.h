#pragma once

#include "datasetconfig.h"
#include "labelaudit.h"
#include "skeleton.h"

#include <QWidget>

#include <vector>

class BackgroundJob;
class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

// The Label workspace's Checks panel: suspicious labels across the whole dataset (see
// LabelAudit), found in the background; a click on one asks to open its image with the
// object selected.
class ChecksPanel : public QWidget
{
    Q_OBJECT

public:
    using Row = gp::LabelAudit::DatasetFinding;

    explicit ChecksPanel(QWidget *parent = nullptr);
    ~ChecksPanel() override;

    // Clears the list; run() audits this dataset.
    void setDataset(const gp::DatasetConfig &config, const gp::Skeleton &skeleton);

    const std::vector<Row> &rows() const { return m_rows; }
    QTreeWidget *tree() const { return m_tree; }
    QPushButton *runButton() const { return m_run; }
    bool isRunning() const;
    // The audit in the background (LabelAudit::auditDataset).
    BackgroundJob *job() const { return m_job; }
    bool hasRun() const { return m_ran; }

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void finished(int findings);
    void activated(const QString &file, const QString &split, int instance);

protected:
    void changeEvent(QEvent *event) override;

private:
    void auditFinished();
    void fill();
    void retranslateUi();

    gp::DatasetConfig m_config;
    gp::Skeleton m_skeleton;
    bool m_hasDataset = false;
    bool m_ran = false;
    std::vector<Row> m_rows;
    BackgroundJob *m_job;
    QPushButton *m_run;
    QLabel *m_summary;
    QTreeWidget *m_tree;
};
