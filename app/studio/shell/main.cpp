// `gripperpose-studio`: the desktop application.

#include "computethreads.h"
#include "heaptrimmer.h"
#include "languages.h"
#include "mainwindow.h"
#include "project.h"
#include "videoworkspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QPixmap>
#include <QSettings>
#include <QTimer>

#include <cstdio>

namespace {

constexpr int kScreenshotTimeoutMs = 180000;

// Waits for the window to settle (project loaded, no background work), grabs it to
// `file` and quits.
void scheduleScreenshot(MainWindow *window, const QString &file)
{
    auto *timer = new QTimer(window);
    auto *clock = new QElapsedTimer;
    clock->start();
    auto *quietSince = new qint64(-1);
    QObject::connect(timer, &QTimer::timeout, window, [window, file, timer, clock, quietSince] {
        const bool ready = window->project() && !window->isBusy();
        const bool timedOut = clock->elapsed() > kScreenshotTimeoutMs;
        if (ready && *quietSince < 0)
            *quietSince = clock->elapsed();
        if (!ready)
            *quietSince = -1;
        // A short quiet period lets the last repaints land.
        if (!timedOut && (!ready || clock->elapsed() - *quietSince < 300))
            return;
        timer->stop();
        if (timedOut)
            std::fprintf(stderr, "gripperpose-studio: screenshot taken after a timeout; the window was still busy\n");
        const bool saved = window->grab().save(file);
        if (!saved)
            std::fprintf(stderr, "gripperpose-studio: cannot write %s\n", qPrintable(QDir::toNativeSeparators(file)));
        delete clock;
        delete quietSince;
        QApplication::exit(saved ? 0 : 1);
    });
    timer->start(100);
}

} // namespace

int main(int argc, char *argv[])
{
    HeapTrimmer::limitArenas(); // before any thread starts
    configureComputeThreads(argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QApplication::setApplicationName(QStringLiteral("GripperPose Studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("GripperPose Studio"));
    QApplication::setApplicationVersion(QStringLiteral(GP_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("gripperpose-studio"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gripperpose-studio.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Label, train and watch YOLOv8-pose gripper keypoints."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demoOption(
        QStringLiteral("demo"), QStringLiteral("Open the demo project, generating it first when missing."));
    const QCommandLineOption projectOption(
        QStringLiteral("project"), QStringLiteral("Open the project in DIR."), QStringLiteral("DIR"));
    const QCommandLineOption langOption(
        QStringLiteral("lang"), QStringLiteral("User-interface language: en or zh_CN."), QStringLiteral("CODE"));
    const QCommandLineOption shotOption(QStringLiteral("screenshot"),
        QStringLiteral("Once the project is loaded, save the window to FILE and quit."), QStringLiteral("FILE"));
    const QCommandLineOption workspaceOption(QStringLiteral("workspace"),
        QStringLiteral("Start in a workspace: label, train or video."), QStringLiteral("NAME"));
    const QCommandLineOption modelOption(QStringLiteral("model"),
        QStringLiteral("The model of the Video workspace (a checkpoint, weights or an .onnx export)."),
        QStringLiteral("FILE"));
    parser.addOptions({ demoOption, projectOption, langOption, shotOption, workspaceOption, modelOption });
    parser.process(app);

    Languages languages;
    const QString lang = parser.isSet(langOption)
        ? parser.value(langOption)
        : QSettings().value(QStringLiteral("ui/language"), Languages::systemDefault()).toString();
    if (!languages.apply(lang)) {
        std::fprintf(stderr, "gripperpose-studio: no translation '%s'; available: en, zh_CN\n", qPrintable(lang));
        languages.apply(QStringLiteral("en"));
    }

    // --lang holds for this run only; View ▸ Language is the remembered choice.
    MainWindow window(&languages);
    if (parser.isSet(workspaceOption)) {
        const auto ws = MainWindow::workspaceFromName(parser.value(workspaceOption));
        if (!ws) {
            std::fprintf(stderr, "gripperpose-studio: unknown workspace '%s'; use label, train or video\n",
                qPrintable(parser.value(workspaceOption)));
            return 2;
        }
        window.setWorkspace(*ws);
    }
    if (parser.isSet(modelOption))
        window.videoWorkspace()->setModel(QFileInfo(parser.value(modelOption)).absoluteFilePath());
    window.show();

    if (parser.isSet(shotOption))
        scheduleScreenshot(&window, parser.value(shotOption));

    if (parser.isSet(projectOption)) {
        QString error;
        if (!window.openProject(parser.value(projectOption), &error)) {
            std::fprintf(stderr, "gripperpose-studio: %s\n", qPrintable(error));
            if (parser.isSet(shotOption))
                return 1;
        }
    } else if (parser.isSet(demoOption)) {
        window.openDemoProject();
    } else {
        window.openStartupProject();
    }
    return app.exec();
}
