#pragma once

#include "poseevaluator.h"
#include "skeleton.h"

#include <QWidget>

#include <map>
#include <utility>
#include <vector>

class QComboBox;
class QLabel;
class QTableWidget;

// The per-keypoint errors after a validation: one row per joint with the left and the
// right gripper's point side by side (paired by the skeleton's flip pairs; a point without a
// partner has a row of its own), each with the mean error in pixels for points labelled
// visible and for points labelled occluded, and the mean OKS term. The pixels are those of
// the network input (imgsz), where the metrics are computed. Cells are tinted by error.
// When the val set is tagged by scenario (scenarios.yaml: occlusion, fast_motion, low_light;
// untagged images are "normal"), a selector shows one scenario's errors and metrics instead
// of all images'.
class KeypointErrorTable : public QWidget
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        LeftVisibleColumn,
        LeftOccludedColumn,
        LeftOksColumn,
        RightVisibleColumn,
        RightOccludedColumn,
        RightOksColumn,
        ColumnCount
    };

    explicit KeypointErrorTable(const gp::Skeleton &skeleton, QWidget *parent = nullptr);

    void setSkeleton(const gp::Skeleton &skeleton);
    // The metrics of validation after 0-based `epoch`, of all images and of each scenario
    // tag of the val set (none: no selector).
    void setMetrics(const gp::PoseMetrics &metrics, int epoch, std::map<QString, gp::PoseMetrics> scenarios = {});
    void clear();
    // The scenario shown: a tag, or empty for all images. A tag the last validation did not
    // report shows all images; the choice is kept for the next validation.
    QString scenario() const { return m_scenario; }
    // The epoch shown (0-based); -1 when none.
    int epoch() const { return m_epoch; }
    void setScenario(const QString &tag);
    // The metrics the table shows (all images', or the chosen scenario's).
    const gp::PoseMetrics *shownMetrics() const;
    // "Occlusion" for occlusion, in the user's language; an unknown tag as it is written.
    static QString scenarioName(const QString &tag);

    QTableWidget *table() const { return m_table; }
    QComboBox *scenarioBox() const { return m_scenarioBox; }
    QLabel *scenarioSummary() const { return m_summary; }
    // Each row's keypoint indices (left, right); -1 where a side has no point.
    const std::vector<std::pair<int, int>> &rowPoints() const { return m_rows; }
    // The row's joint name with the side dropped ("wrist" for left_wrist / right_wrist).
    static QString jointName(const QString &left, const QString &right);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void fill();
    void fillScenarios();

    gp::Skeleton m_skeleton;
    std::vector<std::pair<int, int>> m_rows;
    std::optional<gp::PoseMetrics> m_metrics;
    std::map<QString, gp::PoseMetrics> m_scenarios;
    QString m_scenario;
    int m_epoch = -1;
    QLabel *m_caption;
    QLabel *m_scenarioLabel;
    QComboBox *m_scenarioBox;
    QLabel *m_summary;
    QTableWidget *m_table;
    bool m_fillingScenarios = false;
};
