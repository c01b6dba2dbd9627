#include "traincommand.h"

#include "metricstext.h"
#include "progressbar.h"
#include "telemetrysampler.h"
#include "trainingsession.h"

#include <csignal>
#include <memory>
#include <mutex>
#include <optional>

using gp::BatchReport;
using gp::EpochReport;
using gp::MetricsText;
using gp::PoseMetrics;
using gp::TelemetrySampler;
using gp::TelemetrySources;
using gp::TrainerEvents;
using gp::TrainFinishReport;
using gp::TrainingConfig;
using gp::TrainingSession;
using gp::TrainStartInfo;

namespace {

// The run's cancel token while training: a signal handler has no other way to reach it.
const gp::CancelToken *g_cancel = nullptr;

extern "C" void requestStop(int)
{
    if (g_cancel)
        g_cancel->cancel(); // a lock-free atomic store: safe in a signal handler
}

QString lossText(const gp::PoseLossItems &l)
{
    return QStringLiteral("box %1 pose %2 kobj %3 cls %4 dfl %5")
        .arg(l.box, 0, 'f', 3)
        .arg(l.pose, 0, 'f', 3)
        .arg(l.kobj, 0, 'f', 3)
        .arg(l.cls, 0, 'f', 3)
        .arg(l.dfl, 0, 'f', 3);
}

// The trainer's events as a progress bar per epoch and a metrics line after each.
class CliTrainerEvents : public TrainerEvents
{
    Q_DECLARE_TR_FUNCTIONS(TrainCommand)

public:
    CliTrainerEvents(QTextStream &out, QTextStream &err)
        : m_out(out)
        , m_err(err)
    { }

    void onTrainStart(const TrainStartInfo &s) override
    {
        m_out << tr("Training %1 (%2 parameters) on %3 (%4), run folder %5")
                     .arg(s.model)
                     .arg(s.parameters)
                     .arg(s.device, s.precision, s.runDir)
              << '\n'
              << tr("%1 train images (%2 instances), %3 val images, %4 batches per epoch")
                     .arg(s.trainImages)
                     .arg(s.trainInstances)
                     .arg(s.valImages)
                     .arg(s.batchesPerEpoch)
              << '\n';
        if (!s.datasetProblems.isEmpty()) {
            m_out << tr("%1 dataset problems (bad items are skipped):").arg(s.datasetProblems.size()) << '\n';
            for (int i = 0; i < s.datasetProblems.size() && i < 20; ++i)
                m_out << "  " << s.datasetProblems[i] << '\n';
        }
        m_out << "      Epoch  " << tr("box   pose   kobj   cls    dfl   instances") << '\n';
        m_out.flush();
        startTelemetry(s.runDir);
    }
    void onTrainBatchEnd(const BatchReport &b) override
    {
        if (!m_bar || b.batch == 0)
            m_bar.emplace(m_err, QStringLiteral("%1/%2").arg(b.epoch + 1, 4).arg(b.epochs), b.batches);
        m_bar->update(b.batch + 1,
            QStringLiteral("%1 %2 inst %3 img/s")
                .arg(lossText(b.loss))
                .arg(b.instances)
                .arg(b.imagesPerSecond, 0, 'f', 1));
    }
    void onFitEpochEnd(const EpochReport &e) override
    {
        reportTelemetryFailure();
        if (m_bar)
            m_bar->finish(lossText(e.trainLoss));
        m_bar.reset();
        const PoseMetrics &m = e.metrics;
        m_out << QStringLiteral("%1/%2 ").arg(e.epoch + 1, 4).arg(e.epochs) << lossText(e.trainLoss) << '\n';
        if (e.validated)
            m_out << "           " << MetricsText::line(m) << (e.best ? tr("  (best)") : QString()) << '\n';
        if (e.validated && !e.scenarios.empty()) {
            QStringList parts;
            for (const auto &[tag, sm] : e.scenarios)
                parts << QStringLiteral("%1 %2/%3").arg(tag).arg(sm.box.map, 0, 'f', 3).arg(sm.pose.map, 0, 'f', 3);
            m_out << "           " << tr("mAP50-95 box/pose by scenario: %1").arg(parts.join(QStringLiteral(", ")))
                  << '\n';
        }
        m_out.flush();
    }
    void onTrainEnd(const TrainFinishReport &f) override
    {
        m_telemetry.reset();
        reportTelemetryFailure();
        if (f.stoppedByUser)
            m_out << tr("Stopped; resume with: gripperpose train resume=%1").arg(f.lastWeights) << '\n';
        else if (f.stoppedEarly)
            m_out << tr("Stopped early: no improvement for the patience epochs.") << '\n';
        // Only files that exist are named (TrainFinishReport leaves the others empty).
        QStringList weights;
        for (const QString &w : { f.lastWeights, f.bestWeights })
            if (!w.isEmpty())
                weights << w;
        if (weights.isEmpty())
            m_out << tr("%1 epochs in %2 s; no weights were saved.").arg(f.epochsCompleted).arg(f.seconds, 0, 'f', 1)
                  << '\n';
        else if (f.bestWeights.isEmpty()) // stopped before its first epoch was saved: no fitness to tell
            m_out << tr("%1 epochs in %2 s. Weights: %3")
                         .arg(f.epochsCompleted)
                         .arg(f.seconds, 0, 'f', 1)
                         .arg(weights.join(QStringLiteral(", ")))
                  << '\n';
        else
            m_out << tr("%1 epochs in %2 s; best fitness %3. Weights: %4")
                         .arg(f.epochsCompleted)
                         .arg(f.seconds, 0, 'f', 1)
                         .arg(f.bestFitness, 0, 'f', 4)
                         .arg(weights.join(QStringLiteral(", ")))
                  << '\n';
        m_out.flush();
    }
    void onTrainFailed(const QString &) override { m_telemetry.reset(); }
    void onWarning(const QString &message) override
    {
        m_err << '\n' << message << '\n';
        m_err.flush();
    }

private:
    // GPU and host figures each second into the run's telemetry.csv, beside results.csv, so
    // a run from the command line keeps the same picture as one from the dashboard.
    void startTelemetry(const QString &runDir)
    {
        m_telemetry = std::make_unique<TelemetrySampler>(TelemetrySources::fromEnvironment());
        QString error;
        if (!m_telemetry->setRunFolder(runDir, &error)) {
            m_err << error << '\n';
            m_telemetry.reset();
            return;
        }
        // No event loop runs while training, so a failure is kept for this thread to print.
        QObject::connect(
            m_telemetry.get(), &TelemetrySampler::writeFailed, m_telemetry.get(),
            [this](const QString &message) {
                std::lock_guard lock(m_telemetryMutex);
                m_telemetryError = message;
            },
            Qt::DirectConnection);
        m_telemetry->start();
    }
    void reportTelemetryFailure()
    {
        std::lock_guard lock(m_telemetryMutex);
        if (!m_telemetryError.isEmpty())
            m_err << '\n' << m_telemetryError << '\n';
        m_telemetryError.clear();
    }

