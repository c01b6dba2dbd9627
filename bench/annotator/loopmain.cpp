// gp_annotator_loop: the labelling loop run end to end by the simulated annotator, in the real
// Label and Train workspaces (docs/BENCHMARKS.md, "The labelling loop"). From zero labels: it
// labels a first batch by hand, asks for "Train on My Labels, then Pre-label Again" (a
// LoopController round), reviews the next batch of the model's proposals with the assisted tools,
// and so on until every image is labelled. Each round it records the human actions, the images
// done, the machine time, the longest stall of the GUI's event loop while the round trains, and
// the round's model scored on a fixed held-out set (`gripperpose val`).
//
//   gp_annotator_loop replot=REPORT.json plot=FILE.png manual_per_image=N   (the curves again)
//   gp_annotator_loop fresh=DIR eval=DATA.yaml [images=400] [batch=50] [imgsz=320] [conf=0.25]
//                     [suggest=mixed|uncertainty|uniform] [model=FILE] [tolerance=4] [out=DIR]
//                     [report=FILE.json] [plot=FILE.png]
//
// model=: the weights the user starts from (trained on earlier footage); without it the loop
// starts from zero labels and the first round trains the recipe from scratch.
//
// After each round it reviews the batch the round suggested (Suggest What to Label Next, with the
// given strategy), going from the first suggestion with →; round 0 takes the list's first images.

#include "assistcontroller.h"
#include "labelworkspace.h"
#include "loopcontroller.h"
#include "project.h"
#include "simulatedannotator.h"
#include "traincontroller.h"
#include "trainworkspace.h"

#include "qcustomplot.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cstdio>

namespace {

// The longest the event loop went without running a 5 ms timer, less those 5 ms.
class StallMeter
{
public:
    explicit StallMeter(QObject *parent)
        : m_timer(parent)
    {
        m_timer.setInterval(kTickMs);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const double stalled = m_clock.nsecsElapsed() / 1e6 - kTickMs;
            // Long ones are named with the time since the start, to find their cause.
            if (stalled > kReportMs)
                std::fprintf(stderr, "stall %.0f ms at %.1f s\n", stalled, m_since.nsecsElapsed() / 1e9);
            m_worst = std::max(m_worst, stalled);
            m_clock.restart();
        });
    }
    void start()
    {
        m_worst = 0;
        m_since.start();
        m_clock.start();
        m_timer.start();
    }
    double stop()
    {
        m_timer.stop();
        return m_worst;
    }

private:
    static constexpr int kTickMs = 5;
    static constexpr double kReportMs = 30;
    QElapsedTimer m_since;
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_worst = 0;
};

// The pose mAP50-95 of `weights` on `data` (its val split), as `gripperpose val` reports it.
double evaluate(const QString &weights, const QString &data, int imgsz, const QString &dir)
{
    QProcess p;
    p.start(QStringLiteral(GP_CLI),
        { QStringLiteral("val"), QStringLiteral("data=") + data, QStringLiteral("model=") + weights,
            QStringLiteral("imgsz=%1").arg(imgsz), QStringLiteral("project=") + dir, QStringLiteral("name=val") });
    p.waitForFinished(-1);
    // The run folder is numbered when it exists already: take the path the command reports.
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const int at = out.lastIndexOf(QStringLiteral("metrics written to "));
    if (at < 0)
        return -1;
    QFile f(out.mid(at + 19).trimmed());
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("metrics/mAP50-95(P)")).toDouble(-1);
}

// Each round's machine time (training, pre-labelling, suggesting) and the longest stall of the
// GUI while it ran, against the images labelled when it started.
void plotMachine(const QJsonArray &rounds, const QString &file)
{
    QCustomPlot p;
    p.resize(900, 420);
    QVector<double> done, seconds, stall;
    for (const QJsonValue &v : rounds) {
        const QJsonObject r = v.toObject();
        if (!r.contains(QStringLiteral("machine_seconds")))
            continue;
        done << r.value(QStringLiteral("images_done")).toDouble();
        seconds << r.value(QStringLiteral("machine_seconds")).toDouble();
        stall << r.value(QStringLiteral("longest_stall_ms")).toDouble();
    }
    if (done.isEmpty())
        return;
    auto *bars = new QCPBars(p.xAxis, p.yAxis);
    bars->setData(done, seconds);
    bars->setWidth(done.size() > 1 ? 0.4 * (done[1] - done[0]) : 10);
    bars->setName(QStringLiteral("machine time of the round (s)"));
    bars->setBrush(QColor(0x1f, 0x77, 0xb4, 160));
    p.addGraph(p.xAxis, p.yAxis2);
    p.graph(0)->setData(done, stall);
    p.graph(0)->setName(QStringLiteral("longest GUI stall during the round (ms)"));
    p.graph(0)->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2));
    p.graph(0)->setScatterStyle(QCPScatterStyle::ssSquare);
    p.xAxis->setLabel(QStringLiteral("images labelled when the round started"));
    p.yAxis->setLabel(QStringLiteral("seconds"));
    p.yAxis2->setLabel(QStringLiteral("milliseconds (goal: at most 50)"));
    p.yAxis2->setVisible(true);
    p.rescaleAxes(true);
    p.xAxis->setRange(done.front() - 30, done.back() + 30);
    p.yAxis->setRangeLower(0);
    p.yAxis->setRangeUpper(*std::max_element(seconds.begin(), seconds.end()) * 1.2);
    p.yAxis2->setRange(0, 60);
    p.legend->setVisible(true);
    p.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    p.savePng(file, 900, 420);
}

