// Files changed under the studio's feet while it runs (docs/RELIABILITY.md, "Hostile files while
// running"): the labels on screen rewritten by another program, an edit made over such a change,
// the image deleted, the project folder renamed, a disk that refuses writes, and a second studio
// on the same project. Each case is said in the window and keeps what the person did.

#include "labelworkspacefixture.h"
#include "languages.h"
#include "mainwindow.h"
#include "shownfilewatcher.h"

#include <QDirIterator>
#include <QStatusBar>

#include <csignal>

#include <sys/resource.h>

using namespace labelworkspacetest;

class TestHostileFiles : public QObject, private LabelWorkspaceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { isolateSettings(); }
    void init() { makeProject(); }
    void labelsRewrittenElsewhereAreShownAsTheyAreNow();
    void anEditOverAnotherProgramsChangeKeepsBothVersions();
    void anImageDeletedWhileShownKeepsItsLabels();
    void aRenamedProjectFolderKeepsTheEditUntilItIsBack();
    void aDiskThatRefusesWritesKeepsTheEdit();
    void twoStudiosOnOneProjectLoseNoEdit();

private:
    // The unlabelled image on screen with two points placed by clicks (saved).
    void showWithTwoPoints(LabelWorkspace &ws)
    {
        open(ws);
        ws.setCurrentRow(rowOf(ws, m_unlabelled));
        QTRY_COMPARE_WITH_TIMEOUT(ws.shownFile(), m_unlabelled, kSlowMachineMs);
        clickImagePoint(ws, QPointF(100, 60));
        clickImagePoint(ws, QPointF(130, 70));
        QVERIFY(!ws.document()->hasUnsavedChanges());
        QCOMPARE(labelled(onDisk()), 2);
    }

    QString labelFile() const { return DatasetConfig::labelFileFor(m_unlabelled); }

    std::vector<gp::PoseInstance> onDisk() const
    {
        DatasetIssueList issues;
        return LabelFile::read(labelFile(), QSize(320, 192), LabelFile::Format { 14, 3 }, &issues);
    }

    static int labelled(const std::vector<gp::PoseInstance> &instances)
    {
        int n = 0;
        for (const gp::PoseInstance &inst : instances)
            for (const Keypoint &k : inst.keypoints)
                n += k.visibility != Keypoint::Absent;
        return n;
    }

    // Another program's version: the first point moved 20 px right, written as `how` does.
    enum class Writer { Editor, AtomicRename };
    void rewriteElsewhere(Writer how)
    {
        std::vector<gp::PoseInstance> instances = onDisk();
        QVERIFY(!instances.empty());
        instances[0].keypoints[0].x += 20;
        const QByteArray bytes = LabelFile::serialize(instances, QSize(320, 192), 3);
        if (how == Writer::AtomicRename) {
            QString error;
            QVERIFY2(LabelFile::write(labelFile(), instances, QSize(320, 192), 3, &error), qPrintable(error));
            return;
        }
        QFile f(labelFile()); // a text editor: the same file, truncated and written
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(bytes), bytes.size());
    }

    static QString infoText(QWidget &w) { return w.findChild<QLabel *>(QStringLiteral("labelInfo"))->text(); }

    QStringList keptVersions(const QString &projectDir) const
    {
        QStringList out;
        QDirIterator it(QDir(projectDir).filePath(QStringLiteral(".gripperpose/conflicts")), QDir::Files,
            QDirIterator::Subdirectories);
        while (it.hasNext())
            out << it.next();
        return out;
    }
};

void TestHostileFiles::labelsRewrittenElsewhereAreShownAsTheyAreNow()
{
    for (Writer how : { Writer::Editor, Writer::AtomicRename }) {
        LabelWorkspace ws;
        showWithTwoPoints(ws);
        const double before = ws.document()->instances()[0].keypoints[0].x;
        rewriteElsewhere(how);
        // Shown again as the file now says, and said.
        QTRY_VERIFY_WITH_TIMEOUT(
            std::abs(ws.document()->instances()[0].keypoints[0].x - before - 20) < 0.01, kSlowMachineMs);
        QVERIFY2(infoText(ws).contains(QStringLiteral("changed by another program")), qPrintable(infoText(ws)));
        // The next edit goes on top of the other program's: nothing of it is lost.
        QSignalSpy notices(&ws, &LabelWorkspace::diskNotice);
        clickImagePoint(ws, QPointF(160, 80));
        const auto disk = onDisk();
        QCOMPARE(labelled(disk), 3);
        QVERIFY(std::abs(disk[0].keypoints[0].x - before - 20) < 0.01);
        QVERIFY(keptVersions(m_dir).isEmpty()); // no conflict: the edit was made on what was there
        // The studio's own saves are never taken for another program's.
        QTest::qWait(3 * ShownFileWatcher::kSettleMs);
        QCOMPARE(notices.count(), 0);
        QFile::remove(labelFile());
    }
}