    QTextStream &m_out;
    QTextStream &m_err;
    std::optional<ProgressBar> m_bar;
    std::mutex m_telemetryMutex;
    QString m_telemetryError;
    // Last, so that its thread stops before the members it writes to go.
    std::unique_ptr<TelemetrySampler> m_telemetry;
};

} // namespace

QString TrainCommand::summary() const
{
    return tr("train YOLOv8-pose (Ultralytics keys: data= model= epochs= imgsz= batch= device= …)");
}

std::vector<CliOption> TrainCommand::options() const
{
    std::vector<CliOption> o;
    const TrainingConfig defaults;
    for (const TrainingConfig::Key &k : TrainingConfig::keys())
        o.push_back({ k.name, defaults.get(k.name), k.help, true });
    o.push_back({ QStringLiteral("defaults"), QStringLiteral("gripperpose"),
        tr("gripperpose (the recipe) or ultralytics (Ultralytics' own defaults)"), true });
    return o;
}

int TrainCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    const QString base = args.value(QStringLiteral("defaults"));
    if (base != QLatin1String("gripperpose") && base != QLatin1String("ultralytics")) {
        err << tr("defaults=%1 must be gripperpose or ultralytics").arg(base) << '\n';
        return 2;
    }
    TrainingConfig config
        = base == QLatin1String("ultralytics") ? TrainingConfig::ultralyticsDefaults() : TrainingConfig();
    QStringList explicitKeys;
    QString error;
    for (const TrainingConfig::Key &k : TrainingConfig::keys())
        if (args.isSet(k.name)) {
            if (!config.set(k.name, args.value(k.name), &error)) {
                err << error << '\n';
                return 2;
            }
            explicitKeys << k.name;
        }
    if (config.data.isEmpty() && config.resume.isEmpty()) {
        err << tr("missing data= (the dataset's data.yaml) or resume= (a run's weights/last.ckpt)") << '\n';
        return 2;
    }
    // Ctrl+C asks the trainer to stop between batches; it then saves a resumable checkpoint.
    const gp::CancelToken cancel;
    g_cancel = &cancel;
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    CliTrainerEvents events(out, err);
    TrainingSession::Options options;
    options.config = config;
    options.explicitKeys = explicitKeys;
    options.workerProgram = QCoreApplication::applicationFilePath();
    options.workerArguments = QCoreApplication::arguments().mid(1);
    const TrainingSession::Outcome outcome = TrainingSession::run(options, { &events }, &error, cancel);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_cancel = nullptr;
    if (outcome != TrainingSession::Outcome::Finished)
        err << error << '\n';
    return outcome == TrainingSession::Outcome::Finished       ? 0
        : outcome == TrainingSession::Outcome::InvalidSettings ? 2
                                                               : 1;
}
