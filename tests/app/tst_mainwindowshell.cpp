// The main window's shell on a small generated project: every workspace retranslated by
// the language switch (also at runtime, to Chinese and back), the About dialog, the
// projects and workspace it remembers, and the demo project's generation (and its
// cancellation). The workspaces themselves are in tst_mainwindow.

#include "aboutdialog.h"
#include "labelworkspace.h"
#include "languages.h"
#include "mainwindow.h"
#include "mainwindowfixture.h"
#include "project.h"
#include "synthgenerator.h"
#include "trainworkspace.h"

#include <QAbstractButton>
#include <QDir>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using gp::SynthGenerator;
using gp::SynthOptions;
using mainwindowtest::kSlowMachineMs;
using mainwindowtest::tinyOptions;

namespace {

// Translates every string to "[source]", to see which texts follow a language change.
class PseudoTranslator : public QTranslator
{
public:
    bool isEmpty() const override { return false; }
    QString translate(const char *, const char *sourceText, const char *, int n) const override
    {
        QString s = QString::fromUtf8(sourceText);
        if (n >= 0)
            s.replace(QLatin1String("%n"), QString::number(n));
        return QLatin1Char('[') + s + QLatin1Char(']');
    }
};

} // namespace

class TestMainWindowShell : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void retranslatesEveryWorkspace();
    void switchesLanguageAtRuntime();
    void aboutDialogListsCpu();
    void remembersProjectsAndWorkspace();
    void demoOptionsAreTheDemoRecipe();
    void createsDemoProject();
    void cancelsDemoProject();

private:
    void openWindow(MainWindow &w);

    QTemporaryDir m_tmp;
    QString m_project;
    Languages m_languages;
};

void TestMainWindowShell::initTestCase()
{
    mainwindowtest::prepare(m_tmp, m_languages, &m_project);
}

void TestMainWindowShell::init()
{
    QSettings().clear();
}

void TestMainWindowShell::cleanup()
{
    m_languages.apply(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(); // deliver LanguageChange before the next test
}

void TestMainWindowShell::openWindow(MainWindow &w)
{
    mainwindowtest::openWindow(w, m_project);
}

void TestMainWindowShell::retranslatesEveryWorkspace()
{
    MainWindow w(&m_languages);
    openWindow(w);
    QTRY_VERIFY_WITH_TIMEOUT(!w.isBusy(), kSlowMachineMs);
    PseudoTranslator pseudo;
    QCoreApplication::installTranslator(&pseudo);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    auto bracketed
        = [](const QString &text) { return text.startsWith(QLatin1Char('[')) && text.endsWith(QLatin1Char(']')); };

    QStringList untranslated;
    for (int i = 0; i < 3; ++i)
        if (!bracketed(w.workspaceTabs()->tabText(i)))
            untranslated << w.workspaceTabs()->tabText(i);
    // Every menu entry but the language names (each in its own language) and recent folders.
    std::function<void(QMenu *)> walk = [&](QMenu *menu) {
        if (!bracketed(menu->title()))
            untranslated << menu->title();
        for (QAction *a : menu->actions()) {
            if (a->isSeparator() || a->data().isValid()
                || (a->text().startsWith(QLatin1Char('&')) && a->text().at(1).isDigit()))
                continue;
            if (a->menu())
                walk(a->menu());
            else if (!bracketed(a->text()))
                untranslated << a->text();
        }
    };
    for (QAction *a : w.menuBar()->actions())
        walk(a->menu());
    // Buttons, check boxes and group titles in the workspaces.
    for (QAbstractButton *b : w.findChildren<QAbstractButton *>())
        if (!b->text().isEmpty() && !bracketed(b->text()) && !qobject_cast<QTabBar *>(b->parent()))
            untranslated << b->text();
    for (QGroupBox *g : w.findChildren<QGroupBox *>())
        if (!bracketed(g->title()))
            untranslated << g->title();
    QTableWidget *problems = w.trainWorkspace()->problemTable();
    for (int c = 0; c < problems->columnCount(); ++c)
        if (!bracketed(problems->horizontalHeaderItem(c)->text()))
            untranslated << problems->horizontalHeaderItem(c)->text();
    QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QStringLiteral(" | "))));

    QCoreApplication::removeTranslator(&pseudo);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCOMPARE(w.workspaceTabs()->tabText(0), QStringLiteral("Label"));
    QCOMPARE(problems->horizontalHeaderItem(0)->text(), QStringLiteral("Kind"));
}

