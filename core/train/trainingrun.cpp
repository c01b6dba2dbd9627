#include "savefilecommit.h"
#include "trainingrun_p.h"

#include "autocastguard.h"
#include "batchtensors.h"
#include "epochmetricsfile.h"

#include <QDateTime>
#include <QFile>
#include <QSaveFile>

#include <cmath>

namespace gp {

namespace {

constexpr int kMaxConsecutiveBadSteps = 10;
// Validation images reported with each epoch (worst OKS first), for the dashboard's strip.
constexpr int kWorstValImages = 24;

QString csvNumber(double v)
{
    return QString::number(v, 'g', 8);
}

bool isOutOfMemory(const std::exception &e)
{
    const std::string w = e.what();
    return w.find("out of memory") != std::string::npos || w.find("CUDA error: out of memory") != std::string::npos
        || w.find("HIP out of memory") != std::string::npos;
}

} // namespace

TrainingRun::TrainingRun(TrainingConfig config, QStringList explicitKeys, DistributedEnv dist, TrainerEvents &events,
    CancelToken cancel, Progress progress)
    : m_config(std::move(config))
    , m_explicitKeys(std::move(explicitKeys))
    , m_dist(std::move(dist))
    , m_events(events)
    , m_cancel(std::move(cancel))
    , m_progress(std::move(progress))
{ }

TrainingRun::~TrainingRun() = default;

std::optional<TrainingConfig> TrainingRun::mergeResumed(
    const TrainingConfig &user, const CheckpointInfo &info, const QStringList &explicitKeys, QString *error)
{
    auto saved = TrainingConfig::fromYaml(info.trainingConfig, error);
    if (!saved) {
        *error = tr("%1: the saved training settings are unreadable: %2").arg(user.resume, *error);
        return std::nullopt;
    }
    QString ignored;
    for (const QString &key : explicitKeys)
        if (key != QLatin1String("resume") && key != QLatin1String("name") && key != QLatin1String("project"))
            saved->set(key, user.get(key), &ignored);
    saved->resume = user.resume;
    return saved;
}

bool TrainingRun::fail(const QString &message)
{
    m_error = message;
    return false;
}

bool TrainingRun::anyRank(bool local)
{
    return m_comm ? m_comm->any(local) : local;
}

double TrainingRun::elapsed() const
{
    return m_elapsedBefore + m_clock.elapsed() / 1000.0;
}

bool TrainingRun::execute(QString *error)
{
    bool ok = false;
    try {
        ok = setup();
        EpochEnd end = EpochEnd::Completed;
        for (int epoch = m_firstEpoch; ok && epoch < m_config.epochs; ++epoch) {
            ok = trainEpoch(epoch, &end);
            if (!ok || end == EpochEnd::Stopped)
                break;
            if (!m_dist.isMain()) {
                // Rank 0 validates and saves meanwhile; it alone decides on early stopping.
                if (anyRank(false))
                    break;
                continue;
            }
            const std::optional<EpochReport> report = validateEpoch(epoch);
            if (!report) {
                // Stopped during the validation: no results.csv row for an epoch without its
                // figures; the resumed run validates it first. (The other ranks stop with it.)
                saveInterrupted(epoch, m_batches);
                anyRank(true);
                end = EpochEnd::Stopped;
                break;
            }
            ok = saveEpoch(epoch, *report);
            if (!ok)
                break;
            m_events.onFitEpochEnd(*report);
            m_finish.epochsCompleted = epoch + 1;
            const bool last = epoch + 1 == m_config.epochs;
            if (anyRank(m_config.patience > 0 && m_state.epochsWithoutImprovement >= m_config.patience && !last)) {
                m_finish.stoppedEarly = true;
                break;
            }
        }
        if (ok)
            teardown(end == EpochEnd::Stopped);
    } catch (const std::exception &e) {
        ok = false;
        if (isOutOfMemory(e))
            m_error = tr("out of memory at batch=%1, imgsz=%2; try batch=%3")
                          .arg(m_config.batch)
                          .arg(m_config.imgsz)
                          .arg(std::max(1, m_config.batch / 2));
        else
            m_error = tr("training failed: %1").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 2));
    }
    if (m_loader)
        m_loader->stop();
    if (!ok) {
        *error = m_error;
        m_events.onTrainFailed(m_error);
    }
    return ok;
}

