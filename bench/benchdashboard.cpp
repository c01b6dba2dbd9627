// gp_bench_dashboard: does the dashboard keep the window answering, and does training in
// the GUI run as fast as `gripperpose train` (docs/BENCHMARKS.md, "Train dashboard")?
//
// usage: gp_bench_dashboard [--data DIR] [--epochs 3] [--imgsz 320] [--batch 16]
//                           [--workers 2] [--model yolov8n-pose] [--repeats 2] [--cli PATH]
//
// Without --data a synthetic project of 240 images (640×384) is generated. Each repeat
// trains once in the Train workspace (shown, 1600×1000, every plot live) and once with the
// command-line tool on the same settings, alternately, so a load that comes and goes on a
// shared machine falls on both. While the GUI trains, a 5 ms timer measures the gaps between
// passes of the event loop: the longest gap is the longest the window stopped answering.
// Speed is the train images over the time between epoch ends in results.csv (the first epoch
// left out as warm-up), the same figure for both. Prints numbers; asserts nothing.

#include "lossplot.h"
#include "project.h"
#include "resultscsv.h"
#include "runsetupform.h"
#include "synthgenerator.h"
#include "traincontroller.h"
#include "traindashboard.h"
#include "trainworkspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

namespace {

constexpr int kProbeMs = 5;

double threadCpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

struct GuiRun
{
    double longestGapMs = 0;
    double longestGapCpuMs = 0; // the GUI thread's own CPU time in the longest gap
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
    const double cpuAtStart = cpuAtTick;
    QTimer probe;
    probe.setInterval(kProbeMs);
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const double gap = sinceTick.nsecsElapsed() / 1e6;
        const double cpu = threadCpuMs();
        sinceTick.restart();
        gaps.push_back(gap);
        if (gap > r.longestGapMs) {
            r.longestGapMs = gap;
            r.longestGapCpuMs = cpu - cpuAtTick;
            r.longestDuring = phase;
        }
        cpuAtTick = cpu;
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
    while (!ended)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    probe.stop();
    r.seconds = clock.nsecsElapsed() / 1e9;
    r.guiCpuShare = (threadCpuMs() - cpuAtStart) / 1e3 / std::max(1e-9, r.seconds);
    r.redrawsPerSecond = (w.dashboard()->lossPlot()->redrawCount() - redraws0) / std::max(1e-9, r.seconds);
    std::sort(gaps.begin(), gaps.end());
    if (!gaps.empty())
        r.p99GapMs = gaps[std::min(gaps.size() - 1, size_t(gaps.size() * 0.99))];
    r.gapsOver50 = int(std::count_if(gaps.begin(), gaps.end(), [](double g) { return g > 50; }));
    // Let the thumbnails of the last epoch finish before the next run.
    while (w.isBusy())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
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
    parser.addOptions({ data, epochs, imgsz, batch, workers, model, repeats, cliOption, hidden, noCli });
    parser.process(app);

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
    while (w.isBusy())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);

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
    std::vector<double> gui, cliSpeed;
    for (int r = 0; r < parser.value(repeats).toInt(); ++r) {
        config.name = QStringLiteral("gui%1").arg(r);
        const GuiRun g = trainInGui(w, config);
        int done = 0;
        const double guiSpeed = imagesPerSecond(QDir(config.project).filePath(config.name), trainImages, &done);
        std::printf("%-6s %8.1f %10.2f %9.1f ms %6.1f ms %9d %12.2f %s (GUI thread busy %.1f ms of it; %.1f %% of "
                    "a core over the run)\n",
            qPrintable(config.name), g.seconds, guiSpeed, g.longestGapMs, g.p99GapMs, g.gapsOver50, g.redrawsPerSecond,
            qPrintable(g.longestDuring), g.longestGapCpuMs, 100 * g.guiCpuShare);
        if (g.ok)
            gui.push_back(guiSpeed);

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
    return 0;
}
