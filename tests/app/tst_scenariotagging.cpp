// Scenario tags in the Label workspace with real clicks and keys: the image shown tagged
// with a click on its box; three images selected with Ctrl+click and tagged by typing a new
// tag, seen in the list and its filter, untagged, undone with Ctrl+Z; the tags read back by a
// new workspace from scenarios.yaml; a file a glob tags refused with the message that names
// the glob; a scenarios.yaml that cannot be written keeps the tag, says so, writes it once it
// can, and asks before the project is closed with it unwritten.

#include "annotationdocument.h"
#include "imagebrowser.h"
#include "imagefiltermodel.h"
#include "labelworkspace.h"
#include "labelworkspacefixture.h"
#include "project.h"
#include "scenariotagcontroller.h"
#include "scenariotagpanel.h"
#include "scenariotags.h"
#include "synthgenerator.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

using gp::Project;
using gp::ScenarioTags;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

static constexpr int kSlowMachineMs = 60000;

class TestScenarioTagging : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void tagTheImageShown();
    void tagThreeSelectedImagesThenUntagAndUndo();
    void tagsPersistAcrossReopening();
    void aGlobTaggedFileIsNotUntaggedAlone();
    void anUnwritableFileKeepsTheTagAndAsks();

private:
    void open(LabelWorkspace &ws);
    void clickRow(LabelWorkspace &ws, const QString &file, Qt::KeyboardModifiers mods = {});
    QString relative(const QString &file) const { return QDir(m_dir).relativeFilePath(file); }
    // scenarios.yaml read independently of the workspace.
    ScenarioTags readTags() const;

    QTemporaryDir m_tmp;
    QString m_dir;
};

void TestScenarioTagging::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio Tag Test"));
    QStandardPaths::setTestModeEnabled(true);
    const QString settingsDir = m_tmp.filePath(QStringLiteral("settings"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir);
}

void TestScenarioTagging::init()
{
    QSettings().clear();
    m_dir = m_tmp.filePath(QStringLiteral("p%1").arg(QTest::currentTestFunction()));
    SynthOptions o;
    o.outDir = m_dir;
    o.count = 8;
    o.imageSize = QSize(320, 192);
    o.seed = 5;
    o.videoFrames = 0;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    QVERIFY(!QFile::exists(ScenarioTags::fileFor(m_dir)));
}

void TestScenarioTagging::open(LabelWorkspace &ws)
{
    QString error;
    auto project = Project::open(m_dir, &error);
    QVERIFY2(project, qPrintable(error));
    ws.resize(1400, 860);
    ws.setProject(std::make_shared<const Project>(*project));
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QTRY_VERIFY_WITH_TIMEOUT(!ws.shownFile().isEmpty() && !ws.isBusy(), kSlowMachineMs);
    QVERIFY(ws.tagController()->isReady());
}

void TestScenarioTagging::clickRow(LabelWorkspace &ws, const QString &file, Qt::KeyboardModifiers mods)
{
    const QModelIndex shown = ws.filterModel()->mapFromSource(ws.imageModel()->index(ws.imageModel()->rowOf(file)));
    QVERIFY(shown.isValid());
    QListView *list = ws.imageList();
    list->scrollTo(shown);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, mods, list->visualRect(shown).center());
}

ScenarioTags TestScenarioTagging::readTags() const
{
    ScenarioTags tags;
    QString error;
    if (!tags.load(m_dir, &error))
        qWarning("%s", qPrintable(error));
    return tags;
}

