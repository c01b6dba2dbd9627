#include "datasetchecker.h"
#include "labelfile.h"
#include "skeleton.h"

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

Q_DECLARE_METATYPE(DatasetIssue::Kind)

namespace {

using Kind = DatasetIssue::Kind;

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

void writeImage(const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QImage img(64, 48, QImage::Format_RGB32);
    img.fill(Qt::darkGray);
    QVERIFY(img.save(path));
}

QByteArray line(double x = 0.5)
{
    QByteArray l = "0 0.5 0.5 0.5 0.5";
    for (int k = 0; k < 14; ++k)
        l += ' ' + QByteArray::number(x) + " 0.5 2";
    return l + '\n';
}

// A dataset with `good` valid images in train and val, written with the default skeleton.
DatasetConfig makeDataset(const QString &root, int good = 3)
{
    DatasetConfig c;
    c.path = QStringLiteral(".");
    c.applySkeleton(Skeleton::defaultGripper());
    for (const char *split : { "train", "val" })
        for (int i = 0; i < good; ++i) {
            const QString name = QStringLiteral("%1/%2/img%3").arg(root).arg(QLatin1String(split)).arg(i);
            writeImage(QStringLiteral("%1/images/%2/img%3.png").arg(root).arg(QLatin1String(split)).arg(i));
            writeFile(QStringLiteral("%1/labels/%2/img%3.txt").arg(root).arg(QLatin1String(split)).arg(i),
                i == 0 ? QByteArray() : line());
            Q_UNUSED(name);
        }
    QString error;
    c.save(root + QStringLiteral("/data.yaml"), &error);
    DatasetIssueList issues;
    return *DatasetConfig::load(root + QStringLiteral("/data.yaml"), &issues);
}

} // namespace

class TestDatasetChecker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanDatasetHasNoProblems();
    void eachProblemIsReported_data();
    void eachProblemIsReported();
    void badConfigs_data();
    void badConfigs();
    void cancels();
    void valWithoutObjectsIsWarnedNotFatal();
};

void TestDatasetChecker::cleanDatasetHasNoProblems()
{
    QTemporaryDir dir;
    const DatasetConfig c = makeDataset(dir.path());
    const auto report = DatasetChecker(c).run();
    for (const DatasetIssue &i : report.issues.issues)
        qWarning() << i.toString();
    QVERIFY(report.issues.isEmpty());
    QCOMPARE(report.totalImages(), 6);
    QCOMPARE(report.totalInstances(), 4);
    QCOMPARE(report.splits.at(QStringLiteral("train")).background, 1);
    QCOMPARE(report.splits.at(QStringLiteral("train")).visible, 28);
}

void TestDatasetChecker::eachProblemIsReported_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("where");
    QTest::newRow("orphan label") << "labels/train/ghost.txt" << line() << Kind::ImageMissing
                                  << "labels/train/ghost.txt";
    QTest::newRow("undecodable image") << "images/train/broken.png" << QByteArray("not an image at all")
                                       << Kind::ImageUndecodable << "images/train/broken.png";
    QTest::newRow("bad line") << "labels/val/img1.txt" << line() + line(1.7) << Kind::CoordinateOutOfRange
                              << "labels/val/img1.txt:2";
    QTest::newRow("kpt_shape mismatch") << "labels/train/img2.txt" << QByteArray("0 0.5 0.5 0.2 0.2 0.1 0.1 2\n")
                                        << Kind::ColumnCount << "labels/train/img2.txt:1";
}

void TestDatasetChecker::eachProblemIsReported()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, bytes);
    QFETCH(Kind, kind);
    QFETCH(QString, where);
    QTemporaryDir dir;
    const DatasetConfig c = makeDataset(dir.path());
    writeFile(dir.filePath(file), bytes);
    const auto report = DatasetChecker(c).run();
    QCOMPARE(report.issues.size(), size_t(1));
    QCOMPARE(report.issues.issues[0].kind, kind);
    QVERIFY2(report.issues.issues[0].toString().startsWith(where), qPrintable(report.issues.issues[0].toString()));
    QCOMPARE(report.issues.count(kind), 1);
}

