#pragma once

#include "poseevaluator.h"
#include "skeleton.h"

#include <QWidget>

#include <utility>
#include <vector>

class QLabel;
class QTableWidget;

// The per-keypoint errors after a validation: one row per joint with the left and the
// right gripper's point side by side (paired by the skeleton's flip pairs; a point without a
// partner has a row of its own), each with the mean error in pixels for points labelled
// visible and for points labelled occluded, and the mean OKS term. The pixels are those of
// the network input (imgsz), where the metrics are computed. Cells are tinted by error.
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

    explicit KeypointErrorTable(const Skeleton &skeleton, QWidget *parent = nullptr);

    void setSkeleton(const Skeleton &skeleton);
    // The metrics of validation after 0-based `epoch`.
    void setMetrics(const PoseMetrics &metrics, int epoch);
    void clear();

    QTableWidget *table() const { return m_table; }
    // Each row's keypoint indices (left, right); -1 where a side has no point.
    const std::vector<std::pair<int, int>> &rowPoints() const { return m_rows; }
    // The row's joint name with the side dropped ("wrist" for left_wrist / right_wrist).
    static QString jointName(const QString &left, const QString &right);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void fill();

    Skeleton m_skeleton;
    std::vector<std::pair<int, int>> m_rows;
    std::optional<PoseMetrics> m_metrics;
    int m_epoch = -1;
    QLabel *m_caption;
    QTableWidget *m_table;
};