// --- One epoch of training. ---

bool TrainingRun::trainEpoch(int epoch, EpochEnd *end)
{
    const bool mosaic = epoch < m_config.epochs - m_config.closeMosaic;
    const int firstBatch = epoch == m_firstEpoch ? m_state.nextBatch : 0;
    m_events.onTrainEpochStart({ epoch, m_config.epochs, firstBatch, m_batches, mosaic });
    m_loader->startEpoch(epoch, mosaic, firstBatch);
    m_model->train();
    // A resumed epoch goes on from the mean loss of its batches before the stop.
    const bool continued = m_resumed && epoch == m_firstEpoch && firstBatch > 0;
    m_running = continued ? m_state.runningLoss : PoseLossItems();
    m_seen = continued ? m_state.runningBatches : 0;
    m_imagesThisEpoch = 0;
    if (m_resumed && epoch == m_firstEpoch && m_state.lastOptStep != TrainerState::kUnknown
        && m_batches * epoch + firstBatch - 1 > m_lastOptStep) {
        if (const QString warning = restoreRankGradients(m_model->parameters(), m_resumed->pendingGradients, m_dist);
            !warning.isEmpty())
            m_events.onWarning(warning);
    }
    m_epochClock.start();
    for (int bi = firstBatch; bi < m_batches; ++bi) {
        if (anyRank(m_cancel.isCancelled())) {
            capturePendingGradients(m_batches * epoch + bi);
            saveInterrupted(epoch, bi);
            *end = EpochEnd::Stopped;
            return true;
        }
        auto batch = m_loader->next();
        if (!batch)
            break;
        if (!trainBatch(epoch, bi, *batch, &m_lastOptStep))
            return false;
    }
    // No step at the epoch's end (Ultralytics takes none): what is accumulated since the last
    // step goes into the next epoch's first one, and into last.ckpt so that a run resumed
    // here continues exactly.
    capturePendingGradients(m_batches * epoch + m_batches);
    m_loader->stop();
    if (m_comm && !m_comm->parametersAgree(m_model->parameters()))
        return fail(tr("the weights of the %1 processes differ after epoch %2; the run is stopped")
                        .arg(m_dist.worldSize)
                        .arg(epoch + 1));
    *end = EpochEnd::Completed;
    return true;
}

