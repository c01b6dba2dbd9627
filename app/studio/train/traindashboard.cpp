#include "traindashboard.h"

#include "layoutmemory.h"

#include "backgroundjob.h"
#include "gpupanel.h"
#include "keypointerrortable.h"
#include "lossplot.h"
#include "lrplot.h"
#include "metricsplot.h"
#include "metricstext.h"
#include "runcatalog.h"
#include "runsummarypanel.h"
#include "telemetrysampler.h"
#include "telemetrysparklines.h"
#include "trainbanner.h"
#include "trainlogpanel.h"
#include "trainprogresspanel.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

using gp::BatchReport;
using gp::EpochMetricsFile;
using gp::EpochReport;
using gp::EpochStartInfo;
using gp::MetricsText;
using gp::PoseMetrics;
using gp::RunRecord;
using gp::Skeleton;
using gp::TelemetrySample;
using gp::TelemetrySampler;
using gp::TrainFinishReport;
using gp::TrainingHistory;
using gp::TrainStartInfo;
using gp::ValidationProgress;
using gp::ValImageResult;

TrainDashboard::TrainDashboard(TelemetrySampler *telemetry, QWidget *parent)
    : QWidget(parent)
    , m_skeleton(Skeleton::defaultGripper())
    , m_thumbnails(new BackgroundJob(this))
    , m_title(new QLabel(this))
    , m_banner(new TrainBanner(this))
    , m_progress(new TrainProgressPanel(this))
    , m_loss(new LossPlot(this))
    , m_sparklines(new TelemetrySparklines(this))
    , m_metrics(new MetricsPlot(this))
    , m_lr(new LrPlot(this))
    , m_gpu(new GpuPanel(telemetry, this))
    , m_tabs(new QTabWidget(this))
    , m_images(new ValImageStrip(this))
    , m_keypoints(new KeypointErrorTable(m_skeleton, this))
    , m_log(new TrainLogPanel(this))
    , m_summary(new RunSummaryPanel(this))
{
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *left = new QSplitter(Qt::Vertical, this);
    left->setObjectName(QStringLiteral("lossAndTelemetry"));
    left->addWidget(m_loss);
    left->addWidget(m_sparklines);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    auto *right = new QSplitter(Qt::Vertical, this);
    right->setObjectName(QStringLiteral("metricsLrGpu"));
    right->addWidget(m_metrics);
    right->addWidget(m_lr);
    right->addWidget(m_gpu);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 1);
    auto *plots = new QSplitter(Qt::Horizontal, this);
    plots->setObjectName(QStringLiteral("plotColumns"));
    plots->addWidget(left);
    plots->addWidget(right);
    plots->setStretchFactor(0, 1);
    plots->setStretchFactor(1, 1);
    m_tabs->addTab(m_images, QString());
    m_tabs->addTab(m_keypoints, QString());
    m_tabs->addTab(m_log, QString());
    m_tabs->addTab(m_summary, QString());
    auto *main = new QSplitter(Qt::Vertical, this);
    main->setObjectName(QStringLiteral("plotsAndTabs"));
    main->addWidget(plots);
    main->addWidget(m_tabs);
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 1);
    main->setChildrenCollapsible(false);
    m_tabs->setObjectName(QStringLiteral("dashboardTabs"));
    // The proportions of the stretch factors above, the plots side by side at half each.
    m_layout = new LayoutMemory(QStringLiteral("train-dashboard"), this);
    m_layout->track(left, { 300, 200 });
    m_layout->track(right, { 300, 300, 100 });
    m_layout->track(plots, { 500, 500 });
    m_layout->track(main, { 800, 200 });
    m_layout->track(m_tabs);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_banner);
    layout->addWidget(m_progress);
    layout->addWidget(main, 1);

    // An epoch's end asks every plot for a redraw: each in its own pass of the event loop.
    m_lr->setRedrawDelay(kRedrawStaggerMs);
    m_metrics->setRedrawDelay(2 * kRedrawStaggerMs);
    // The sparklines follow the loss plot's zoom, so telemetry lines up with the batches.
    connect(m_loss, &PlotPanel::xRangeChanged, m_sparklines, &TelemetrySparklines::setXRange);
    if (telemetry)
        connect(telemetry, &TelemetrySampler::sampled, this, [this](const TelemetrySample &s) {
            if (!m_watching)
                m_sparklines->addSample(s);
        });
    connect(m_images, &ValImageStrip::imageActivated, this, &TrainDashboard::openImageRequested);
    connect(m_summary, &RunSummaryPanel::openWeightsRequested, this, &TrainDashboard::openWeightsRequested);
    connect(m_thumbnails, &BackgroundJob::finished, this, [this] {
        if (!m_thumbnails->wasCancelled())
            m_images->setItems(m_thumbnails->result<std::vector<ValImageStrip::Item>>(), m_renderingEpoch);
        if (m_pendingImages) {
            const auto pending = std::move(*m_pendingImages);
            m_pendingImages.reset();
            renderWorstImages(pending.first, pending.second);
        }
    });
    setHistoryShown(&m_live);
    retranslateUi();
}