void plot(const QJsonArray &rounds, double manualPerImage, const QString &file)
{
    QCustomPlot p;
    p.resize(900, 520);
    QVector<double> done, actions, manual, map;
    for (const QJsonValue &v : rounds) {
        const QJsonObject r = v.toObject();
        done << r.value(QStringLiteral("images_done")).toDouble();
        actions << r.value(QStringLiteral("actions_total")).toDouble();
        manual << manualPerImage * r.value(QStringLiteral("images_done")).toDouble();
        map << r.value(QStringLiteral("pose_map")).toDouble();
    }
    p.addGraph();
    p.graph(0)->setData(done, actions);
    p.graph(0)->setName(QStringLiteral("actions, the loop"));
    p.graph(0)->setPen(QPen(QColor(0x1f, 0x77, 0xb4), 2));
    p.graph(0)->setScatterStyle(QCPScatterStyle::ssCircle);
    p.addGraph();
    p.graph(1)->setData(done, manual);
    p.graph(1)->setName(QStringLiteral("actions, all by hand (same images)"));
    p.graph(1)->setPen(QPen(Qt::gray, 2, Qt::DashLine));
    p.addGraph(p.xAxis, p.yAxis2);
    p.graph(2)->setData(done, map);
    p.graph(2)->setName(QStringLiteral("pose mAP50-95 of the round's model"));
    p.graph(2)->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2));
    p.graph(2)->setScatterStyle(QCPScatterStyle::ssSquare);
    p.xAxis->setLabel(QStringLiteral("images labelled"));
    p.yAxis->setLabel(QStringLiteral("human actions, cumulative"));
    p.yAxis2->setLabel(QStringLiteral("pose mAP50-95 (held-out set)"));
    p.yAxis2->setVisible(true);
    p.yAxis2->setRange(0, 1);
    p.rescaleAxes(true);
    p.yAxis->setRangeLower(0);
    p.yAxis2->setRange(0, std::max(0.1, *std::max_element(map.begin(), map.end()) * 1.2));
    p.legend->setVisible(true);
    p.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    p.savePng(file, 900, 520);
}

} // namespace