void TestDatasetChecker::badConfigs_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("message");
    const QByteArray base = "path: .\ntrain: images/train\nval: images/val\nnames: {0: gripper}\n";
    QTest::newRow("flip_idx not a permutation")
        << base + "kpt_shape: [14, 3]\nflip_idx: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n"
        << Kind::FlipIdxInvalid << "permutation";
    QTest::newRow("flip_idx too short") << base + "kpt_shape: [14, 3]\nflip_idx: [1, 0]\n"
                                        << Kind::FlipIdxInvalid << "got 2 entries";
    QTest::newRow("flip_idx not an involution") << base + "kpt_shape: [3, 3]\nflip_idx: [1, 2, 0]\n"
                                                << Kind::FlipIdxInvalid << "does not map back";
    QTest::newRow("bad kpt_shape") << base + "kpt_shape: [14, 4]\n" << Kind::ConfigInvalid << "kpt_shape";
    QTest::newRow("no val") << QByteArray("train: images/train\nkpt_shape: [14, 3]\nnames: [g]\n")
                            << Kind::ConfigInvalid << "\"val\" is missing";
    QTest::newRow("missing folder") << QByteArray(
        "train: images/nope\nval: images/val\nkpt_shape: [14, 3]\nnames: [g]\n")
                                    << Kind::ConfigInvalid << "do not exist";
}

void TestDatasetChecker::badConfigs()
{
    QFETCH(QByteArray, yaml);
    QFETCH(Kind, kind);
    QFETCH(QString, message);
    QTemporaryDir dir;
    makeDataset(dir.path(), 1);
    writeFile(dir.filePath(QStringLiteral("data.yaml")), yaml);
    DatasetIssueList issues;
    const auto c = DatasetConfig::load(dir.filePath(QStringLiteral("data.yaml")), &issues);
    QVERIFY(c);
    issues.append(DatasetChecker(*c).run().issues);
    bool found = false;
    for (const DatasetIssue &i : issues.issues)
        found |= i.kind == kind && i.message.contains(message);
    QVERIFY2(found, qPrintable(issues.isEmpty() ? QString() : issues.issues[0].toString()));
}

void TestDatasetChecker::cancels()
{
    QTemporaryDir dir;
    const DatasetConfig c = makeDataset(dir.path(), 4);
    const gp::CancelToken cancel;
    cancel.cancel();
    const auto report = DatasetChecker(c).run(cancel);
    QVERIFY(report.cancelled);
}

void TestDatasetChecker::valWithoutObjectsIsWarnedNotFatal()
{
    QTemporaryDir dir;
    const DatasetConfig c = makeDataset(dir.path());
    // img0 of val is background (empty label file); the two others lose their label files.
    for (int i = 1; i < 3; ++i)
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("labels/val/img%1.txt").arg(i))));
    const auto report = DatasetChecker(c).run();
    QCOMPARE(report.issues.size(), size_t(1));
    const DatasetIssue &issue = report.issues.issues[0];
    QCOMPARE(issue.kind, Kind::NoObjects);
    QVERIFY(!issue.isFatal());
    QVERIFY2(issue.message.contains(QLatin1String("val split")), qPrintable(issue.message));
    QVERIFY2(issue.message.contains(QLatin1String("2 of its 3 usable image")), qPrintable(issue.message));
    QCOMPARE(report.splits.at(QStringLiteral("val")).unlabelled, 2);

    // One labelled object in val is enough.
    writeFile(dir.filePath(QStringLiteral("labels/val/img1.txt")), line());
    QVERIFY(DatasetChecker(c).run().issues.isEmpty());
}

QTEST_GUILESS_MAIN(TestDatasetChecker)
#include "tst_datasetchecker.moc"