bool TrainingRun::trainBatch(int epoch, int bi, const BatchLoader::Batch &batch, int *lastOptStep)
{
    for (const QString &p : batch.problems)
        m_events.onWarning(p);
    const int ni = bi + m_batches * epoch;
    const int accumulate = m_optimizer->schedule(ni, epoch);
    BatchTensors t = collate(batch.samples, m_spec.numKeypoints, m_spec.keypointDims);
    PoseBatchTargets targets = t.targets;
    targets.batchIdx = targets.batchIdx.to(m_device);
    targets.cls = targets.cls.to(m_device);
    targets.bboxes = targets.bboxes.to(m_device);
    targets.keypoints = targets.keypoints.to(m_device);
    const bool gpu = m_device.is_cuda();
    // Pinned host memory lets the copy to the GPU overlap with the previous step.
    torch::Tensor x = gpu ? t.images.pin_memory().to(m_device, /*non_blocking=*/true) : t.images;
    RawHeadOutput raw;
    {
        AutocastGuard autocast(m_device.type(), m_ampType, m_ampType != at::kFloat);
        raw = m_model->forwardRaw(x);
    }
    // Only the network runs under autocast. The loss runs in fp32 outside it, on the head's outputs cast
    // up, so that no product in the loss (the DFL projection, the keypoint distances) can fall to bf16/fp16.
    raw.boxes = raw.boxes.to(torch::kFloat);
    raw.scores = raw.scores.to(torch::kFloat);
    raw.kpts = raw.kpts.to(torch::kFloat);
    const PoseLossResult result = m_loss->compute(raw, targets);
    const torch::Tensor total = result.total();
    if (anyRank(!torch::isfinite(total).item<bool>())) {
        m_optimizer->optimizer().zero_grad();
        ++m_state.skippedSteps;
        *lastOptStep = ni;
        if (++m_consecutiveBad >= kMaxConsecutiveBadSteps)
            return fail(tr("the loss was not finite for %1 batches in a row (epoch %2, batch %3); "
                           "lower lr0 (now %4) or check the labels")
                            .arg(m_consecutiveBad)
                            .arg(epoch + 1)
                            .arg(bi + 1)
                            .arg(m_optimizer->lr0()));
        m_events.onWarning(
            tr("epoch %1, batch %2: the loss is not finite; the step is skipped").arg(epoch + 1).arg(bi + 1));
        return true;
    }
    m_consecutiveBad = 0;
    m_scaler->scale(total).backward();
    if (ni - *lastOptStep >= accumulate) {
        optimizerStep();
        *lastOptStep = ni;
    }
    PoseLossItems items = result.plainItems();
    int instances = t.instances;
    int images = int(batch.samples.size());
    if (m_comm) {
        // The progress shows the whole batch: the ranks' mean loss, their images.
        torch::Tensor s = torch::tensor(
            { items.box, items.pose, items.kobj, items.cls, items.dfl, double(instances), double(images) },
            torch::kDouble);
        m_comm->allReduceSum(s);
        const auto v = s.accessor<double, 1>();
        const double w = 1.0 / m_dist.worldSize;
        items = { v[0] * w, v[1] * w, v[2] * w, v[3] * w, v[4] * w };
        instances = int(v[5]);
        images = int(v[6]);
    }
    PoseLossItems sum = m_running * m_seen;
    sum += items;
    m_running = sum * (1.0 / (m_seen + 1));
    ++m_seen;
    m_imagesThisEpoch += images;

    const int firstBatch = epoch == m_firstEpoch ? m_state.nextBatch : 0;
    BatchReport br;
    br.epoch = epoch;
    br.epochs = m_config.epochs;
    br.batch = bi;
    br.batches = m_batches;
    br.loss = m_running;
    br.batchLoss = items;
    br.instances = instances;
    br.imageSize = m_config.imgsz;
    br.lr = m_optimizer->learningRates();
    const double secs = m_epochClock.elapsed() / 1000.0;
    br.imagesPerSecond = secs > 0 ? m_imagesThisEpoch / secs : 0;
    br.epochEtaSeconds = bi + 1 > firstBatch ? secs / (bi + 1 - firstBatch) * (m_batches - bi - 1) : 0;
    br.skippedSteps = m_state.skippedSteps;
    m_events.onTrainBatchEnd(br);
    m_progress.report(int64_t(ni) + 1, int64_t(m_config.epochs) * m_batches);
    return true;
}

void TrainingRun::optimizerStep()
{
    // Summed, not averaged: each rank's loss is already scaled by its own batch, so the
    // sum is the gradient of the whole batch (Ultralytics multiplies by the world size).
    if (m_comm)
        m_comm->sumGradients(m_model->parameters());
    torch::optim::Optimizer &opt = m_optimizer->optimizer();
    m_scaler->unscale(opt);
    if (m_config.clipGrad > 0)
        torch::nn::utils::clip_grad_norm_(m_model->parameters(), m_config.clipGrad);
    m_scaler->step(opt);
    m_scaler->update();
    opt.zero_grad();
    if (m_config.ema && m_dist.isMain())
        m_ema->update(m_model);
}

// --- After each epoch: validation, results.csv and checkpoints (rank 0). ---

