#include "datasetchecker.h"
#include "imagecheck.h"
#include "labelcache.h"
#include "testdatasets.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using gp::DatasetChecker;
using gp::DatasetConfig;
using gp::DatasetIssue;
using gp::DatasetIssueList;
using gp::ImageAnnotation;
using gp::ImageCheck;
using gp::ImageVerdict;
using gp::LabelCache;
using gp::Skeleton;
using gp::SplitScan;

Q_DECLARE_METATYPE(gp::DatasetIssue::Kind)

using namespace testdatasets;

namespace {

using Kind = DatasetIssue::Kind;

// Every file under `dir`, relative to it.
QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

QStringList usablePaths(const std::vector<ImageAnnotation> &images)
{
    QStringList out;
    for (const ImageAnnotation &a : images)
        out << QFileInfo(a.imagePath).fileName();
    out.sort();
    return out;
}

bool hasIssue(const DatasetIssueList &issues, Kind kind, const QString &text)
{
    for (const DatasetIssue &i : issues.issues)
        if (i.kind == kind && i.toString().contains(text))
            return true;
    return false;
}

// Ultralytics' check_det_dataset (8.4.52, ultralytics/data/utils.py) resolving a split of a
// data.yaml, run from `cwd`: `path`, else the yaml's folder; a relative `path` that does
// not exist from the current directory goes under DATASETS_DIR; the split joins it.
QString ultralyticsResolve(const QString &yamlAsGiven, const QString &cwd, const QString &pathKey, const QString &split)
{
    const QDir here(cwd);
    QString path = pathKey.isEmpty() ? QFileInfo(yamlAsGiven).path() : pathKey;
    if (!QFileInfo::exists(here.absoluteFilePath(path)) && QDir::isRelativePath(path))
        path = QStringLiteral("/root/datasets/") + path;
    return QDir::cleanPath(here.absoluteFilePath(QDir(path).filePath(split)));
}

} // namespace

class TestDatasetValidation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void imagesAreJudgedByContent_data();
    void imagesAreJudgedByContent();
    void pixelLimitHoldsBeforeDecoding();
    void checkAndTrainingSkipTheSameImages();
    void listingChecksStructureAndTrainingDecodes();
    void unreadableLabelFileIsNotBackground();
    void kptShapeThatDisagreesWithTheLabelsIsFatal();
    void splitWithoutImagesIsFatal();
    void trainSplitWithoutObjectsIsFatal();
    void hugeKptShapeIsRefusedInWords();
    void cacheStaysInTheProject();
    void ultralyticsCacheIsLeftAlone();
    void oldCacheUnderUltralyticsNameIsRemoved();
    void dataYamlResolvesTheSameInUltralytics_data();
    void dataYamlResolvesTheSameInUltralytics();
};

void TestDatasetValidation::imagesAreJudgedByContent_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("format"); // expected format, empty when refused
    QTest::addColumn<QString>("problem");
    const QByteArray jpeg = encodedImage("JPEG"), png = encodedImage("PNG");
    QTest::newRow("PNG named .jpg") << "a.jpg" << png << "png"
                                    << "";
    QTest::newRow("JPEG named .png") << "a.png" << jpeg << "jpeg"
                                     << "";
    QTest::newRow("BMP named .jpg") << "a.jpg" << encodedImage("BMP") << "bmp"
                                    << "";
    QTest::newRow("JPEG padded with zeros") << "a.jpg" << jpeg + QByteArray(16, '\0') << "jpeg"
                                            << "";
    QTest::newRow("text named .jpg") << "a.jpg" << QByteArray("not an image") << ""
                                     << "not an image";
    QTest::newRow("GIF named .png") << "a.png" << QByteArray("GIF89a\x10\x00\x10\x00", 10) << ""
                                    << "not an image";
    QTest::newRow("truncated JPEG") << "a.jpg" << jpeg.left(jpeg.size() * 2 / 3) << "jpeg"
                                    << "truncated";
    QTest::newRow("truncated PNG") << "a.png" << png.left(png.size() - 20) << "png"
                                   << "truncated";
    QTest::newRow("empty file") << "a.png" << QByteArray() << ""
                                << "not an image";
}

