#include "trainprogresspanel.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>

#include <cmath>

using gp::BatchReport;
using gp::EpochReport;
using gp::EpochStartInfo;
using gp::TrainFinishReport;
using gp::TrainStartInfo;
using gp::ValidationProgress;

TrainProgressPanel::TrainProgressPanel(QWidget *parent)
    : QWidget(parent)
    , m_epochTitle(new QLabel(this))
    , m_epochBar(new QProgressBar(this))
    , m_batchTitle(new QLabel(this))
    , m_batchBar(new QProgressBar(this))
    , m_valTitle(new QLabel(this))
    , m_valBar(new QProgressBar(this))
    , m_speed(new QLabel(this))
    , m_eta(new QLabel(this))
    , m_best(new QLabel(this))
    , m_patienceLabel(new QLabel(this))
    , m_skipped(new QLabel(this))
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(2);
    grid->addWidget(m_epochTitle, 0, 0);
    grid->addWidget(m_epochBar, 0, 1);
    grid->addWidget(m_batchTitle, 1, 0);
    grid->addWidget(m_batchBar, 1, 1);
    grid->addWidget(m_valTitle, 2, 0);
    grid->addWidget(m_valBar, 2, 1);
    auto *facts = new QGridLayout;
    facts->addWidget(m_speed, 0, 0);
    facts->addWidget(m_eta, 0, 1);
    facts->addWidget(m_best, 1, 0);
    facts->addWidget(m_patienceLabel, 1, 1);
    facts->addWidget(m_skipped, 2, 0, 1, 2);
    grid->addLayout(facts, 0, 2, 3, 1);
    grid->setColumnStretch(1, 2);
    grid->setColumnStretch(2, 3);
    for (QLabel *l : { m_speed, m_eta, m_best, m_patienceLabel, m_skipped })
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    reset();
    retranslateUi();
}

QString TrainProgressPanel::duration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return QStringLiteral("–");
    const qint64 s = qint64(std::llround(seconds));
    if (s < 60)
        return tr("%1 s").arg(s);
    if (s < 3600)
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60);
    return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
}

void TrainProgressPanel::reset()
{
    m_epochs = 0;
    m_epoch = -1;
    m_batchesPerEpoch = 0;
    m_imagesPerSecond = 0;
    m_epochEta.reset();
    m_runEta.reset();
    m_bestEpoch.reset();
    m_withoutImprovement = 0;
    m_skippedSteps = 0;
    m_validating = false;
    m_secondsPerEpoch = 0;
    m_timedEpochs = 0;
    m_finished = false;
    for (QProgressBar *b : { m_epochBar, m_batchBar, m_valBar }) {
        b->setRange(0, 1);
        b->setValue(0);
    }
    updateTexts();
}

void TrainProgressPanel::onTrainStart(const TrainStartInfo &info)
{
    reset();
    m_epochs = info.epochs;
    m_batchesPerEpoch = info.batchesPerEpoch;
    m_epochBar->setRange(0, std::max(1, info.epochs));
    m_epochBar->setValue(info.startEpoch);
    m_batchBar->setRange(0, std::max(1, info.batchesPerEpoch));
    updateTexts();
}

void TrainProgressPanel::onEpochStart(const EpochStartInfo &info)
{
    m_epoch = info.epoch;
    m_epochs = info.epochs;
    m_batchesPerEpoch = info.batches;
    m_epochBar->setRange(0, std::max(1, info.epochs));
    m_epochBar->setValue(info.epoch);
    m_batchBar->setRange(0, std::max(1, info.batches));
    m_batchBar->setValue(info.firstBatch);
    m_valBar->setValue(0);
    m_validating = false;
    // A resumed epoch that starts half way is not a full epoch's time.
    if (info.firstBatch == 0)
        m_epochClock.start();
    else
        m_epochClock.invalidate();
    updateTexts();
}

