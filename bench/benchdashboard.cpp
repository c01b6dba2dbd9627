// gp_bench_dashboard: does the dashboard keep the window answering, and does training in
// the GUI run as fast as `gripperpose train` (docs/BENCHMARKS.md, "Train dashboard")?
//
// usage: gp_bench_dashboard [--data DIR] [--epochs 3] [--imgsz 320] [--batch 16]
//                           [--workers 2] [--model yolov8n-pose] [--repeats 2] [--cli PATH]
//        gp_bench_dashboard --long-history 1000,10000,100000
//
// Without --data a synthetic project of 240 images (640×384) is generated. Each repeat
// trains once in the Train workspace (shown, 1600×1000, every plot live) and once with the
// command-line tool on the same settings, alternately, so a load that comes and goes on a
// shared machine falls on both. While the GUI trains, a 5 ms timer measures the gaps between
// passes of the event loop: the longest gap is the longest the window stopped answering.
// Speed is the train images over the time between epoch ends in results.csv (the first epoch
// left out as warm-up), the same figure for both. With --long-history it trains nothing and
// times one redraw of each plot for histories of a long run (one batch and one telemetry
// sample a second), which a short run cannot show. Prints numbers; asserts nothing.

#include "lossplot.h"
#include "lrplot.h"
#include "metricsplot.h"
#include "project.h"
#include "resultscsv.h"
#include "runsetupform.h"
#include "synthgenerator.h"
#include "telemetrysparklines.h"
#include "traincontroller.h"
#include "traindashboard.h"
#include "trainworkspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>
#include <map>

using gp::BatchReport;
using gp::EpochReport;
using gp::GpuSample;
using gp::Project;
using gp::ResultsCsv;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::TelemetrySample;
using gp::TrainingConfig;
using gp::TrainingHistory;
using gp::TrainingSession;

