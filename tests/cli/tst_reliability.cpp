// The command-line tool against hostile but realistic input, as a user runs it: broken
// data.yaml files, corrupt and awkward images, unreadable labels, COCO files that would lose
// data, folders outside the project and Ultralytics' own files beside ours. Each case is a
// failure that was reproduced before it was fixed (issue 15). GP_CLI may name another
// gripperpose binary to run them against.

#include "../core/testdatasets.h"
#include "checkpoint.h"

#include <QDirIterator>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using gp::CheckpointInfo;
using gp::readCheckpointInfo;

using namespace testdatasets;

namespace {

struct Run
{
    int code = -1; // -1: the process crashed
    QString out;
    QString err;
    QString all() const { return out + err; }
};

void start(QProcess &p, const QStringList &args, const QString &cwd = QString(), int failpoint = 0)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GRIPPERPOSE_LANG"), QStringLiteral("en"));
    env.insert(QStringLiteral("OPENBLAS_NUM_THREADS"), QStringLiteral("1"));
    env.remove(QStringLiteral("GRIPPERPOSE_FAILPOINT"));
    if (failpoint > 0)
        env.insert(QStringLiteral("GRIPPERPOSE_FAILPOINT"), QString::number(failpoint));
    p.setProcessEnvironment(env);
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(qEnvironmentVariable("GP_CLI", QStringLiteral(GP_BINARY_DIR "/app/cli/gripperpose")), args);
}

// failpoint > 0: the process kills itself (SIGKILL) at that file operation of a save (RunFolder).
Run gripperpose(const QStringList &args, const QString &cwd = QString(), int failpoint = 0)
{
    QProcess p;
    start(p, args, cwd, failpoint);
    p.waitForFinished(600000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

QString arg(const char *key, const QString &value)
{
    return QLatin1String(key) + QLatin1Char('=') + value;
}

// The smallest training run: one epoch of yolov8n-pose at 64 pixels.
QStringList trainArgs(const QString &yaml, const QString &project, const QString &name = QStringLiteral("train"))
{
    return { QStringLiteral("train"), arg("data", yaml), QStringLiteral("model=yolov8n-pose"),
        QStringLiteral("imgsz=64"), QStringLiteral("epochs=1"), QStringLiteral("batch=4"), QStringLiteral("workers=0"),
        arg("project", project), arg("name", name) };
}

QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

void copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        const QString target = to + f.mid(from.size());
        QDir().mkpath(QFileInfo(target).absolutePath());
        QVERIFY(QFile::copy(f, target));
    }
}

// A COCO keypoints file with the 14 keypoints of every annotation at (10, 10).
QByteArray cocoJson(const QList<QPair<int, QString>> &images, const QList<QPair<int, int>> &annotations)
{
    QByteArray kps = "[";
    for (int k = 0; k < 14; ++k)
        kps += QByteArray(k ? "," : "") + "10,10,2";
    kps += "]";
    QByteArrayList im, an;
    for (const auto &[id, name] : images)
        im << QByteArray(R"({"id":)") + QByteArray::number(id) + R"(,"file_name":")" + name.toUtf8()
                + R"(","width":64,"height":48})";
    int annId = 1;
    for (const auto &[imageId, x] : annotations)
        an << QByteArray(R"({"id":)") + QByteArray::number(annId++) + R"(,"image_id":)" + QByteArray::number(imageId)
                + R"(,"category_id":1,"bbox":[)" + QByteArray::number(x) + R"(,5,20,20],"keypoints":)" + kps + "}";
    return "{\"images\":[" + im.join(',') + "],\"annotations\":[" + an.join(',')
        + "],\"categories\":[{\"id\":1,\"name\":\"gripper\"}]}";
}

} // namespace

