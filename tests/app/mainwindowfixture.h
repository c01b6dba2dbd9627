#pragma once

// What the main window tests share (tst_mainwindow, tst_mainwindowshell): a small generated
// project, settings and standard paths kept away from the user's, and the window opened on
// that project.

#include "imagebrowser.h"
#include "labelworkspace.h"
#include "languages.h"
#include "mainwindow.h"
#include "project.h"
#include "skeleton.h"
#include "synthgenerator.h"

#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace mainwindowtest {

// Background work (thumbnails, decoding, checks) can be slow on a loaded CI machine.
constexpr int kSlowMachineMs = 60000;

inline gp::SynthOptions tinyOptions(const QString &dir, int count = 10)
{
    gp::SynthOptions o;
    o.outDir = dir;
    o.count = count;
    o.imageSize = QSize(640, 384);
    o.seed = 11;
    o.valFraction = 0.3;
    o.videoFrames = 8;
    return o;
}

// Settings and standard paths under `tmp` (never the user's), English, and a generated
// project in tmp/tiny, whose folder goes to *project. Call from initTestCase().
inline void prepare(const QTemporaryDir &tmp, Languages &languages, QString *project)
{
    QVERIFY(tmp.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio"));
    QStandardPaths::setTestModeEnabled(true);
    const QString settingsDir = tmp.filePath(QStringLiteral("settings"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir);
    QVERIFY(QSettings().fileName().startsWith(settingsDir));
    QVERIFY(languages.apply(QStringLiteral("en")));

    *project = tmp.filePath(QStringLiteral("tiny"));
    QString error;
    QVERIFY2(gp::SynthGenerator(gp::Skeleton::defaultGripper(), tinyOptions(*project)).run(&error), qPrintable(error));
    QVERIFY(gp::Project::isProject(*project));
}

// Shows the window and opens `project` in it, waiting for the label list.
inline void openWindow(MainWindow &w, const QString &project)
{
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString error;
    QSignalSpy changed(&w, &MainWindow::projectChanged);
    QVERIFY2(w.openProject(project, &error), qPrintable(error));
    QCOMPARE(changed.count(), 1);
    // The labels are read in the background; the window works meanwhile.
    QTRY_VERIFY_WITH_TIMEOUT(!w.labelWorkspace()->browser()->isListing(), kSlowMachineMs);
}

} // namespace mainwindowtest