TrainDashboard::~TrainDashboard() = default;

void TrainDashboard::setSkeleton(const Skeleton &skeleton)
{
    m_skeleton = skeleton;
    m_keypoints->setSkeleton(skeleton);
}

void TrainDashboard::setPatience(int patience)
{
    m_progress->setPatience(patience);
}

void TrainDashboard::setComparison(std::vector<TrainingHistory> runs)
{
    m_loss->setComparison(runs);
    m_metrics->setComparison(runs);
    m_lr->setComparison(std::move(runs));
}

void TrainDashboard::setHistoryShown(const TrainingHistory *history)
{
    for (PlotPanel *p : std::initializer_list<PlotPanel *> { m_loss, m_metrics, m_lr })
        p->setHistory(history);
    m_sparklines->setHistory(history);
}

void TrainDashboard::resetLayout()
{
    m_layout->reset();
}

bool TrainDashboard::isBusy() const
{
    return m_thumbnails->isRunning();
}

void TrainDashboard::onTrainStart(const TrainStartInfo &info)
{
    // A resumed run continues in its own folder; a new run never reuses one unless exist_ok,
    // and then its first epoch start clears what was there.
    const bool sameRun = !m_live.runDir().isEmpty() && QDir(m_live.runDir()) == QDir(info.runDir);
    if (!sameRun) {
        m_live = TrainingHistory(QDir(info.runDir).dirName(), info.runDir);
        m_sparklines->clearSamples();
        m_images->clear();
        m_keypoints->clear();
        m_summary->clear();
    }
    m_watching = false;
    setHistoryShown(&m_live);
    m_banner->dismiss();
    m_progress->onTrainStart(info);
    m_runName = QDir(info.runDir).dirName();
    m_device = info.device;
    log(tr("Training %1 (%2 parameters) on %3 (%4), run folder %5")
            .arg(info.model)
            .arg(info.parameters)
            .arg(info.device, info.precision, QDir::toNativeSeparators(info.runDir)));
    log(tr("%1 train images (%2 instances), %3 val images, %4 batches per epoch")
            .arg(info.trainImages)
            .arg(info.trainInstances)
            .arg(info.valImages)
            .arg(info.batchesPerEpoch));
    if (info.startEpoch > 0)
        log(tr("Resumed at epoch %1 of %2").arg(info.startEpoch + 1).arg(info.epochs));
    for (const QString &p : info.datasetProblems)
        m_log->append(p, TrainLogPanel::Level::Warning);
    retranslateUi();
}

void TrainDashboard::onEpochStart(const EpochStartInfo &info)
{
    // A resumed epoch drops what was trained after its checkpoint, so the curves continue.
    if (info.firstBatch > 0 || m_live.epochs().size() > size_t(info.epoch))
        m_live.resumeAt(info.epoch, info.firstBatch, info.batches);
    m_progress->onEpochStart(info);
}

void TrainDashboard::onBatch(const BatchReport &batch)
{
    m_live.addBatch(batch, QDateTime::currentMSecsSinceEpoch());
    m_progress->onBatch(batch);
    if (!m_watching) {
        m_loss->scheduleRebuild();
        m_lr->scheduleRebuild();
        m_sparklines->scheduleRebuild();
    }
}

void TrainDashboard::onValidation(const ValidationProgress &progress)
{
    m_progress->onValidation(progress);
}

void TrainDashboard::onEpochEnd(const EpochReport &epoch)
{
    m_live.addEpoch(epoch);
    m_progress->onEpochEnd(epoch);
    if (!m_watching) {
        m_loss->scheduleRebuild();
        m_metrics->scheduleRebuild();
        m_lr->scheduleRebuild();
    }
    const PoseMetrics &m = epoch.metrics;
    QString line = tr("Epoch %1/%2: loss box %3 pose %4 kobj %5 cls %6 dfl %7")
                       .arg(epoch.epoch + 1)
                       .arg(epoch.epochs)
                       .arg(epoch.trainLoss.box, 0, 'f', 3)
                       .arg(epoch.trainLoss.pose, 0, 'f', 3)
                       .arg(epoch.trainLoss.kobj, 0, 'f', 3)
                       .arg(epoch.trainLoss.cls, 0, 'f', 3)
                       .arg(epoch.trainLoss.dfl, 0, 'f', 3);
    if (epoch.validated) {
        line += QLatin1Char('\n') + MetricsText::line(m);
        if (epoch.best)
            line += tr("  (best)");
        // The table and the images after the plots' share of this event, each in a pass of
        // the event loop of its own (the window answers between them).
        QTimer::singleShot(kRedrawStaggerMs / 2, this,
            [this, m, e = epoch.epoch, s = epoch.scenarios] { m_keypoints->setMetrics(m, e, s); });
        QTimer::singleShot(3 * kRedrawStaggerMs / 2, this,
            [this, worst = epoch.worstImages, e = epoch.epoch] { renderWorstImages(worst, e); });
    }
    log(line);
}