class TestReliability : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void trainStopsOnFatalDatasetsBeforeTheFirstBatch_data();
    void trainStopsOnFatalDatasetsBeforeTheFirstBatch();
    void checkAndTrainSkipTheSameImages();
    void checkRefusesASplitWithoutImages();
    void messagesSayWhatIsWrong_data();
    void messagesSayWhatIsWrong();
    void nothingIsWrittenBesideFoldersTheDatasetPointsAt();
    void ultralyticsCacheIsLeftAloneByTrainAndVal();
    void synthDataYamlResolvesFromAnyFolder();
    void cocoKeepsSubfolders();
    void cocoReportsDuplicateIdsAndFileNames();
    void cocoRefusesAnExistingDatasetUnlessMerging();
    void valAndPredictSayWhyAFolderCannotBeWritten();
    void aKillAtAnyPointOfASaveResumesConsistently();
    void aSecondProcessCannotTrainIntoARunningRun();

private:
    QString copyOfSynth(const QString &name);

    QTemporaryDir m_dir;
    QString m_synth; // a small generated dataset, never modified
    QString m_checkpoint; // a checkpoint trained on it for one epoch
};

void TestReliability::initTestCase()
{
    m_synth = m_dir.filePath(QStringLiteral("synth"));
    const Run r = gripperpose({ QStringLiteral("synth"), arg("out", m_synth), QStringLiteral("n=12"),
        QStringLiteral("imgsz=96,64"), QStringLiteral("seed=3"), QStringLiteral("video_frames=0") });
    QVERIFY2(r.code == 0, qPrintable(r.all()));
    const QString project = m_dir.filePath(QStringLiteral("runs"));
    const Run t = gripperpose(trainArgs(copyOfSynth(QStringLiteral("forckpt")), project, QStringLiteral("ckpt")));
    QVERIFY2(t.code == 0, qPrintable(t.all()));
    m_checkpoint = project + QStringLiteral("/ckpt/weights/last.ckpt");
    QVERIFY(QFileInfo::exists(m_checkpoint));
}

QString TestReliability::copyOfSynth(const QString &name)
{
    const QString to = m_dir.filePath(name);
    copyTree(m_synth, to);
    return to + QStringLiteral("/data.yaml");
}

void TestReliability::trainStopsOnFatalDatasetsBeforeTheFirstBatch_data()
{
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<QString>("message");
    const QByteArray flip = "flip_idx: [7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6]";
    QTest::newRow("flip_idx with 13 entries")
        << flip << QByteArray("flip_idx: [7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5]") << "got 13 entries";
    QTest::newRow("flip_idx out of range")
        << flip << QByteArray("flip_idx: [99, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, -1]") << "permutation of 0..13";
    QTest::newRow("flip_idx all zeros") << flip << QByteArray("flip_idx: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]")
                                        << "permutation of 0..13";
    QTest::newRow("kpt_shape [14, 2] against 3-value labels")
        << QByteArray("kpt_shape: [14, 3]") << QByteArray("kpt_shape: [14, 2]") << "which fits kpt_shape [14, 3]";
    QTest::newRow("val folder missing") << QByteArray("val: images/val") << QByteArray("val: images/none")
                                        << "the val images";
}

void TestReliability::trainStopsOnFatalDatasetsBeforeTheFirstBatch()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QString, message);
    const QString yaml = copyOfSynth(QStringLiteral("fatal-")
        + QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
    const QByteArray text = readFile(yaml);
    QVERIFY(text.contains(from));
    writeFile(yaml, QByteArray(text).replace(from, to));
    const QString project = m_dir.filePath(QStringLiteral("fatalruns"));
    const Run r = gripperpose(trainArgs(yaml, project));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral(" cannot be used:")) && r.err.contains(message), qPrintable(r.all()));
    // Stopped before anything was trained or written.
    QVERIFY2(!r.out.contains(QStringLiteral("Training yolov8n-pose")), qPrintable(r.out));
    QVERIFY(!QFileInfo::exists(project + QStringLiteral("/train/weights/last.ckpt")));
}

