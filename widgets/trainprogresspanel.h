#pragma once

#include "runpace.h"
#include "trainerevents.h"

#include <QElapsedTimer>
#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;

// Where a run stands at a glance: the epoch and batch bars, images per second, time left
// in the epoch and in the run, validation (batch i of n), the best fitness and its epoch,
// the early-stop countdown (epochs without improvement against patience) and the steps
// skipped for a non-finite loss. Fed by the trainer's events (on the GUI thread).
class TrainProgressPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TrainProgressPanel(QWidget *parent = nullptr);

    void setPatience(int patience) { m_patience = patience; }
    void reset();

    QProgressBar *epochBar() const { return m_epochBar; }
    QProgressBar *batchBar() const { return m_batchBar; }
    QProgressBar *validationBar() const { return m_valBar; }
    QLabel *speedLabel() const { return m_speed; }
    QLabel *etaLabel() const { return m_eta; }
    QLabel *bestLabel() const { return m_best; }
    QLabel *patienceLabel() const { return m_patienceLabel; }
    QLabel *skippedLabel() const { return m_skipped; }
    // The seconds left in the run at the pace so far, when known.
    std::optional<double> runEtaSeconds() const { return m_runEta; }
    static QString duration(double seconds);

public Q_SLOTS:
    void onTrainStart(const gp::TrainStartInfo &info);
    void onEpochStart(const gp::EpochStartInfo &info);
    void onBatch(const gp::BatchReport &batch);
    void onValidation(const gp::ValidationProgress &progress);
    void onEpochEnd(const gp::EpochReport &epoch);
    void onFinished(const gp::TrainFinishReport &report);
    // A run another process trains, read from its files: its speed and time left (after
    // its epochs have been shown with onTrainStart and onEpochEnd).
    void showPace(const gp::RunPace &pace);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateTexts();

    QLabel *m_epochTitle;
    QProgressBar *m_epochBar;
    QLabel *m_batchTitle;
    QProgressBar *m_batchBar;
    QLabel *m_valTitle;
    QProgressBar *m_valBar;
    QLabel *m_speed;
    QLabel *m_eta;
    QLabel *m_best;
    QLabel *m_patienceLabel;
    QLabel *m_skipped;

    int m_patience = 0;
    int m_epochs = 0;
    int m_epoch = -1;
    int m_batchesPerEpoch = 0;
    double m_imagesPerSecond = 0;
    std::optional<double> m_epochEta;
    std::optional<double> m_runEta;
    std::optional<gp::EpochReport> m_bestEpoch;
    int m_withoutImprovement = 0;
    int m_skippedSteps = 0;
    bool m_validating = false;
    // Time per epoch, training and validation together, for the run's ETA.
    QElapsedTimer m_epochClock;
    double m_secondsPerEpoch = 0;
    int m_timedEpochs = 0;
    bool m_finished = false;
};
