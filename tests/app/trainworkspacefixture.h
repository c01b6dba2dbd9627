#pragma once

// What the Train workspace tests share (tst_trainworkspace, tst_runwatching): a tiny generated
// project and the clicks and typing a user does on the form, the runs list and the tabs.

#include "configfield.h"
#include "devicechooser.h"
#include "epochmetricsfile.h"
#include "keypointerrortable.h"
#include "languages.h"
#include "lossplot.h"
#include "lrplot.h"
#include "metricsplot.h"
#include "project.h"
#include "resultscsv.h"
#include "runcatalog.h"
#include "runsetupform.h"
#include "runspanel.h"
#include "runwatcher.h"
#include "skeleton.h"
#include "synthgenerator.h"
#include "tinydataset.h"
#include "trainalert.h"
#include "trainbanner.h"
#include "traincontroller.h"
#include "traindashboard.h"
#include "trainer.h"
#include "trainingconfig.h"
#include "trainprogresspanel.h"
#include "trainworkspace.h"
#include "valimagestrip.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

namespace trainworkspacetest {

// The core types these tests name (a `using namespace trainworkspacetest;` brings them in).
using gp::ComputeDevice;
using gp::EpochMetricsFile;
using gp::EpochReport;
using gp::KeypointErrorStats;
using gp::PoseMetrics;
using gp::Project;
using gp::ResultsCsv;
using gp::RunCatalog;
using gp::RunRecord;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::Trainer;
using gp::TrainingConfig;
using gp::TrainingHistory;
using gp::TrainingSession;

// Training on a loaded 2-core machine: generous, never a measure of speed.
constexpr int kTrainMs = 600000;

// Types `text` into a line edit as a user does: select all, type, so textEdited fires.
inline void typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

inline QLineEdit *lineEdit(RunSetupForm *form, const char *key)
{
    return qobject_cast<QLineEdit *>(form->field(QLatin1String(key))->editor());
}

inline void clickTab(QTabWidget *tabs, int index)
{
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, Qt::NoModifier, tabs->tabBar()->tabRect(index).center());
}

inline QTreeWidgetItem *runItem(RunsPanel *panel, const QString &name)
{
    for (int i = 0; i < panel->tree()->topLevelItemCount(); ++i)
        if (panel->tree()->topLevelItem(i)->text(RunsPanel::NameColumn) == name)
            return panel->tree()->topLevelItem(i);
    return nullptr;
}

inline void clickRun(RunsPanel *panel, QTreeWidgetItem *item, int column = RunsPanel::NameColumn)
{
    QTreeWidget *tree = panel->tree();
    tree->scrollToItem(item);
    // The row's rectangle spans every column; a long name makes its centre fall outside the
    // viewport, so the click goes to the start of the column's cell.
    QRect r = tree->visualItemRect(item);
    r.setLeft(tree->header()->sectionViewportPosition(column));
    r.setWidth(std::min(tree->header()->sectionSize(column), 40));
    QPoint at = r.center();
    if (column == RunsPanel::CompareColumn) // the check box sits at the start of the cell
        at = QPoint(r.left() + tree->style()->pixelMetric(QStyle::PM_IndicatorWidth) / 2 + 4, r.center().y());
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier, at);
}

inline int points(PlotPanel *plot, const QString &series)
{
    const QCPGraph *g = plot->graph(series);
    return g ? g->data()->size() : 0;
}

inline QString resultsRow(int epoch, double poseMap, double boxMap)
{
    QStringList cells { QString::number(epoch), QString::number(epoch * 2.5) };
    for (int c = 0; c < 5; ++c)
        cells << QString::number(1.0 / epoch + c);
    cells << QStringLiteral("0.5") << QStringLiteral("0.5") << QString::number(boxMap + 0.1) << QString::number(boxMap)
          << QStringLiteral("0.5") << QStringLiteral("0.5") << QString::number(poseMap + 0.1)
          << QString::number(poseMap);
    for (int c = 0; c < 5; ++c)
        cells << QString::number(2.0 + c);
    cells << QStringLiteral("0.001") << QStringLiteral("0.002") << QStringLiteral("0.003");
    return cells.join(QLatin1Char(','));
}

// With GP_SCREENSHOT_DIR set, saves the widget as NAME-en.png and NAME-zh_CN.png.
inline void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("GP_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    Languages languages;
    for (const QString &lang : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        QVERIFY(languages.apply(lang));
        QCoreApplication::processEvents(); // LanguageChange
        QTest::qWait(2 * PlotPanel::kMinRedrawIntervalMs); // the throttled plots redraw
        QVERIFY(w->grab().save(QDir(dir).filePath(QStringLiteral("%1-%2.png").arg(name, lang))));
    }
    QVERIFY(languages.apply(QStringLiteral("en")));
    QCoreApplication::processEvents();
}

inline bool writeAtomically(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() && f.commit();
}

// The training tests' tiny dataset (testsupport::makeTinyDataset) opened as a project.
inline std::shared_ptr<const gp::Project> tinyProject(const QString &dir)
{
    QString error;
    if (testsupport::makeTinyDataset(dir, &error).isEmpty()) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    auto project = gp::Project::open(dir, &error);
    if (!project) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    return std::make_shared<const gp::Project>(std::move(*project));
}

} // namespace trainworkspacetest