void TrainProgressPanel::onBatch(const BatchReport &b)
{
    m_epoch = b.epoch;
    m_epochs = b.epochs;
    m_batchBar->setRange(0, std::max(1, b.batches));
    m_batchBar->setValue(b.batch + 1);
    m_imagesPerSecond = b.imagesPerSecond;
    m_epochEta = b.epochEtaSeconds;
    m_skippedSteps = b.skippedSteps;
    const int epochsLeft = std::max(0, b.epochs - b.epoch - 1);
    // Later epochs at the measured pace (validation included) once one is timed; until
    // then at this epoch's training pace.
    const double perEpoch = m_timedEpochs > 0
        ? m_secondsPerEpoch
        : (b.batch + 1 > 0 && b.epochEtaSeconds >= 0
                ? b.epochEtaSeconds / std::max(1, b.batches - b.batch - 1) * b.batches
                : 0);
    m_runEta = b.epochEtaSeconds + epochsLeft * perEpoch;
    updateTexts();
}

void TrainProgressPanel::onValidation(const ValidationProgress &p)
{
    m_validating = p.batch < p.batches;
    m_valBar->setRange(0, std::max(1, p.batches));
    m_valBar->setValue(p.batch);
    updateTexts();
}

void TrainProgressPanel::onEpochEnd(const EpochReport &e)
{
    m_validating = false;
    m_epochBar->setValue(e.epoch + 1);
    m_batchBar->setValue(m_batchBar->maximum());
    if (m_epochClock.isValid()) {
        const double s = m_epochClock.elapsed() / 1000.0;
        m_secondsPerEpoch = (m_secondsPerEpoch * m_timedEpochs + s) / (m_timedEpochs + 1);
        ++m_timedEpochs;
    }
    if (e.best || !m_bestEpoch)
        m_bestEpoch = e;
    m_withoutImprovement = e.epochsWithoutImprovement;
    m_epochEta = 0;
    m_runEta = std::max(0, e.epochs - e.epoch - 1) * m_secondsPerEpoch;
    updateTexts();
}

void TrainProgressPanel::onFinished(const TrainFinishReport &)
{
    m_finished = true;
    m_validating = false;
    m_epochEta.reset();
    m_runEta.reset();
    updateTexts();
}

void TrainProgressPanel::showPace(const gp::RunPace &pace)
{
    m_imagesPerSecond = pace.imagesPerSecond.value_or(0.0);
    m_epochEta = pace.epochLeftSeconds;
    m_runEta = pace.runLeftSeconds;
    if (pace.secondsPerEpoch) {
        m_secondsPerEpoch = *pace.secondsPerEpoch;
        m_timedEpochs = 1;
    }
    updateTexts();
}

void TrainProgressPanel::updateTexts()
{
    m_epochBar->setFormat(m_epochs > 0 ? tr("epoch %v of %m") : tr("no run"));
    m_batchBar->setFormat(m_batchesPerEpoch > 0 ? tr("batch %v of %m") : QString());
    m_valBar->setFormat(m_validating || m_valBar->value() > 0 ? tr("validation: batch %v of %m") : tr("validation"));
    m_speed->setText(
        tr("Speed: %1 img/s")
            .arg(m_imagesPerSecond > 0 ? QString::number(m_imagesPerSecond, 'f', 1) : QStringLiteral("–")));
    m_eta->setText(tr("Left: epoch %1, run %2")
                       .arg(m_epochEta ? duration(*m_epochEta) : QStringLiteral("–"),
                           m_runEta ? duration(*m_runEta) : QStringLiteral("–")));
    if (m_bestEpoch && m_bestEpoch->validated)
        m_best->setText(tr("Best: fitness %1 at epoch %2")
                            .arg(m_bestEpoch->metrics.box.map + m_bestEpoch->metrics.pose.map, 0, 'f', 4)
                            .arg(m_bestEpoch->epoch + 1));
    else
        m_best->setText(tr("Best: –"));
    if (m_patience > 0)
        m_patienceLabel->setText(
            tr("Early stop: %1 of %2 epochs without improvement").arg(m_withoutImprovement).arg(m_patience));
    else
        m_patienceLabel->setText(tr("Early stop: off"));
    m_skipped->setText(tr("Skipped steps (non-finite loss): %1").arg(m_skippedSteps));
    QPalette p = m_skipped->palette();
    p.setColor(
        QPalette::WindowText, m_skippedSteps > 0 ? QColor(0xc0, 0x39, 0x2b) : palette().color(QPalette::WindowText));
    m_skipped->setPalette(p);
}

void TrainProgressPanel::retranslateUi()
{
    m_epochTitle->setText(tr("Epoch"));
    m_batchTitle->setText(tr("Batch"));
    m_valTitle->setText(tr("Validation"));
    updateTexts();
}

void TrainProgressPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
