#include "datasetconfig.h"
#include "skeleton.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::Skeleton;

class TestSkeleton : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultGripperIsValid();
    void flipIndexSwapsSides();
    void jsonRoundTrip();
    void invalidSkeletons_data();
    void invalidSkeletons();
    void writesKptShapeAndFlipIdx();
};

void TestSkeleton::defaultGripperIsValid()
{
    const Skeleton s = Skeleton::defaultGripper();
    QCOMPARE(s.keypointCount(), 14);
    QVERIFY(s.validate().isEmpty());
    for (int i = 0; i < 7; ++i) {
        QCOMPARE(s.points()[size_t(i)].side, Skeleton::Side::Left);
        QCOMPARE(s.points()[size_t(i + 7)].side, Skeleton::Side::Right);
        QVERIFY(s.points()[size_t(i)].name.startsWith(QLatin1String("left_")));
        // Each right point is named like its left partner.
        QCOMPARE(s.points()[size_t(i + 7)].name.mid(6), s.points()[size_t(i)].name.mid(5));
        QVERIFY(qAbs(s.points()[size_t(i)].sigma - 1.0 / 14.0) < 1e-6);
    }
    QVERIFY(s.pointColor(0) != s.pointColor(7));
}

void TestSkeleton::flipIndexSwapsSides()
{
    const std::vector<int> flip = Skeleton::defaultGripper().flipIndex();
    const std::vector<int> expected { 7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6 };
    QCOMPARE(flip, expected);
    // Flipping twice is the identity.
    for (int i = 0; i < 14; ++i)
        QCOMPARE(flip[size_t(flip[size_t(i)])], i);
}

void TestSkeleton::jsonRoundTrip()
{
    const Skeleton s = Skeleton::defaultGripper();
    QTemporaryDir dir;
    QString error;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QVERIFY2(s.save(path, &error), qPrintable(error));
    const auto back = Skeleton::load(path, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(*back == s);
}

void TestSkeleton::invalidSkeletons_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray head = R"({"format":"gripperpose-skeleton","version":1,"keypoints":[
        {"name":"a","side":"left","sigma":0.1},{"name":"b","side":"right","sigma":0.1},
        {"name":"c","side":"center","sigma":0.1}],)";
    QTest::newRow("flip pair out of range") << head + R"("flip_pairs":[[0,5]],"edges":[]})"
                                            << "outside 0..2";
    QTest::newRow("flip pairs not a permutation") << head + R"("flip_pairs":[[0,1],[1,2]],"edges":[]})"
                                                  << "not a permutation";
    QTest::newRow("flip pair with itself") << head + R"("flip_pairs":[[2,2]],"edges":[]})"
                                           << "itself";
    QTest::newRow("edge out of range") << head + R"("flip_pairs":[[0,1]],"edges":[[0,3]]})"
                                       << "edge [0, 3]";
    QTest::newRow("edge listed twice") << head + R"("flip_pairs":[],"edges":[[0,1],[1,0]]})"
                                       << "twice";
    QTest::newRow("not json") << QByteArray("{") << "not valid JSON";
    QTest::newRow("wrong format") << QByteArray(R"({"format":"x"})") << "not a skeleton file";
    QTest::newRow("bad side") << QByteArray(
        R"({"format":"gripperpose-skeleton","keypoints":[{"name":"a","side":"up","sigma":1}],"flip_pairs":[],"edges":[]})")
                              << "side must be";
    QTest::newRow("duplicate name") << QByteArray(
        R"({"format":"gripperpose-skeleton","keypoints":[{"name":"a","sigma":1},{"name":"a","sigma":1}],"flip_pairs":[],"edges":[]})")
                                    << "used twice";
    QTest::newRow("bad sigma") << QByteArray(
        R"({"format":"gripperpose-skeleton","keypoints":[{"name":"a","sigma":0}],"flip_pairs":[],"edges":[]})")
                               << "sigma must be positive";
}

void TestSkeleton::invalidSkeletons()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    QString error;
    QVERIFY(!Skeleton::fromJson(json, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestSkeleton::writesKptShapeAndFlipIdx()
{
    DatasetConfig c;
    c.keypointCount = 3;
    c.flipIdx = { 0 };
    c.applySkeleton(Skeleton::defaultGripper());
    QTemporaryDir dir;
    QString error;
    const QString yaml = dir.filePath(QStringLiteral("data.yaml"));
    QVERIFY(c.save(yaml, &error));
    DatasetIssueList issues;
    const auto back = DatasetConfig::load(yaml, &issues);
    QVERIFY(back);
    QVERIFY(issues.isEmpty());
    QCOMPARE(back->keypointCount, 14);
    QCOMPARE(back->keypointDims, 3);
    QCOMPARE(back->flipIdx, Skeleton::defaultGripper().flipIndex());
    QFile f(yaml);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY2(text.contains("kpt_shape: [14, 3]"), text.constData());
    QVERIFY2(text.contains("flip_idx: [7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6]"), text.constData());
}

QTEST_GUILESS_MAIN(TestSkeleton)
#include "tst_skeleton.moc"
