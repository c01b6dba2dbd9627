// gp_bench_infer: forward latency and throughput of the YOLOv8-pose network (fp32 CPU, and
// fp16/bf16 on a GPU when one is present), unfused vs Conv+BN fused, contiguous vs
// channels-last. Prints one line per configuration (and CSV with --csv). --layers instead
// profiles the fused channels-last forward (what prediction runs) layer by layer: the ten
// slowest layers with their share of the forward pass, and the decoding after it. --bf16 adds
// the fused channels-last network in bf16 on the CPU (predict bf16=true).
//
//   gp_bench_infer [--quick] [--reps N] [--warmup N] [--threads N] [--scales n,s]
//                  [--sizes 320,640] [--batches 1,16] [--csv FILE] [--layers] [--bf16]

#include "posemodel.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace gp;

namespace {

struct Result
{
    QString scale;
    int size = 0;
    int batch = 0;
    QString variant;
    QString device;
    double msPerBatch = 0; // best repetition
    double medianMs = 0;
    double imagesPerSecond = 0;
    int reps = 0;
};

std::vector<int> intList(const QString &s)
{
    std::vector<int> v;
    for (const QString &p : s.split(QLatin1Char(','), Qt::SkipEmptyParts))
        v.push_back(p.toInt());
    return v;
}

Result run(const QString &scale, int size, int batch, bool fused, bool channelsLast, const torch::Device &device,
    torch::ScalarType dtype, int warmup, int reps)
{
    ModelSpec spec;
    spec.scale = *ModelSpec::parseScale(scale);
    torch::manual_seed(0);
    PoseModel model(spec);
    model->eval();
    if (fused)
        model->fuse();
    model->to(device, dtype);
    if (channelsLast)
        model->toChannelsLast();
    torch::Tensor x = torch::rand({ batch, 3, size, size }).to(device, dtype);
    if (channelsLast)
        x = x.contiguous(at::MemoryFormat::ChannelsLast);
    c10::InferenceMode guard;
    auto sync = [&] {
        if (device.is_cuda())
            torch::cuda::synchronize();
    };
    for (int i = 0; i < warmup; ++i)
        model->forward(x);
    sync();
    // Each repetition timed on its own; the best one is reported (the machine is shared, and
    // a contended core stalls a whole multi-threaded forward), with the median beside it.
    std::vector<double> times;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        model->forward(x);
        sync();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    const double ms = times.front();
    Result r;
    r.scale = scale;
    r.size = size;
    r.batch = batch;
    r.variant = QStringLiteral("%1%2").arg(
        fused ? QStringLiteral("fused") : QStringLiteral("unfused"), channelsLast ? QStringLiteral("+cl") : QString());
    r.device = QStringLiteral("%1 %2").arg(device.is_cuda() ? QStringLiteral("cuda") : QStringLiteral("cpu"),
        QString::fromStdString(std::string(c10::toString(dtype))));
    r.msPerBatch = ms;
    r.medianMs = times[times.size() / 2];
    r.imagesPerSecond = 1000.0 * batch / ms;
    r.reps = reps;
    return r;
}

void profileLayers(const QString &scale, int size, int batch, int warmup, int reps)
{
    ModelSpec spec;
    spec.scale = *ModelSpec::parseScale(scale);
    torch::manual_seed(0);
    PoseModel model(spec);
    model->eval();
    model->fuse();
    model->toChannelsLast();
    const torch::Tensor x = torch::rand({ batch, 3, size, size }).contiguous(at::MemoryFormat::ChannelsLast);
    c10::InferenceMode guard;
    for (int i = 0; i < warmup; ++i)
        model->forward(x);
    std::vector<double> sum, layerMs;
    double decodeMs = 0.0;
    for (int i = 0; i < reps; ++i) {
        const RawHeadOutput raw = model->forwardRaw(x, nullptr, &layerMs);
        const auto t0 = std::chrono::steady_clock::now();
        model->decode(raw);
        decodeMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        sum.resize(layerMs.size(), 0.0);
        for (size_t l = 0; l < layerMs.size(); ++l)
            sum[l] += layerMs[l];
    }
    double total = 0.0;
    for (double &s : sum)
        total += (s /= reps);
    decodeMs /= reps;
    const ModelSummary table = describeModel(spec, size);
    std::vector<size_t> order(sum.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sum[a] > sum[b]; });
    std::printf("v8%s at %d, batch %d: forward %.2f ms (mean of %d), decode %.2f ms; the ten slowest layers:\n",
        qPrintable(scale), size, batch, total, reps, decodeMs);
    std::printf("%5s %-8s %-22s %10s %7s %8s\n", "layer", "module", "arguments", "ms", "share", "GFLOPs");
    for (size_t k = 0; k < std::min<size_t>(10, order.size()); ++k) {
        const LayerRow &row = table.layers[order[k]];
        std::printf("%5d %-8s %-22s %10.2f %6.1f%% %8.3f\n", row.index, qPrintable(row.moduleName()),
            qPrintable(row.arguments()), sum[order[k]], 100.0 * sum[order[k]] / total, row.gflops * batch);
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    args.removeFirst();
    bool quick = false, layers = false, bf16 = false;
    int reps = 5, warmup = 1;
    int threads = QThread::idealThreadCount();
    QString scales = QStringLiteral("n,s"), sizes = QStringLiteral("320,640"), batches = QStringLiteral("1,16");
    QString csv;
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        auto next = [&] { return i + 1 < args.size() ? args[++i] : QString(); };
        if (a == QLatin1String("--quick"))
            quick = true;
        else if (a == QLatin1String("--reps"))
            reps = next().toInt();
        else if (a == QLatin1String("--warmup"))
            warmup = next().toInt();
        else if (a == QLatin1String("--threads"))
            threads = next().toInt();
        else if (a == QLatin1String("--scales"))
            scales = next();
        else if (a == QLatin1String("--sizes"))
            sizes = next();
        else if (a == QLatin1String("--batches"))
            batches = next();
        else if (a == QLatin1String("--flush-denormal"))
            at::globalContext().setFlushDenormal(true);
        else if (a == QLatin1String("--csv"))
            csv = next();
        else if (a == QLatin1String("--layers"))
            layers = true;
        else if (a == QLatin1String("--bf16"))
            bf16 = true;
        else {
            std::fprintf(stderr,
                "usage: gp_bench_infer [--quick] [--reps N] [--warmup N] [--threads N] "
                "[--scales n,s] [--sizes 320,640] [--batches 1,16] [--csv FILE] [--layers] [--bf16]\n");
            return 2;
        }
    }
    if (!qEnvironmentVariableIsSet("OPENBLAS_NUM_THREADS"))
        qputenv("OPENBLAS_NUM_THREADS", "1");
    torch::set_num_threads(threads);
    std::printf("gp_bench_infer: torch %s, %d threads%s\n", TORCH_VERSION, threads, quick ? ", quick" : "");
    if (layers) {
        for (const QString &scale : scales.split(QLatin1Char(','), Qt::SkipEmptyParts))
            for (int size : intList(sizes))
                for (int batch : intList(batches))
                    profileLayers(scale, size, batch, warmup, reps);
        return 0;
    }
    std::printf("%-6s %5s %5s %-12s %-14s %11s %11s %10s %5s\n", "model", "size", "batch", "variant", "device",
        "best ms", "median ms", "img/s", "reps");
    std::vector<Result> results;
    const auto report = [&](const Result &res) {
        std::printf("%-6s %5d %5d %-12s %-14s %11.1f %11.1f %10.2f %5d\n", qPrintable(QStringLiteral("v8") + res.scale),
            res.size, res.batch, qPrintable(res.variant), qPrintable(res.device), res.msPerBatch, res.medianMs,
            res.imagesPerSecond, res.reps);
        std::fflush(stdout);
        results.push_back(res);
    };
    for (const QString &scale : scales.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        for (int size : intList(sizes)) {
            for (int batch : intList(batches)) {
                // Quick: fewer repetitions for the large forwards, no unfused channels-last.
                const double gflops = describeModel(
                                          [&] {
                                              ModelSpec s;
                                              s.scale = *ModelSpec::parseScale(scale);
                                              return s;
                                          }(),
                                          size)
                                          .gflops
                    * batch;
                const int r = quick ? std::max(1, std::min(reps, gflops > 100 ? 1 : (gflops > 20 ? 2 : reps))) : reps;
                const int w = quick && gflops > 100 ? 0 : warmup;
                for (int variant = 0; variant < 4; ++variant) {
                    const bool fused = variant & 1;
                    const bool cl = variant & 2;
                    if (quick && cl && !fused)
                        continue;
                    report(run(scale, size, batch, fused, cl, torch::kCPU, torch::kFloat, w, r));
                }
                // --bf16: the opt-in bf16 mode on the CPU as the predictor runs it (fused, channels-last).
                if (bf16) {
                    report(run(scale, size, batch, true, true, torch::kCPU, torch::kBFloat16, w, r));
                }
                if (torch::cuda::is_available()) {
                    for (torch::ScalarType t : { torch::kHalf, torch::kBFloat16 }) {
                        report(run(scale, size, batch, true, false, torch::Device(torch::kCUDA, 0), t, 3, reps * 4));
                    }
                }
            }
        }
    }
    if (!csv.isEmpty()) {
        QFile f(csv);
        if (f.open(QIODevice::WriteOnly | QIODevice::Text)) {
            QTextStream out(&f);
            out << "model,size,batch,variant,device,best_ms,median_ms,images_per_s,reps\n";
            for (const Result &r : results)
                out << r.scale << ',' << r.size << ',' << r.batch << ',' << r.variant << ',' << r.device << ','
                    << r.msPerBatch << ',' << r.medianMs << ',' << r.imagesPerSecond << ',' << r.reps << '\n';
        }
    }
    return 0;
}