void TestMainWindowShell::switchesLanguageAtRuntime()
{
    MainWindow w(&m_languages);
    openWindow(w);
    QTabWidget *tabs = w.workspaceTabs();
    QCOMPARE(tabs->tabText(0), QStringLiteral("Label"));
    const QString fileMenu = w.menuBar()->actions().at(0)->text();
    QCOMPARE(fileMenu, QStringLiteral("&File"));

    // The translator is compiled in and installs.
    QVERIFY(w.setLanguage(QStringLiteral("zh_CN")));
    QCOMPARE(m_languages.current(), QStringLiteral("zh_CN"));
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
    // And it translates the workspace names.
    const QString label = QCoreApplication::translate("MainWindow", "Label", "workspace");
    QVERIFY2(label != QLatin1String("Label"), "no Chinese translation of MainWindow \"Label\" (workspace)");
    QTRY_COMPARE_WITH_TIMEOUT(tabs->tabText(0), label, kSlowMachineMs);
    QCOMPARE(tabs->tabText(1), QCoreApplication::translate("MainWindow", "Train", "workspace"));
    QCOMPARE(tabs->tabText(2), QCoreApplication::translate("MainWindow", "Video", "workspace"));
    QCOMPARE(w.menuBar()->actions().at(0)->text(), QCoreApplication::translate("MainWindow", "&File"));
    // Widgets inside the workspaces follow.
    QCOMPARE(w.trainWorkspace()->problemTable()->horizontalHeaderItem(0)->text(),
        QCoreApplication::translate("DatasetCheckPanel", "Kind"));
    QCOMPARE(w.trainWorkspace()->startButton()->text(), QCoreApplication::translate("TrainWorkspace", "Start"));

    QVERIFY(w.setLanguage(QStringLiteral("en")));
    QTRY_COMPARE_WITH_TIMEOUT(tabs->tabText(0), QStringLiteral("Label"), kSlowMachineMs);
    QCOMPARE(w.menuBar()->actions().at(0)->text(), QStringLiteral("&File"));
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("en"));
    QVERIFY(!w.setLanguage(QStringLiteral("xx")));
}

void TestMainWindowShell::aboutDialogListsCpu()
{
    MainWindow w(&m_languages);
    openWindow(w);
    AboutDialog *about = w.showAbout();
    QVERIFY(about);
    QVERIFY(about->isVisible());
    QTableWidget *devices = about->deviceTable();
    QVERIFY(devices->rowCount() >= 1);
    QCOMPARE(devices->item(0, 0)->text(), QStringLiteral("cpu"));
    QCOMPARE(devices->item(0, 1)->text(), QStringLiteral("CPU"));
    QVERIFY2(devices->item(0, 2)->text().contains(QStringLiteral("CPU")), qPrintable(devices->item(0, 2)->text()));
    const QString versions = about->versionsText();
    QVERIFY2(versions.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())), qPrintable(versions));
    QVERIFY2(versions.contains(QStringLiteral("LibTorch ")), qPrintable(versions));
    QVERIFY2(versions.contains(QStringLiteral("OpenCV 4.")), qPrintable(versions));
    bool licence = false;
    for (QLabel *l : about->findChildren<QLabel *>())
        licence = licence || l->text().contains(QStringLiteral("GPL-3.0-or-later"));
    QVERIFY(licence);
    about->close();
}

