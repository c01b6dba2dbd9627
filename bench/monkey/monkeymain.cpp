// gp_monkey: the GUI monkey's long mode (docs/RELIABILITY.md, "A day of use"). It opens the real
// main window on a generated project (or the one given) and runs the monkey in rounds of 100
// actions, seed after seed, for as long as asked, training throughout (a long run of small
// epochs that the monkey stops, resumes and extends). Every ten seconds it writes a row of the
// soak: the resident memory, the threads, the open file descriptors, the actions so far and the
// longest GUI-thread stretch and the CPU the process has used. A broken invariant stops it with the seed and the
// actions; a GUI-thread stretch over the limit is printed with the seed, the actions and the thread's sampled stack,
// and the soak goes on.
//
//   gp_monkey [seed=1] [minutes=120] [project=DIR] [soak=FILE.csv] [epochs=1000] [journal=FILE]
//             [video_only=1]
//
// journal=: every label save appended as it lands (tests/app/tst_monkeykill kills the process
// at random and checks the project against it; analyses and exports are written there too, as
// "event" lines). video_only=1: only the video's actions (open, scrub, analyse with the newest
// checkpoint, export), no training: what a kill during an analysis or an export needs.

#include "guimonkey.h"
#include "heaptrimmer.h"
#include "languages.h"
#include "mainwindow.h"
#include "synthgenerator.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <cstdio>

#include <malloc.h>
#include <sys/resource.h>

namespace {

// A /proc/self/status field in kB or a count; -1 when unreadable (not Linux).
long statusField(const char *name)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray key = QByteArray(name) + ':';
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').value(0).toLong();
    return -1;
}

// User and system CPU of every thread: the host load the studio itself puts on the machine.
double processCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

long openDescriptors()
{
    return long(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size());
}

} // namespace

int main(int argc, char **argv)
{
    HeapTrimmer::limitArenas(); // as the studio does, before any thread starts
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    quint32 seed = 1;
    double minutes = 120;
    int epochs = 1000;
    QString project;
    QString soakFile = QStringLiteral("monkey-soak.csv");
    QString journal;
    bool videoOnly = false;
    for (const QString &arg : app.arguments().mid(1)) {
        const QString key = arg.section(QLatin1Char('='), 0, 0);
        const QString value = arg.section(QLatin1Char('='), 1);
        if (key == QLatin1String("seed"))
            seed = value.toUInt();
        else if (key == QLatin1String("minutes"))
            minutes = value.toDouble();
        else if (key == QLatin1String("project"))
            project = value;
        else if (key == QLatin1String("soak"))
            soakFile = value;
        else if (key == QLatin1String("epochs"))
            epochs = value.toInt();
        else if (key == QLatin1String("journal"))
            journal = value;
        else if (key == QLatin1String("video_only"))
            videoOnly = value == QLatin1String("1");
        else {
            std::fprintf(stderr,
                "usage: gp_monkey [seed=1] [minutes=120] [project=DIR] [soak=FILE.csv] [epochs=1000] [journal=FILE] "
                "[video_only=1]\n");
            return 2;
        }
    }

    // Settings and the demo project away from the user's.
    QTemporaryDir tmp;
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio Monkey"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp.filePath(QStringLiteral("settings")));
    QString error;
    if (project.isEmpty()) {
        project = tmp.filePath(QStringLiteral("project"));
        gp::SynthOptions o;
        o.outDir = project;
        o.count = 200;
        o.imageSize = QSize(640, 384);
        o.seed = 7;
        o.videoFrames = 300;
        if (!gp::SynthGenerator(gp::Skeleton::defaultGripper(), o).run(&error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
    }
    const QString other = tmp.filePath(QStringLiteral("other"));
    gp::SynthOptions o;
    o.outDir = other;
    o.count = 4;
    o.imageSize = QSize(320, 192);
    o.seed = 8;
    if (!gp::SynthGenerator(gp::Skeleton::defaultGripper(), o).run(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }

    Languages languages;
    languages.apply(QStringLiteral("en"));
    MainWindow w(&languages);
    w.resize(1366, 768);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w) || !w.openProject(project, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QTest::qWait(2000);

    QFile soak(soakFile);
    if (!soak.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(soakFile));
        return 1;
    }
    QTextStream out(&soak);
    // heap_used_kb / heap_free_kb: glibc's view of the heap (mallinfo2), which tells memory the
    // program still holds from memory freed but kept in glibc's arenas; heap_mmap_kb is the part
    // of heap_used_kb in blocks of their own. rss_anon_kb / rss_file_kb split the resident memory
    // into private memory (heap, thread stacks, buffers mapped by libraries such as OpenBLAS)
    // and pages of mapped files, which tells memory outside malloc from the heap.
    out << "seconds,actions,rss_kb,threads,fds,longest_stall_ms,cpu_s,heap_used_kb,heap_free_kb,heap_mmap_kb,"
           "rss_anon_kb,rss_file_kb\n";
    QElapsedTimer clock;
    clock.start();
    qint64 lastSample = -10000;
    int total = 0;
    int stalls = 0;
    double longest = 0;
    for (quint32 round = 0; clock.elapsed() < qint64(minutes * 60000); ++round) {
        GuiMonkey::Options options;
        options.seed = seed + round;
        options.actions = 100;
        options.trainingEpochs = epochs;
        options.trainingThroughout = true;
        options.training = !videoOnly;
        options.videoOnly = videoOnly;
        options.otherProject = other;
        options.journal = journal;
        options.stallBreaksRun = false;
        options.afterAction = [&](int) {
            ++total;
            if (clock.elapsed() - lastSample < 10000)
                return;
            lastSample = clock.elapsed();
            const struct mallinfo2 heap = mallinfo2();
            out << QString::asprintf("%.0f,%d,%ld,%ld,%ld,%.0f,%.1f,%zu,%zu,%zu,%ld,%ld\n", clock.elapsed() / 1000.0,
                total, statusField("VmRSS"), statusField("Threads"), openDescriptors(), longest, processCpuSeconds(),
                (heap.uordblks + heap.hblkhd) / 1024, heap.fordblks / 1024, heap.hblkhd / 1024, statusField("RssAnon"),
                statusField("RssFile"));
            out.flush();
        };
        GuiMonkey monkey(&w, project, options);
        QString failure;
        const bool held = monkey.run(&failure);
        longest = std::max(longest, monkey.longestStallMs());
        if (!held) {
            std::fprintf(stderr, "%s\n", qPrintable(failure));
            return 1;
        }
        std::printf("round %u (seed %u): %d actions, longest stretch %.0f ms, %.0f s\n", round, options.seed,
            monkey.actionsDone(), monkey.longestStallMs(), clock.elapsed() / 1000.0);
        // A stretch past the limit is reported with where it was and what the thread was doing.
        if (monkey.longestStallMs() > GuiMonkey::kMaxStallMs) {
            ++stalls;
            std::printf("  over %.0f ms, after \"%s\"; the actions: %s\n%s\n", GuiMonkey::kMaxStallMs,
                qPrintable(monkey.longestStallWhere()), qPrintable(monkey.actionLog().join(QStringLiteral("; "))),
                qPrintable(monkey.longestStallStacks().join(QLatin1Char('\n'))));
        }
        std::fflush(stdout);
    }
    std::printf("%d actions in %.0f s, no invariant broken; %d rounds with a GUI-thread stretch over %.0f ms\n", total,
        clock.elapsed() / 1000.0, stalls, GuiMonkey::kMaxStallMs);
    return 0;
}
