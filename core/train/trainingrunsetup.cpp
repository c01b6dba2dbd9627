// TrainingRun's setup step (settings, device and precision, data, model, run folder); the
#include "savefilecommit.h"
// class is declared in trainingrun_p.h and its other steps are in trainingrun.cpp.

#include "trainingrun_p.h"

#include "project.h"
#include "trainer.h"
#include "trainingdata.h"
#include "weightimport.h"
#include "weightimport_p.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QThread>

namespace gp {

namespace {

// Ranks started together meet within this; collectives wait this long for the slowest rank
// (the others wait while rank 0 validates, as long as Ultralytics' DDP timeout).
constexpr std::chrono::seconds kRendezvousTimeout { 300 };
constexpr std::chrono::seconds kCollectiveTimeout { 3 * 3600 };

bool cpuHasNativeBf16()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray info = f.read(1 << 16);
    return info.contains(" avx512_bf16") || info.contains(" amx_bf16");
}

} // namespace

// --- Setup: settings (with a resumed run's), device and precision, data, model, run folder. ---

bool TrainingRun::setup()
{
    if (!m_config.resume.isEmpty()) {
        CheckpointInfo info;
        QString why;
        if (!readCheckpointInfo(m_config.resume, &info, &why))
            return fail(why);
        const auto merged = mergeResumed(m_config, info, m_explicitKeys, &why);
        if (!merged)
            return fail(why);
        m_config = *merged;
        m_state = TrainerState::fromJson(info.trainerState);
        m_runDir = QDir::cleanPath(QFileInfo(m_config.resume).absoluteDir().absoluteFilePath(QStringLiteral("..")));
        // Locked and settled first, so that even a run that has nothing left to train is
        // left consistent (a kill in its last save).
        if (m_dist.isMain() && !openRunFolder(true))
            return false;
        if (info.epoch + 1 >= m_config.epochs && m_state.nextBatch == 0)
            return fail(tr("%1 finished all %2 epochs; pass epochs=N with N > %2 to extend it")
                            .arg(m_config.resume)
                            .arg(m_config.epochs));
        m_resumed = loadCheckpoint(m_config.resume);
    }
    const QStringList problems = m_config.validate();
    if (!problems.isEmpty())
        return fail(problems.join(QLatin1Char('\n')));
    if (!setupDevice() || !setupData() || !setupModel() || !setupRunFolder())
        return false;

    // A run resumed inside an epoch continues that epoch, which is epoch + 1 of the checkpoint.
    const int startEpoch = m_resumed ? m_resumed->info.epoch + (m_state.nextBatch > 0 ? 0 : 1) : 0;
    m_firstEpoch = m_resumed && m_state.nextBatch > 0 ? m_resumed->info.epoch + 1 : startEpoch;
    m_results = m_results.mid(0, 1 + m_firstEpoch);
    // The batch of the last optimizer step counts on across epochs, as in Ultralytics: the
    // batches after an epoch's last step accumulate into the next epoch's first one.
    if (m_resumed)
        m_lastOptStep = m_state.lastOptStep != TrainerState::kUnknown
            ? m_state.lastOptStep
            : m_batches * m_firstEpoch + m_state.nextBatch - 1; // older checkpoints ended every epoch on a step

    TrainStartInfo start;
    start.runDir = m_runDir;
    start.device = m_device.str().c_str();
    if (m_comm)
        start.device
            = tr("%1 (rank 0 of %2 processes, device=%3)").arg(start.device).arg(m_dist.worldSize).arg(m_config.device);
    start.precision = m_precision;
    start.model = m_spec.name();
    for (const auto &p : m_model->parameters())
        start.parameters += p.numel();
    start.startEpoch = m_firstEpoch;
    start.epochs = m_config.epochs;
    start.batchesPerEpoch = m_batches;
    start.trainImages = int(m_trainSet->size());
    start.valImages = int(m_valSet->size());
    start.trainInstances = m_trainSet->instanceCount();
    for (const DatasetIssue &i : m_issues.issues)
        start.datasetProblems << i.toString();
    m_events.onTrainStart(start);

    m_finish.runDir = m_runDir;
    m_finish.lastWeights = m_lastPath;
    m_finish.bestWeights = m_bestPath;
    m_clock.start();
    m_elapsedBefore = m_state.elapsedSeconds;
    return true;
}

