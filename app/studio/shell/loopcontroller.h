#pragma once

#include "trainingsession.h"

#include <QObject>
#include <QString>

#include <memory>

class LabelWorkspace;
class TrainWorkspace;
namespace gp {
class Project;
} // namespace gp

// The labelling loop across the workspaces: "Train on My Labels" in the Label workspace writes
// the labels a person accepted as a dataset of their own (LoopDataset), starts a fine-tune
// round (LoopRound) in the Train workspace, where it is watched like any run, and when the round
// finishes, the Label workspace pre-labels again with its best weights: the unlabelled images,
// and the proposals of the images under review revised (a person's points never move). The loop
// repeats from the Label workspace with no trip to a terminal.
class LoopController : public QObject
{
    Q_OBJECT

public:
    LoopController(LabelWorkspace *label, TrainWorkspace *train, QObject *parent = nullptr);

    void setProject(std::shared_ptr<const gp::Project> project);
    bool isRunning() const { return m_running; }
    int round() const { return m_round; }

public Q_SLOTS:
    // False (and *error) when it cannot start: no project, a run training, nothing accepted.
    bool startRound(QString *error = nullptr);

Q_SIGNALS:
    void roundStarted(int round, int trainImages, int valImages);
    // The round is over: its summary (or why it stopped) in words.
    void roundFinished(const QString &summary);

private:
    void trainingEnded(gp::TrainingSession::Outcome outcome, const QString &error);

    LabelWorkspace *m_label;
    TrainWorkspace *m_train;
    std::shared_ptr<const gp::Project> m_project;
    bool m_running = false;
    int m_round = 0;
    int m_imgsz = 640;
    QString m_summary; // the round's, while its suggestions are made
};
