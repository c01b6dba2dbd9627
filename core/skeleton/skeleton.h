#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace gp {

// The keypoint layout of the objects being labelled: names, left/right sides, the
// flip pairs that a horizontal flip swaps, the edges drawn between points, the OKS
// sigmas used by the loss and the metrics, and the colours of each side. It is data
// (a small JSON file), not constants, so a team can label another gripper.
class Skeleton
{
    Q_DECLARE_TR_FUNCTIONS(Skeleton)

public:
    enum class Side { Left, Right, Center };

    struct Point
    {
        QString name;
        Side side = Side::Center;
        double sigma = 0.0;
    };

    // The shipped 14-point gripper skeleton (resources/skeletons/gripper14.json).
    static Skeleton defaultGripper();
    // Parses and validates; on failure returns nothing and sets *error.
    static std::optional<Skeleton> fromJson(const QByteArray &json, QString *error);
    static std::optional<Skeleton> load(const QString &path, QString *error);

    QByteArray toJson() const;
    bool save(const QString &path, QString *error) const;

    // Every problem found; empty when the skeleton is usable.
    QStringList validate() const;

    QString name() const { return m_name; }
    int keypointCount() const { return int(m_points.size()); }
    const std::vector<Point> &points() const { return m_points; }
    const std::vector<std::pair<int, int>> &edges() const { return m_edges; }
    const std::vector<std::pair<int, int>> &flipPairs() const { return m_flipPairs; }
    // The permutation a horizontal flip applies (Ultralytics' flip_idx).
    std::vector<int> flipIndex() const;
    std::vector<double> sigmas() const;
    // The points that move as one part (one gripper each): each side's points, Left then
    // Right, for a side that has two or more; centre points belong to no group.
    std::vector<std::vector<int>> partGroups() const;
    // The index in partGroups() of the group holding `keypoint`, or -1.
    int partOf(int keypoint) const;
    QColor sideColor(Side side) const;
    QColor pointColor(int index) const { return sideColor(m_points.at(size_t(index)).side); }
    static QString sideName(Side side);

    void setName(const QString &name) { m_name = name; }
    void setPoints(std::vector<Point> points) { m_points = std::move(points); }
    void setEdges(std::vector<std::pair<int, int>> edges) { m_edges = std::move(edges); }
    void setFlipPairs(std::vector<std::pair<int, int>> pairs) { m_flipPairs = std::move(pairs); }
    void setSideColor(Side side, const QColor &color);

    bool operator==(const Skeleton &o) const;

private:
    QString m_name;
    QString m_description;
    std::vector<Point> m_points;
    std::vector<std::pair<int, int>> m_edges;
    std::vector<std::pair<int, int>> m_flipPairs;
    QColor m_left { 0x1e, 0x90, 0xff };
    QColor m_right { 0xff, 0x8c, 0x00 };
    QColor m_center { 0x2e, 0xcc, 0x71 };
};

} // namespace gp
