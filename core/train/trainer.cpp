#include "trainer.h"

#include "augmenter.h"
#include "autocastguard.h"
#include "batchloader.h"
#include "batchtensors.h"
#include "checkpoint_p.h"
#include "communicator.h"
#include "datasetconfig.h"
#include "gradscaler.h"
#include "labelcache.h"
#include "modelema.h"
#include "project.h"
#include "skeleton.h"
#include "trainoptimizer.h"
#include "validator_p.h"
#include "weightimport.h"
#include "weightimport_p.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QThread>

#include <cmath>
#include <limits>

using namespace gp;

namespace {

constexpr int kMaxConsecutiveBadSteps = 10;
// Ranks started together meet within this; collectives wait this long for the slowest rank
// (the others wait while rank 0 validates, as long as Ultralytics' DDP timeout).
constexpr std::chrono::seconds kRendezvousTimeout{300};
constexpr std::chrono::seconds kCollectiveTimeout{3 * 3600};

// Where an interrupted run stands, kept in the checkpoint next to the weights.
struct TrainerState
{
    int nextBatch = 0;           // first batch of epoch+1 still to run
    // Global batch of the last optimizer step (-1: none yet); unknown in older checkpoints.
    static constexpr int kUnknown = std::numeric_limits<int>::min();
    int lastOptStep = kUnknown;
    int epochsWithoutImprovement = 0;
    int skippedSteps = 0;
    double elapsedSeconds = 0;
    double lossScale = 0;        // the fp16 loss scaler's scale (0: none)
    int lossScaleGrowth = 0;     // and its count of clean steps towards the next growth

    QString toJson() const
    {
        return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("next_batch"), nextBatch},
                                                            {QStringLiteral("last_opt_step"), lastOptStep},
                                                            {QStringLiteral("epochs_without_improvement"), epochsWithoutImprovement},
                                                            {QStringLiteral("skipped_steps"), skippedSteps},
                                                            {QStringLiteral("elapsed"), elapsedSeconds},
                                                            {QStringLiteral("loss_scale"), lossScale},
                                                            {QStringLiteral("loss_scale_growth"), lossScaleGrowth}})
                                     .toJson(QJsonDocument::Compact));
    }
    static TrainerState fromJson(const QString &text)
    {
        const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
        TrainerState s;
        s.nextBatch = o.value(QStringLiteral("next_batch")).toInt();
        s.lastOptStep = o.value(QStringLiteral("last_opt_step")).toInt(kUnknown);
        s.epochsWithoutImprovement = o.value(QStringLiteral("epochs_without_improvement")).toInt();
        s.skippedSteps = o.value(QStringLiteral("skipped_steps")).toInt();
        s.elapsedSeconds = o.value(QStringLiteral("elapsed")).toDouble();
        s.lossScale = o.value(QStringLiteral("loss_scale")).toDouble();
        s.lossScaleGrowth = o.value(QStringLiteral("loss_scale_growth")).toInt();
        return s;
    }
};

QString csvNumber(double v)
{
    return QString::number(v, 'g', 8);
}

bool cpuHasNativeBf16()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray info = f.read(1 << 16);
    return info.contains(" avx512_bf16") || info.contains(" amx_bf16");
}

// Whether this rank's parameters are rank 0's, bit for bit (the summed gradients and the
// same optimizer arithmetic keep them so; a difference means the run is broken).
bool weightsAgree(Communicator &comm, PoseModelImpl &model)
{
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> parts;
    for (const torch::Tensor &p : model.parameters())
        parts.push_back(p.detach().to(torch::kCPU, torch::kDouble).reshape({-1}));
    const torch::Tensor all = torch::cat(parts);
    // Two checksums: the plain sum and one weighted by position, so that swapped values count.
    const torch::Tensor weights = torch::arange(all.numel(), all.options()).fmod(9973).add_(1);
    std::vector<torch::Tensor> mine{torch::stack({all.sum(), (all * weights).sum()})};
    std::vector<torch::Tensor> root{mine[0].clone()};
    comm.broadcast(root);
    return !comm.any(!torch::equal(mine[0], root[0]));
}

