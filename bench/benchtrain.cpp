// Training throughput: the data loader alone, and the training step alone (forward, loss,
// backward, optimizer) on batches the loader made, for a model scale and image size.
// Also the optimizer step alone for AdamW, SGD and MuSGD.
// Prints one line per measurement; numbers go to docs/BENCHMARKS.md.
//   gp_bench_train DATA.yaml SCALE IMGSZ BATCH STEPS [fp32|bf16] [WORKERS]

#include "autocastguard.h"
#include "batchloader.h"
#include "batchtensors.h"
#include "datasetconfig.h"
#include "labelcache.h"
#include "poseloss.h"
#include "posemodel.h"
#include "trainoptimizer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <cstdio>

using gp::Augmenter;
using gp::BatchLoader;
using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::LabelCache;
using gp::ModelSpec;
using gp::TrainDataset;
using gp::TrainingConfig;

namespace {

long peakRssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').front().toLong() / 1024;
    return -1;
}

// Sustained convolution throughput of this machine: a 3×3, 128→128 channel convolution
// on 80×80 maps, batch 8 (a typical mid-network YOLOv8 layer), forward only.
double convGflops(bool bf16)
{
    torch::NoGradGuard noGrad;
    auto conv = torch::nn::Conv2d(torch::nn::Conv2dOptions(128, 128, 3).padding(1).bias(false));
    torch::Tensor x = torch::randn({ 8, 128, 80, 80 });
    if (bf16) {
        conv->to(torch::kBFloat16);
        x = x.to(torch::kBFloat16);
    }
    conv->forward(x);
    QElapsedTimer t;
    t.start();
    const int reps = 5;
    for (int i = 0; i < reps; ++i)
        conv->forward(x);
    const double flops = 2.0 * 128 * 128 * 9 * 80 * 80 * 8 * reps;
    return flops / (t.elapsed() / 1000.0) / 1e9;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList a = app.arguments();
    if (a.size() < 6) {
        std::fprintf(stderr, "usage: gp_bench_train DATA.yaml SCALE IMGSZ BATCH STEPS [fp32|bf16] [WORKERS]\n");
        return 2;
    }
    const int imgsz = a[3].toInt(), batch = a[4].toInt(), steps = a[5].toInt();
    const bool bf16 = a.value(6) == QLatin1String("bf16");
    const int workers = a.size() > 7 ? a[7].toInt() : 2;
    torch::set_num_threads(QThread::idealThreadCount());

    DatasetIssueList issues;
    const auto data = DatasetConfig::load(a[1], &issues);
    if (!data)
        return 1;
    const TrainDataset set(LabelCache::load(*data, QStringLiteral("train"), &issues));
    TrainingConfig cfg;
    cfg.imgsz = imgsz;
    cfg.batch = batch;
    const Augmenter aug(cfg, data->flipIdx);

    // 1. The loader alone (mosaic on, as in most epochs), over a whole epoch after one untimed
    // epoch that fills the cache of decoded images as a run's first epoch does.
    BatchLoader loader(set, aug, cfg, { batch, workers, 2, 0, true, 1.0 });
    loader.startEpoch(0, true);
    while (loader.next()) { }
    const size_t decodesBefore = loader.cache().misses();
    loader.startEpoch(1, true);
    std::vector<BatchLoader::Batch> batches;
    int loaded = 0;
    QElapsedTimer clock;
    clock.start();
    while (auto b = loader.next()) {
        loaded += int(b->samples.size());
        if (int(batches.size()) < steps)
            batches.push_back(std::move(*b));
    }
    const double loaderSecs = clock.elapsed() / 1000.0;
    const double decodesPerSample = double(loader.cache().misses() - decodesBefore) / std::max(1, loaded);
    loader.stop();
    if (int(batches.size()) < steps) {
        std::fprintf(stderr, "the train split has fewer than %d batches\n", steps);
        return 1;
    }

    // 2. The training step alone, on those batches.
    ModelSpec spec;
    spec.scale = *ModelSpec::parseScale(a[2]);
    spec.numKeypoints = data->keypointCount;
    gp::PoseModel model(spec);
    model->train();
    gp::PoseLossOptions lo;
    const gp::PoseLoss loss(lo);
    gp::TrainOptimizer opt(*model, cfg, steps, int(set.size()));
    double stepSecs = 0;
    for (int i = 0; i < steps; ++i) {
        const gp::BatchTensors t = gp::collate(batches[size_t(i)].samples, spec.numKeypoints, spec.keypointDims);
        clock.restart();
        {
            gp::AutocastGuard guard(c10::DeviceType::CPU, at::kBFloat16, bf16);
            gp::RawHeadOutput raw = model->forwardRaw(t.images);
            raw.boxes = raw.boxes.to(torch::kFloat);
            raw.scores = raw.scores.to(torch::kFloat);
            raw.kpts = raw.kpts.to(torch::kFloat);
            loss.compute(raw, t.targets).total().backward();
        }
        opt.optimizer().step();
        opt.optimizer().zero_grad();
        if (i > 0) // the first step allocates and warms up
            stepSecs += clock.elapsed() / 1000.0;
    }
    // 3. The optimizer step alone (what one of every nbs/batch batches adds), per optimizer.
    for (const char *name : { "AdamW", "SGD", "MuSGD" }) {
        TrainingConfig oc = cfg;
        oc.optimizer = QLatin1String(name);
        gp::TrainOptimizer o(*model, oc, steps, int(set.size()));
        for (auto &p : model->parameters())
            if (p.requires_grad())
                p.mutable_grad() = torch::randn_like(p) * 1e-3;
        o.optimizer().step(); // allocates the state
        clock.restart();
        const int reps = 5;
        for (int i = 0; i < reps; ++i)
            o.optimizer().step();
        std::printf("optimizer step %s: %.1f ms\n", name, clock.nsecsElapsed() / 1e6 / reps);
    }

    const double images = double(batch) * std::max(1, steps - 1);
    std::printf("conv throughput: %.1f GFLOP/s fp32, %.1f GFLOP/s bf16\n", convGflops(false), convGflops(true));
    std::printf("%s imgsz=%d batch=%d %s threads=%d: loader %.2f img/s (%d workers, %.2f decodes/sample), train step "
                "%.2f img/s (%.3f s/batch), peak RSS %ld MiB\n",
        qPrintable(spec.name()), imgsz, batch, bf16 ? "bf16" : "fp32", QThread::idealThreadCount(), loaded / loaderSecs,
        workers, decodesPerSample, images / stepSecs, stepSecs / std::max(1, steps - 1), peakRssMiB());
    return 0;
}