void TestDatasetValidation::imagesAreJudgedByContent()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, format);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    writeFile(dir.filePath(name), bytes);
    const ImageVerdict v = ImageCheck::inspect(dir.filePath(name));
    QCOMPARE(v.format, format);
    QCOMPARE(v.ok, problem.isEmpty());
    QVERIFY2(v.problem.contains(problem), qPrintable(v.problem));
    if (v.ok)
        QCOMPARE(v.size, QSize(64, 48));
}

void TestDatasetValidation::pixelLimitHoldsBeforeDecoding()
{
    // The stated limit: 13,000² pixels is below it, 13,400² above.
    QVERIFY(qint64(13000) * 13000 < ImageCheck::kMaxPixels && qint64(13400) * 13400 > ImageCheck::kMaxPixels);
    const QByteArray png = encodedImage("PNG");
    QVERIFY(ImageCheck::structureProblem(png, QStringLiteral("png"), QSize(13000, 13000)).isEmpty());
    QVERIFY(ImageCheck::structureProblem(png, QStringLiteral("png"), QSize(13400, 13400))
                .contains(QStringLiteral("megapixels")));
    // A valid 20000 × 20000 PNG (1.2 GB once decoded) is refused from its header alone.
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("huge.png")), monochromePng(20000, 20000));
    const ImageVerdict v = ImageCheck::inspect(dir.filePath(QStringLiteral("huge.png")));
    QVERIFY(!v.ok);
    QCOMPARE(v.format, QStringLiteral("png"));
    QVERIFY2(v.problem.contains(QStringLiteral("20000 × 20000 pixels is more than the limit of 178 megapixels")),
        qPrintable(v.problem));
}

// Each kind of bad image or label: `check` (DatasetChecker) and training and validation
// (LabelCache, through TrainingData) skip the same images for the same reasons.
void TestDatasetValidation::checkAndTrainingSkipTheSameImages()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    const QString train = dir.filePath(QStringLiteral("images/train/")),
                  labels = dir.filePath(QStringLiteral("labels/train/"));
    const QByteArray jpeg = encodedImage("JPEG");
    writeFile(train + QStringLiteral("cut.jpg"), jpeg.left(jpeg.size() / 2));
    writeFile(labels + QStringLiteral("cut.txt"), labelLine());
    writeFile(train + QStringLiteral("pngnamedjpg.jpg"), encodedImage("PNG"));
    writeFile(labels + QStringLiteral("pngnamedjpg.txt"), labelLine());
    writeFile(train + QStringLiteral("huge.png"), monochromePng(20000, 20000));
    writeFile(labels + QStringLiteral("huge.txt"), labelLine());
    writeFile(train + QStringLiteral("labeldir.png"), encodedImage("PNG"));
    QVERIFY(QDir().mkpath(labels + QStringLiteral("labeldir.txt")));
    writeFile(train + QStringLiteral("allbad.png"), encodedImage("PNG"));
    writeFile(labels + QStringLiteral("allbad.txt"), labelLine(1.5) + labelLine(-0.2));
    writeFile(train + QStringLiteral("onebad.png"), encodedImage("PNG"));
    writeFile(labels + QStringLiteral("onebad.txt"), labelLine(0.4) + labelLine(7.0));
    const DatasetConfig config = loadConfig(yaml);

    const QStringList expected { QStringLiteral("img0.png"), QStringLiteral("img1.png"),
        QStringLiteral("pngnamedjpg.jpg") };
    DatasetIssueList trainIssues;
    QCOMPARE(usablePaths(LabelCache::load(config, QStringLiteral("train"), &trainIssues)), expected);

    const DatasetChecker::Report report = DatasetChecker(config).run();
    const DatasetChecker::SplitSummary &s = report.splits.at(QStringLiteral("train"));
    QCOMPARE(s.images, 8);
    QCOMPARE(s.labelled, 3);
    QCOMPARE(s.badImages, 2); // cut.jpg, huge.png
    QCOMPARE(s.badLabels, 3); // labeldir, allbad, onebad
    QCOMPARE(s.instances, 3);
    for (const DatasetIssueList *issues :
        std::initializer_list<const DatasetIssueList *> { &trainIssues, &report.issues }) {
        QVERIFY(hasIssue(
            *issues, Kind::ImageUndecodable, QStringLiteral("images/train/cut.jpg: the JPEG file is truncated")));
        QVERIFY(
            hasIssue(*issues, Kind::ImageUndecodable, QStringLiteral("images/train/huge.png: 20000 × 20000 pixels")));
        QVERIFY(hasIssue(*issues, Kind::LabelUnreadable,
            QStringLiteral("labels/train/labeldir.txt: the label file cannot be read (it is a folder")));
        QVERIFY(hasIssue(*issues, Kind::CoordinateOutOfRange, QStringLiteral("labels/train/allbad.txt:1:")));
        QVERIFY(hasIssue(*issues, Kind::CoordinateOutOfRange, QStringLiteral("labels/train/onebad.txt:2:")));
        QCOMPARE(issues->count(Kind::NotANumber), 0);
    }
    // The second run reads the verdicts from the cache and agrees.
    DatasetIssueList again;
    LabelCache::Stats stats;
    QCOMPARE(usablePaths(LabelCache::load(config, QStringLiteral("train"), &again, &stats)), expected);
    QCOMPARE(stats.reused, 8);
    QCOMPARE(again.size(), trainIssues.size());
}

