// The GUI monkey (bench/monkey) under CTest: 300 random user actions with a fixed seed on a small
// generated project, through the real main window: labelling, undo, tags, a short training run
// started, stopped and resumed, a video scrubbed and smoothed, frames sent to Label, another
// project opened and left. After every action the monkey checks its invariants (the labels on disk
// are the ones shown, no half-written label file, undo restores, no dialog left open, the GUI
// thread never busy more than 200 ms on end). A failure prints the seed and the actions.

#include "annotationdocument.h"
#include "guimonkey.h"
#include "labelworkspace.h"
#include "languages.h"
#include "mainwindow.h"
#include "mainwindowfixture.h"
#include "synthgenerator.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cstdio>
#include <ctime>

class TestGuiMonkey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        mainwindowtest::prepare(m_tmp, m_languages, &m_project);
        m_other = m_tmp.filePath(QStringLiteral("other"));
        QString error;
        gp::SynthOptions o = mainwindowtest::tinyOptions(m_other, 4);
        o.seed = 12;
        QVERIFY2(gp::SynthGenerator(gp::Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    }

    void keepsEveryInvariant()
    {
        MainWindow w(&m_languages);
        mainwindowtest::openWindow(w, m_project);
        GuiMonkey::Options options;
        options.seed = 20261207;
        options.actions = 300;
        options.otherProject = m_other;
        GuiMonkey monkey(&w, m_project, options);
        QString failure;
        const bool held = monkey.run(&failure);
        for (const auto &[name, count] : monkey.actionCounts())
            std::printf("  %-16s %d\n", qPrintable(name), count);
        std::printf("longest GUI-thread stretch: %.0f ms\n", monkey.longestStallMs());
        QVERIFY2(held, qPrintable(failure));
        QCOMPARE(monkey.actionsDone(), options.actions);
        // The round did what it is for: it edited, undid, trained and used the video.
        const auto counts = monkey.actionCounts();
        for (const char *name : { "place", "drag", "undo", "start training", "scrub" })
            QVERIFY2(counts.count(QString::fromLatin1(name)) && counts.at(QString::fromLatin1(name)) > 0, name);
    }

    void catchesWhatItChecks()
    {
        // The checks are not blind: a label file changed behind the window's back, one cut
        // in half, and a GUI thread kept busy are each reported.
        MainWindow w(&m_languages);
        mainwindowtest::openWindow(w, m_project);
        GuiMonkey::Options options;
        options.seed = 7;
        options.actions = 40;
        options.training = false;
        GuiMonkey monkey(&w, m_project, options);
        QString failure;
        QVERIFY2(monkey.run(&failure), qPrintable(failure));
        gp::AnnotationDocument *doc = w.labelWorkspace()->document();
        QVERIFY(doc->flush());
        const QString file = doc->labelFile();
        QVERIFY(QFileInfo::exists(file));
        QVERIFY(monkey.checkNow().isEmpty());
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray original = f.readAll();
        f.close();
        QVERIFY(!original.isEmpty());
        // Another value in the file than on screen.
        QList<QByteArray> fields = original.split('\n').value(0).split(' ');
        QVERIFY(fields.size() > 6);
        fields[5] = fields[5] == "0.250000" ? "0.750000" : "0.250000"; // the first point's x
        const QByteArray changed = fields.join(' ') + original.mid(original.indexOf('\n'));
        QVERIFY(writeFile(file, changed));
        const QString differs = monkey.checkNow();
        QVERIFY2(differs.contains(file), qPrintable(differs));
        // A line cut short, as a write stopped half way would leave it.
        QVERIFY(writeFile(file, original.left(original.size() / 2)));
        QString cut = monkey.checkNow();
        QVERIFY2(cut.contains(file), qPrintable(cut));
        QVERIFY(writeFile(file, original));
        QVERIFY(monkey.checkNow().isEmpty());
        // The GUI thread busy for 300 ms of its own CPU time (not of the clock: on a loaded
        // machine 300 ms of wall time may hold less).
        QTimer::singleShot(0, [] { keepBusy(300); });
        monkey.idle(50);
        const QString stall = monkey.checkNow();
        QVERIFY2(stall.contains(QStringLiteral("worked")), qPrintable(stall));
#ifdef __GLIBC__
        // and says where the thread was: the stack sampled during the stretch names the function.
        QVERIFY2(stall.contains(QStringLiteral("keepBusy")), qPrintable(stall));
#endif
    }

private:
    // Not inlined, so that the sampled stack has it by name.
    Q_NEVER_INLINE static void keepBusy(double cpuMsToSpend)
    {
        auto cpuMs = [] {
            timespec ts {};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
            return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
        };
        const double start = cpuMs();
        volatile double x = 0;
        while (cpuMs() - start < cpuMsToSpend)
            x = x + 1;
    }

    static bool writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
    }

    QTemporaryDir m_tmp;
    Languages m_languages;
    QString m_project;
    QString m_other;
};

QTEST_MAIN(TestGuiMonkey)
#include "tst_guimonkey.moc"