namespace {

constexpr int kProbeMs = 5;

double threadCpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// Runs the event loop until `done` holds, sleeping in it as the application's loop does
// (a loop of processEvents() calls would spin and take a core from the training).
void runUntil(const std::function<bool()> &done)
{
    QEventLoop loop;
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    check.start(50);
    if (!done())
        loop.exec();
}

// The time this thread has spent runnable but waiting for a core (the kernel's schedstat
// run_delay), in ms; 0 where the kernel does not keep it.
double threadRunDelayMs()
{
    QFile f(QStringLiteral("/proc/thread-self/schedstat"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = f.readAll().simplified().split(' ');
    return fields.size() >= 2 ? fields[1].toDouble() / 1e6 : 0;
}

struct GuiRun
{
    double longestGapMs = 0;
    double longestGapCpuMs = 0; // the GUI thread's own CPU time in the longest gap
    double longestGapWaitMs = 0; // of it, waiting for a core (runnable, not running)
    double guiCpuShare = 0; // the GUI thread's CPU time over the run's wall time
    double p99GapMs = 0;
    int gapsOver50 = 0;
    QString longestDuring;
    double redrawsPerSecond = 0;
    double seconds = 0;
    bool ok = false;
};

// Images per second between epoch ends (epoch 2 on), from a run's results.csv.
double imagesPerSecond(const QString &runDir, int trainImages, int *epochs)
{
    const auto csv = ResultsCsv::read(QDir(runDir).filePath(QStringLiteral("results.csv")));
    *epochs = int(csv.epochs.size());
    if (csv.epochs.size() < 2)
        return 0;
    const double span = csv.epochs.back().seconds - csv.epochs.front().seconds;
    return span > 0 ? trainImages * double(csv.epochs.size() - 1) / span : 0;
}

GuiRun trainInGui(TrainWorkspace &w, const TrainingConfig &config)
{
    GuiRun r;
    w.setupForm()->setConfig(config);
    QString phase = QStringLiteral("start");
    std::vector<double> gaps;
    QElapsedTimer sinceTick, clock;
    double cpuAtTick = threadCpuMs();
    double waitAtTick = threadRunDelayMs();
    const double cpuAtStart = cpuAtTick;
    QTimer probe;
    probe.setInterval(kProbeMs);
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const double gap = sinceTick.nsecsElapsed() / 1e6;
        const double cpu = threadCpuMs();
        const double wait = threadRunDelayMs();
        sinceTick.restart();
        gaps.push_back(gap);
        if (gap > r.longestGapMs) {
            r.longestGapMs = gap;
            r.longestGapCpuMs = cpu - cpuAtTick;
            r.longestGapWaitMs = wait - waitAtTick;
            r.longestDuring = phase;
        }
        cpuAtTick = cpu;
        waitAtTick = wait;
    });
    TrainController *c = w.controller();
    QObject::connect(c, &TrainController::epochStarted, &probe, [&] { phase = QStringLiteral("training"); });
    QObject::connect(c, &TrainController::validationProgress, &probe, [&] { phase = QStringLiteral("validation"); });
    QObject::connect(c, &TrainController::epochEnded, &probe, [&] { phase = QStringLiteral("epoch end"); });
    bool ended = false;
    QObject::connect(c, &TrainController::sessionEnded, &probe, [&](TrainingSession::Outcome o, const QString &error) {
        ended = true;
        r.ok = o == TrainingSession::Outcome::Finished;
        if (!r.ok)
            std::fprintf(stderr, "GUI run failed: %s\n", qPrintable(error));
    });
    const int redraws0 = w.dashboard()->lossPlot()->redrawCount();
    clock.start();
    sinceTick.start();
    probe.start();
    QString error;
    if (!w.startTraining(&error)) {
        std::fprintf(stderr, "cannot start: %s\n", qPrintable(error));
        return r;
    }
    runUntil([&] { return ended; });
    probe.stop();
    r.seconds = clock.nsecsElapsed() / 1e9;
    r.guiCpuShare = (threadCpuMs() - cpuAtStart) / 1e3 / std::max(1e-9, r.seconds);
    r.redrawsPerSecond = (w.dashboard()->lossPlot()->redrawCount() - redraws0) / std::max(1e-9, r.seconds);
    std::sort(gaps.begin(), gaps.end());
    if (!gaps.empty())
        r.p99GapMs = gaps[std::min(gaps.size() - 1, size_t(gaps.size() * 0.99))];
    r.gapsOver50 = int(std::count_if(gaps.begin(), gaps.end(), [](double g) { return g > 50; }));
    // Let the thumbnails of the last epoch finish before the next run.
    runUntil([&] { return !w.isBusy(); });
    return r;
}

bool trainInCli(const QString &cli, const TrainingConfig &config, const QStringList &keys, double *seconds)
{
    QStringList args { QStringLiteral("train") };
    for (const QString &k : keys)
        args << k + QLatin1Char('=') + config.get(k);
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer clock;
    clock.start();
    p.start(cli, args);
    if (!p.waitForFinished(-1) || p.exitCode() != 0) {
        std::fprintf(stderr, "%s failed: %s\n", qPrintable(cli), p.readAllStandardOutput().constData());
        return false;
    }
    *seconds = clock.nsecsElapsed() / 1e9;
    return true;
}

// One redraw of each plot with a long run's history, rebuilt from scratch (a switch of run
// or window) and brought up to date after one more batch (what training does, a few times a
// second at most): what the GUI thread spends per redraw late in a run.
void longHistory(const std::vector<int> &sizes)
{
    constexpr int kBatchesPerEpoch = 1000;
    constexpr qint64 kStartMs = 1764720000000;
    std::printf("%-9s %8s %-10s %24s %24s %24s %24s  (ms per redraw (of it painting), median of 5; wall, then the\n"
                "GUI thread's CPU, which a load beside it does not inflate)\n",
        "batches", "samples", "redraw", "loss", "metrics", "lr", "sparklines");
    for (const int n : sizes) {
        TrainingHistory h(QStringLiteral("long"));
        // Batch k, one a second, with one telemetry sample each.
        auto addBatch = [&h](int k) {
            BatchReport b;
            b.epoch = k / kBatchesPerEpoch;
            b.batch = k % kBatchesPerEpoch;
            b.batches = kBatchesPerEpoch;
            const double v = 3.0 / (1 + 1e-3 * k) + 0.2 * std::sin(1.7 * k);
            b.batchLoss = { v, 2 * v, 0.5 * v, 0.25 * v, 1.5 * v };
            b.lr = { 0.01, 0.01, 0.01 };
            h.addBatch(b, kStartMs + qint64(k) * 1000);
            if (b.batch + 1 == kBatchesPerEpoch) {
                EpochReport e;
                e.epoch = b.epoch;
                e.validated = true;
                e.trainLoss = b.batchLoss;
                e.metrics.pose.map = 1 - 1.0 / (2 + b.epoch);
                h.addEpoch(e);
            }
        };
        auto sample = [](int k) {
            TelemetrySample t;
            t.time = QDateTime::fromMSecsSinceEpoch(kStartMs + qint64(k) * 1000 + 500, Qt::UTC);
            GpuSample g;
            g.busyPercent = 90 + 10 * std::sin(k * 0.1);
            g.vramUsedBytes = 8ll << 30;
            g.vramTotalBytes = 24ll << 30;
            g.junctionTempC = 70;
            g.powerAverageW = 250;
            t.gpus = { g };
            t.host.cpuPercent = 50;
            return t;
        };
        for (int k = 0; k < n; ++k)
            addBatch(k);
        std::vector<TelemetrySample> samples;
        for (int k = std::max(0, n - int(TelemetrySparklines::kMaxSamples)); k < n; ++k)
            samples.push_back(sample(k));
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *loss = new LossPlot;
        auto *metrics = new MetricsPlot;
        auto *lr = new LrPlot;
        auto *lines = new TelemetrySparklines;
        for (QWidget *w : std::initializer_list<QWidget *> { loss, metrics, lr, lines })
            layout->addWidget(w);
        window.resize(1000, 1400);
        window.show();
        for (PlotPanel *p : std::initializer_list<PlotPanel *> { loss, metrics, lr })
            p->setHistory(&h);
        lines->setHistory(&h);
        lines->setSamples(samples);
        QCoreApplication::processEvents();
        // The median over 5 redraws of the whole redraw and of its painting alone; `before`
        // (untimed) adds what the redraw shows.
        auto time = [](const std::function<void()> &before, const std::function<void()> &redraw, QCustomPlot *plot) {
            std::vector<double> total, paint, totalCpu, paintCpu;
            for (int r = 0; r < 5; ++r) {
                before();
                QElapsedTimer t;
                t.start();
                const double cpu0 = threadCpuMs();
                redraw();
                const qint64 built = t.nsecsElapsed();
                const double cpuBuilt = threadCpuMs();
                plot->replot(QCustomPlot::rpImmediateRefresh);
                total.push_back(t.nsecsElapsed() / 1e6);
                paint.push_back((t.nsecsElapsed() - built) / 1e6);
                totalCpu.push_back(threadCpuMs() - cpu0);
                paintCpu.push_back(threadCpuMs() - cpuBuilt);
            }
            for (auto *v : { &total, &paint, &totalCpu, &paintCpu })
                std::sort(v->begin(), v->end());
            return QStringLiteral("%1 (%2) / %3 (%4)")
                .arg(total[2], 0, 'f', 1)
                .arg(paint[2], 0, 'f', 1)
                .arg(totalCpu[2], 0, 'f', 1)
                .arg(paintCpu[2], 0, 'f', 1);
        };
        const auto nothing = [] {};
        QStringList rebuilt { time(
                                  nothing, [&] { loss->rebuildNow(); }, loss->plot()),
            time(
                nothing, [&] { metrics->rebuildNow(); }, metrics->plot()),
            time(
                nothing, [&] { lr->rebuildNow(); }, lr->plot()),
            time(
                nothing, [&] { lines->rebuildNow(); }, lines->plot()) };
        int next = n;
        auto grow = [&] {
            addBatch(next);
            lines->addSample(sample(next));
            ++next;
        };
        QStringList updated { time(
                                  grow, [&] { loss->updateNow(); }, loss->plot()),
            time(
                grow, [&] { metrics->updateNow(); }, metrics->plot()),
            time(
                grow, [&] { lr->updateNow(); }, lr->plot()),
            time(
                grow, [&] { lines->rebuildNow(); }, lines->plot()) };
        for (const auto &[what, ms] : { std::pair { "rebuild", rebuilt }, std::pair { "+1 batch", updated } })
            std::printf("%-9d %8zu %-10s %24s %24s %24s %24s\n", n, samples.size(), what, qPrintable(ms[0]),
                qPrintable(ms[1]), qPrintable(ms[2]), qPrintable(ms[3]));
        std::fflush(stdout);
    }
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("GripperPose Dashboard Bench"));
    QStandardPaths::setTestModeEnabled(true);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption data(QStringLiteral("data"), QStringLiteral("project folder"), QStringLiteral("dir"));
    const QCommandLineOption epochs(
        QStringLiteral("epochs"), QStringLiteral("epochs"), QStringLiteral("n"), QStringLiteral("3"));
    const QCommandLineOption imgsz(
        QStringLiteral("imgsz"), QStringLiteral("imgsz"), QStringLiteral("n"), QStringLiteral("320"));
    const QCommandLineOption batch(
        QStringLiteral("batch"), QStringLiteral("batch"), QStringLiteral("n"), QStringLiteral("16"));
    const QCommandLineOption workers(
        QStringLiteral("workers"), QStringLiteral("workers"), QStringLiteral("n"), QStringLiteral("2"));
    const QCommandLineOption model(
        QStringLiteral("model"), QStringLiteral("model"), QStringLiteral("name"), QStringLiteral("yolov8n-pose"));
    const QCommandLineOption repeats(
        QStringLiteral("repeats"), QStringLiteral("repeats"), QStringLiteral("n"), QStringLiteral("2"));
    const QCommandLineOption cliOption(QStringLiteral("cli"), QStringLiteral("gripperpose"), QStringLiteral("path"));
    const QCommandLineOption hidden(
        QStringLiteral("hidden"), QStringLiteral("train with the workspace hidden (diagnosis)"));
    const QCommandLineOption noCli(QStringLiteral("no-cli"), QStringLiteral("only the GUI runs"));
    const QCommandLineOption longOption(QStringLiteral("long-history"),
        QStringLiteral("no training: time one redraw of each plot with histories of these many batches"),
        QStringLiteral("n,n,..."));
    parser.addOptions({ data, epochs, imgsz, batch, workers, model, repeats, cliOption, hidden, noCli, longOption });
    parser.process(app);
    if (parser.isSet(longOption)) {
        std::vector<int> sizes;
        for (const QString &n : parser.value(longOption).split(QLatin1Char(',')))
            sizes.push_back(n.toInt());
        longHistory(sizes);
        return 0;
    }