// A PNG whose chunks are all there but whose pixel data is garbage: only a decode tells.
void TestDatasetValidation::listingChecksStructureAndTrainingDecodes()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    QByteArray png = encodedImage("PNG");
    const int idat = int(png.indexOf("IDAT"));
    QVERIFY(idat > 0);
    for (int i = idat + 4; i < idat + 24; ++i)
        png[i] = char(0x5a);
    const QString bad = dir.filePath(QStringLiteral("images/train/scrambled.png"));
    writeFile(bad, png);
    QVERIFY(ImageCheck::inspect(bad, ImageCheck::Depth::Structure).ok);
    QVERIFY(!ImageCheck::inspect(bad, ImageCheck::Depth::Decode).ok);
    const DatasetConfig config = loadConfig(yaml);

    // Listing (the Label workspace) judges the structure only ...
    LabelCache::Options listing;
    listing.depth = ImageCheck::Depth::Structure;
    LabelCache::Stats stats;
    QCOMPARE(LabelCache::scan(config, QStringLiteral("train"), listing, &stats).usableCount(), 3);
    QCOMPARE(stats.parsed, 3);
    // ... and training decodes what listing did not, whatever the cache holds.
    const SplitScan scan = LabelCache::scan(config, QStringLiteral("train"), LabelCache::Options(), &stats);
    QCOMPARE(stats.parsed, 3);
    QCOMPARE(scan.usableCount(), 2);
    QCOMPARE(scan.issues().count(Kind::ImageUndecodable), 1);
    // A decoded verdict serves both from then on.
    LabelCache::scan(config, QStringLiteral("train"), listing, &stats);
    QCOMPARE(stats.reused, 3);
}

void TestDatasetValidation::unreadableLabelFileIsNotBackground()
{
    if (geteuid() == 0)
        QSKIP("file permissions do not stop root");
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    const QString label = dir.filePath(QStringLiteral("labels/train/img0.txt"));
    QVERIFY(QFile::setPermissions(label, QFileDevice::WriteOwner));
    DatasetIssueList issues;
    const auto usable = LabelCache::load(loadConfig(yaml), QStringLiteral("train"), &issues);
    QCOMPARE(usablePaths(usable), QStringList { QStringLiteral("img1.png") });
    QCOMPARE(issues.count(Kind::LabelUnreadable), 1);
}

void TestDatasetValidation::kptShapeThatDisagreesWithTheLabelsIsFatal()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    QByteArray text = readFile(yaml).replace("kpt_shape: [14, 3]", "kpt_shape: [14, 2]");
    writeFile(yaml, text);
    const DatasetConfig config = loadConfig(yaml);
    QCOMPARE(config.keypointDims, 2);
    const DatasetIssueList fatal = DatasetChecker(config).run().issues.fatal();
    // 5 + 14 × 3 = 47 columns in the labels, 5 + 14 × 2 = 33 expected.
    QVERIFY2(hasIssue(fatal, Kind::LabelsUnusable,
                 QStringLiteral("of the train split can be used: the labels have 47 columns, which fits "
                                "kpt_shape [14, 3]")),
        qPrintable(fatal.isEmpty() ? QString() : fatal.issues[0].toString()));
    QVERIFY(hasIssue(fatal, Kind::LabelsUnusable, QStringLiteral("data.yaml says kpt_shape [14, 2] (33 columns)")));
}