// Gives each rank back the gradients it had accumulated when the run stopped. With another
// number of processes than were saved, rank 0 takes their sum (the same step, up to rounding).
void restorePendingGradients(PoseModelImpl &model, const gp::NamedTensors &saved, const DistributedEnv &dist,
                             TrainerEvents &events)
{
    if (saved.empty())
        return;
    if (int(saved.size()) == dist.worldSize) {
        const std::string mine = "rank" + std::to_string(dist.rank);
        for (const auto &[name, flat] : saved)
            if (name == mine)
                assignGradients(model.parameters(), flat);
        return;
    }
    if (!dist.isMain())
        return;
    torch::Tensor sum = saved.front().second.clone();
    for (size_t r = 1; r < saved.size(); ++r)
        sum += saved[r].second;
    assignGradients(model.parameters(), sum);
    events.onWarning(Trainer::tr("the run was stopped with %1 processes and resumes with %2: the step in progress "
                                 "is the same up to rounding, not bit for bit")
                         .arg(saved.size())
                         .arg(dist.worldSize));
}

bool isOutOfMemory(const std::exception &e)
{
    const std::string w = e.what();
    return w.find("out of memory") != std::string::npos || w.find("CUDA error: out of memory") != std::string::npos
           || w.find("HIP out of memory") != std::string::npos;
}

} // namespace

struct Trainer::Private
{
    TrainingConfig config;
    QStringList explicitKeys;
    TrainerEvents *events = nullptr;
    TrainerEvents silent;
    DistributedEnv dist;

    TrainerEvents &ev() { return events ? *events : silent; }
};

Trainer::Trainer(TrainingConfig config, QStringList explicitKeys)
    : d(std::make_unique<Private>())
{
    d->config = std::move(config);
    d->explicitKeys = std::move(explicitKeys);
}

Trainer::~Trainer() = default;

void Trainer::setEvents(TrainerEvents *events)
{
    d->events = events;
}

void Trainer::setDistributed(const DistributedEnv &env)
{
    d->dist = env;
}

QString Trainer::runDirectory(const QString &project, const QString &name, bool existOk)
{
    const QDir p(project);
    QString dir = p.filePath(name);
    for (int n = 2; !existOk && QFileInfo::exists(dir); ++n)
        dir = p.filePath(name + QString::number(n));
    return QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
}

namespace {

// The saved run's settings with the keys the user set on top.
std::optional<TrainingConfig> mergeResumed(const TrainingConfig &user, const CheckpointInfo &info,
                                           const QStringList &explicitKeys, QString *error)
{
    auto saved = TrainingConfig::fromYaml(info.trainingConfig, error);
    if (!saved) {
        *error = Trainer::tr("%1: the saved training settings are unreadable: %2").arg(user.resume, *error);
        return std::nullopt;
    }
    QString ignored;
    for (const QString &key : explicitKeys)
        if (key != QLatin1String("resume") && key != QLatin1String("name") && key != QLatin1String("project"))
            saved->set(key, user.get(key), &ignored);
    saved->resume = user.resume;
    return saved;
}

} // namespace

std::optional<TrainingConfig> Trainer::effectiveConfig(const TrainingConfig &config, const QStringList &explicitKeys,
                                                       QString *error)
{
    if (config.resume.isEmpty())
        return config;
    CheckpointInfo info;
    if (!readCheckpointInfo(config.resume, &info, error))
        return std::nullopt;
    return mergeResumed(config, info, explicitKeys, error);
}

QString Trainer::resultsHeader()
{
    return QStringLiteral(
        "epoch,time,train/box_loss,train/pose_loss,train/kobj_loss,train/cls_loss,train/dfl_loss,"
        "metrics/precision(B),metrics/recall(B),metrics/mAP50(B),metrics/mAP50-95(B),"
        "metrics/precision(P),metrics/recall(P),metrics/mAP50(P),metrics/mAP50-95(P),"
        "val/box_loss,val/pose_loss,val/kobj_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2");
}