void TestReliability::checkAndTrainSkipTheSameImages()
{
    const QString yaml = copyOfSynth(QStringLiteral("agree"));
    const QString root = QFileInfo(yaml).absolutePath();
    const int good = QDir(root + QStringLiteral("/images/train")).entryList(QDir::Files).size();
    QVERIFY(good > 4);
    const QByteArray jpeg = readFile(root + QStringLiteral("/images/train/")
        + QDir(root + QStringLiteral("/images/train")).entryList(QDir::Files).first());
    auto add = [&](const QString &image, const QByteArray &bytes, const QByteArray &labels) {
        writeFile(root + QStringLiteral("/images/train/") + image, bytes);
        if (!labels.isNull())
            writeFile(
                root + QStringLiteral("/labels/train/") + QFileInfo(image).completeBaseName() + QStringLiteral(".txt"),
                labels);
    };
    add(QStringLiteral("zz_cut.jpg"), jpeg.left(jpeg.size() / 2), labelLine()); // skipped
    add(QStringLiteral("zz_pngnamedjpg.jpg"), encodedImage("PNG", QSize(96, 64)), labelLine()); // trained on
    add(QStringLiteral("zz_huge.png"), monochromePng(20000, 20000), labelLine()); // skipped
    add(QStringLiteral("zz_labeldir.jpg"), jpeg, QByteArray()); // skipped
    QVERIFY(QDir().mkpath(root + QStringLiteral("/labels/train/zz_labeldir.txt")));
    add(QStringLiteral("zz_allbad.jpg"), jpeg, labelLine(1.5) + labelLine(-3)); // skipped

    const Run check = gripperpose({ QStringLiteral("check"), arg("data", yaml) });
    QCOMPARE(check.code, 1);
    QVERIFY2(check.out.contains(QStringLiteral("train: %1 images (").arg(good + 5)), qPrintable(check.out));
    QVERIFY2(
        check.out.contains(QStringLiteral("skipped: 2 unreadable images, 2 with bad labels")), qPrintable(check.out));
    QVERIFY(check.out.contains(QStringLiteral("images/train/zz_cut.jpg: the JPEG file is truncated")));
    QVERIFY(
        check.out.contains(QStringLiteral("images/train/zz_huge.png: 20000 × 20000 pixels is more than the limit")));
    QVERIFY(!check.out.contains(QStringLiteral("zz_pngnamedjpg")));

    const Run train = gripperpose(trainArgs(yaml, m_dir.filePath(QStringLiteral("agreeruns"))));
    QVERIFY2(train.code == 0, qPrintable(train.all()));
    QVERIFY2(train.out.contains(QStringLiteral("%1 train images").arg(good + 1)), qPrintable(train.out));
    for (const char *problem : { "zz_cut.jpg: the JPEG file is truncated", "zz_huge.png: 20000 × 20000 pixels",
             "zz_labeldir.txt: the label file cannot be read", "zz_allbad.txt:1:" })
        QVERIFY2(train.out.contains(QString::fromUtf8(problem)), problem);
}

void TestReliability::checkRefusesASplitWithoutImages()
{
    const QString yaml = copyOfSynth(QStringLiteral("emptyval"));
    const QString root = QFileInfo(yaml).absolutePath();
    QVERIFY(QDir(root + QStringLiteral("/images/val")).removeRecursively());
    QVERIFY(QDir(root + QStringLiteral("/labels/val")).removeRecursively());
    QVERIFY(QDir().mkpath(root + QStringLiteral("/images/val")));
    const Run r = gripperpose({ QStringLiteral("check"), arg("data", yaml) });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("the val split has no images")), qPrintable(r.out));
    QVERIFY(!r.out.contains(QStringLiteral("No problems found")));
}