void TestScenarioTagging::tagTheImageShown()
{
    LabelWorkspace ws;
    open(ws);
    const QString shown = ws.shownFile();
    ScenarioTagPanel *panel = ws.tagPanel();
    // The generator's three tags are offered before any is used.
    QCOMPARE(panel->shownTags(), (QStringList { "occlusion", "fast_motion", "low_light" }));
    QCheckBox *occlusion = panel->checkBox(QStringLiteral("occlusion"));
    QVERIFY(occlusion && occlusion->isEnabled());
    QCOMPARE(occlusion->checkState(), Qt::Unchecked);
    QTest::mouseClick(occlusion, Qt::LeftButton, {}, QPoint(8, occlusion->height() / 2));
    QCOMPARE(occlusion->checkState(), Qt::Checked);
    // Written at once, as the path relative to the dataset.
    QCOMPARE(readTags().tagsOf(shown), QStringList { "occlusion" });
    QFile f(ScenarioTags::fileFor(m_dir));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains(relative(shown).toUtf8()));
    // The list shows it (its row carries the tag, its tooltip names it).
    const QModelIndex row = ws.imageModel()->index(ws.imageModel()->rowOf(shown));
    QCOMPARE(row.data(ImageListModel::TagsRole).toStringList(), QStringList { "occlusion" });
    QVERIFY(row.data(Qt::ToolTipRole).toString().contains(QLatin1String("occlusion")));
    // Alt+3 (the third tag) from the image list, then again: tagged and untagged.
    ws.imageList()->setFocus();
    QTest::keyClick(ws.imageList(), Qt::Key_3, Qt::AltModifier);
    QCOMPARE(readTags().tagsOf(shown), (QStringList { "low_light", "occlusion" }));
    QTest::keyClick(ws.imageList(), Qt::Key_3, Qt::AltModifier);
    QCOMPARE(readTags().tagsOf(shown), QStringList { "occlusion" });
    if (!qEnvironmentVariableIsEmpty("GP_SCREENSHOT_DIR"))
        ws.grab().save(QDir(qEnvironmentVariable("GP_SCREENSHOT_DIR")).filePath(QStringLiteral("label-tags.png")));
}

