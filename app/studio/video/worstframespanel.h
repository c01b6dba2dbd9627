#pragma once

#include "posequality.h"
#include "worstframes.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;

// The worst frames of an analysed video by a chosen criterion, with a live count of the
// frames its threshold selects, N worst or N spread over the video; a click shows a frame,
// and the listed (or selected) frames can be sent to labelling.
class WorstFramesPanel : public QWidget
{
    Q_OBJECT

public:
    explicit WorstFramesPanel(QWidget *parent = nullptr);

    // Not owned; must outlive the panel or be replaced (nullptr clears).
    void setSeries(const gp::QualitySeries *series);
    void refresh();

    gp::WorstFrames::Criterion criterion() const;
    void setCriterion(gp::WorstFrames::Criterion criterion);
    double threshold() const;
    void setThreshold(double threshold);
    void setCount(int n);
    void setSpread(bool spread);
    // The frames listed, worst first.
    std::vector<qint64> listedFrames() const { return m_frames; }
    // The selected rows' frames, or every listed frame when none is selected.
    std::vector<qint64> framesToSend() const;
    qint64 selectedCount() const { return m_selectedCount; }
    QString split() const;

    QListWidget *list() const { return m_list; }
    QLabel *countLabel() const { return m_countLabel; }
    QPushButton *sendButton() const { return m_send; }

Q_SIGNALS:
    void frameActivated(int frame);
    void sendRequested(const std::vector<qint64> &frames, const QString &split);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void criterionChanged();

    const gp::QualitySeries *m_series = nullptr;
    std::vector<qint64> m_frames;
    qint64 m_selectedCount = 0;
    QComboBox *m_criterion;
    QDoubleSpinBox *m_threshold;
    QLabel *m_countLabel;
    QSpinBox *m_n;
    QCheckBox *m_spread;
    QListWidget *m_list;
    QComboBox *m_split;
    QPushButton *m_send;
    QLabel *m_criterionLabel;
    QLabel *m_thresholdLabel;
    QLabel *m_nLabel;
    QLabel *m_splitLabel;
};
