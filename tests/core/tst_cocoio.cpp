#include "cocoio.h"
#include "skeleton.h"

#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using gp::CocoIo;
using gp::DatasetIssue;
using gp::DatasetIssueList;
using gp::ImageAnnotation;
using gp::PoseInstance;
using gp::Skeleton;

namespace {

CocoIo::Dataset sample(const QString &root)
{
    CocoIo::Dataset ds;
    ds.categories << QStringLiteral("gripper");
    for (int i = 0; i < 3; ++i) {
        ImageAnnotation a;
        a.imagePath = QStringLiteral("%1/images/train/f%2.jpg").arg(root).arg(i);
        a.imageSize = QSize(1280, 720);
        for (int n = 0; n < i; ++n) {
            PoseInstance p;
            p.box = QRectF(10.25 + n, 20.5, 300.125, 200.0 / 3.0);
            for (int k = 0; k < 14; ++k)
                p.keypoints.push_back({ 12.0 + k / 7.0, 30.0 + n, (k + n) % 3 });
            a.instances.push_back(p);
        }
        ds.images.push_back(a);
    }
    return ds;
}

} // namespace

class TestCocoIo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip();
    void unsafePaths_data();
    void unsafePaths();
    void badEntriesAreSkipped();
};

void TestCocoIo::roundTrip()
{
    QTemporaryDir dir;
    const CocoIo::Dataset ds = sample(dir.path());
    QString error;
    const QString json = dir.filePath(QStringLiteral("coco.json"));
    QVERIFY2(CocoIo::write(json, ds, Skeleton::defaultGripper(), dir.path(), &error), qPrintable(error));
    DatasetIssueList issues;
    const auto back = CocoIo::read(json, dir.path(), 14, &issues);
    QVERIFY(back);
    QVERIFY(issues.isEmpty());
    QCOMPARE(back->categories, ds.categories);
    QCOMPARE(back->keypointNames.size(), 14);
    QCOMPARE(back->images.size(), ds.images.size());
    for (size_t i = 0; i < ds.images.size(); ++i)
        QVERIFY(back->images[i] == ds.images[i]);
}

void TestCocoIo::unsafePaths_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("safe");
    QTest::newRow("plain") << "a.jpg" << true;
    QTest::newRow("sub folder") << "train/a.jpg" << true;
    QTest::newRow("inner dots that stay inside") << "train/../a.jpg" << true;
    QTest::newRow("parent") << "../a.jpg" << false;
    QTest::newRow("deep parent") << "train/../../etc/passwd" << false;
    QTest::newRow("absolute") << "/etc/passwd" << false;
    QTest::newRow("windows drive") << "C:/x.jpg" << false;
    QTest::newRow("backslash parent") << "..\\x.jpg" << false;
    QTest::newRow("empty") << "" << false;
}

void TestCocoIo::unsafePaths()
{
    QFETCH(QString, name);
    QFETCH(bool, safe);
    QCOMPARE(CocoIo::isSafeRelativePath(name), safe);
}

void TestCocoIo::badEntriesAreSkipped()
{
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("c.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    QByteArray kps = "[";
    for (int k = 0; k < 14; ++k)
        kps += QByteArray(k ? "," : "") + "1,2,2";
    kps += "]";
    f.write(R"({"images":[{"id":1,"file_name":"ok.jpg","width":10,"height":10},
                          {"id":2,"file_name":"../../evil.jpg","width":10,"height":10}],
               "annotations":[{"id":1,"image_id":1,"category_id":1,"bbox":[0,0,5,5],"keypoints":)"
        + kps + R"(},
                              {"id":2,"image_id":2,"category_id":1,"bbox":[0,0,5,5],"keypoints":)"
        + kps + R"(},
                              {"id":3,"image_id":1,"category_id":1,"bbox":[0,0,5,5],"keypoints":[1,2,2]},
                              {"id":4,"image_id":9,"category_id":1,"bbox":[0,0,5,5],"keypoints":)"
        + kps + R"(}],
               "categories":[{"id":1,"name":"gripper"}]})");
    f.close();
    DatasetIssueList issues;
    const auto ds = CocoIo::read(f.fileName(), dir.path(), 14, &issues);
    QVERIFY(ds);
    QCOMPARE(ds->images.size(), size_t(1));
    QCOMPARE(ds->images[0].instances.size(), size_t(1));
    QCOMPARE(issues.count(DatasetIssue::Kind::UnsafePath), 1);
    QCOMPARE(issues.count(DatasetIssue::Kind::ColumnCount), 1);
    // Annotation 2 belongs to the refused image and annotation 4 to no image.
    QCOMPARE(issues.count(DatasetIssue::Kind::BadReference), 2);
}

QTEST_GUILESS_MAIN(TestCocoIo)
#include "tst_cocoio.moc"