void TestHostileFiles::anEditOverAnotherProgramsChangeKeepsBothVersions()
{
    LabelWorkspace ws;
    showWithTwoPoints(ws);
    const double mine = ws.document()->instances()[0].keypoints[0].x;
    rewriteElsewhere(Writer::AtomicRename);
    QFile theirs(labelFile());
    QVERIFY(theirs.open(QIODevice::ReadOnly));
    const QByteArray theirBytes = theirs.readAll();
    // An edit lands before the change is seen (in the same turn of the event loop).
    clickImagePoint(ws, QPointF(160, 80));
    // The edit made here is on disk ...
    const auto disk = onDisk();
    QCOMPARE(labelled(disk), 3);
    QVERIFY(std::abs(disk[0].keypoints[0].x - mine) < 0.01);
    // ... and the other program's version is kept, byte for byte, where the window says.
    const QStringList kept = keptVersions(m_dir);
    QCOMPARE(kept.size(), 1);
    QVERIFY2(kept[0].contains(QStringLiteral("/.gripperpose/conflicts/labels/train/")), qPrintable(kept[0]));
    QFile keptFile(kept[0]);
    QVERIFY(keptFile.open(QIODevice::ReadOnly));
    QCOMPARE(keptFile.readAll(), theirBytes);
    QVERIFY2(infoText(ws).contains(QDir::toNativeSeparators(kept[0])), qPrintable(infoText(ws)));
}

void TestHostileFiles::anImageDeletedWhileShownKeepsItsLabels()
{
    LabelWorkspace ws;
    showWithTwoPoints(ws);
    QVERIFY(QFile::remove(m_unlabelled));
    QTRY_VERIFY_WITH_TIMEOUT(infoText(ws).contains(QStringLiteral("deleted or moved")), kSlowMachineMs);
    QVERIFY(infoText(ws).contains(QFileInfo(m_unlabelled).fileName()));
    // What was labelled stays, and an edit still saves.
    clickImagePoint(ws, QPointF(160, 80));
    QCOMPARE(labelled(onDisk()), 3);
}

void TestHostileFiles::aRenamedProjectFolderKeepsTheEditUntilItIsBack()
{
    LabelWorkspace ws;
    showWithTwoPoints(ws);
    const QString aside = m_dir + QStringLiteral("-renamed");
    QVERIFY(QDir().rename(m_dir, aside));
    clickImagePoint(ws, QPointF(160, 80));
    // Not written, and not into a stray folder made at the old path.
    QVERIFY(ws.document()->hasUnsavedChanges());
    QVERIFY(!QFileInfo::exists(m_dir));
    QVERIFY2(infoText(ws).contains(QStringLiteral("project folder")), qPrintable(infoText(ws)));
    QCOMPARE(labelled(ws.document()->instances()), 3);
    // The folder back: the retry writes the edit.
    QVERIFY(QDir().rename(aside, m_dir));
    QTRY_VERIFY_WITH_TIMEOUT(!ws.document()->hasUnsavedChanges(), kSlowMachineMs);
    QCOMPARE(labelled(onDisk()), 3);
}

void TestHostileFiles::aDiskThatRefusesWritesKeepsTheEdit()
{
    LabelWorkspace ws;
    showWithTwoPoints(ws);
    QFile before(labelFile());
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray saved = before.readAll();
    // The kernel refuses every write past 0 bytes (RLIMIT_FSIZE), as a full disk refuses
    // them (EFBIG here, ENOSPC there; the same failed write to the studio).
    rlimit old {};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldSignal = std::signal(SIGXFSZ, SIG_IGN);
    rlimit none = old;
    none.rlim_cur = 0;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &none), 0);
    clickImagePoint(ws, QPointF(160, 80));
    const bool kept = ws.document()->hasUnsavedChanges();
    const QString info = infoText(ws);
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &old), 0);
    std::signal(SIGXFSZ, oldSignal);
    QVERIFY(kept);
    QVERIFY2(info.contains(QStringLiteral("Not saved")) && info.contains(QFileInfo(labelFile()).fileName()),
        qPrintable(info));
    // The file is as it was (no half-written label), and the edit is written once the disk takes it.
    QFile after(labelFile());
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), saved);
    after.close();
    QTRY_VERIFY_WITH_TIMEOUT(!ws.document()->hasUnsavedChanges(), kSlowMachineMs);
    QCOMPARE(labelled(onDisk()), 3);
}

void TestHostileFiles::twoStudiosOnOneProjectLoseNoEdit()
{
    Languages languages;
    MainWindow first(&languages), second(&languages);
    QString error;
    for (MainWindow *w : { &first, &second }) {
        w->resize(1400, 900);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QVERIFY2(w->openProject(m_dir, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!w->labelWorkspace()->browser()->isListing(), kSlowMachineMs);
        w->labelWorkspace()->openImage(m_unlabelled, QStringLiteral("train"));
        QTRY_COMPARE_WITH_TIMEOUT(w->labelWorkspace()->shownFile(), m_unlabelled, kSlowMachineMs);
    }
    // The second is told, and the first is not.
    QVERIFY2(second.statusBar()->currentMessage().contains(QStringLiteral("also open in another GripperPose Studio")),
        qPrintable(second.statusBar()->currentMessage()));
    QVERIFY(!first.statusBar()->currentMessage().contains(QStringLiteral("also open")));
    // The first labels the image; the second shows it, and its edit goes on top.
    clickImagePoint(*first.labelWorkspace(), QPointF(100, 60));
    clickImagePoint(*first.labelWorkspace(), QPointF(130, 70));
    QTRY_COMPARE_WITH_TIMEOUT(labelled(second.labelWorkspace()->document()->instances()), 2, kSlowMachineMs);
    clickImagePoint(*second.labelWorkspace(), QPointF(160, 80));
    QCOMPARE(labelled(onDisk()), 3);
    QTRY_COMPARE_WITH_TIMEOUT(labelled(first.labelWorkspace()->document()->instances()), 3, kSlowMachineMs);
    QVERIFY(keptVersions(m_dir).isEmpty());
}

QTEST_MAIN(TestHostileFiles)
#include "tst_hostilefiles.moc"