std::optional<EpochReport> TrainingRun::validateEpoch(int epoch)
{
    EpochReport er;
    er.epoch = epoch;
    er.epochs = m_config.epochs;
    er.trainLoss = m_running;
    er.lr = m_optimizer->learningRates();
    const bool last = epoch + 1 == m_config.epochs;
    if ((m_config.val || last) && m_valSet->size() > 0) {
        ValOptions vo = ValOptions::make(
            m_config.conf, m_config.iou, m_config.maxDet, *m_loss, m_spec.numKeypoints, m_device, m_cancel);
        vo.keepWorstImages = kWorstValImages;
        vo.imageTags = m_valTags;
        const int batches = int(m_valBatches.size());
        m_events.onValStart({ epoch, 0, batches });
        vo.progress = [this, epoch](int64_t done, int64_t total) {
            m_events.onValBatchEnd({ epoch, int(done), int(total) });
        };
        PoseModelImpl &evalModel = m_config.ema ? *m_ema->model() : *m_model;
        const ValOutcome v = validate(evalModel, *m_valSet, m_valBatches, m_config.imgsz, vo);
        m_model->train();
        if (v.cancelled)
            return std::nullopt;
        er.metrics = v.metrics;
        er.valLoss = v.loss;
        er.validated = true;
        er.worstImages = v.worstImages;
        er.scenarios = v.scenarios;
    }
    const double fitness = er.validated ? er.metrics.fitness : -er.trainLoss.sum();
    er.best = fitness > m_bestFitness;
    if (er.best) {
        m_bestFitness = fitness;
        m_state.epochsWithoutImprovement = 0;
    } else {
        ++m_state.epochsWithoutImprovement;
    }
    er.epochsWithoutImprovement = m_state.epochsWithoutImprovement;
    er.seconds = elapsed();
    return er;
}