void TestDatasetValidation::splitWithoutImagesIsFatal()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    for (const QString &f : QDir(dir.filePath(QStringLiteral("images/val"))).entryList(QDir::Files))
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("images/val/")) + f));
    const DatasetIssueList fatal = DatasetChecker(loadConfig(yaml)).run().issues.fatal();
    QCOMPARE(fatal.size(), size_t(1));
    QCOMPARE(fatal.issues[0].kind, Kind::SplitEmpty);
    QVERIFY(fatal.issues[0].message.contains(QStringLiteral("the val split has no images")));
}

void TestDatasetValidation::trainSplitWithoutObjectsIsFatal()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    for (int i = 0; i < 2; ++i)
        writeFile(dir.filePath(QStringLiteral("labels/train/img%1.txt").arg(i)), QByteArray());
    const DatasetIssueList fatal = DatasetChecker(loadConfig(yaml)).run().issues.fatal();
    QCOMPARE(fatal.size(), size_t(1));
    QVERIFY(hasIssue(fatal, Kind::LabelsUnusable, QStringLiteral("the train split has no labelled object")));
}

void TestDatasetValidation::hugeKptShapeIsRefusedInWords()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 1);
    writeFile(yaml, readFile(yaml).replace("kpt_shape: [14, 3]", "kpt_shape: [1000000000, 3]"));
    DatasetIssueList issues;
    const auto config = DatasetConfig::load(yaml, &issues);
    QVERIFY(config);
    issues.appendNew(DatasetChecker(*config).run().issues);
    QCOMPARE(issues.size(), size_t(1));
    QCOMPARE(issues.issues[0].kind, Kind::ConfigInvalid);
    QVERIFY2(issues.issues[0].message.contains(QStringLiteral("more than 1000 keypoints")),
        qPrintable(issues.issues[0].message));
    QVERIFY(!issues.issues[0].message.contains(QLatin1Char('-')));
}

void TestDatasetValidation::cacheStaysInTheProject()
{
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("project")),
                  elsewhere = dir.filePath(QStringLiteral("elsewhere"));
    const QString yaml = makeDataset(project, 2);
    // val: a folder of images outside the project, with no labels folder of its own.
    for (int i = 0; i < 2; ++i)
        writeFile(QStringLiteral("%1/pixmaps/p%2.png").arg(elsewhere).arg(i), encodedImage("PNG"));
    writeFile(yaml, readFile(yaml).replace("val: images/val", "val: " + elsewhere.toUtf8() + "/pixmaps"));
    const QStringList outsideBefore = filesUnder(dir.filePath(QStringLiteral("elsewhere")));
    const QStringList projectBefore = filesUnder(project);
    const DatasetConfig config = loadConfig(yaml);
    QCOMPARE(config.imagesDir(QStringLiteral("val")), elsewhere + QStringLiteral("/pixmaps"));

    const DatasetChecker::Report report = DatasetChecker(config).run();
    QCOMPARE(report.splits.at(QStringLiteral("val")).images, 2);
    DatasetIssueList issues;
    QCOMPARE(LabelCache::load(config, QStringLiteral("val"), &issues).size(), size_t(2));
    QCOMPARE(filesUnder(elsewhere), outsideBefore);
    QCOMPARE(filesUnder(dir.path()).filter(QStringLiteral(".cache")), QStringList());
    // Only the project's cache folder gained files, one per split.
    QStringList added = filesUnder(project);
    for (const QString &f : projectBefore)
        added.removeOne(f);
    QCOMPARE(added.size(), 2);
    for (const QString &f : added)
        QVERIFY2(f.startsWith(QStringLiteral(".gripperpose-cache/labels-")), qPrintable(f));
    QVERIFY(added.contains(QDir(project).relativeFilePath(LabelCache::cacheFile(config, QStringLiteral("val")))));

    // A cache folder the user names instead.
    const QString named = dir.filePath(QStringLiteral("mycache"));
    DatasetIssueList more;
    LabelCache::Stats stats;
    LabelCache::load(config, QStringLiteral("train"), &more, &stats, named);
    QVERIFY(stats.written);
    QCOMPARE(filesUnder(named).size(), 1);
    QVERIFY(QFileInfo::exists(LabelCache::cacheFile(config, QStringLiteral("train"), named)));
}