void TestReliability::messagesSayWhatIsWrong_data()
{
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<QString>("label"); // "": leave the labels; "box0": a 0×0 box; "dir": a folder
    QTest::addColumn<QString>("once"); // must appear exactly once
    QTest::addColumn<QString>("never");
    QTest::newRow("kpt_shape of a billion")
        << QByteArray("kpt_shape: [14, 3]") << QByteArray("kpt_shape: [1000000000, 3]") << ""
        << "asks for more than 1000 keypoints"
        << "-1294967291";
    QTest::newRow("0×0 box") << QByteArray() << QByteArray() << "box0"
                             << "  box without area: 1"
                             << "coordinate outside [0, 1]";
    QTest::newRow("flip_idx printed once") << QByteArray("flip_idx: [7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6]")
                                           << QByteArray("flip_idx: [1, 0]") << ""
                                           << "\"flip_idx\" must be a permutation"
                                           << "class 0 is not one of";
    QTest::newRow("names printed once") << QByteArray("names:\n  0: gripper") << QByteArray("") << ""
                                        << "\"names\" is missing"
                                        << "0 classes";
    QTest::newRow("label file is a folder") << QByteArray() << QByteArray() << "dir"
                                            << "  label file unreadable: 1"
                                            << "not a number";
}

void TestReliability::messagesSayWhatIsWrong()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QString, label);
    QFETCH(QString, once);
    QFETCH(QString, never);
    const QString yaml = copyOfSynth(QStringLiteral("msg-")
        + QString::fromUtf8(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
    const QString root = QFileInfo(yaml).absolutePath();
    if (!from.isEmpty()) {
        const QByteArray text = readFile(yaml);
        QVERIFY2(text.contains(from), text.constData());
        writeFile(yaml, QByteArray(text).replace(from, to));
    }
    const QString firstLabel = root + QStringLiteral("/labels/train/")
        + QDir(root + QStringLiteral("/labels/train")).entryList(QDir::Files, QDir::Name).first();
    if (label == QLatin1String("box0")) {
        QByteArray l = "0 0.5 0.5 0 0";
        for (int k = 0; k < 14; ++k)
            l += " 0.5 0.5 2";
        writeFile(firstLabel, l + '\n');
    } else if (label == QLatin1String("dir")) {
        QVERIFY(QFile::remove(firstLabel));
        QVERIFY(QDir().mkpath(firstLabel));
    }
    const Run r = gripperpose({ QStringLiteral("check"), arg("data", yaml) });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.count(once) == 1, qPrintable(r.out));
    QVERIFY2(!r.all().contains(never), qPrintable(r.all()));
}

void TestReliability::nothingIsWrittenBesideFoldersTheDatasetPointsAt()
{
    const QString yaml = copyOfSynth(QStringLiteral("outside/project"));
    const QString elsewhere = m_dir.filePath(QStringLiteral("outside/pixmaps"));
    copyTree(QFileInfo(yaml).absolutePath() + QStringLiteral("/images/val"), elsewhere);
    // A folder without "images" in its path keeps its label files beside the images.
    copyTree(QFileInfo(yaml).absolutePath() + QStringLiteral("/labels/val"), elsewhere);
    writeFile(yaml, readFile(yaml).replace("val: images/val", "val: " + elsewhere.toUtf8()));
    const QString project = QFileInfo(yaml).absolutePath();
    // What is outside the project: the val folder's files and the folders beside it.
    auto outside = [&] {
        return filesUnder(elsewhere)
            + QDir(m_dir.filePath(QStringLiteral("outside")))
                  .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    };
    const QStringList before = outside();

    QCOMPARE(gripperpose({ QStringLiteral("check"), arg("data", yaml) }).code, 0);
    const Run train = gripperpose(trainArgs(yaml, project + QStringLiteral("/runs")));
    QVERIFY2(train.code == 0, qPrintable(train.all()));
    const Run val = gripperpose({ QStringLiteral("val"), arg("model", m_checkpoint), arg("data", yaml),
        QStringLiteral("imgsz=64"), arg("project", project + QStringLiteral("/runs")) });
    QVERIFY2(val.code == 0, qPrintable(val.all()));

    // Nothing changed outside the project folder: no pixmaps.cache beside the val folder.
    QCOMPARE(outside(), before);
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("outside/pixmaps.cache"))));
    // The caches are in the project's cache folder.
    QVERIFY(!QDir(project + QStringLiteral("/.gripperpose-cache")).entryList(QDir::Files).isEmpty());
}