bool TrainingRun::setupDevice()
{
    const QStringList devices = m_config.devices();
    if (devices.size() > 1 && !m_dist.isDistributed())
        return fail(tr("device=%1 trains with one process per device: start it with gripperpose train, which "
                       "starts them, or set RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT as for torchrun")
                        .arg(m_config.device));
    if (devices.size() > 1 && devices.size() != m_dist.localWorldSize)
        return fail(tr("device=%1 names %2 devices but %3 processes run on this machine")
                        .arg(m_config.device)
                        .arg(devices.size())
                        .arg(m_dist.localWorldSize));
    if (m_dist.isDistributed()) {
        QString why;
        m_comm = Communicator::connect(m_dist, kRendezvousTimeout, kCollectiveTimeout, &why);
        if (!m_comm)
            return fail(why);
    }
    const QString dev = devices.isEmpty() ? QString() : devices.value(devices.size() > 1 ? m_dist.localRank : 0);
    if (dev.isEmpty()) {
        if (torch::cuda::is_available())
            m_device = torch::Device(torch::kCUDA, 0);
    } else if (dev != QLatin1String("cpu")) {
        bool ok = false;
        const int index = dev.toInt(&ok);
        if (!ok || !torch::cuda::is_available() || index >= int(torch::cuda::device_count()))
            return fail(tr("device=%1 is not available (found %2 GPU(s)); use device=cpu")
                            .arg(m_config.device)
                            .arg(torch::cuda::is_available() ? int(torch::cuda::device_count()) : 0));
        m_device = torch::Device(torch::kCUDA, int8_t(index));
    }
    const bool gpu = m_device.is_cuda();
    const QString &amp = m_config.amp;
    // On a CPU with native bf16 (AVX512-BF16 / AMX) `auto` trains in bf16: 1.23x faster
    // with the same accuracy in the 30-epoch comparison of docs/BENCHMARKS.md.
    if (amp == QLatin1String("bf16") || (amp == QLatin1String("auto") && !gpu && cpuHasNativeBf16()))
        m_ampType = at::kBFloat16;
    else if (amp == QLatin1String("fp16") || (amp == QLatin1String("auto") && gpu))
        m_ampType = at::kHalf;
    if (m_ampType == at::kHalf && !gpu)
        return fail(tr("amp=fp16 needs a GPU; on the CPU use amp=off or amp=bf16"));
    m_scaler.emplace(m_device, GradScaler::Options { 65536.0, 2.0, 0.5, 2000, m_ampType == at::kHalf });
    // A resumed fp16 run continues with the scale it had reached, not the initial one.
    if (m_scaler->isEnabled() && m_state.lossScale > 0)
        m_scaler->setState(m_state.lossScale, m_state.lossScaleGrowth);
    m_precision = m_ampType == at::kHalf ? QStringLiteral("fp16")
        : m_ampType == at::kBFloat16     ? QStringLiteral("bf16")
                                         : QStringLiteral("fp32");

    // Processes on one machine share its cores.
    torch::set_num_threads(std::max(1, QThread::idealThreadCount() / (gpu ? 1 : m_dist.localWorldSize)));
    torch::manual_seed(uint64_t(m_config.seed));
    if (gpu)
        torch::cuda::manual_seed_all(uint64_t(m_config.seed));
    return true;
}

bool TrainingRun::setupData()
{
    // The one dataset validation (`check`'s): a fatal problem stops the run here, before any
    // batch. Rank 0 inspects the images and writes the cache first; the other ranks then read it.
    const bool rankZero = m_dist.isMain();
    if (m_comm && !rankZero)
        m_comm->barrier();
    QString why;
    auto prepared = TrainingData::forTraining(m_config.data, m_config.cacheDir, &why);
    if (m_comm && rankZero)
        m_comm->barrier();
    if (!prepared)
        return fail(why);
    for (const QString &note : prepared->notes)
        m_events.onWarning(note);
    m_data = prepared->config;
    m_issues = prepared->problems;
    m_trainSet.emplace(std::move(prepared->train));
    m_valSet.emplace(std::move(prepared->val));
    m_valTags = std::move(prepared->valTags);
    m_skeleton = Project::skeletonForDataset(m_data->yamlFile);
    return true;
}