void TestDatasetValidation::ultralyticsCacheIsLeftAlone()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    const DatasetConfig config = loadConfig(yaml);
    const QString trainCache = dir.filePath(QStringLiteral("labels/train.cache"));
    const QString valCache = dir.filePath(QStringLiteral("labels/val.cache"));
    QCOMPARE(LabelCache::ultralyticsCacheFile(config, QStringLiteral("train")), trainCache);

    // A dataset Ultralytics has not seen: nothing is created under its cache names.
    DatasetChecker(config).run();
    DatasetIssueList issues;
    LabelCache::load(config, QStringLiteral("train"), &issues);
    QVERIFY(!QFileInfo::exists(trainCache));
    QVERIFY(!QFileInfo::exists(valCache));
    QVERIFY(
        QFileInfo(LabelCache::cacheFile(config, QStringLiteral("train"))).fileName() != QLatin1String("train.cache"));

    // One Ultralytics wrote: still a NumPy file with the same bytes after our scans.
    writeFile(trainCache, ultralyticsCache());
    QVERIFY(isNpyFile(readFile(trainCache)));
    QTest::qWait(20); // a later mtime for our own cache to notice nothing
    DatasetChecker(config).run();
    LabelCache::load(config, QStringLiteral("train"), &issues);
    QCOMPARE(readFile(trainCache), ultralyticsCache());
    QVERIFY(isNpyFile(readFile(trainCache)));
}

void TestDatasetValidation::oldCacheUnderUltralyticsNameIsRemoved()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 1);
    const DatasetConfig config = loadConfig(yaml);
    const QString old = LabelCache::ultralyticsCacheFile(config, QStringLiteral("train"));
    // What earlier versions wrote there: QDataStream's "GPLC" magic, version 1.
    writeFile(old, QByteArray("GPLC\x00\x00\x00\x01", 8));
    LabelCache::Stats stats;
    DatasetIssueList issues;
    LabelCache::load(config, QStringLiteral("train"), &issues, &stats);
    QCOMPARE(stats.legacyRemoved, old);
    QVERIFY(!QFileInfo::exists(old));
}

void TestDatasetValidation::dataYamlResolvesTheSameInUltralytics_data()
{
    QTest::addColumn<QString>("root"); // relative to the temporary folder; empty: the yaml's folder
    QTest::newRow("root is the yaml's folder") << "";
    QTest::newRow("root elsewhere") << "data/set";
}

// data.yaml files we write mean the same folders to Ultralytics, from any working directory.
void TestDatasetValidation::dataYamlResolvesTheSameInUltralytics()
{
    QFETCH(QString, root);
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project) && QDir().mkpath(dir.filePath(QStringLiteral("elsewhere/deeper"))));
    DatasetConfig c;
    c.applySkeleton(Skeleton::defaultGripper());
    // As a relative `path` is given to us: against the folder of the yaml.
    c.path = root.isEmpty() ? QStringLiteral(".") : QStringLiteral("../") + root;
    QString error;
    const QString yaml = project + QStringLiteral("/data.yaml");
    QVERIFY2(c.save(yaml, &error), qPrintable(error));
    const DatasetConfig ours = loadConfig(yaml);
    const QString expectedRoot = root.isEmpty() ? project : QDir::cleanPath(dir.filePath(root));
    QCOMPARE(ours.rootDir(), expectedRoot);
    // The `path` key as written: none, or an absolute folder.
    QVERIFY(ours.path.isEmpty() || QDir::isAbsolutePath(ours.path));
    QCOMPARE(ours.path.isEmpty(), root.isEmpty());

    for (const QString &cwd : { project, dir.path(), dir.filePath(QStringLiteral("elsewhere/deeper")) }) {
        // The yaml named as a user in `cwd` would name it.
        const QString asGiven = QDir(cwd).relativeFilePath(yaml);
        for (const QString &split : { QStringLiteral("train"), QStringLiteral("val") }) {
            const QString folder = split == QLatin1String("train") ? ours.train : ours.val;
            QCOMPARE(ultralyticsResolve(asGiven, cwd, ours.path, folder), ours.imagesDir(split));
        }
    }
}

QTEST_GUILESS_MAIN(TestDatasetValidation)
#include "tst_datasetvalidation.moc"
