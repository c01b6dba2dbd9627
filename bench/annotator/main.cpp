// gp_annotator: the simulated annotator (SimulatedAnnotator) labelling generated images in the
// real Label workspace, offscreen, counting every click, drag, key press and wheel step per
// image, timing the GUI, and scoring the labels it leaves against the truth
// (docs/BENCHMARKS.md, "Correct, don't place").
//
//   gp_annotator fresh=DIR [history=DIR] [model=FILE] [mode=manual|prelabel|assisted] [images=100]
//                [imgsz=320] [conf=0.5] [iou=0.5] [refit=on] [articulation=on] [zoom=on] [tolerance=4]
//                [out=DIR] [report=FILE] [label=0]
//
// fresh: a `gripperpose synth` dataset with a seed no model saw, whose labels are the truth;
// history: a dataset whose train split was labelled before (the project's earlier work; its
// labels teach the shape models); model: the checkpoint pre-labelling uses. tolerance is in
// pixels at 1280x720, scaled to the images' width.

#include "assistcontroller.h"
#include "labelworkspace.h"
#include "simulatedannotator.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

namespace {

QJsonObject countsJson(const SimulatedAnnotator::Counts &c)
{
    return { { QStringLiteral("clicks"), c.clicks }, { QStringLiteral("drags"), c.drags },
        { QStringLiteral("keys"), c.keys }, { QStringLiteral("wheel"), c.wheel },
        { QStringLiteral("total"), c.total() } };
}

} // namespace

