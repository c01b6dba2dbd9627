#pragma once

#include "posetracker.h"
#include "temporalpresets.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;

// The temporal stage's settings as sliders: the One Euro filter's min cutoff and beta, the
// keypoint confidence below which a point counts as occluded, and the longest occlusion
// bridged; plus scenario presets. Every move emits optionsChanged() at once (the owner
// re-runs the temporal stage over cached detections, which is cheap).
class SmoothingPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SmoothingPanel(QWidget *parent = nullptr);

    gp::TemporalOptions options() const { return m_options; }
    // Shows `options` without emitting optionsChanged().
    void setOptions(const gp::TemporalOptions &options);
    void applyPreset(gp::TemporalPresets::Preset preset);

    QSlider *minCutoffSlider() const { return m_minCutoff; }
    QSlider *betaSlider() const { return m_beta; }
    QSlider *keypointConfSlider() const { return m_keypointConf; }
    QSlider *maxGapSlider() const { return m_maxGap; }
    QComboBox *presetBox() const { return m_preset; }

    // Slider positions <-> values: min cutoff and beta on log scales.
    static int minCutoffToSlider(double hz);
    static double sliderToMinCutoff(int position);
    static int betaToSlider(double beta);
    static double sliderToBeta(int position);

Q_SIGNALS:
    void optionsChanged(const gp::TemporalOptions &options);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void fromSliders();
    void showValues();

    gp::TemporalOptions m_options;
    QComboBox *m_preset;
    QSlider *m_minCutoff;
    QSlider *m_beta;
    QSlider *m_keypointConf;
    QSlider *m_maxGap;
    QLabel *m_presetLabel;
    QLabel *m_minCutoffLabel;
    QLabel *m_betaLabel;
    QLabel *m_keypointConfLabel;
    QLabel *m_maxGapLabel;
    QLabel *m_minCutoffValue;
    QLabel *m_betaValue;
    QLabel *m_keypointConfValue;
    QLabel *m_maxGapValue;
    bool m_updating = false;
};