bool TrainingRun::setupModel()
{
    const TrainingConfig &cfg = m_config;
    m_spec.numClasses = int(m_data->names.size());
    m_spec.numKeypoints = m_data->keypointCount;
    m_spec.keypointDims = m_data->keypointDims;
    if (m_resumed) {
        m_spec.scale = m_resumed->info.spec.scale;
        if (const QString m = checkpointMismatch(m_resumed->info, m_spec); !m.isEmpty())
            return fail(tr("%1 does not fit %2: %3").arg(cfg.resume, cfg.data, m));
        m_spec = m_resumed->info.spec;
        m_source = m_resumed->info.source;
    } else if (const auto scale = ModelSpec::parseScale(cfg.model); scale && !QFileInfo::exists(cfg.model)) {
        m_spec.scale = *scale;
        m_source = tr("train: from scratch (%1)").arg(m_spec.name());
    } else {
        QString why;
        const auto info = inspectWeightFile(cfg.model, &why);
        if (!info)
            return fail(why);
        if (info->spec)
            m_spec.scale = info->spec->scale;
        m_source = tr("train: from %1").arg(cfg.model);
    }
    if (const QString bad = m_spec.validate(); !bad.isEmpty())
        return fail(bad);
    m_model = PoseModel(m_spec);
    if (m_resumed)
        restoreState(*m_model, m_resumed->model);
    else if (QFileInfo::exists(cfg.model))
        m_events.onWarning(importWeights(*m_model, cfg.model.toStdString()).toText());
    m_model->to(m_device);
    // Every rank starts from rank 0's weights (as DDP does when it wraps the model).
    if (m_comm)
        m_comm->broadcastModule(*m_model);
    m_ema.emplace(m_spec, m_model);
    if (m_resumed && !m_resumed->ema.empty()) {
        restoreState(*m_ema->model(), m_resumed->ema, "ema");
        m_ema->setUpdates(m_resumed->info.emaUpdates);
    }
    m_ema->model()->to(m_device);

    PoseLossOptions lossOptions;
    lossOptions.numClasses = m_spec.numClasses;
    lossOptions.gains = { cfg.box, cfg.pose, cfg.kobj, cfg.cls, cfg.dfl };
    m_loss.emplace(lossOptions);

    m_augmenter.emplace(cfg, m_data->effectiveFlipIdx(m_skeleton));
    m_loader.emplace(*m_trainSet, *m_augmenter, cfg,
        BatchLoader::Options {
            cfg.batch, cfg.workers, 2, uint64_t(cfg.seed), true, cfg.fraction, m_dist.rank, m_dist.worldSize });
    m_batches = m_loader->batchesPerEpoch();
    m_optimizer.emplace(*m_model, cfg, m_batches, int(m_trainSet->size()));
    if (m_resumed && !m_resumed->optimizerState.empty())
        deserializeOptimizer(m_optimizer->optimizer(), m_resumed->optimizerState);
    m_valBatches = rectBatches(*m_valSet, cfg.imgsz, cfg.batch * 2);
    return true;
}

bool TrainingRun::setupRunFolder()
{
    // The run folder is rank 0's alone.
    const bool rankZero = m_dist.isMain();
    if (m_runDir.isEmpty() && rankZero)
        m_runDir = Trainer::runDirectory(m_config.project, m_config.name, m_config.existOk);
    m_run = QDir(m_runDir);
    if (rankZero && !m_run.mkpath(QStringLiteral("weights")))
        return fail(tr("%1: cannot create the run folder").arg(m_runDir));
    if (rankZero && !m_folder && !openRunFolder(false))
        return false;
    if (rankZero) {
        QSaveFile args(m_run.filePath(QStringLiteral("args.yaml")));
        if (!args.open(QIODevice::WriteOnly) || args.write(m_config.toYaml().toUtf8()) < 0 || !gp::commitSaveFile(args))
            return fail(tr("%1: cannot write: %2").arg(args.fileName(), args.errorString()));
    }
    if (m_resumed)
        m_results = m_resumed->info.metricsHistory.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (m_results.isEmpty())
        m_results << Trainer::resultsHeader();
    // Nothing is best yet: the first epoch always is, as in Ultralytics (best_fitness None).
    // An epoch without validation scores -loss, far below -1, so -1 would keep best.ckpt
    // from ever being written in a run with val=false that stops early.
    m_bestFitness = m_resumed ? m_resumed->info.bestFitness : kNoFitness;
    const RunFolder paths(m_runDir);
    m_lastPath = paths.lastPath();
    m_bestPath = paths.bestPath();
    return true;
}

bool TrainingRun::openRunFolder(bool resuming)
{
    m_folder = std::make_unique<RunFolder>(m_runDir);
    QString why;
    if (!m_folder->lock(&why))
        return fail(why);
    const QString recovered = m_folder->recover(resuming, [](const QString &path) {
        CheckpointInfo info;
        QString ignored;
        return readCheckpointInfo(path, &info, &ignored) ? info.epoch : -1;
    });
    if (!recovered.isEmpty())
        m_events.onWarning(tr("%1: %2").arg(m_runDir, recovered));
    return true;
}

} // namespace gp
