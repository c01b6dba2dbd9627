#pragma once

#include "runcatalog.h"
#include "trainerevents.h"
#include "traininghistory.h"

#include <QWidget>

class QLabel;
class QPushButton;

// A run summed up: how it ended, the best epoch and its box and pose metrics, how long it
// trained, where its weights are, and buttons to open the best weights in the Video
// workspace or the run folder in the file manager.
class RunSummaryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunSummaryPanel(QWidget *parent = nullptr);

    // A run that ended in this program.
    void showFinished(const gp::TrainFinishReport &report, const gp::TrainingHistory &history);
    // A run of the project's list (watched, or read from its files).
    void showRecord(const gp::RunRecord &record, const gp::TrainingHistory &history);
    void clear();

    QString weights() const { return m_weights; }
    QLabel *textLabel() const { return m_text; }
    QPushButton *openInVideoButton() const { return m_openVideo; }

Q_SIGNALS:
    void openWeightsRequested(const QString &weights);

protected:
    void changeEvent(QEvent *event) override;

private:
    void display(const QString &state, const QString &runDir, const QString &best, const QString &last, double seconds,
        int epochs, const gp::TrainingHistory &history);
    void retranslateUi();

    QLabel *m_title;
    QLabel *m_text;
    QPushButton *m_openVideo;
    QPushButton *m_openFolder;
    QString m_weights;
    QString m_runDir;
    // What was last shown, to show it again in another language.
    std::optional<gp::TrainFinishReport> m_finish;
    std::optional<gp::RunRecord> m_record;
    gp::TrainingHistory m_history;
};
