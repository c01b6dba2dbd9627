#pragma once

#include <QWidget>

class PredictionController;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

// The model's part of the Video workspace's side panel: which model (checkpoint, imported
// weights or an exported ONNX model), its image size, confidence and the correction of dark
// frames before inference, live inference of the
// frame on screen, the analysis pass (whole video or the loop range) and the export, with
// what the PredictionController reports.
class ModelPanel : public QWidget
{
    Q_OBJECT

public:
    ModelPanel(PredictionController *predictions, QWidget *parent = nullptr);

    // Applies the image size and confidence to the controller.
    void applySettings();
    // Shows the controller's settings (taken from a sidecar) without applying them again.
    void showSettings();
    // `videoFile`: a video file is open (not a live source).
    void updateInfo(bool videoFile);
    void setStatus(const QString &text);
    QString status() const { return m_statusText; }
    bool rangeOnly() const;

    QCheckBox *liveBox() const { return m_live; }
    QSpinBox *imgszBox() const { return m_imgsz; }
    QDoubleSpinBox *confBox() const { return m_conf; }
    QComboBox *enhanceBox() const { return m_enhance; }
    QPushButton *analyseButton() const { return m_analyse; }
    QPushButton *exportButton() const { return m_export; }

Q_SIGNALS:
    void chooseModelRequested();
    void analyseRequested();
    void exportRequested();
    void liveToggled(bool live);
    // The correction before inference changed (already applied to the controller).
    void enhancementChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    PredictionController *m_predictions;
    QPushButton *m_model;
    QLabel *m_modelLabel;
    QLabel *m_imgszLabel;
    QSpinBox *m_imgsz;
    QLabel *m_confLabel;
    QDoubleSpinBox *m_conf;
    QLabel *m_enhanceLabel;
    QComboBox *m_enhance;
    QCheckBox *m_live;
    QCheckBox *m_range;
    QPushButton *m_analyse;
    QPushButton *m_export;
    QLabel *m_status;
    QString m_statusText;
    bool m_videoFile = false;
};
