#pragma once

#include "assistcontroller.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

// Pre-labelling's and the review's settings: the confidence a detection needs to become a
// label, the IoU above which overlapping detections are one object, and the confidence below
// which a proposed point is doubtful (drawn hollow, reviewed first).
class AssistSettingsDialog : public QDialog
{
    Q_OBJECT

public:
    AssistSettingsDialog(const AssistController::Settings &settings, QWidget *parent = nullptr);
    AssistController::Settings settings() const;

private:
    QDoubleSpinBox *m_conf;
    QDoubleSpinBox *m_iou;
    QDoubleSpinBox *m_doubtful;
    QCheckBox *m_refit;
    QCheckBox *m_articulation;
    QCheckBox *m_zoom;
    QCheckBox *m_zoomFirst;
    QCheckBox *m_acceptMovesOn;
    QComboBox *m_suggest;
};