void TestMainWindowShell::remembersProjectsAndWorkspace()
{
    {
        MainWindow w(&m_languages);
        openWindow(w);
        w.setWorkspace(MainWindow::Workspace::Video);
        QCOMPARE(w.recentProjects(), QStringList { QDir::cleanPath(m_project) });
        w.close();
    }
    QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("project/last")).toString(), QDir::cleanPath(m_project));
    QVERIFY(!settings.value(QStringLiteral("window/geometry")).toByteArray().isEmpty());

    MainWindow again(&m_languages);
    QCOMPARE(again.workspace(), MainWindow::Workspace::Video);
    QSignalSpy changed(&again, &MainWindow::projectChanged);
    again.openStartupProject();
    QCOMPARE(changed.count(), 1);
    QVERIFY(again.project());
    QCOMPARE(again.project()->dir(), QDir::cleanPath(m_project));
    QVERIFY(!again.demoProgressDialog()); // a last project exists: no demo generation

    // A project that fails to open leaves the current one and the list alone.
    QString error;
    QVERIFY(!again.openProject(m_tmp.filePath(QStringLiteral("nothing-here")), &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(again.project()->dir(), QDir::cleanPath(m_project));
}

void TestMainWindowShell::demoOptionsAreTheDemoRecipe()
{
    const SynthOptions o = MainWindow::demoOptions();
    QCOMPARE(o.count, 200);
    QCOMPARE(o.imageSize, QSize(1280, 720));
    QCOMPARE(o.seed, quint64(0));
    QCOMPARE(o.videoFrames, 180);
    QCOMPARE(o.outDir, MainWindow::demoProjectDir());
    QVERIFY(MainWindow::demoProjectDir().startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
    QVERIFY(MainWindow::demoProjectDir().endsWith(QStringLiteral("/demo-project")));
}

void TestMainWindowShell::createsDemoProject()
{
    MainWindow w(&m_languages);
    w.show();
    const QString dir = m_tmp.filePath(QStringLiteral("made/demo-project"));
    QSignalSpy changed(&w, &MainWindow::projectChanged);
    QSignalSpy failed(&w, &MainWindow::demoProjectFailed);
    w.createDemoProject(dir, tinyOptions(QString(), 6));
    QVERIFY(w.demoProgressDialog());
    QVERIFY(w.demoProgressDialog()->isVisible());
    QVERIFY(w.isBusy());
    QTRY_COMPARE_WITH_TIMEOUT(changed.count() + failed.count(), 1, 60000);
    QCOMPARE(failed.count(), 0);
    QVERIFY(w.project());
    QCOMPARE(w.project()->dir(), QDir::cleanPath(dir));
    QVERIFY(!QFileInfo::exists(dir + QStringLiteral(".partial")));
    QVERIFY(QFileInfo::exists(QDir(dir).filePath(SynthGenerator::videoFileName())));
    QTRY_VERIFY_WITH_TIMEOUT(!w.demoProgressDialog(), kSlowMachineMs);
    QTRY_COMPARE_WITH_TIMEOUT(w.labelWorkspace()->totalCounts().images, 6, kSlowMachineMs);
}

void TestMainWindowShell::cancelsDemoProject()
{
    MainWindow w(&m_languages);
    w.show();
    QString error;
    QVERIFY(w.openProject(m_project, &error));
    const QString dir = m_tmp.filePath(QStringLiteral("cancelled/demo-project"));
    QSignalSpy changed(&w, &MainWindow::projectChanged);
    QSignalSpy failed(&w, &MainWindow::demoProjectFailed);
    SynthOptions big = tinyOptions(QString(), 5000);
    big.imageSize = QSize(1280, 720);
    w.createDemoProject(dir, big);
    QProgressDialog *dialog = w.demoProgressDialog();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->value() > 0, kSlowMachineMs);
    auto *cancel = dialog->findChild<QPushButton *>();
    QVERIFY(cancel);
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
    QCOMPARE(changed.count(), 0);
    QVERIFY(!QFileInfo::exists(dir));
    QVERIFY(!QFileInfo::exists(dir + QStringLiteral(".partial")));
    QCOMPARE(w.project()->dir(), QDir::cleanPath(m_project)); // the open project stays
    QVERIFY(!w.isBusy() || w.labelWorkspace()->isBusy());
}

QTEST_MAIN(TestMainWindowShell)
#include "tst_mainwindowshell.moc"
