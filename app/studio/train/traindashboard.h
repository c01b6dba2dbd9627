#pragma once

#include "epochmetricsfile.h"
#include "skeleton.h"
#include "telemetrysample.h"
#include "trainalert.h"
#include "trainerevents.h"
#include "traininghistory.h"
#include "valimagestrip.h"

#include <QWidget>

#include <optional>
#include <vector>

class BackgroundJob;
class GpuPanel;
class KeypointErrorTable;
class LayoutMemory;
class LossPlot;
class LrPlot;
class MetricsPlot;
class QLabel;
class QTabWidget;
class RunSummaryPanel;
class TelemetrySparklines;
class TrainBanner;
class TrainLogPanel;
class TrainProgressPanel;
namespace gp {
struct RunRecord;
class TelemetrySampler;
} // namespace gp

// What the Train workspace shows of a run: the banner (failure or finish), the progress
// panel, the loss, metrics and learning-rate plots, the telemetry sparklines under the loss
// plot on its x axis, the GPU table, and in tabs the worst validation images, the
// per-keypoint errors, the log and the summary. It shows either the run training in this
// program (fed by the trainer's events) or a run read from its files (watched).
class TrainDashboard : public QWidget
{
    Q_OBJECT

public:
    // How far apart the plots (and the panels filled at an epoch's end) redraw after one
    // event asked them all.
    static constexpr int kRedrawStaggerMs = 40;
    enum Tab { ImagesTab, KeypointsTab, LogTab, SummaryTab };

    TrainDashboard(gp::TelemetrySampler *telemetry, QWidget *parent = nullptr);
    ~TrainDashboard() override;

    void setSkeleton(const gp::Skeleton &skeleton);
    void setPatience(int patience);
    // Overlaid on the plots.
    void setComparison(std::vector<gp::TrainingHistory> runs);

    // The run training here. A run resumed in the folder already shown continues its curves
    // from the resume point; any other run starts afresh.
    void onTrainStart(const gp::TrainStartInfo &info);
    void onEpochStart(const gp::EpochStartInfo &info);
    void onBatch(const gp::BatchReport &batch);
    void onValidation(const gp::ValidationProgress &progress);
    void onEpochEnd(const gp::EpochReport &epoch);
    void onModelSaved(const QString &path, int epoch);
    void onFinished(const gp::TrainFinishReport &report);
    void onFailed(const TrainAlert &alert);
    void onWarning(const QString &message);
    void log(const QString &line);

    // A run followed through its files (RunWatcher); `lastValidation` fills the per-keypoint
    // panel and its scenario selector.
    void showWatched(const gp::TrainingHistory &history, const std::vector<gp::TelemetrySample> &telemetry,
        const gp::RunRecord *record,
        const std::optional<gp::EpochMetricsFile::Contents> &lastValidation = std::nullopt);
    bool isWatching() const { return m_watching; }

    const gp::TrainingHistory &history() const { return m_watching ? m_watched : m_live; }
    LossPlot *lossPlot() const { return m_loss; }
    MetricsPlot *metricsPlot() const { return m_metrics; }
    LrPlot *lrPlot() const { return m_lr; }
    TelemetrySparklines *sparklines() const { return m_sparklines; }
    GpuPanel *gpuPanel() const { return m_gpu; }
    TrainProgressPanel *progressPanel() const { return m_progress; }
    KeypointErrorTable *keypointTable() const { return m_keypoints; }
    ValImageStrip *imageStrip() const { return m_images; }
    TrainLogPanel *logPanel() const { return m_log; }
    TrainBanner *banner() const { return m_banner; }
    RunSummaryPanel *summaryPanel() const { return m_summary; }
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *titleLabel() const { return m_title; }
    // Rendering the thumbnails of the worst images.
    bool isBusy() const;
    // The plots' splitters and the tabs as designed (View ▸ Reset Layout).
    void resetLayout();

Q_SIGNALS:
    void openImageRequested(const QString &imagePath, int instance);
    void openWeightsRequested(const QString &weights);

protected:
    void changeEvent(QEvent *event) override;

private:
    void setHistoryShown(const gp::TrainingHistory *history);
    void renderWorstImages(const std::vector<gp::ValImageResult> &results, int epoch);
    void retranslateUi();

    gp::Skeleton m_skeleton;
    gp::TrainingHistory m_live;
    gp::TrainingHistory m_watched;
    bool m_watching = false;
    QString m_runName;
    QString m_device;
    BackgroundJob *m_thumbnails;
    // Worst images waiting while the previous epoch's still render.
    std::optional<std::pair<std::vector<gp::ValImageResult>, int>> m_pendingImages;
    int m_renderingEpoch = -1;

    QLabel *m_title;
    TrainBanner *m_banner;
    TrainProgressPanel *m_progress;
    LossPlot *m_loss;
    TelemetrySparklines *m_sparklines;
    MetricsPlot *m_metrics;
    LrPlot *m_lr;
    GpuPanel *m_gpu;
    QTabWidget *m_tabs;
    LayoutMemory *m_layout;
    ValImageStrip *m_images;
    KeypointErrorTable *m_keypoints;
    TrainLogPanel *m_log;
    RunSummaryPanel *m_summary;
};