int main(int argc, char **argv)
{
    qputenv(
        "QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    QMap<QString, QString> a { { QStringLiteral("images"), QStringLiteral("400") },
        { QStringLiteral("batch"), QStringLiteral("50") }, { QStringLiteral("imgsz"), QStringLiteral("320") },
        { QStringLiteral("conf"), QStringLiteral("0.25") }, { QStringLiteral("tolerance"), QStringLiteral("4") } };
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        const int eq = arg.indexOf(QLatin1Char('='));
        if (eq > 0)
            a[arg.left(eq)] = arg.mid(eq + 1);
    }
    // replot=REPORT.json: the curves again from a report, nothing run.
    if (a.contains(QStringLiteral("replot"))) {
        QFile f(a.value(QStringLiteral("replot")));
        if (!f.open(QIODevice::ReadOnly) || !a.contains(QStringLiteral("plot")))
            return 2;
        const QJsonArray rounds
            = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("rounds")).toArray();
        QString file = a.value(QStringLiteral("plot"));
        plot(rounds, a.value(QStringLiteral("manual_per_image")).toDouble(), file);
        plotMachine(rounds, file.replace(QLatin1String(".png"), QLatin1String("_machine.png")));
        return 0;
    }
    if (!a.contains(QStringLiteral("fresh")) || !a.contains(QStringLiteral("eval"))) {
        std::fprintf(stderr, "usage: gp_annotator_loop fresh=DIR eval=DATA.yaml [images=400] [batch=50] ...\n");
        return 2;
    }
    QTemporaryDir tmp;
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, tmp.filePath(QStringLiteral("settings")));
    const QString out = a.value(QStringLiteral("out"), tmp.filePath(QStringLiteral("project")));
    std::map<QString, std::vector<gp::PoseInstance>> truth;
    std::map<QString, QSize> sizes;
    QString error;
    if (!SimulatedAnnotator::makeProject(QString(), a.value(QStringLiteral("fresh")),
            a.value(QStringLiteral("images")).toInt(), out, &truth, &sizes, &error, QStringLiteral("train"))) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    LabelWorkspace label;
    if (!SimulatedAnnotator::openProject(&label, out, &error, QStringLiteral("train"))) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    auto project = std::make_shared<const gp::Project>(*gp::Project::open(out, &error));
    TrainWorkspace train;
    train.setProject(project);
    LoopController loop(&label, &train);
    loop.setProject(project);
    const int imgsz = a.value(QStringLiteral("imgsz")).toInt();
    AssistController::Settings settings = label.assist()->settings();
    settings.conf = a.value(QStringLiteral("conf")).toDouble();
    if (!gp::LabelSuggestions::parse(a.value(QStringLiteral("suggest"), QStringLiteral("mixed")), &settings.suggest)) {
        std::fprintf(stderr, "suggest= takes mixed, uncertainty or uniform\n");
        return 2;
    }
    label.assist()->setSettings(settings);
    // From zero (the recipe from scratch), or from a model the user has (weights from earlier
    // footage): then every image is pre-labelled and ranked before the first batch.
    const QString start = a.value(QStringLiteral("model"));
    label.setPrelabelModel(start.isEmpty() ? QStringLiteral("yolov8n-pose") : start, imgsz, settings.conf);
    const double tolerance = a.value(QStringLiteral("tolerance")).toDouble() * sizes.begin()->second.width() / 1280.0;
    SimulatedAnnotator annotator(&label, SimulatedAnnotator::Mode::Assisted, tolerance);

    const int batch = a.value(QStringLiteral("batch")).toInt();
    const int total = int(truth.size());
    QJsonArray rounds;
    SimulatedAnnotator::Accuracy accuracy;
    int done = 0, actionsTotal = 0, grippers = 0, round = 0;
    double poseMap = 0;
    if (!start.isEmpty()) {
        // Pre-label ▸ Pre-label All (two clicks), then Pre-label ▸ Suggest What to Label Next (two).
        if (!annotator.prelabelAll(&error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        QSignalSpy suggested(&label, &LabelWorkspace::suggestionsReady);
        label.suggestNext();
        if (!suggested.wait(3600 * 1000)) {
            std::fprintf(stderr, "no suggestions\n");
            return 1;
        }
        actionsTotal += 4;
        poseMap = evaluate(start, a.value(QStringLiteral("eval")), imgsz, tmp.filePath(QStringLiteral("eval")));
        // The progress dialogs have closed: the workspace's window has the keys again.
        label.activateWindow();
        QTest::qWaitForWindowActive(&label);
    }
    StallMeter stall(&app);
    QSet<QString> reviewed; // the images the annotator has labelled or reviewed
    while (done < total) {
        // Without a model, label the first batch from the list's first image (one click on it);
        // review each further batch from the first suggestion, which the round put on screen.
        int actions = 0, grippersHere = 0;
        const bool fromList = round == 0 && start.isEmpty();
        if (fromList) {
            label.setCurrentRow(0);
            actions = 1;
        }
        const QString first = fromList ? label.imageModel()->entry(0).file : label.suggestions().value(0);
        if (!QTest::qWaitFor([&] { return label.shownFile() == first; }, 120000)) {
            std::fprintf(stderr, "the batch's first image did not show\n");
            return 1;
        }
        const int end = std::min(total, done + batch);
        for (int i = done; i < end; ++i) {
            const QString file = label.shownFile();
            if (!truth.count(file)) {
                std::fprintf(stderr, "unexpected image %s\n", qPrintable(file));
                return 1;
            }
            if (reviewed.contains(file)) {
                const int row = label.imageModel()->rowOf(file);
                std::fprintf(stderr, "%s comes up again (status %d, needs review %d)\n", qPrintable(file),
                    row >= 0 ? int(label.imageModel()->entry(row).status) : -1,
                    row >= 0 ? int(label.imageModel()->entry(row).needsReview) : -1);
            }
            reviewed.insert(file);
            SimulatedAnnotator::ImageReport r = annotator.labelShownImage(truth.at(file));
            if (!annotator.movedOn())
                r.actions.keys += 1; // →
            if (i + 1 < end && !annotator.nextImage()) {
                std::fprintf(stderr,
                    "the next image did not show after %s (image %d of the batch, suggestion %lld of %lld)\n",
                    qPrintable(label.shownFile()), i - done, qlonglong(label.suggestions().indexOf(label.shownFile())),
                    qlonglong(label.suggestions().size()));
                if (auto *view = label.findChild<QAbstractItemView *>(QStringLiteral("imageList"))) {
                    std::fprintf(
                        stderr, "current row %d of %d\n", view->currentIndex().row(), view->model()->rowCount());
                    for (int r = 0; r < std::min(4, view->model()->rowCount()); ++r)
                        std::fprintf(stderr, "  %s\n", qPrintable(view->model()->index(r, 0).data().toString()));
                }
                return 1;
            }
            SimulatedAnnotator::score(file, sizes.at(file), truth.at(file), &accuracy);
            actions += r.actions.total();
            grippersHere += 2 * r.objects;
        }
        done = end;
        actionsTotal += actions;
        grippers += grippersHere;
        QJsonObject record { { QStringLiteral("round"), round }, { QStringLiteral("images_done"), done },
            { QStringLiteral("actions"), actions }, { QStringLiteral("actions_total"), actionsTotal },
            { QStringLiteral("grippers"), grippersHere },
            { QStringLiteral("actions_per_gripper"), double(actions) / std::max(1, grippersHere) },
            { QStringLiteral("pose_map"), poseMap } };
        std::printf("round %d: %d images done, %d actions (%.2f per gripper), model pose mAP50-95 %.3f\n", round, done,
            actions, double(actions) / std::max(1, grippersHere), poseMap);
        std::fflush(stdout);
        if (done < total) {
            // Train on my labels, then pre-label again: one click in the Pre-label menu.
            QSignalSpy finished(&loop, &LoopController::roundFinished);
            QElapsedTimer machine;
            machine.start();
            stall.start();
            QElapsedTimer phase;
            phase.start();
            auto mark = [&phase](const char *what) {
                std::fprintf(stderr, "%s at %.1f s\n", what, phase.nsecsElapsed() / 1e9);
            };
            QMetaObject::Connection marks[] = {
                QObject::connect(&train, &TrainWorkspace::trainingEnded, [&] { mark("training ended"); }),
                QObject::connect(&label, &LabelWorkspace::roundPrelabelled, [&] { mark("pre-labelled"); }),
                QObject::connect(&label, &LabelWorkspace::suggestionsReady, [&] { mark("suggested"); }),
            };
            label.findChild<QAction *>(QStringLiteral("trainOnLabels"))->trigger();
            actionsTotal += 2;
            if (!finished.wait(3 * 3600 * 1000)) {
                std::fprintf(stderr, "round %d did not finish\n", round + 1);
                return 1;
            }
            record.insert(QStringLiteral("longest_stall_ms"), stall.stop());
            for (const QMetaObject::Connection &c : marks)
                QObject::disconnect(c);
            // Images the next batch would review again (none, when the suggestions skip what is done).
            int again = 0;
            for (const QString &f : label.suggestions())
                again += reviewed.contains(f) ? 1 : 0;
            std::fprintf(
                stderr, "%lld suggested, %d of them done already\n", qlonglong(label.suggestions().size()), again);
            record.insert(QStringLiteral("machine_seconds"), machine.nsecsElapsed() / 1e9);
            record.insert(QStringLiteral("summary"), finished.front().front().toString());
            const QString weights = QDir(train.controller()->runDir()).filePath(QStringLiteral("weights/best.ckpt"));
            poseMap = evaluate(weights, a.value(QStringLiteral("eval")), imgsz, tmp.filePath(QStringLiteral("eval")));
            record.insert(QStringLiteral("next_model_pose_map"), poseMap);
            label.activateWindow();
        }
        rounds.append(record);
        ++round;
    }
    // By hand, these images cost the manual policy's count (bench/annotator/results).
    const double manualPerImage = a.value(QStringLiteral("manual_per_image"), QStringLiteral("0")).toDouble();
    QJsonObject report { { QStringLiteral("images"), total }, { QStringLiteral("batch"), batch },
        { QStringLiteral("suggest"), gp::LabelSuggestions::key(settings.suggest) },
        { QStringLiteral("model"), start.isEmpty() ? QStringLiteral("from scratch") : start },
        { QStringLiteral("grippers"), grippers }, { QStringLiteral("actions"), actionsTotal },
        { QStringLiteral("actions_per_gripper"), double(actionsTotal) / std::max(1, grippers) },
        { QStringLiteral("within_4px"), accuracy.within(tolerance) }, { QStringLiteral("rounds"), rounds } };
    const QByteArray json = QJsonDocument(report).toJson();
    if (a.contains(QStringLiteral("report"))) {
        QFile f(a.value(QStringLiteral("report")));
        if (f.open(QIODevice::WriteOnly))
            f.write(json);
    }
    if (a.contains(QStringLiteral("plot"))) {
        plot(rounds, manualPerImage, a.value(QStringLiteral("plot")));
        QString machine = a.value(QStringLiteral("plot"));
        plotMachine(rounds, machine.replace(QLatin1String(".png"), QLatin1String("_machine.png")));
    }
    std::printf("%s", json.constData());
    return 0;
}
