#pragma once

#include "posequality.h"
#include "skeleton.h"

#include <QImage>
#include <QWidget>

// Heat strips under a video's slider, one column per frame (several frames per pixel on
// long videos: the worst of them): the confidence of every keypoint (left side's rows,
// then the right side's, then the centre's), the jitter, occluded or bridged spans and track
// changes, with the playhead and the loop range. The strips are painted once into an image
// when the measures change, so moving the playhead costs one line, whatever the length.
// A click or a drag asks for the frame under the mouse.
class TimelineStrips : public QWidget
{
    Q_OBJECT

public:
    enum class Row { Jitter, Occlusion, TrackChange };

    explicit TimelineStrips(QWidget *parent = nullptr);

    void setSkeleton(const gp::Skeleton &skeleton);
    // An empty series (no frames) clears the strips. `jitterScale` px is the full colour.
    void setSeries(const gp::QualitySeries &series, double jitterScale = 8.0);
    void clear();
    void setFrameCount(qint64 count);
    void setCurrentFrame(qint64 frame);
    qint64 currentFrame() const { return m_frame; }
    void setLoopRange(bool shown, qint64 first, qint64 last);

    // The painted strips (one pixel row per strip row, one column per bucket of frames).
    const QImage &stripImage() const { return m_image; }
    // The image row of keypoint `k`, or of one of the other strips.
    int rowOfKeypoint(int k) const;
    int rowOf(Row row) const;
    qint64 frameAtX(int x) const;
    int xOfFrame(qint64 frame) const;
    // Where the label of an image row's group is written (the side's name for the keypoint
    // rows, the strip's name for the others), in widget pixels: tall enough for the label
    // font, and no two labels overlap.
    QRect labelRect(int row) const;
    QString rowLabel(int row) const;
    QFont labelFont() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    static QColor heat(double value01);

Q_SIGNALS:
    void frameRequested(int frame);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    QRect stripRect() const;
    int rowTop(int row) const;
    int rowHeight(int row) const;
    int labelLineHeight() const;
    // The first and one-past-last image rows of the group `row` belongs to (a side's
    // keypoints share one label; each other strip is a group of its own).
    std::pair<int, int> groupOf(int row) const;

    gp::Skeleton m_skeleton;
    gp::QualitySeries m_series;
    double m_jitterScale = 8.0;
    std::vector<int> m_keypointOrder; // image row -> keypoint
    QImage m_image;
    qint64 m_count = 0;
    qint64 m_frame = 0;
    bool m_loopShown = false;
    qint64 m_loopFirst = 0;
    qint64 m_loopLast = 0;
    mutable int m_labelLine = -1; // labelLineHeight(), once measured

    static constexpr int kKeypointRowHeight = 4;
    static constexpr int kRowHeight = 7;
    static constexpr int kLabelWidth = 74;
    static constexpr int kGroupGap = 3; // between the keypoint rows and the other strips
    static constexpr int kMaxColumns = 4096;
};