int main(int argc, char **argv)
{
    qputenv(
        "QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    QMap<QString, QString> a { { QStringLiteral("mode"), QStringLiteral("assisted") },
        { QStringLiteral("images"), QStringLiteral("100") }, { QStringLiteral("imgsz"), QStringLiteral("320") },
        { QStringLiteral("conf"), QStringLiteral("0.5") }, { QStringLiteral("iou"), QStringLiteral("0.5") },
        { QStringLiteral("articulation"), QStringLiteral("on") }, { QStringLiteral("refit"), QStringLiteral("on") },
        { QStringLiteral("zoom"), QStringLiteral("off") }, { QStringLiteral("zoom_first"), QStringLiteral("off") },
        { QStringLiteral("tolerance"), QStringLiteral("4") } };
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        const int eq = arg.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            std::fprintf(stderr, "arguments are key=value\n");
            return 2;
        }
        a[arg.left(eq)] = arg.mid(eq + 1);
    }
    if (!a.contains(QStringLiteral("fresh"))) {
        std::fprintf(
            stderr, "usage: gp_annotator fresh=DIR [history=DIR] [model=FILE] [mode=manual|prelabel|assisted] ...\n");
        return 2;
    }
    const QString modeName = a.value(QStringLiteral("mode"));
    const SimulatedAnnotator::Mode mode = modeName == QLatin1String("manual") ? SimulatedAnnotator::Mode::Manual
        : modeName == QLatin1String("prelabel")                               ? SimulatedAnnotator::Mode::Prelabel
                                                                              : SimulatedAnnotator::Mode::Assisted;
    // Settings of its own: the user's stay untouched.
    QTemporaryDir tmp;
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, tmp.filePath(QStringLiteral("settings")));
    const QString out = a.value(QStringLiteral("out"), tmp.filePath(QStringLiteral("project")));
    std::map<QString, std::vector<gp::PoseInstance>> truth;
    std::map<QString, QSize> sizes;
    QString error;
    if (!SimulatedAnnotator::makeProject(a.value(QStringLiteral("history")), a.value(QStringLiteral("fresh")),
            a.value(QStringLiteral("images")).toInt(), out, &truth, &sizes, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    LabelWorkspace ws;
    if (!SimulatedAnnotator::openProject(&ws, out, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }

    AssistController::Settings settings = ws.assist()->settings();
    settings.conf = a.value(QStringLiteral("conf")).toDouble();
    settings.iou = a.value(QStringLiteral("iou")).toDouble();
    settings.refit
        = mode == SimulatedAnnotator::Mode::Assisted && a.value(QStringLiteral("refit")) == QLatin1String("on");
    settings.articulation = a.value(QStringLiteral("articulation")) == QLatin1String("on");
    settings.zoom
        = mode == SimulatedAnnotator::Mode::Assisted && a.value(QStringLiteral("zoom")) == QLatin1String("on");
    settings.zoomFirst
        = mode == SimulatedAnnotator::Mode::Assisted && a.value(QStringLiteral("zoom_first")) == QLatin1String("on");
    // Before the assisted tools, accepting a review stayed on the image.
    settings.acceptMovesOn = mode == SimulatedAnnotator::Mode::Assisted;
    ws.assist()->setSettings(settings);
    const double tolerance = a.value(QStringLiteral("tolerance")).toDouble() * sizes.begin()->second.width() / 1280.0;
    SimulatedAnnotator annotator(&ws, mode, tolerance);
    QElapsedTimer machine;
    machine.start();
    if (mode != SimulatedAnnotator::Mode::Manual) {
        ws.setPrelabelModel(a.value(QStringLiteral("model")), a.value(QStringLiteral("imgsz")).toInt(), settings.conf);
        if (!annotator.prelabelAll(&error)) {
            std::fprintf(stderr, "pre-labelling: %s\n", qPrintable(error));
            return 1;
        }
    }
    const double prelabelSeconds = machine.nsecsElapsed() / 1e9;

    // label=0: pre-label only, and leave the project as the review would start (for a look).
    if (a.value(QStringLiteral("label")) == QLatin1String("0"))
        return 0;
    QJsonArray perImage;
    SimulatedAnnotator::Counts total = annotator.extraActions();
    SimulatedAnnotator::Accuracy accuracy;
    double guiMs = 0;
    int objects = 0, grippers = 0, proposals = 0;
    for (size_t i = 0; i < truth.size(); ++i) {
        const QString file = ws.shownFile();
        if (!truth.count(file)) {
            std::fprintf(stderr, "unexpected image %s\n", qPrintable(file));
            return 1;
        }
        SimulatedAnnotator::ImageReport r = annotator.labelShownImage(truth.at(file));
        const bool movedOn = annotator.movedOn();
        if (!movedOn)
            r.actions.keys += 1; // → to the next image (the last one's closes the round)
        if (i + 1 < truth.size() && !annotator.nextImage()) {
            std::fprintf(stderr, "the next image did not show\n");
            return 1;
        }
        SimulatedAnnotator::score(file, sizes.at(file), truth.at(file), &accuracy);
        total += r.actions;
        guiMs += r.guiMs;
        objects += r.objects;
        proposals += r.proposals;
        grippers += 2 * r.objects;
        perImage.append(QJsonObject { { QStringLiteral("image"), QFileInfo(file).fileName() },
            { QStringLiteral("objects"), r.objects }, { QStringLiteral("proposals"), r.proposals },
            { QStringLiteral("proposed_points"), r.proposedPoints },
            { QStringLiteral("actions"), countsJson(r.actions) }, { QStringLiteral("gui_ms"), r.guiMs } });
    }
    const int images = int(truth.size());
    QJsonObject report { { QStringLiteral("mode"), modeName },
        { QStringLiteral("model"), a.value(QStringLiteral("model")) }, { QStringLiteral("refit"), settings.refit },
        { QStringLiteral("articulation"), settings.refit && settings.articulation },
        { QStringLiteral("zoom"), settings.zoom }, { QStringLiteral("zoom_first"), settings.zoomFirst },
        { QStringLiteral("zoom_runs"), ws.assist()->zoomRuns() }, { QStringLiteral("images"), images },
        { QStringLiteral("objects"), objects }, { QStringLiteral("grippers"), grippers },
        { QStringLiteral("proposals"), proposals }, { QStringLiteral("actions"), countsJson(total) },
        { QStringLiteral("actions_per_image"), double(total.total()) / images },
        { QStringLiteral("actions_per_gripper"), double(total.total()) / std::max(1, grippers) },
        { QStringLiteral("gui_seconds"), guiMs / 1000.0 }, { QStringLiteral("prelabel_seconds"), prelabelSeconds },
        { QStringLiteral("tolerance_px"), tolerance },
        { QStringLiteral("within_2px"), accuracy.within(2.0 * tolerance / 4.0) },
        { QStringLiteral("within_4px"), accuracy.within(tolerance) },
        { QStringLiteral("within_8px"), accuracy.within(2.0 * tolerance) },
        { QStringLiteral("missing_points"), accuracy.missingPoints },
        { QStringLiteral("extra_points"), accuracy.extraPoints },
        { QStringLiteral("visibility_wrong"), accuracy.visibilityWrong },
        { QStringLiteral("missing_objects"), accuracy.missingObjects },
        { QStringLiteral("extra_objects"), accuracy.extraObjects }, { QStringLiteral("per_image"), perImage } };
    QJsonObject why;
    for (const auto &[reason, n] : annotator.actionsByReason())
        why.insert(reason, n + (reason == QLatin1String("next image") && !annotator.movedOn() ? 1 : 0)); // the last →
    report.insert(QStringLiteral("actions_by_reason"), why);
    const QByteArray json = QJsonDocument(report).toJson();
    if (a.contains(QStringLiteral("report"))) {
        QFile f(a.value(QStringLiteral("report")));
        if (f.open(QIODevice::WriteOnly))
            f.write(json);
    }
    report.remove(QStringLiteral("per_image"));
    std::printf("%s", QJsonDocument(report).toJson().constData());
    return 0;
}
