#pragma once

#include "poseoverlayview.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

// The overlay's switches: which points (smoothed, raw, both with the raw ghosted), boxes,
// skeleton, names, track ids, confidence as transparency, hollow points below the
// threshold, the trail length, and the ground truth when the video has one.
class OverlayPanel : public QWidget
{
    Q_OBJECT

public:
    explicit OverlayPanel(QWidget *parent = nullptr);

    // The keypoint threshold comes from the smoothing settings (one threshold for both).
    OverlayOptions options(double keypointConf) const;
    bool showTruth() const;
    void setTruthAvailable(bool available, const QString &toolTip);
    QCheckBox *truthBox() const { return m_truth; }
    QComboBox *pointsBox() const { return m_points; }
    QSpinBox *trailBox() const { return m_trail; }

Q_SIGNALS:
    void changed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    QComboBox *m_points;
    QCheckBox *m_boxes;
    QCheckBox *m_skeleton;
    QCheckBox *m_names;
    QCheckBox *m_ids;
    QCheckBox *m_alpha;
    QCheckBox *m_hollow;
    QSpinBox *m_trail;
    QCheckBox *m_truth;
    QLabel *m_pointsLabel;
    QLabel *m_trailLabel;
};
