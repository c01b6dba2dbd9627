// The recent-projects list kept in QSettings: newest first, no duplicates, at most 8.

#include "recentprojects.h"

#include <QTest>

class TestRecentProjects : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void added_data();
    void added();
    void removed();
};

void TestRecentProjects::added_data()
{
    QTest::addColumn<QStringList>("list");
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("empty") << QStringList() << "/p/a" << QStringList { "/p/a" };
    QTest::newRow("new goes first") << QStringList { "/p/a", "/p/b" } << "/p/c"
                                    << QStringList { "/p/c", "/p/a", "/p/b" };
    QTest::newRow("existing moves first")
        << QStringList { "/p/a", "/p/b", "/p/c" } << "/p/c" << QStringList { "/p/c", "/p/a", "/p/b" };
    QTest::newRow("same folder spelled differently")
        << QStringList { "/p/a", "/p/b" } << "/p/x/../b/" << QStringList { "/p/b", "/p/a" };
    QStringList eight;
    for (int i = 0; i < 8; ++i)
        eight << QStringLiteral("/p/%1").arg(i);
    QStringList expected = eight.mid(0, 7);
    expected.prepend("/p/new");
    QTest::newRow("at most eight") << eight << "/p/new" << expected;
}

void TestRecentProjects::added()
{
    QFETCH(QStringList, list);
    QFETCH(QString, dir);
    QFETCH(QStringList, expected);
    QCOMPARE(RecentProjects::added(list, dir), expected);
    QVERIFY(RecentProjects::added(list, dir).size() <= RecentProjects::kMaxCount);
}

void TestRecentProjects::removed()
{
    QCOMPARE(RecentProjects::removed({ "/p/a", "/p/b", "/p/a" }, "/p/b"), QStringList { "/p/a" });
    QCOMPARE(RecentProjects::removed({ "/p/a", "" }, "/p/z"), QStringList { "/p/a" });
}

QTEST_GUILESS_MAIN(TestRecentProjects)
#include "tst_recentprojects.moc"