void TestScenarioTagging::tagThreeSelectedImagesThenUntagAndUndo()
{
    LabelWorkspace ws;
    open(ws);
    QStringList three;
    for (int r = 0; r < 3; ++r)
        three << ws.imageModel()->entry(r).file;
    clickRow(ws, three[0]);
    clickRow(ws, three[1], Qt::ControlModifier);
    clickRow(ws, three[2], Qt::ControlModifier);
    QCOMPARE(ws.browser()->selectedFiles(), three);
    // The undo history belongs to the image shown: wait for the last one clicked.
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), three[2], kSlowMachineMs);
    QTRY_VERIFY_WITH_TIMEOUT(!ws.isBusy(), kSlowMachineMs);

    // Ctrl+T, a new tag typed, Enter: all three have it.
    ScenarioTagPanel *panel = ws.tagPanel();
    ws.imageList()->setFocus();
    QTest::keyClick(ws.imageList(), Qt::Key_T, Qt::ControlModifier);
    QVERIFY(panel->newTagEdit()->hasFocus());
    QTest::keyClicks(panel->newTagEdit(), QStringLiteral("Glare "));
    QTest::keyClick(panel->newTagEdit(), Qt::Key_Return);
    QVERIFY2(panel->messageLabel()->isHidden(), qPrintable(panel->messageLabel()->text()));
    QVERIFY(panel->newTagEdit()->text().isEmpty());
    const ScenarioTags written = readTags();
    for (const QString &file : three)
        QCOMPARE(written.tagsOf(file), QStringList { "glare" });
    for (int r = 3; r < ws.imageModel()->rowCount(); ++r)
        QVERIFY(written.tagsOf(ws.imageModel()->entry(r).file).isEmpty());
    QCheckBox *glare = panel->checkBox(QStringLiteral("glare"));
    QVERIFY(glare);
    QCOMPARE(glare->checkState(), Qt::Checked);

    // The list's scenario filter shows those three, then the untagged rest.
    QComboBox *filter = ws.browser()->tagFilterBox();
    int glareItem = -1;
    for (int i = 0; i < filter->count(); ++i)
        if (filter->itemText(i).startsWith(QLatin1String("glare")))
            glareItem = i;
    QVERIFY(glareItem > 0);
    QVERIFY(filter->itemText(glareItem).contains(QLatin1String("3")));
    filter->setCurrentIndex(glareItem);
    QCOMPARE(ws.filterModel()->rowCount(), 3);
    filter->setCurrentIndex(filter->findData(int(ImageFilterModel::TagFilter::Untagged)));
    QCOMPARE(ws.filterModel()->rowCount(), ws.imageModel()->rowCount() - 3);
    filter->setCurrentIndex(0);
    QCOMPARE(ws.filterModel()->rowCount(), ws.imageModel()->rowCount());

    // One of them untagged alone: the box is half-checked for the three again.
    clickRow(ws, three[1]);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), three[1], kSlowMachineMs);
    QTest::mouseClick(glare, Qt::LeftButton, {}, QPoint(8, glare->height() / 2));
    QVERIFY(readTags().tagsOf(three[1]).isEmpty());
    clickRow(ws, three[0], Qt::ShiftModifier); // rows 0..1
    clickRow(ws, three[2], Qt::ControlModifier);
    QCOMPARE(ws.browser()->selectedFiles().size(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), three[2], kSlowMachineMs);
    QTRY_VERIFY_WITH_TIMEOUT(!ws.isBusy(), kSlowMachineMs);
    QCOMPARE(glare->checkState(), Qt::PartiallyChecked);
    // A click on a half-checked box tags them all; the next untags them all.
    QTest::mouseClick(glare, Qt::LeftButton, {}, QPoint(8, glare->height() / 2));
    for (const QString &file : three)
        QCOMPARE(readTags().tagsOf(file), QStringList { "glare" });
    QTest::mouseClick(glare, Qt::LeftButton, {}, QPoint(8, glare->height() / 2));
    for (const QString &file : three)
        QVERIFY(readTags().tagsOf(file).isEmpty());
    QCOMPARE(ws.imageModel()->entry(ws.imageModel()->rowOf(three[0])).tags, QStringList());

    // Ctrl+Z gives the tag back to the three (and writes it), Ctrl+Shift+Z takes it again.
    QVERIFY(ws.document()->undoStack()->canUndo());
    ws.imageList()->setFocus();
    QTest::keyClick(ws.imageList(), Qt::Key_Z, Qt::ControlModifier);
    for (const QString &file : three)
        QCOMPARE(readTags().tagsOf(file), QStringList { "glare" });
    QCOMPARE(ws.imageModel()->entry(ws.imageModel()->rowOf(three[0])).tags, QStringList { "glare" });
    QTest::keyClick(ws.imageList(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    for (const QString &file : three)
        QVERIFY(readTags().tagsOf(file).isEmpty());
    // A name that cannot be a tag is refused with the reason.
    panel->newTagEdit()->setFocus();
    QTest::keyClicks(panel->newTagEdit(), QStringLiteral("normal"));
    QTest::keyClick(panel->newTagEdit(), Qt::Key_Return);
    QVERIFY(panel->messageLabel()->isVisible());
    QVERIFY(panel->messageLabel()->text().contains(QLatin1String("normal")));
    QVERIFY(!readTags().tags().contains(QStringLiteral("normal")));
}

void TestScenarioTagging::tagsPersistAcrossReopening()
{
    QStringList tagged;
    {
        LabelWorkspace ws;
        open(ws);
        QTest::mouseClick(ws.tagPanel()->selectAllButton(), Qt::LeftButton);
        const QStringList all = ws.browser()->selectedFiles();
        QCOMPARE(all.size(), ws.imageModel()->rowCount());
        QCheckBox *fast = ws.tagPanel()->checkBox(QStringLiteral("fast_motion"));
        QTest::mouseClick(fast, Qt::LeftButton, {}, QPoint(8, fast->height() / 2));
        tagged = all;
        QVERIFY(!ws.tagController()->hasUnsavedChanges());
    }
    LabelWorkspace again;
    open(again);
    for (const QString &file : tagged) {
        const int row = again.imageModel()->rowOf(file);
        QVERIFY2(row >= 0, qPrintable(file));
        QCOMPARE(again.imageModel()->entry(row).tags, QStringList { "fast_motion" });
    }
    QCOMPARE(again.tagPanel()->checkBox(QStringLiteral("fast_motion"))->checkState(), Qt::Checked);
    // Each image of the split is listed in the file by its own path.
    QFile f(ScenarioTags::fileFor(m_dir));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    for (const QString &file : tagged)
        QVERIFY2(text.contains(relative(file).toUtf8()), text.constData());
}

void TestScenarioTagging::aGlobTaggedFileIsNotUntaggedAlone()
{
    {
        QFile f(ScenarioTags::fileFor(m_dir));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("low_light:\n  - images/train/*.jpg\n");
    }
    const QByteArray before = [&] {
        QFile f(ScenarioTags::fileFor(m_dir));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    LabelWorkspace ws;
    open(ws);
    ws.setCurrentSplit(QStringLiteral("train"));
    QTRY_VERIFY_WITH_TIMEOUT(ws.shownFile().contains(QLatin1String("/images/train/")), kSlowMachineMs);
    const QString shown = ws.shownFile();
    QCOMPARE(ws.imageModel()->entry(ws.imageModel()->rowOf(shown)).tags, QStringList { "low_light" });
    QCheckBox *lowLight = ws.tagPanel()->checkBox(QStringLiteral("low_light"));
    QCOMPARE(lowLight->checkState(), Qt::Checked);
    QTest::mouseClick(lowLight, Qt::LeftButton, {}, QPoint(8, lowLight->height() / 2));
    // Refused with setTag's own words, nothing changed, nothing written.
    QString expected;
    ScenarioTags copy = readTags();
    QVERIFY(!copy.setTag({ shown }, QStringLiteral("low_light"), false, &expected));
    QLabel *message = ws.tagPanel()->messageLabel();
    QVERIFY(message->isVisible());
    QVERIFY2(message->text().contains(expected), qPrintable(message->text()));
    QVERIFY(message->text().contains(QLatin1String("images/train/*.jpg")));
    QCOMPARE(lowLight->checkState(), Qt::Checked);
    QFile f(ScenarioTags::fileFor(m_dir));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    QVERIFY(!ws.document()->undoStack()->canUndo());
}

// scenarios.yaml cannot be written (here it is a link into a "folder" that is a file): the
// tag stays in memory and in the list, the panel names the file, the write is retried and
// lands once it can; closing the project before that asks.
void TestScenarioTagging::anUnwritableFileKeepsTheTagAndAsks()
{
    LabelWorkspace ws;
    open(ws);
    const QString file = ScenarioTags::fileFor(m_dir);
    const QString blocker = m_dir + QStringLiteral("/blocker");
    {
        QFile b(blocker);
        QVERIFY(b.open(QIODevice::WriteOnly));
    }
    QVERIFY(QFile::link(blocker + QStringLiteral("/scenarios.yaml"), file));
    const QString shown = ws.shownFile();
    QCheckBox *occlusion = ws.tagPanel()->checkBox(QStringLiteral("occlusion"));
    QTest::mouseClick(occlusion, Qt::LeftButton, {}, QPoint(8, occlusion->height() / 2));
    QCOMPARE(occlusion->checkState(), Qt::Checked);
    QVERIFY(ws.tagController()->hasUnsavedChanges());
    QCOMPARE(ws.imageModel()->entry(ws.imageModel()->rowOf(shown)).tags, QStringList { "occlusion" });
    QLabel *message = ws.tagPanel()->messageLabel();
    QVERIFY(message->isVisible());
    QVERIFY2(message->text().contains(QLatin1String("scenarios.yaml"))
            && message->text().contains(QLatin1String("not saved")),
        qPrintable(message->text()));

    // Closing the project asks; Cancel keeps it open with the tag.
    int asked = 0;
    labelworkspacetest::answerMessageBox(QStringLiteral("unsavedTagsBox"), QMessageBox::Cancel, &asked);
    QVERIFY(!ws.confirmClosingProject());
    QCOMPARE(asked, 1);
    QVERIFY(ws.tagController()->hasUnsavedChanges());

    // The way cleared, the retry writes it without a click.
    QVERIFY(QFile::remove(file));
    QTRY_VERIFY_WITH_TIMEOUT(!ws.tagController()->hasUnsavedChanges(), 3 * ScenarioTagController::kRetryDelayMs);
    QCOMPARE(readTags().tagsOf(shown), QStringList { "occlusion" });
    QVERIFY(message->isHidden());
    QVERIFY(ws.confirmClosingProject());
}

QTEST_MAIN(TestScenarioTagging)
#include "tst_scenariotagging.moc"
