// How long the window stops answering while a large project opens (docs/BENCHMARKS.md,
// "Opening a project"): a project of 20,000 images (GP_BENCH_IMAGES=N for another count; hard
// links to a generated 200, each with its label file) opened in the main window, first without
// the label cache and then with it, with the resident memory after each and the time to show the
// list's last image. A timer that fires on every pass of the event loop measures the longest gap
// between two passes, counting the openProject() call itself; the same listing done on
// the GUI thread, as the list was read before, is timed for comparison. It prints timings
// and asserts only what was listed.

#include "imagebrowser.h"
#include "labelstatus.h"
#include "labelworkspace.h"
#include "languages.h"
#include "mainwindow.h"
#include "project.h"
#include "synthgenerator.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <unistd.h>

using gp::DatasetConfig;
using gp::ImageStatus;
using gp::Project;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

namespace {

int imageCount()
{
    const int n = qEnvironmentVariableIntValue("GP_BENCH_IMAGES");
    return n > 200 ? n : 20000;
}

long residentMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong() / 1024;
    return -1;
}

struct Stall
{
    double openCallMs = 0; // openProject() itself, on the GUI thread
    double longestGapMs = 0; // between two passes of the event loop until the list is read
    double totalMs = 0; // until the list is read
};

// Opens `dir` in `w` and runs the event loop until the Label workspace has listed it.
Stall measureOpen(MainWindow &w, const QString &dir)
{
    Stall s;
    QElapsedTimer clock;
    QElapsedTimer sinceTick;
    QTimer probe;
    probe.setInterval(0);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        s.longestGapMs = std::max(s.longestGapMs, sinceTick.nsecsElapsed() / 1e6);
        sinceTick.restart();
    });
    clock.start();
    QString error;
    if (!w.openProject(dir, &error))
        qFatal("%s", qPrintable(error));
    s.openCallMs = clock.nsecsElapsed() / 1e6;
    sinceTick.start();
    probe.start();
    while (w.labelWorkspace()->browser()->isListing())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    probe.stop();
    s.totalMs = clock.nsecsElapsed() / 1e6;
    s.longestGapMs = std::max(s.longestGapMs, s.openCallMs);
    return s;
}

} // namespace

class BenchOpenProject : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
        QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio Open Bench"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_tmp.filePath(QStringLiteral("settings")));
        QSettings().clear();

        m_dir = m_tmp.filePath(QStringLiteral("big"));
        SynthOptions o;
        o.outDir = m_dir;
        o.count = 200;
        o.imageSize = QSize(160, 96);
        o.seed = 4;
        o.videoFrames = 0;
        QString error;
        const SynthGenerator generator(Skeleton::defaultGripper(), o);
        QVERIFY2(generator.run(&error), qPrintable(error));
        // Hard links make the other images: real files, each with its label file.
        for (int i = o.count; i < imageCount(); ++i) {
            const QString source = QDir(m_dir).filePath(generator.imageFileName(i % o.count));
            const QString image = QString(source).replace(QStringLiteral(".jpg"), QStringLiteral("_%1.jpg").arg(i));
            const QString labels = DatasetConfig::labelFileFor(image);
            QVERIFY(::link(QFile::encodeName(source).constData(), QFile::encodeName(image).constData()) == 0);
            QVERIFY(::link(QFile::encodeName(DatasetConfig::labelFileFor(source)).constData(),
                        QFile::encodeName(labels).constData())
                == 0);
        }
    }

    void openLargeProject()
    {
        MainWindow w(&m_languages);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const int images = imageCount();
        const long before = residentMiB();
        const Stall cold = measureOpen(w, m_dir);
        QCOMPARE(w.labelWorkspace()->totalCounts().images, images);
        const long coldRss = residentMiB();
        const Stall warm = measureOpen(w, m_dir); // the label cache is written now
        QCOMPARE(w.labelWorkspace()->totalCounts().images, images);
        const long warmRss = residentMiB();
        // The list's last image, as End in the list would show it.
        LabelWorkspace *label = w.labelWorkspace();
        const int last = label->imageModel()->rowCount() - 1;
        QElapsedTimer toLast;
        toLast.start();
        label->setCurrentRow(last);
        QTRY_VERIFY_WITH_TIMEOUT(
            !label->shownFile().isEmpty() && label->imageModel()->rowOf(label->shownFile()) == last, 60000);
        const double lastMs = toLast.nsecsElapsed() / 1e6;

        // What the old list did on the GUI thread: every split's status read there.
        QString error;
        auto project = Project::open(m_dir, &error);
        QVERIFY(project);
        QElapsedTimer clock;
        clock.start();
        size_t listed = 0;
        for (const QString &split : project->config().splits())
            listed += ImageStatus::scan(project->config(), split).size();
        const double onGuiThreadMs = clock.nsecsElapsed() / 1e6;
        QCOMPARE(int(listed), images);

        qInfo("%d images, no label cache: openProject() %.1f ms, longest event-loop gap %.1f ms, listed after %.0f ms, "
              "resident %ld MiB (%ld before)",
            images, cold.openCallMs, cold.longestGapMs, cold.totalMs, coldRss, before);
        qInfo("%d images, label cache:    openProject() %.1f ms, longest event-loop gap %.1f ms, listed after %.0f ms, "
              "resident %ld MiB",
            images, warm.openCallMs, warm.longestGapMs, warm.totalMs, warmRss);
        qInfo("the list's last image on screen after %.0f ms", lastMs);
        qInfo("the same listing (label cache) on the GUI thread: %.0f ms", onGuiThreadMs);
    }

private:
    QTemporaryDir m_tmp;
    QString m_dir;
    Languages m_languages;
};

QTEST_MAIN(BenchOpenProject)
#include "bench_openproject.moc"