void TestReliability::ultralyticsCacheIsLeftAloneByTrainAndVal()
{
    const QString yaml = copyOfSynth(QStringLiteral("ultralytics"));
    const QString root = QFileInfo(yaml).absolutePath();
    const QString trainCache = root + QStringLiteral("/labels/train.cache"),
                  valCache = root + QStringLiteral("/labels/val.cache");
    // Ultralytics has cached the train split, not yet the val split.
    writeFile(trainCache, ultralyticsCache());
    const QString project = m_dir.filePath(QStringLiteral("ultralyticsruns"));
    const Run train = gripperpose(trainArgs(yaml, project));
    QVERIFY2(train.code == 0, qPrintable(train.all()));
    const Run val
        = gripperpose({ QStringLiteral("val"), arg("model", project + QStringLiteral("/train/weights/last.ckpt")),
            arg("data", yaml), QStringLiteral("imgsz=64"), arg("project", project) });
    QVERIFY2(val.code == 0, qPrintable(val.all()));
    QCOMPARE(gripperpose({ QStringLiteral("check"), arg("data", yaml) }).code, 0);
    // What Ultralytics' np.load reads is still there, byte for byte; no file of its name was made.
    QVERIFY(isNpyFile(readFile(trainCache)));
    QCOMPARE(readFile(trainCache), ultralyticsCache());
    QVERIFY(!QFileInfo::exists(valCache));
    QVERIFY(QDir(root + QStringLiteral("/labels")).entryList({ QStringLiteral("*.cache") }, QDir::Files)
        == QStringList { QStringLiteral("train.cache") });
}

void TestReliability::synthDataYamlResolvesFromAnyFolder()
{
    // Ultralytics resolves a relative `path` against the current directory: synth writes none,
    // and Ultralytics then takes the yaml's own folder, wherever it runs.
    const QByteArray text = readFile(m_synth + QStringLiteral("/data.yaml"));
    QVERIFY2(!QRegularExpression(QStringLiteral("^path:"), QRegularExpression::MultilineOption)
                  .match(QString::fromUtf8(text))
                  .hasMatch(),
        text.constData());
    QVERIFY(text.contains("train: images/train"));
    // And it still checks clean from another folder.
    const Run r = gripperpose({ QStringLiteral("check"), QStringLiteral("data=synth/data.yaml") }, m_dir.path());
    QVERIFY2(r.code == 0, qPrintable(r.all()));
}

void TestReliability::cocoKeepsSubfolders()
{
    const QString images = m_dir.filePath(QStringLiteral("cocoimages"));
    writeFile(images + QStringLiteral("/a/img.jpg"), encodedImage("JPEG"));
    writeFile(images + QStringLiteral("/b/img.jpg"), encodedImage("PNG"));
    const QString json = m_dir.filePath(QStringLiteral("sub.json"));
    writeFile(json,
        cocoJson({ { 1, QStringLiteral("a/img.jpg") }, { 2, QStringLiteral("b/img.jpg") } }, { { 1, 5 }, { 2, 30 } }));
    const QString out = m_dir.filePath(QStringLiteral("cocosub"));
    const Run r
        = gripperpose({ QStringLiteral("coco2yolo"), arg("json", json), arg("images", images), arg("out", out) });
    QVERIFY2(r.code == 0, qPrintable(r.all()));
    QVERIFY(r.out.contains(QStringLiteral("wrote 2 images")));
    QCOMPARE(
        readFile(out + QStringLiteral("/images/train/a/img.jpg")), readFile(images + QStringLiteral("/a/img.jpg")));
    QCOMPARE(
        readFile(out + QStringLiteral("/images/train/b/img.jpg")), readFile(images + QStringLiteral("/b/img.jpg")));
    // Each keeps its own object: x of 5 and 30 pixels of 64, centre of a 20-pixel box.
    QVERIFY(readFile(out + QStringLiteral("/labels/train/a/img.txt")).startsWith("0 0.234375 "));
    QVERIFY(readFile(out + QStringLiteral("/labels/train/b/img.txt")).startsWith("0 0.625000 "));
    QCOMPARE(gripperpose({ QStringLiteral("check"), arg("data", out + QStringLiteral("/data.yaml")) }).code, 0);
}