bool TrainingRun::saveEpoch(int epoch, const EpochReport &er)
{
    const PoseMetrics &m = er.metrics;
    QStringList row { QString::number(epoch + 1), csvNumber(er.seconds) };
    for (double v : { er.trainLoss.box, er.trainLoss.pose, er.trainLoss.kobj, er.trainLoss.cls, er.trainLoss.dfl,
             m.box.precision, m.box.recall, m.box.map50, m.box.map, m.pose.precision, m.pose.recall, m.pose.map50,
             m.pose.map, er.valLoss.box, er.valLoss.pose, er.valLoss.kobj, er.valLoss.cls, er.valLoss.dfl, er.lr[0],
             er.lr[1], er.lr[2] })
        row << csvNumber(v);
    m_results << row.join(QLatin1Char(','));
    m_state.nextBatch = 0;
    m_state.lastOptStep = m_lastOptStep;
    m_state.elapsedSeconds = er.seconds;
    try {
        // The order RunFolder describes: best aside, last (which names it), then best in place.
        if (er.best) {
            saveCheckpoint(RunFolder(m_runDir).pendingBestPath(), epoch, m_state, false);
            failpoint();
        }
        saveCheckpoint(m_lastPath, epoch, m_state, true);
        failpoint();
        if (er.best && m_folder) {
            QString why;
            if (!m_folder->promotePendingBest(&why))
                return fail(tr("saving the checkpoint failed: %1").arg(why));
            m_events.onModelSave(m_bestPath, epoch);
            failpoint();
        }
        if (m_config.savePeriod > 0 && (epoch + 1) % m_config.savePeriod == 0)
            saveCheckpoint(
                m_run.filePath(QStringLiteral("weights/epoch%1.ckpt").arg(epoch + 1)), epoch, m_state, false);
    } catch (const CheckpointError &e) {
        // The previous checkpoint is intact (writes are atomic); stop rather than train unsaved.
        return fail(tr("saving the checkpoint failed, the previous one is kept: %1").arg(QString::fromUtf8(e.what())));
    }
    // The validation's per-keypoint and per-scenario figures for a dashboard watching this
    // run from another process; before results.csv, so its new row finds them. Not worth
    // stopping the run for: a failure is a warning.
    if (er.validated) {
        QString why;
        if (!EpochMetricsFile::write(
                m_run.filePath(QLatin1String(EpochMetricsFile::kFileName)), { epoch, er.metrics, er.scenarios }, &why))
            m_events.onWarning(why);
    }
    // results.csv after the checkpoint: a run killed in between resumes from the
    // checkpoint, which carries the same rows.
    QSaveFile csv(m_run.filePath(QStringLiteral("results.csv")));
    if (!csv.open(QIODevice::WriteOnly)
        || csv.write((m_results.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8()) < 0 || !gp::commitSaveFile(csv))
        return fail(tr("%1: cannot write: %2").arg(csv.fileName(), csv.errorString()));
    failpoint();
    return true;
}

void TrainingRun::failpoint()
{
    if (m_folder)
        m_folder->failpoint();
}

void TrainingRun::saveCheckpoint(const QString &path, int completedEpoch, TrainerState st, bool withOptimizer)
{
    if (!m_dist.isMain())
        return;
    if (m_scaler->isEnabled())
        std::tie(st.lossScale, st.lossScaleGrowth) = m_scaler->state();
    CheckpointData c;
    c.info.spec = m_spec;
    c.info.epoch = completedEpoch;
    c.info.bestFitness = m_bestFitness;
    c.info.trainingConfig = m_config.toYaml();
    c.info.metricsHistory = m_results.join(QLatin1Char('\n')) + QLatin1Char('\n');
    c.info.trainerState = st.toJson();
    c.info.skeletonJson = QString::fromUtf8(m_skeleton.toJson());
    c.info.source = m_source;
    c.info.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    c.info.programVersion = QCoreApplication::applicationVersion();
    c.info.hasEma = true;
    c.info.emaUpdates = m_ema->updates();
    c.info.hasOptimizer = withOptimizer;
    c.model = captureState(*m_model);
    c.ema = captureState(*m_ema->model());
    if (withOptimizer) {
        c.optimizerState = serializeOptimizer(m_optimizer->optimizer());
        c.pendingGradients = m_pendingGradients;
    }
    gp::saveCheckpoint(path, c);
    if (path != RunFolder(m_runDir).pendingBestPath()) // announced once renamed into place
        m_events.onModelSave(path, completedEpoch);
}

void TrainingRun::saveInterrupted(int epoch, int nextBatch)
{
    m_state.nextBatch = nextBatch;
    m_state.lastOptStep = m_lastOptStep;
    m_state.runningLoss = m_running;
    m_state.runningBatches = m_seen;
    m_state.elapsedSeconds = elapsed();
    saveCheckpoint(m_lastPath, epoch - 1, m_state, true);
    m_finish.epochsCompleted = epoch;
}

void TrainingRun::capturePendingGradients(int nextIteration)
{
    // One entry per rank, so that the resumed run takes the very step the uninterrupted one would.
    m_pendingGradients.clear();
    if (nextIteration - 1 <= m_lastOptStep)
        return;
    const torch::Tensor mine = flattenGradients(m_model->parameters()).to(torch::kCPU);
    const std::vector<torch::Tensor> all = m_comm ? m_comm->gatherOnRankZero(mine) : std::vector { mine };
    for (size_t r = 0; r < all.size(); ++r)
        m_pendingGradients.emplace_back("rank" + std::to_string(r), all[r]);
}

void TrainingRun::teardown(bool stoppedByUser)
{
    m_loader->stop();
    m_finish.stoppedByUser = stoppedByUser;
    m_finish.bestFitness = m_bestFitness;
    m_finish.seconds = elapsed();
    // Name only files that exist: a run stopped before its first best has no best.ckpt.
    m_finish.lastWeights = RunFolder::existing(m_finish.lastWeights);
    m_finish.bestWeights = RunFolder::existing(m_finish.bestWeights);
    m_events.onTrainEnd(m_finish);
}

} // namespace gp