bool Trainer::run(const std::atomic_bool *stop, QString *error)
{
    auto fail = [&](const QString &message) {
        *error = message;
        d->ev().onTrainFailed(message);
        return false;
    };
    try {
        TrainingConfig cfg = d->config;

        // --- Resume: the saved run's settings, with what the user set on top. ---
        std::optional<CheckpointData> resumed;
        TrainerState state;
        QString runDir;
        if (!cfg.resume.isEmpty()) {
            CheckpointInfo info;
            QString why;
            if (!readCheckpointInfo(cfg.resume, &info, &why))
                return fail(why);
            const auto merged = mergeResumed(cfg, info, d->explicitKeys, &why);
            if (!merged)
                return fail(why);
            cfg = *merged;
            state = TrainerState::fromJson(info.trainerState);
            if (info.epoch + 1 >= cfg.epochs && state.nextBatch == 0)
                return fail(tr("%1 finished all %2 epochs; pass epochs=N with N > %2 to extend it")
                                .arg(cfg.resume)
                                .arg(cfg.epochs));
            resumed = loadCheckpoint(cfg.resume);
            runDir = QFileInfo(cfg.resume).absoluteDir().absoluteFilePath(QStringLiteral(".."));
            runDir = QDir::cleanPath(runDir);
        }
        const QStringList problems = cfg.validate();
        if (!problems.isEmpty())
            return fail(problems.join(QLatin1Char('\n')));

        // --- Ranks, device and precision. ---
        const DistributedEnv &dist = d->dist;
        const bool rankZero = dist.isMain();
        const QStringList devices = cfg.devices();
        if (devices.size() > 1 && !dist.isDistributed())
            return fail(tr("device=%1 trains with one process per device: start it with gripperpose train, which "
                           "starts them, or set RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT as for torchrun")
                            .arg(cfg.device));
        if (devices.size() > 1 && devices.size() != dist.localWorldSize)
            return fail(tr("device=%1 names %2 devices but %3 processes run on this machine")
                            .arg(cfg.device)
                            .arg(devices.size())
                            .arg(dist.localWorldSize));
        std::unique_ptr<Communicator> comm;
        if (dist.isDistributed()) {
            QString why;
            comm = Communicator::connect(dist, kRendezvousTimeout, kCollectiveTimeout, &why);
            if (!comm)
                return fail(why);
        }
        // Collective decisions: every rank must take the same branch or the next collective hangs.
        auto anyRank = [&](bool local) { return comm ? comm->any(local) : local; };
        torch::Device device(torch::kCPU);
        const QString dev = devices.isEmpty() ? QString() : devices.value(devices.size() > 1 ? dist.localRank : 0);
        if (dev.isEmpty()) {
            if (torch::cuda::is_available())
                device = torch::Device(torch::kCUDA, 0);
        } else if (dev != QLatin1String("cpu")) {
            bool ok = false;
            const int index = dev.toInt(&ok);
            if (!ok || !torch::cuda::is_available() || index >= int(torch::cuda::device_count()))
                return fail(tr("device=%1 is not available (found %2 GPU(s)); use device=cpu")
                                .arg(cfg.device)
                                .arg(torch::cuda::is_available() ? int(torch::cuda::device_count()) : 0));
            device = torch::Device(torch::kCUDA, int8_t(index));
        }
        const bool gpu = device.is_cuda();
        at::ScalarType ampType = at::kFloat;
        // On a CPU with native bf16 (AVX512-BF16 / AMX) `auto` trains in bf16: 1.23x faster
        // with the same accuracy in the 30-epoch comparison of docs/BENCHMARKS.md.
        if (cfg.amp == QLatin1String("bf16") || (cfg.amp == QLatin1String("auto") && !gpu && cpuHasNativeBf16()))
            ampType = at::kBFloat16;
        else if (cfg.amp == QLatin1String("fp16") || (cfg.amp == QLatin1String("auto") && gpu))
            ampType = at::kHalf;
        if (ampType == at::kHalf && !gpu)
            return fail(tr("amp=fp16 needs a GPU; on the CPU use amp=off or amp=bf16"));
        const bool amp = ampType != at::kFloat;
        GradScaler scaler(device, {65536.0, 2.0, 0.5, 2000, ampType == at::kHalf});
        // A resumed fp16 run continues with the scale it had reached, not the initial one.
        if (scaler.isEnabled() && state.lossScale > 0)
            scaler.setState(state.lossScale, state.lossScaleGrowth);
        const QString precision = ampType == at::kHalf ? QStringLiteral("fp16") : ampType == at::kBFloat16 ? QStringLiteral("bf16")
                                                                                                          : QStringLiteral("fp32");

        // Processes on one machine share its cores.
        torch::set_num_threads(std::max(1, QThread::idealThreadCount() / (gpu ? 1 : dist.localWorldSize)));
        torch::manual_seed(uint64_t(cfg.seed));
        if (gpu)
            torch::cuda::manual_seed_all(uint64_t(cfg.seed));

        // --- Data. ---
        DatasetIssueList issues;
        const auto data = DatasetConfig::load(cfg.data, &issues);
        if (!data)
            return fail(issues.isEmpty() ? tr("%1: cannot read").arg(cfg.data) : issues.issues.front().toString());
        // Rank 0 parses the labels and writes the cache first; the other ranks then read it.
        if (comm && !rankZero)
            comm->barrier();
        const TrainDataset trainSet(LabelCache::load(*data, QStringLiteral("train"), &issues));
        const TrainDataset valSet(LabelCache::load(*data, QStringLiteral("val"), &issues));
        if (comm && rankZero)
            comm->barrier();
        if (trainSet.size() == 0)
            return fail(tr("%1: the train split has no readable images").arg(cfg.data));
        QString why;
        const Skeleton skeleton = Project::skeletonForDataset(data->yamlFile);

        // --- Model. ---
        ModelSpec spec;
        spec.numClasses = int(data->names.size());
        spec.numKeypoints = data->keypointCount;
        spec.keypointDims = data->keypointDims;
        QString source;
        if (resumed) {
            spec.scale = resumed->info.spec.scale;
            if (const QString m = checkpointMismatch(resumed->info, spec); !m.isEmpty())
                return fail(tr("%1 does not fit %2: %3").arg(cfg.resume, cfg.data, m));
            spec = resumed->info.spec;
            source = resumed->info.source;
        } else if (const auto scale = ModelSpec::parseScale(cfg.model); scale && !QFileInfo::exists(cfg.model)) {
            spec.scale = *scale;
            source = tr("train: from scratch (%1)").arg(spec.name());
        } else {
            const auto info = inspectWeightFile(cfg.model, &why);
            if (!info)
                return fail(why);
            if (info->spec)
                spec.scale = info->spec->scale;
            source = tr("train: from %1").arg(cfg.model);
        }
        if (const QString bad = spec.validate(); !bad.isEmpty())
            return fail(bad);
        PoseModel model(spec);
        if (resumed)
            restoreState(*model, resumed->model);
        else if (QFileInfo::exists(cfg.model)) {
            const WeightImportSummary s = importWeights(*model, cfg.model.toStdString());
            d->ev().onWarning(s.toText());
        }
        model->to(device);
        // Every rank starts from rank 0's weights (as DDP does when it wraps the model).
        if (comm)
            comm->broadcastModule(*model);
        ModelEma ema(spec, model);
        if (resumed && !resumed->ema.empty()) {
            restoreState(*ema.model(), resumed->ema, "ema");
            ema.setUpdates(resumed->info.emaUpdates);
        }
        ema.model()->to(device);

        PoseLossOptions lossOptions;
        lossOptions.numClasses = spec.numClasses;
        lossOptions.gains = {cfg.box, cfg.pose, cfg.kobj, cfg.cls, cfg.dfl};
        const PoseLoss loss(lossOptions);

        const Augmenter augmenter(cfg, data->flipIdx.empty() ? skeleton.flipIndex() : data->flipIdx);
        BatchLoader loader(trainSet, augmenter, cfg,
                           {cfg.batch, cfg.workers, 2, uint64_t(cfg.seed), true, cfg.fraction, dist.rank, dist.worldSize});
        const int nb = loader.batchesPerEpoch();
        TrainOptimizer opt(*model, cfg, nb, int(trainSet.size()));
        if (resumed && !resumed->optimizerState.empty())
            deserializeOptimizer(opt.optimizer(), resumed->optimizerState);
        const std::vector<ValBatch> valBatches = rectBatches(valSet, cfg.imgsz, cfg.batch * 2);

        // --- Run folder (rank 0's alone). ---
        if (runDir.isEmpty() && rankZero)
            runDir = runDirectory(cfg.project, cfg.name, cfg.existOk);
        const QDir run(runDir);
        if (rankZero && !run.mkpath(QStringLiteral("weights")))
            return fail(tr("%1: cannot create the run folder").arg(runDir));
        if (rankZero) {
            QSaveFile args(run.filePath(QStringLiteral("args.yaml")));
            if (!args.open(QIODevice::WriteOnly) || args.write(cfg.toYaml().toUtf8()) < 0 || !args.commit())
                return fail(tr("%1: cannot write: %2").arg(args.fileName(), args.errorString()));
        }
        QStringList results;
        if (resumed)
            results = resumed->info.metricsHistory.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        if (results.isEmpty())
            results << resultsHeader();
        const int startEpoch = resumed ? resumed->info.epoch + (state.nextBatch > 0 ? 0 : 1) : 0;
        // A run resumed inside an epoch continues that epoch, which is epoch + 1 of the checkpoint.
        const int firstEpoch = resumed && state.nextBatch > 0 ? resumed->info.epoch + 1 : startEpoch;
        results = results.mid(0, 1 + firstEpoch);
        double bestFitness = resumed ? resumed->info.bestFitness : -1.0;

        TrainStartInfo start;
        start.runDir = runDir;
        start.device = device.str().c_str();
        if (comm)
            start.device = tr("%1 (rank 0 of %2 processes, device=%3)").arg(start.device).arg(dist.worldSize).arg(cfg.device);
        start.precision = precision;
        start.model = spec.name();
        for (const auto &p : model->parameters())
            start.parameters += p.numel();
        start.startEpoch = firstEpoch;
        start.epochs = cfg.epochs;
        start.batchesPerEpoch = nb;
        start.trainImages = int(trainSet.size());
        start.valImages = int(valSet.size());
        start.trainInstances = trainSet.instanceCount();
        for (const DatasetIssue &i : issues.issues)
            start.datasetProblems << i.toString();
        d->ev().onTrainStart(start);

        QElapsedTimer clock;
        clock.start();
        const double elapsedBefore = state.elapsedSeconds;
        auto elapsed = [&] { return elapsedBefore + clock.elapsed() / 1000.0; };

        // Each rank's gradients accumulated since the last step, for a stop inside an
        // accumulation: kept apart (not summed) so that the resumed ranks add in the same order.
        gp::NamedTensors pendingGradients;
        auto saveCheckpoint = [&](const QString &path, int completedEpoch, TrainerState st, bool withOptimizer) {
            if (!rankZero)
                return;
            if (scaler.isEnabled())
                std::tie(st.lossScale, st.lossScaleGrowth) = scaler.state();
            CheckpointData c;
            c.info.spec = spec;
            c.info.epoch = completedEpoch;
            c.info.bestFitness = bestFitness;
            c.info.trainingConfig = cfg.toYaml();
            c.info.metricsHistory = results.join(QLatin1Char('\n')) + QLatin1Char('\n');
            c.info.trainerState = st.toJson();
            c.info.skeletonJson = QString::fromUtf8(skeleton.toJson());
            c.info.source = source;
            c.info.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
            c.info.programVersion = QCoreApplication::applicationVersion();
            c.info.hasEma = true;
            c.info.emaUpdates = ema.updates();
            c.info.hasOptimizer = withOptimizer;
            c.model = captureState(*model);
            c.ema = captureState(*ema.model());
            if (withOptimizer) {
                c.optimizerState = serializeOptimizer(opt.optimizer());
                c.pendingGradients = pendingGradients;
            }
            gp::saveCheckpoint(path, c);
            d->ev().onModelSave(path, completedEpoch);
        };
        const QString lastPath = run.filePath(QStringLiteral("weights/last.ckpt"));
        const QString bestPath = run.filePath(QStringLiteral("weights/best.ckpt"));

        auto optimizerStep = [&] {
            // Summed, not averaged: each rank's loss is already scaled by its own batch, so the
            // sum is the gradient of the whole batch (Ultralytics multiplies by the world size).
            if (comm)
                comm->sumGradients(model->parameters());
            scaler.unscale(opt.optimizer());
            if (cfg.clipGrad > 0)
                torch::nn::utils::clip_grad_norm_(model->parameters(), cfg.clipGrad);
            scaler.step(opt.optimizer());
            scaler.update();
            opt.optimizer().zero_grad();
            if (cfg.ema && rankZero)
                ema.update(model);
        };

        int consecutiveBad = 0;
        TrainFinishReport finish;
        finish.runDir = runDir;
        finish.lastWeights = lastPath;
        finish.bestWeights = bestPath;
        for (int epoch = firstEpoch; epoch < cfg.epochs; ++epoch) {
            const bool mosaic = epoch < cfg.epochs - cfg.closeMosaic;
            const int firstBatch = epoch == firstEpoch ? state.nextBatch : 0;
            loader.startEpoch(epoch, mosaic, firstBatch);
            model->train();
            PoseLossItems running;
            int seen = 0;
            int lastOptStep = nb * epoch + firstBatch - 1;
            if (resumed && epoch == firstEpoch && state.nextBatch > 0 && state.lastOptStep != TrainerState::kUnknown) {
                lastOptStep = state.lastOptStep;
                restorePendingGradients(*model, resumed->pendingGradients, dist, d->ev());
            }
            QElapsedTimer epochClock;
            epochClock.start();
            int imagesThisEpoch = 0;
            for (int bi = firstBatch; bi < nb; ++bi) {
                if (anyRank(stop && stop->load())) {
                    // Resumable from the next batch: the gradients accumulated since the last
                    // step are saved with it (summed over the ranks), so the resumed run takes
                    // the very step the uninterrupted one would.
                    if (nb * epoch + bi - 1 > lastOptStep) {
                        const torch::Tensor mine = flattenGradients(model->parameters()).to(torch::kCPU);
                        const std::vector<torch::Tensor> all = comm ? comm->gatherOnRankZero(mine) : std::vector{mine};
                        for (size_t r = 0; r < all.size(); ++r)
                            pendingGradients.emplace_back("rank" + std::to_string(r), all[r]);
                    }
                    state.nextBatch = bi;
                    state.lastOptStep = lastOptStep;
                    state.elapsedSeconds = elapsed();
                    saveCheckpoint(lastPath, epoch - 1, state, true);
                    loader.stop();
                    finish.stoppedByUser = true;
                    finish.epochsCompleted = epoch;
                    finish.bestFitness = bestFitness;
                    finish.seconds = elapsed();
                    d->ev().onTrainEnd(finish);
                    return true;
                }
                auto batch = loader.next();
                if (!batch)
                    break;
                for (const QString &p : batch->problems)
                    d->ev().onWarning(p);
                const int ni = bi + nb * epoch;
                const int accumulate = opt.schedule(ni, epoch);
                BatchTensors t = collate(batch->samples, spec.numKeypoints, spec.keypointDims);
                PoseBatchTargets targets = t.targets;
                targets.batchIdx = targets.batchIdx.to(device);
                targets.cls = targets.cls.to(device);
                targets.bboxes = targets.bboxes.to(device);
                targets.keypoints = targets.keypoints.to(device);
                // Pinned host memory lets the copy to the GPU overlap with the previous step.
                torch::Tensor x = gpu ? t.images.pin_memory().to(device, /*non_blocking=*/true) : t.images;
                PoseLossResult result;
                {
                    AutocastGuard autocast(device.type(), ampType, amp);
                    RawHeadOutput raw = model->forwardRaw(x);
                    // The loss runs in fp32 on the (possibly reduced-precision) head outputs.
                    raw.boxes = raw.boxes.to(torch::kFloat);
                    raw.scores = raw.scores.to(torch::kFloat);
                    raw.kpts = raw.kpts.to(torch::kFloat);
                    result = loss.compute(raw, targets);
                }
                const torch::Tensor total = result.total();
                if (anyRank(!torch::isfinite(total).item<bool>())) {
                    opt.optimizer().zero_grad();
                    ++state.skippedSteps;
                    lastOptStep = ni;
                    if (++consecutiveBad >= kMaxConsecutiveBadSteps)
                        return fail(tr("the loss was not finite for %1 batches in a row (epoch %2, batch %3); "
                                       "lower lr0 (now %4) or check the labels")
                                        .arg(consecutiveBad)
                                        .arg(epoch + 1)
                                        .arg(bi + 1)
                                        .arg(opt.lr0()));
                    d->ev().onWarning(tr("epoch %1, batch %2: the loss is not finite; the step is skipped").arg(epoch + 1).arg(bi + 1));
                    continue;
                }
                consecutiveBad = 0;
                scaler.scale(total).backward();
                if (ni - lastOptStep >= accumulate) {
                    optimizerStep();
                    lastOptStep = ni;
                }
                PoseLossItems items = result.plainItems();
                int instances = t.instances;
                int images = int(batch->samples.size());
                if (comm) {
                    // The progress shows the whole batch: the ranks' mean loss, their images.
                    torch::Tensor s = torch::tensor({items.box, items.pose, items.kobj, items.cls, items.dfl,
                                                     double(instances), double(images)},
                                                    torch::kDouble);
                    comm->allReduceSum(s);
                    const auto v = s.accessor<double, 1>();
                    const double w = 1.0 / dist.worldSize;
                    items = {v[0] * w, v[1] * w, v[2] * w, v[3] * w, v[4] * w};
                    instances = int(v[5]);
                    images = int(v[6]);
                }
                PoseLossItems sum = running * seen;
                sum += items;
                running = sum * (1.0 / (seen + 1));
                ++seen;
                imagesThisEpoch += images;

                BatchReport br;
                br.epoch = epoch;
                br.epochs = cfg.epochs;
                br.batch = bi;
                br.batches = nb;
                br.loss = running;
                br.instances = instances;
                br.imageSize = cfg.imgsz;
                br.lr = opt.learningRates();
                const double secs = epochClock.elapsed() / 1000.0;
                br.imagesPerSecond = secs > 0 ? imagesThisEpoch / secs : 0;
                br.epochEtaSeconds = bi + 1 > firstBatch ? secs / (bi + 1 - firstBatch) * (nb - bi - 1) : 0;
                br.skippedSteps = state.skippedSteps;
                d->ev().onTrainBatchEnd(br);
            }
            // Apply what is still accumulated so that every epoch ends on a step: a run
            // resumed at an epoch boundary then continues exactly.
            if (nb * epoch + nb - 1 > lastOptStep)
                optimizerStep();
            loader.stop();
            if (comm && !weightsAgree(*comm, *model))
                return fail(tr("the weights of the %1 processes differ after epoch %2; the run is stopped")
                                .arg(dist.worldSize)
                                .arg(epoch + 1));
            if (!rankZero) {
                // Rank 0 validates and saves meanwhile; it alone decides on early stopping.
                if (anyRank(false))
                    break;
                continue;
            }

            EpochReport er;
            er.epoch = epoch;
            er.epochs = cfg.epochs;
            er.trainLoss = running;
            er.lr = opt.learningRates();
            const bool last = epoch + 1 == cfg.epochs;
            if ((cfg.val || last) && valSet.size() > 0) {
                const ValOptions vo = ValOptions::make(cfg.conf, cfg.iou, cfg.maxDet, loss, spec.numKeypoints, device, stop);
                PoseModelImpl &evalModel = cfg.ema ? *ema.model() : *model;
                const ValOutcome v = validate(evalModel, valSet, valBatches, cfg.imgsz, vo);
                model->train();
                er.metrics = v.metrics;
                er.valLoss = v.loss;
                er.validated = !v.cancelled;
            }
            const double fitness = er.validated ? er.metrics.fitness : -er.trainLoss.sum();
            er.best = fitness > bestFitness;
            if (er.best) {
                bestFitness = fitness;
                state.epochsWithoutImprovement = 0;
            } else {
                ++state.epochsWithoutImprovement;
            }
            er.epochsWithoutImprovement = state.epochsWithoutImprovement;
            er.seconds = elapsed();
            const PoseMetrics &m = er.metrics;
            QStringList row{QString::number(epoch + 1), csvNumber(er.seconds)};
            for (double v : {er.trainLoss.box, er.trainLoss.pose, er.trainLoss.kobj, er.trainLoss.cls, er.trainLoss.dfl,
                             m.box.precision, m.box.recall, m.box.map50, m.box.map, m.pose.precision, m.pose.recall,
                             m.pose.map50, m.pose.map, er.valLoss.box, er.valLoss.pose, er.valLoss.kobj, er.valLoss.cls,
                             er.valLoss.dfl, er.lr[0], er.lr[1], er.lr[2]})
                row << csvNumber(v);
            results << row.join(QLatin1Char(','));
            state.nextBatch = 0;
            state.elapsedSeconds = er.seconds;
            try {
                saveCheckpoint(lastPath, epoch, state, true);
                if (er.best)
                    saveCheckpoint(bestPath, epoch, state, false);
                if (cfg.savePeriod > 0 && (epoch + 1) % cfg.savePeriod == 0)
                    saveCheckpoint(run.filePath(QStringLiteral("weights/epoch%1.ckpt").arg(epoch + 1)), epoch, state, false);
            } catch (const CheckpointError &e) {
                // The previous checkpoint is intact (writes are atomic); stop rather than train unsaved.
                return fail(tr("saving the checkpoint failed, the previous one is kept: %1").arg(QString::fromUtf8(e.what())));
            }
            // results.csv after the checkpoint: a run killed in between resumes from the
            // checkpoint, which carries the same rows.
            {
                QSaveFile csv(run.filePath(QStringLiteral("results.csv")));
                if (!csv.open(QIODevice::WriteOnly) || csv.write((results.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8()) < 0
                    || !csv.commit())
                    return fail(tr("%1: cannot write: %2").arg(csv.fileName(), csv.errorString()));
            }
            d->ev().onFitEpochEnd(er);
            finish.epochsCompleted = epoch + 1;
            if (anyRank(cfg.patience > 0 && state.epochsWithoutImprovement >= cfg.patience && !last)) {
                finish.stoppedEarly = true;
                break;
            }
        }
        finish.bestFitness = bestFitness;
        finish.seconds = elapsed();
        d->ev().onTrainEnd(finish);
        return true;
    } catch (const std::exception &e) {
        if (isOutOfMemory(e))
            return fail(tr("out of memory at batch=%1, imgsz=%2; try batch=%3").arg(d->config.batch).arg(d->config.imgsz).arg(std::max(1, d->config.batch / 2)));
        return fail(tr("training failed: %1").arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 2)));
    }
}