void TestReliability::cocoReportsDuplicateIdsAndFileNames()
{
    const QString images = m_dir.filePath(QStringLiteral("cocodup"));
    for (const char *name : { "one.jpg", "two.jpg", "three.jpg" })
        writeFile(images + QLatin1Char('/') + QLatin1String(name), encodedImage("JPEG"));
    const QString json = m_dir.filePath(QStringLiteral("dup.json"));
    // Id 1 twice (one.jpg, two.jpg); three.jpg twice (ids 3 and 4).
    writeFile(json,
        cocoJson({ { 1, QStringLiteral("one.jpg") }, { 1, QStringLiteral("two.jpg") },
                     { 3, QStringLiteral("three.jpg") }, { 4, QStringLiteral("three.jpg") } },
            { { 1, 5 }, { 3, 10 }, { 4, 30 } }));
    const QString out = m_dir.filePath(QStringLiteral("cocodupout"));
    const Run r
        = gripperpose({ QStringLiteral("coco2yolo"), arg("json", json), arg("images", images), arg("out", out) });
    QVERIFY2(r.code == 0, qPrintable(r.all()));
    QVERIFY2(r.out.contains(QStringLiteral("image id 1 is used by 2 images (one.jpg, two.jpg)")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("images 3 and 4 are both \"three.jpg\"")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("wrote 1 images")));
    // three.jpg has image 3's object only (x 10 → centre 20 of 64).
    const QByteArray labels = readFile(out + QStringLiteral("/labels/train/three.txt"));
    QCOMPARE(labels.count('\n'), 1);
    QVERIFY(labels.startsWith("0 0.312500 "));
    QVERIFY(!QFileInfo::exists(out + QStringLiteral("/labels/train/one.txt")));
}

void TestReliability::cocoRefusesAnExistingDatasetUnlessMerging()
{
    const QString yaml = copyOfSynth(QStringLiteral("existing"));
    const QString root = QFileInfo(yaml).absolutePath();
    const QByteArray yamlText = readFile(yaml) + "# the team's notes\n";
    writeFile(yaml, yamlText);
    // A COCO export of one of its val images, whose labels the user has since edited.
    const QString valImage = QDir(root + QStringLiteral("/images/val")).entryList(QDir::Files, QDir::Name).first();
    const QString label
        = root + QStringLiteral("/labels/val/") + QFileInfo(valImage).completeBaseName() + QStringLiteral(".txt");
    const QString json = m_dir.filePath(QStringLiteral("existing.json"));
    writeFile(json, cocoJson({ { 1, valImage }, { 2, QStringLiteral("new/extra.jpg") } }, { { 1, 5 }, { 2, 12 } }));
    writeFile(root + QStringLiteral("/import/new/extra.jpg"), encodedImage("JPEG"));
    QVERIFY(
        QFile::copy(root + QStringLiteral("/images/val/") + valImage, root + QStringLiteral("/import/") + valImage));
    const QByteArray edited = readFile(label);
    const QStringList before = filesUnder(root);

    Run r = gripperpose({ QStringLiteral("coco2yolo"), arg("json", json),
        arg("images", root + QStringLiteral("/import")), arg("out", root), QStringLiteral("split=val") });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("already holds a dataset")) && r.err.contains(QStringLiteral("merge=true")),
        qPrintable(r.all()));
    QCOMPARE(filesUnder(root), before);

    r = gripperpose({ QStringLiteral("coco2yolo"), arg("json", json), arg("images", root + QStringLiteral("/import")),
        arg("out", root), QStringLiteral("split=val"), QStringLiteral("merge=true") });
    QVERIFY2(r.code == 0, qPrintable(r.all()));
    // The edited label file and data.yaml are kept byte for byte, and the user is told.
    QCOMPARE(readFile(label), edited);
    QCOMPARE(readFile(yaml), yamlText);
    QVERIFY2(r.out.contains(QStringLiteral("already exists with other labels and is kept")), qPrintable(r.out));
    // The new image is added beside the existing ones.
    QVERIFY(QFileInfo::exists(root + QStringLiteral("/images/val/new/extra.jpg")));
    QVERIFY(QFileInfo::exists(root + QStringLiteral("/labels/val/new/extra.txt")));
    QVERIFY(r.out.contains(QStringLiteral("wrote 1 images")));
}