void TrainDashboard::onModelSaved(const QString &path, int epoch)
{
    Q_UNUSED(epoch)
    // Saved after every epoch (and at a stop): worth a line only when it is not routine.
    if (!path.endsWith(QLatin1String("last.ckpt")) && !path.endsWith(QLatin1String("best.ckpt")))
        log(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

void TrainDashboard::onFinished(const TrainFinishReport &report)
{
    m_progress->onFinished(report);
    m_summary->showFinished(report, m_live);
    m_tabs->setCurrentIndex(SummaryTab);
    QString text;
    if (report.stoppedByUser)
        text = tr("Stopped after %n epoch(s) — resumable: %1", nullptr, report.epochsCompleted)
                   .arg(QDir::toNativeSeparators(report.lastWeights));
    else if (report.stoppedEarly)
        text = tr("Finished early after %n epoch(s): no improvement for the patience epochs.", nullptr,
            report.epochsCompleted);
    else
        text = tr("Finished: %n epoch(s) in %1.", nullptr, report.epochsCompleted)
                   .arg(TrainProgressPanel::duration(report.seconds));
    m_banner->showNotice(text);
    log(text);
    // The window asks for attention (taskbar) when a long run ends while it is elsewhere.
    QApplication::alert(window());
}

void TrainDashboard::onFailed(const TrainAlert &alert)
{
    m_banner->showAlert(alert);
    m_log->append(alert.message, TrainLogPanel::Level::Error);
    m_tabs->setCurrentIndex(LogTab);
    QApplication::alert(window());
}

void TrainDashboard::onWarning(const QString &message)
{
    m_log->append(message, TrainLogPanel::Level::Warning);
}

void TrainDashboard::log(const QString &line)
{
    m_log->append(line);
}

void TrainDashboard::showWatched(const TrainingHistory &history, const std::vector<TelemetrySample> &telemetry,
    const RunRecord *record, const std::optional<EpochMetricsFile::Contents> &lastValidation)
{
    const bool newRun = !m_watching || m_watched.runDir() != history.runDir();
    m_watching = true;
    m_watched = history;
    setHistoryShown(&m_watched);
    m_sparklines->setSamples(telemetry);
    m_runName = history.name();
    m_device.clear();
    if (newRun) {
        m_progress->reset();
        m_images->clear();
        m_keypoints->clear();
    }
    // Set again only when the file has another epoch: the user's scenario choice stays.
    if (lastValidation && (newRun || m_keypoints->epoch() != lastValidation->epoch))
        m_keypoints->setMetrics(lastValidation->metrics, lastValidation->epoch, lastValidation->scenarios);
    if (record) {
        m_progress->setPatience(record->patience);
        m_summary->showRecord(*record, history);
    }
    // The progress panel shows the epochs the files have.
    if (!history.epochs().empty()) {
        const EpochReport &last = history.epochs().back();
        TrainStartInfo start;
        start.epochs = record && record->epochs > 0 ? record->epochs : last.epochs;
        start.startEpoch = last.epoch + 1;
        m_progress->onTrainStart(start);
        for (const EpochReport &e : history.epochs())
            if (e.best)
                m_progress->onEpochEnd(e);
        m_progress->onEpochEnd(last);
    }
    retranslateUi();
}

void TrainDashboard::renderWorstImages(const std::vector<ValImageResult> &results, int epoch)
{
    if (m_thumbnails->isRunning()) {
        m_pendingImages = std::make_pair(results, epoch);
        return;
    }
    m_renderingEpoch = epoch;
    const Skeleton skeleton = m_skeleton;
    // Decoding the images takes longer than a frame: off the GUI thread (QImage only).
    m_thumbnails->start([results, skeleton](const gp::CancelToken &cancel, const gp::Progress &) {
        std::vector<ValImageStrip::Item> items;
        for (const ValImageResult &r : results) {
            if (cancel.isCancelled())
                break;
            items.push_back({ r.imagePath, r.worstInstance, r.oks, ValImageStrip::renderThumbnail(r, skeleton) });
        }
        return items;
    });
}

void TrainDashboard::retranslateUi()
{
    m_tabs->setTabText(ImagesTab, tr("Worst images"));
    m_tabs->setTabText(KeypointsTab, tr("Keypoints"));
    m_tabs->setTabText(LogTab, tr("Log"));
    m_tabs->setTabText(SummaryTab, tr("Summary"));
    if (m_runName.isEmpty())
        m_title->setText(tr("No run yet: set up a run and press Start, or watch one from the Runs tab."));
    else if (m_watching)
        m_title->setText(tr("Watching %1 (read from its files)").arg(m_runName));
    else
        m_title->setText(tr("Run %1 on %2").arg(m_runName, m_device));
}

void TrainDashboard::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