    QTemporaryDir tmp;
    QString dir = parser.value(data);
    if (dir.isEmpty()) {
        SynthOptions o;
        o.outDir = dir = tmp.filePath(QStringLiteral("project"));
        o.count = 240;
        o.imageSize = QSize(640, 384);
        o.seed = 1;
        o.videoFrames = 0;
        QString error;
        if (!SynthGenerator(Skeleton::defaultGripper(), o).run(&error))
            qFatal("%s", qPrintable(error));
    }
    QString error;
    auto opened = Project::open(dir, &error);
    if (!opened)
        qFatal("%s", qPrintable(error));
    auto project = std::make_shared<const Project>(std::move(*opened));
    const QString cli = parser.isSet(cliOption) ? parser.value(cliOption) : TrainController::workerProgram();
    const int trainImages = int(project->config().imageFiles(QStringLiteral("train")).size());

    TrainWorkspace w;
    w.setProject(project);
    w.resize(1600, 1000);
    if (!parser.isSet(hidden))
        w.show();
    runUntil([&] { return !w.isBusy(); });

    TrainingConfig config;
    config.model = parser.value(model);
    config.epochs = parser.value(epochs).toInt();
    config.imgsz = parser.value(imgsz).toInt();
    config.batch = parser.value(batch).toInt();
    config.workers = parser.value(workers).toInt();
    config.data = project->dataYaml();
    config.project = QDir(project->runsDir()).filePath(QStringLiteral("pose"));
    std::printf("%d train images, %s imgsz=%d batch=%d epochs=%d workers=%d; CLI %s\n", trainImages,
        qPrintable(config.model), config.imgsz, config.batch, config.epochs, config.workers, qPrintable(cli));
    std::printf("%-6s %8s %10s %12s %9s %9s %12s %s\n", "run", "wall s", "img/s", "longest gap", "p99 gap", ">50 ms",
        "redraws/s", "longest during");
    std::vector<double> gui, cliSpeed, longestGaps;
    for (int r = 0; r < parser.value(repeats).toInt(); ++r) {
        config.name = QStringLiteral("gui%1").arg(r);
        const GuiRun g = trainInGui(w, config);
        int done = 0;
        const double guiSpeed = imagesPerSecond(QDir(config.project).filePath(config.name), trainImages, &done);
        std::printf("%-6s %8.1f %10.2f %9.1f ms %6.1f ms %9d %12.2f %s (GUI thread busy %.1f ms of it, waiting for a "
                    "core %.1f ms; %.1f %% of a core over the run)\n",
            qPrintable(config.name), g.seconds, guiSpeed, g.longestGapMs, g.p99GapMs, g.gapsOver50, g.redrawsPerSecond,
            qPrintable(g.longestDuring), g.longestGapCpuMs, g.longestGapWaitMs, 100 * g.guiCpuShare);
        if (g.ok) {
            gui.push_back(guiSpeed);
            longestGaps.push_back(g.longestGapMs);
        }

        config.name = QStringLiteral("cli%1").arg(r);
        const QStringList keys = { QStringLiteral("data"), QStringLiteral("model"), QStringLiteral("epochs"),
            QStringLiteral("imgsz"), QStringLiteral("batch"), QStringLiteral("workers"), QStringLiteral("project"),
            QStringLiteral("name") };
        double seconds = 0;
        if (!parser.isSet(noCli) && trainInCli(cli, config, keys, &seconds)) {
            const double s = imagesPerSecond(QDir(config.project).filePath(config.name), trainImages, &done);
            std::printf("%-6s %8.1f %10.2f\n", qPrintable(config.name), seconds, s);
            cliSpeed.push_back(s);
        }
        std::fflush(stdout);
    }
    auto mean = [](const std::vector<double> &v) {
        double s = 0;
        for (double x : v)
            s += x;
        return v.empty() ? 0.0 : s / double(v.size());
    };
    const double g = mean(gui), c = mean(cliSpeed);
    std::printf("mean img/s: GUI %.2f, CLI %.2f; GUI/CLI %.3f\n", g, c, c > 0 ? g / c : 0.0);
    if (!longestGaps.empty()) {
        std::sort(longestGaps.begin(), longestGaps.end());
        const size_t n = longestGaps.size();
        const double median = n % 2 ? longestGaps[n / 2] : (longestGaps[n / 2 - 1] + longestGaps[n / 2]) / 2;
        std::printf(
            "longest gap of each GUI run: max %.1f ms, median %.1f ms over %zu runs\n", longestGaps.back(), median, n);
    }
    return 0;
}