void TestReliability::valAndPredictSayWhyAFolderCannotBeWritten()
{
    const QString blocker = m_dir.filePath(QStringLiteral("afile"));
    writeFile(blocker, "not a folder");
    const Run val = gripperpose(
        { QStringLiteral("val"), arg("model", m_checkpoint), arg("data", m_synth + QStringLiteral("/data.yaml")),
            QStringLiteral("imgsz=64"), arg("project", blocker + QStringLiteral("/runs")) });
    QCOMPARE(val.code, 1);
    QVERIFY2(val.err.contains(blocker + QStringLiteral(" is a file, not a folder")), qPrintable(val.all()));
    QVERIFY(!val.err.contains(QStringLiteral("No such file")));

    const QString project = m_dir.filePath(QStringLiteral("predictruns"));
    for (int i = 0; i < 2; ++i) {
        const Run p = gripperpose({ QStringLiteral("predict"), arg("model", m_checkpoint),
            arg("source", m_dir.filePath(QStringLiteral("missing.mp4"))), QStringLiteral("imgsz=64"),
            QStringLiteral("save=true"), arg("project", project) });
        QCOMPARE(p.code, 1);
    }
    QCOMPARE(QDir(project).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList());
}

// Kills a two-epoch run at every file operation of its saves in turn (a real SIGKILL, from
// RunFolder's failpoints), resumes it, and checks that last.ckpt, best.ckpt and the epoch
// each belongs to agree and that the printout names only files that exist.
void TestReliability::aKillAtAnyPointOfASaveResumesConsistently()
{
    const QString yaml = copyOfSynth(QStringLiteral("killed"));
    const QString project = m_dir.filePath(QStringLiteral("killedruns"));
    int kills = 0;
    for (int failpoint = 1;; ++failpoint) {
        QVERIFY2(failpoint < 20, "the run was never left alone by its failpoints");
        const QString name = QStringLiteral("kill%1").arg(failpoint);
        const QString weights = project + QLatin1Char('/') + name + QStringLiteral("/weights/");
        QStringList args = trainArgs(yaml, project, name);
        args.replaceInStrings(QStringLiteral("epochs=1"), QStringLiteral("epochs=2"));
        const Run killed = gripperpose(args, QString(), failpoint);
        if (killed.code == 0)
            break; // past the last file operation of the last save
        QVERIFY2(killed.code == -1, qPrintable(killed.all()));
        ++kills;
        // Without a last.ckpt the run is started again into its folder; else it is resumed.
        const bool hasLast = QFileInfo::exists(weights + QStringLiteral("last.ckpt"));
        CheckpointInfo lastInfo;
        QString error;
        const bool finished = hasLast && readCheckpointInfo(weights + QStringLiteral("last.ckpt"), &lastInfo, &error)
            && lastInfo.epoch == 1;
        // A finished run has nothing to resume, but resume= still settles its folder.
        const Run again = hasLast
            ? gripperpose({ QStringLiteral("train"), arg("resume", weights + QStringLiteral("last.ckpt")) })
            : gripperpose(args << QStringLiteral("exist_ok=true"));
        const QString context = QStringLiteral("killed at failpoint %1: %2").arg(failpoint).arg(again.all());
        if (finished)
            QVERIFY2(
                again.code == 1 && again.err.contains(QStringLiteral("finished all 2 epochs")), qPrintable(context));
        else
            QVERIFY2(again.code == 0, qPrintable(context));

        CheckpointInfo last, best;
        QVERIFY2(readCheckpointInfo(weights + QStringLiteral("last.ckpt"), &last, &error), qPrintable(error));
        QVERIFY2(readCheckpointInfo(weights + QStringLiteral("best.ckpt"), &best, &error), qPrintable(context + error));
        QCOMPARE(last.epoch, 1);
        // best.ckpt is the epoch last.ckpt calls the best: its fitness, and no later epoch.
        QVERIFY2(best.epoch <= last.epoch, qPrintable(context));
        QVERIFY2(best.bestFitness == last.bestFitness, qPrintable(context));
        QVERIFY(!QFileInfo::exists(weights + QStringLiteral("best.next.ckpt")));
        QCOMPARE(QDir(weights).entryList({ QStringLiteral(".*tmp*") }, QDir::Files | QDir::Hidden), QStringList());
        // The printout names only files that exist.
        if (!finished) {
            const QRegularExpressionMatch m
                = QRegularExpression(QStringLiteral("Weights: (.*)$"), QRegularExpression::MultilineOption)
                      .match(again.out);
            QVERIFY2(m.hasMatch(), qPrintable(again.out));
            for (const QString &f : m.captured(1).split(QStringLiteral(", ")))
                QVERIFY2(QFileInfo::exists(f), qPrintable(f));
        }
    }
    // Per epoch: best aside (when it is the best), last, best renamed, results.csv. The first
    // epoch is always the best (validation scores at least 0, above the initial -1), so the
    // kill between last and best that lost best.ckpt before is among them.
    QVERIFY2(kills >= 6, qPrintable(QString::number(kills)));
}

