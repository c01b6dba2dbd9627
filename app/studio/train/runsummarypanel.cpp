#include "runsummarypanel.h"

#include "trainprogresspanel.h"

#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

using gp::EpochReport;
using gp::PoseMetrics;
using gp::RunCatalog;
using gp::RunRecord;
using gp::TrainFinishReport;
using gp::TrainingHistory;

RunSummaryPanel::RunSummaryPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_text(new QLabel(this))
    , m_openVideo(new QPushButton(this))
    , m_openFolder(new QPushButton(this))
{
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openVideo);
    buttons->addWidget(m_openFolder);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addLayout(buttons);
    layout->addStretch(1);
    connect(m_openVideo, &QPushButton::clicked, this, [this] {
        if (!m_weights.isEmpty())
            Q_EMIT openWeightsRequested(m_weights);
    });
    connect(m_openFolder, &QPushButton::clicked, this,
        [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_runDir)); });
    clear();
    retranslateUi();
}

void RunSummaryPanel::clear()
{
    m_finish.reset();
    m_record.reset();
    m_history = TrainingHistory();
    m_weights.clear();
    m_runDir.clear();
    m_title->setText(tr("No run finished yet"));
    m_text->setText(tr("When a run ends, its best epoch, metrics, time and weights are summed up here."));
    m_openVideo->setEnabled(false);
    m_openFolder->setEnabled(false);
}

void RunSummaryPanel::showFinished(const TrainFinishReport &report, const TrainingHistory &history)
{
    m_finish = report;
    m_record.reset();
    m_history = history;
    const QString state = report.stoppedByUser ? tr("Stopped — resumable")
        : report.stoppedEarly                  ? tr("Finished early: no improvement for the patience epochs")
                                               : tr("Finished");
    display(
        state, report.runDir, report.bestWeights, report.lastWeights, report.seconds, report.epochsCompleted, history);
}

void RunSummaryPanel::showRecord(const RunRecord &record, const TrainingHistory &history)
{
    m_record = record;
    m_finish.reset();
    m_history = history;
    const double seconds = history.epochs().empty() ? 0 : history.epochs().back().seconds;
    display(RunCatalog::stateName(record.state), record.dir, record.bestWeights, record.lastWeights, seconds,
        record.epochsDone, history);
}

void RunSummaryPanel::display(const QString &state, const QString &runDir, const QString &best, const QString &last,
    double seconds, int epochs, const TrainingHistory &history)
{
    m_runDir = runDir;
    m_weights = QFileInfo::exists(best) ? best : QFileInfo::exists(last) ? last : QString();
    m_title->setText(tr("%1: %2").arg(QDir(runDir).dirName(), state));
    QStringList lines;
    lines << tr("%n epoch(s) in %1", nullptr, epochs).arg(TrainProgressPanel::duration(seconds));
    const int b = history.bestEpochIndex();
    if (b >= 0 && history.epochs()[size_t(b)].validated) {
        const EpochReport &e = history.epochs()[size_t(b)];
        const PoseMetrics &m = e.metrics;
        lines << tr("Best epoch %1 (fitness %2)").arg(e.epoch + 1).arg(m.box.map + m.pose.map, 0, 'f', 4);
        lines << tr("Box: P %1  R %2  mAP50 %3  mAP50-95 %4")
                     .arg(m.box.precision, 0, 'f', 3)
                     .arg(m.box.recall, 0, 'f', 3)
                     .arg(m.box.map50, 0, 'f', 3)
                     .arg(m.box.map, 0, 'f', 3);
        lines << tr("Pose: P %1  R %2  mAP50 %3  mAP50-95 %4")
                     .arg(m.pose.precision, 0, 'f', 3)
                     .arg(m.pose.recall, 0, 'f', 3)
                     .arg(m.pose.map50, 0, 'f', 3)
                     .arg(m.pose.map, 0, 'f', 3);
    }
    if (QFileInfo::exists(best))
        lines << tr("Best weights: %1").arg(QDir::toNativeSeparators(best));
    if (QFileInfo::exists(last))
        lines << tr("Last weights: %1").arg(QDir::toNativeSeparators(last));
    m_text->setText(lines.join(QLatin1Char('\n')));
    m_openVideo->setEnabled(!m_weights.isEmpty());
    m_openFolder->setEnabled(!runDir.isEmpty());
}

void RunSummaryPanel::retranslateUi()
{
    m_openVideo->setText(tr("Open Weights in Video Workspace"));
    m_openVideo->setToolTip(tr("Watch a video with this run's best weights"));
    m_openFolder->setText(tr("Open Run Folder"));
    if (m_finish)
        showFinished(*m_finish, TrainingHistory(m_history));
    else if (m_record)
        showRecord(*m_record, TrainingHistory(m_history));
    else
        clear();
}

void RunSummaryPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
