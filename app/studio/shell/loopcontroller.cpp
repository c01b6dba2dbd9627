#include "loopcontroller.h"

#include "assistcontroller.h"
#include "labelworkspace.h"
#include "loopdataset.h"
#include "loopround.h"
#include "project.h"
#include "reviewstate.h"
#include "traincontroller.h"
#include "trainworkspace.h"

#include <QDir>
#include <QFileInfo>

LoopController::LoopController(LabelWorkspace *label, TrainWorkspace *train, QObject *parent)
    : QObject(parent)
    , m_label(label)
    , m_train(train)
{
    connect(m_label, &LabelWorkspace::trainOnLabelsRequested, this, [this] {
        QString error;
        if (!startRound(&error))
            Q_EMIT roundFinished(error);
    });
    connect(m_train, &TrainWorkspace::trainingEnded, this, &LoopController::trainingEnded);
    connect(m_label, &LabelWorkspace::roundPrelabelled, this,
        [this](int written, int revised, int changed, const QString &error) {
            if (!m_running)
                return;
            if (!error.isEmpty()) {
                m_running = false;
                Q_EMIT roundFinished(
                    tr("Round %1: pre-labelling with the new model failed: %2").arg(m_round).arg(error));
                return;
            }
            //: The labelling loop; %1 is the round, %2..%4 counts.
            m_summary = tr("Round %1: the new model pre-labelled %2 image(s) and revised %3 under review; %4 "
                           "proposed point(s) changed")
                            .arg(m_round)
                            .arg(written)
                            .arg(revised)
                            .arg(changed);
            // Then which of them to review first, with the same model.
            m_label->suggestNext();
        });
    connect(m_label, &LabelWorkspace::suggestionsReady, this, [this](int ranked, const QString &error) {
        if (!m_running)
            return;
        m_running = false;
        Q_EMIT roundFinished(ranked > 0
                //: Appended to a round's summary; %n images ranked.
                ? m_summary + tr("; %n image(s) suggested for review, the first one shown", nullptr, ranked)
                : m_summary + QStringLiteral("; ") + error);
    });
}

void LoopController::setProject(std::shared_ptr<const gp::Project> project)
{
    m_project = std::move(project);
    m_running = false;
    m_round = 0;
}

bool LoopController::startRound(QString *error)
{
    QString why;
    if (!m_project)
        why = tr("No project is open.");
    else if (m_running || m_train->isTraining())
        why = tr("A training run is in progress; the loop trains when it is done.");
    QString yaml;
    gp::LoopDataset::Counts counts;
    if (why.isEmpty() && !m_label->confirmLeavingImage())
        why = tr("The image shown has labels that could not be saved.");
    if (why.isEmpty())
        gp::LoopDataset::write(m_project->config(), m_label->review(), &yaml, &counts, &why);
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    const gp::LoopRound::Start start
        = gp::LoopRound::startFrom(m_label->prelabelModel(), m_project->runsDir(), m_label->prelabelImgsz());
    const gp::TrainingConfig config = gp::LoopRound::config(start, yaml, m_project->runsDir());
    const QStringList keys { QStringLiteral("data"), QStringLiteral("model"), QStringLiteral("imgsz"),
        QStringLiteral("project"), QStringLiteral("name"), QStringLiteral("epochs"), QStringLiteral("lr0"),
        QStringLiteral("warmup_epochs"), QStringLiteral("close_mosaic"), QStringLiteral("patience") };
    if (!m_train->startRun(config, keys, error))
        return false;
    m_running = true;
    ++m_round;
    // The shapes the refit bends grippers by, learned again from every label accepted so far:
    // ready long before the round's pre-labelling revises proposals with them.
    m_label->assist()->learnShapes(m_label->review());
    m_imgsz = config.imgsz;
    Q_EMIT roundStarted(m_round, counts.train, counts.val);
    return true;
}

void LoopController::trainingEnded(gp::TrainingSession::Outcome outcome, const QString &error)
{
    if (!m_running)
        return;
    // The run's folder is known once it started (run names count up: loop, loop2, ...).
    const QString best = QDir(m_train->controller()->runDir()).filePath(QStringLiteral("weights/best.ckpt"));
    if (outcome != gp::TrainingSession::Outcome::Finished || !QFileInfo::exists(best)) {
        m_running = false;
        Q_EMIT roundFinished(error.isEmpty() ? tr("Round %1 stopped before a model was saved.").arg(m_round)
                                             : tr("Round %1 failed: %2").arg(m_round).arg(error));
        return;
    }
    m_label->prelabelRound(best, m_imgsz);
}