void TestReliability::aSecondProcessCannotTrainIntoARunningRun()
{
    const QString yaml = copyOfSynth(QStringLiteral("locked"));
    const QString project = m_dir.filePath(QStringLiteral("lockedruns"));
    QStringList args = trainArgs(yaml, project, QStringLiteral("shared"));
    QProcess first;
    start(first, QStringList(args).replaceInStrings(QStringLiteral("epochs=1"), QStringLiteral("epochs=500")));
    QVERIFY(first.waitForStarted());
    const QString lock = project + QStringLiteral("/shared/.train.lock");
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(lock), 120000);

    args << QStringLiteral("exist_ok=true");
    const Run second = gripperpose(args);
    QCOMPARE(second.code, 1);
    QVERIFY2(second.err.contains(QStringLiteral("is being trained by another process (PID %1").arg(first.processId())),
        qPrintable(second.all()));
    QVERIFY(!QFileInfo::exists(project + QStringLiteral("/shared2")));

    // Killed, the first leaves a lock whose process is gone: the next run takes it over.
    first.kill();
    QVERIFY(first.waitForFinished());
    QVERIFY(QFileInfo::exists(lock));
    const Run third = gripperpose(args);
    QVERIFY2(third.code == 0, qPrintable(third.all()));
    QVERIFY(!QFileInfo::exists(lock)); // released at the end
}

QTEST_GUILESS_MAIN(TestReliability)
#include "tst_reliability.moc"
