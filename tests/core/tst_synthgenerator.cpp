#include "datasetchecker.h"
#include "datasetconfig.h"
#include "labelfile.h"
#include "skeleton.h"
#include "synthgenerator.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

// The test reads the video back itself where OpenCV's headers are on its include path;
// run() verifies the written video with OpenCV in any case.
#if __has_include(<opencv2/videoio.hpp>)
#include <opencv2/videoio.hpp>

using gp::DatasetChecker;
using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::ImageAnnotation;
using gp::LabelFile;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
#define GP_TEST_HAS_OPENCV 1
#endif

namespace {

constexpr int kKeypoints = 14;
constexpr int kColumns = 5 + kKeypoints * 3;

QByteArray readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every file under `dir`, relative to it, sorted.
QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

struct Label
{
    QString file;
    QList<double> values; // all columns of one line
};

QList<Label> readLabels(const QString &outDir)
{
    QList<Label> out;
    const QString labels = QDir(outDir).filePath(QStringLiteral("labels"));
    for (const QString &rel : filesUnder(labels))
        for (const QByteArray &line : readAll(QDir(labels).filePath(rel)).split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            Label l;
            l.file = rel;
            for (const QByteArray &t : line.split(' '))
                l.values << t.toDouble();
            out << l;
        }
    return out;
}

struct Point
{
    double x, y;
    int v;
};

QList<Point> keypointsOf(const Label &l, QSize size)
{
    QList<Point> out;
    for (int k = 0; k < kKeypoints; ++k)
        out << Point { l.values[5 + 3 * k] * size.width(), l.values[6 + 3 * k] * size.height(),
            int(l.values[7 + 3 * k]) };
    return out;
}

} // namespace

class TestSynthGenerator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameSeedGivesSameBytes();
    void differentSeedGivesDifferentData();
    void writesUltralyticsLayout();
    void checkerFindsNoIssues();
    void labelLinesAreWellFormed();
    void visibilitiesCoverAllStates();
    void keypointsAreGeometricallySane();
    void renderImageIsDeterministic();
    void videoHasAllFrames();
    void videoTruthIsConsistent();
    void progressAndCancellation();
    void rejectsBadOptions();

private:
    SynthOptions options(const QString &name, quint64 seed, int count, QSize size, int frames) const;
    bool generate(const SynthOptions &o, QString *error) const;

    QTemporaryDir m_dir;
    SynthOptions m_a, m_a2, m_b, m_big;
};

SynthOptions TestSynthGenerator::options(const QString &name, quint64 seed, int count, QSize size, int frames) const
{
    SynthOptions o;
    o.outDir = m_dir.filePath(name);
    o.seed = seed;
    o.count = count;
    o.imageSize = size;
    o.videoFrames = frames;
    o.videoFps = 30.0;
    o.valFraction = 0.2;
    return o;
}

bool TestSynthGenerator::generate(const SynthOptions &o, QString *error) const
{
    return SynthGenerator(Skeleton::defaultGripper(), o).run(error);
}

void TestSynthGenerator::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_a = options(QStringLiteral("a"), 7, 6, QSize(160, 96), 8);
    m_a2 = options(QStringLiteral("a2"), 7, 6, QSize(160, 96), 8);
    m_b = options(QStringLiteral("b"), 8, 6, QSize(160, 96), 8);
    m_big = options(QStringLiteral("big"), 11, 40, QSize(320, 192), 40);
    for (const SynthOptions *o : { &m_a, &m_a2, &m_b, &m_big }) {
        QString error;
        QVERIFY2(generate(*o, &error), qPrintable(error));
    }
}

void TestSynthGenerator::sameSeedGivesSameBytes()
{
    const QStringList files = filesUnder(m_a.outDir);
    QCOMPARE(files, filesUnder(m_a2.outDir));
    for (const QString &rel : files) {
        // Encoded video bytes belong to the codec library; its frames and truth are compared elsewhere.
        if (rel.endsWith(QLatin1String(".mp4")) || rel.endsWith(QLatin1String(".avi")))
            continue;
        QVERIFY2(readAll(QDir(m_a.outDir).filePath(rel)) == readAll(QDir(m_a2.outDir).filePath(rel)), qPrintable(rel));
    }
    QVERIFY(files.contains(QStringLiteral("data.yaml")));
    QVERIFY(!readAll(QDir(m_a.outDir).filePath(QStringLiteral("data.yaml"))).isEmpty());
}

void TestSynthGenerator::differentSeedGivesDifferentData()
{
    QByteArray a, b;
    for (const QString &rel : filesUnder(QDir(m_a.outDir).filePath(QStringLiteral("labels"))))
        a += readAll(QDir(m_a.outDir).filePath(QStringLiteral("labels/") + rel));
    for (const QString &rel : filesUnder(QDir(m_b.outDir).filePath(QStringLiteral("labels"))))
        b += readAll(QDir(m_b.outDir).filePath(QStringLiteral("labels/") + rel));
    QVERIFY(!a.isEmpty() || !b.isEmpty());
    QVERIFY(a != b);
    const QString first = SynthGenerator(Skeleton::defaultGripper(), m_a).imageFileName(0);
    QVERIFY(readAll(QDir(m_a.outDir).filePath(first)) != readAll(QDir(m_b.outDir).filePath(first)));
    // The data.yaml depends on the skeleton only.
    QCOMPARE(readAll(QDir(m_a.outDir).filePath(QStringLiteral("data.yaml"))),
        readAll(QDir(m_b.outDir).filePath(QStringLiteral("data.yaml"))));
}

void TestSynthGenerator::writesUltralyticsLayout()
{
    for (const SynthOptions *o : { &m_a, &m_big }) {
        const QDir out(o->outDir);
        const QStringList train = filesUnder(out.filePath(QStringLiteral("images/train")));
        const QStringList val = filesUnder(out.filePath(QStringLiteral("images/val")));
        QCOMPARE(train.size() + val.size(), o->count);
        QCOMPARE(val.size(), int(std::lround(o->count * o->valFraction)));
        QCOMPARE(filesUnder(out.filePath(QStringLiteral("labels/train"))).size(), train.size());
        QCOMPARE(filesUnder(out.filePath(QStringLiteral("labels/val"))).size(), val.size());
        for (const QString &f : val)
            QVERIFY(QFile::exists(DatasetConfig::labelFileFor(out.filePath(QStringLiteral("images/val/") + f))));

        DatasetIssueList issues;
        const auto config = DatasetConfig::load(out.filePath(QStringLiteral("data.yaml")), &issues);
        QVERIFY(config);
        QVERIFY(issues.isEmpty());
        QVERIFY(config->validate().isEmpty());
        // No `path`: Ultralytics then resolves the folders against the yaml's folder, as we do
        // (a relative `path` it resolves against the current directory).
        QCOMPARE(config->path, QString());
        QCOMPARE(config->keypointCount, kKeypoints);
        QCOMPARE(config->keypointDims, 3);
        QCOMPARE(config->flipIdx, Skeleton::defaultGripper().flipIndex());
        QCOMPARE(config->names, QStringList { QStringLiteral("gripper") });
        QCOMPARE(config->imageFiles(QStringLiteral("train")).size(), train.size());

        QString error;
        const auto skeleton = Skeleton::load(out.filePath(QStringLiteral("skeleton.json")), &error);
        QVERIFY2(skeleton, qPrintable(error));
        QVERIFY(*skeleton == Skeleton::defaultGripper());
    }
}

void TestSynthGenerator::checkerFindsNoIssues()
{
    DatasetIssueList issues;
    const auto config = DatasetConfig::load(QDir(m_big.outDir).filePath(QStringLiteral("data.yaml")), &issues);
    QVERIFY(config);
    const DatasetChecker::Report report = DatasetChecker(*config).run();
    QVERIFY(report.issues.isEmpty());
    QCOMPARE(report.totalImages(), m_big.count);
    int background = 0, visible = 0, occluded = 0, absent = 0;
    for (const auto &[split, summary] : report.splits) {
        QCOMPARE(summary.badImages, 0);
        QCOMPARE(summary.unlabelled, 0);
        background += summary.background;
        visible += summary.visible;
        occluded += summary.occluded;
        absent += summary.absent;
    }
    QVERIFY(background > 0);
    QVERIFY(visible > 0 && occluded > 0 && absent > 0);
}

void TestSynthGenerator::labelLinesAreWellFormed()
{
    const LabelFile::Format format { kKeypoints, 3, 1 };
    for (const SynthOptions *o : { &m_a, &m_b, &m_big }) {
        const QList<Label> labels = readLabels(o->outDir);
        QVERIFY(!labels.isEmpty());
        for (const Label &l : labels) {
            QCOMPARE(l.values.size(), kColumns);
            QCOMPARE(l.values[0], 0.0);
            for (int c = 1; c < kColumns; ++c)
                if (c < 5 || (c - 5) % 3 != 2) // boxes and coordinates, not visibilities
                    QVERIFY2(l.values[c] >= 0.0 && l.values[c] <= 1.0, qPrintable(l.file));
            QVERIFY(l.values[3] > 0 && l.values[4] > 0);
            for (const Point &p : keypointsOf(l, o->imageSize)) {
                QVERIFY(p.v == 0 || p.v == 1 || p.v == 2);
                if (p.v == 0) // outside the frame: not labelled, no coordinates
                    QVERIFY2(p.x == 0 && p.y == 0, qPrintable(l.file));
            }
        }
        // The project's own reader accepts every file.
        const QString labelsDir = QDir(o->outDir).filePath(QStringLiteral("labels"));
        for (const QString &rel : filesUnder(labelsDir)) {
            DatasetIssueList issues;
            LabelFile::read(QDir(labelsDir).filePath(rel), o->imageSize, format, &issues, rel);
            QVERIFY2(issues.isEmpty(), qPrintable(rel));
        }
    }
}

void TestSynthGenerator::visibilitiesCoverAllStates()
{
    int counts[3] = { 0, 0, 0 };
    QHash<QString, int> perFile;
    for (const Label &l : readLabels(m_big.outDir)) {
        ++perFile[l.file];
        for (const Point &p : keypointsOf(l, m_big.imageSize))
            ++counts[p.v];
    }
    QVERIFY2(counts[0] > 0, "no keypoint outside the frame");
    QVERIFY2(counts[1] > 0, "no occluded keypoint");
    QVERIFY2(counts[2] > counts[1], "visible keypoints should dominate");
    // Images with no robot (empty label files), one robot and two robots all occur.
    const int labelFiles = filesUnder(QDir(m_big.outDir).filePath(QStringLiteral("labels"))).size();
    QCOMPARE(labelFiles, m_big.count);
    QVERIFY(perFile.size() < labelFiles);
    QVERIFY(std::count(perFile.cbegin(), perFile.cend(), 1) > 0);
    QVERIFY(std::count(perFile.cbegin(), perFile.cend(), 2) > 0);
}

void TestSynthGenerator::keypointsAreGeometricallySane()
{
    int checkedMidpoints = 0, checkedFingers = 0, checkedChirality = 0;
    for (const Label &l : readLabels(m_big.outDir)) {
        const QSize size = m_big.imageSize;
        const QList<Point> kp = keypointsOf(l, size);
        const double cx = l.values[1] * size.width(), cy = l.values[2] * size.height();
        const double bw = l.values[3] * size.width(), bh = l.values[4] * size.height();
        for (const Point &p : kp)
            if (p.v > 0) {
                // Every labelled point lies on or between the drawn gripper parts.
                QVERIFY(p.x >= cx - bw / 2 - 1 && p.x <= cx + bw / 2 + 1);
                QVERIFY(p.y >= cy - bh / 2 - 1 && p.y <= cy + bh / 2 + 1);
            }
        for (int g = 0; g < 2; ++g) {
            const Point &wrist = kp[7 * g], &palm = kp[7 * g + 1], &base1 = kp[7 * g + 2], &tip1 = kp[7 * g + 3];
            const Point &base2 = kp[7 * g + 4], &tip2 = kp[7 * g + 5], &grasp = kp[7 * g + 6];
            if (tip1.v && tip2.v && grasp.v) {
                // The grasp centre is the midpoint of the finger tips.
                QVERIFY(std::hypot(grasp.x - 0.5 * (tip1.x + tip2.x), grasp.y - 0.5 * (tip1.y + tip2.y)) <= 1.0);
                ++checkedMidpoints;
            }
            if (base1.v && tip1.v && base2.v && tip2.v) {
                // Parallel jaws: both fingers have the same direction and length.
                QVERIFY(std::hypot((tip1.x - base1.x) - (tip2.x - base2.x), (tip1.y - base1.y) - (tip2.y - base2.y))
                    <= 1.0);
                QVERIFY(std::hypot(tip1.x - base1.x, tip1.y - base1.y) > 1.0);
                ++checkedFingers;
                if (wrist.v && palm.v) {
                    // Fingers point away from the wrist, and finger 1 is the outer one: on
                    // the left of the gripper's axis for the left gripper, on the right for
                    // the right one (mirror images, as flip_idx assumes).
                    const double ux = palm.x - wrist.x, uy = palm.y - wrist.y;
                    QVERIFY(ux * (tip1.x - base1.x) + uy * (tip1.y - base1.y) > 0);
                    const double cross = ux * (base1.y - base2.y) - uy * (base1.x - base2.x);
                    QVERIFY2(g == 0 ? cross < 0 : cross > 0, qPrintable(l.file));
                    ++checkedChirality;
                }
            }
        }
    }
    QVERIFY(checkedMidpoints > 10);
    QVERIFY(checkedFingers > 10);
    QVERIFY(checkedChirality > 10);
}

void TestSynthGenerator::renderImageIsDeterministic()
{
    const SynthGenerator generator(Skeleton::defaultGripper(), m_a);
    for (int index = 0; index < m_a.count; ++index) {
        ImageAnnotation first, second;
        const QImage a = generator.renderImage(index, &first);
        const QImage b = generator.renderImage(index, &second);
        QCOMPARE(a.size(), m_a.imageSize);
        QVERIFY(a == b);
        QVERIFY(first == second);
        QCOMPARE(first.imageSize, m_a.imageSize);
        QCOMPARE(first.imagePath, QDir(m_a.outDir).filePath(generator.imageFileName(index)));
        // What renderImage reports is what run() wrote.
        const QByteArray written = readAll(DatasetConfig::labelFileFor(first.imagePath));
        QCOMPARE(LabelFile::serialize(first.instances, first.imageSize, 3), written);
    }
}

void TestSynthGenerator::videoHasAllFrames()
{
    for (const SynthOptions *o : { &m_a, &m_big }) {
        const QJsonObject truth
            = QJsonDocument::fromJson(readAll(QDir(o->outDir).filePath(SynthGenerator::videoTruthFileName()))).object();
        const QString video
            = QDir(o->outDir).filePath(QStringLiteral("videos/") + truth.value(QStringLiteral("video")).toString());
        QVERIFY(video == QDir(o->outDir).filePath(SynthGenerator::videoFileName())
            || video == QDir(o->outDir).filePath(SynthGenerator::fallbackVideoFileName()));
        QVERIFY(QFileInfo(video).size() > 0);
#ifdef GP_TEST_HAS_OPENCV
        cv::VideoCapture capture(QFile::encodeName(video).toStdString());
        QVERIFY(capture.isOpened());
        cv::Mat frame;
        int frames = 0;
        while (capture.read(frame)) {
            QCOMPARE(frame.cols, o->imageSize.width());
            QCOMPARE(frame.rows, o->imageSize.height());
            ++frames;
        }
        QCOMPARE(frames, o->videoFrames);
#endif
    }
}

void TestSynthGenerator::videoTruthIsConsistent()
{
    const QJsonObject truth
        = QJsonDocument::fromJson(readAll(QDir(m_big.outDir).filePath(SynthGenerator::videoTruthFileName()))).object();
    QCOMPARE(truth.value(QStringLiteral("fps")).toDouble(), m_big.videoFps);
    QCOMPARE(truth.value(QStringLiteral("width")).toInt(), m_big.imageSize.width());
    QCOMPARE(truth.value(QStringLiteral("height")).toInt(), m_big.imageSize.height());
    const QJsonArray frames = truth.value(QStringLiteral("frames")).toArray();
    QCOMPARE(frames.size(), m_big.videoFrames);

    QHash<int, QSet<int>> occludedFrames; // track -> frames with a hidden keypoint
    bool someoutside = false;
    QSet<int> tracks;
    for (int f = 0; f < frames.size(); ++f) {
        const QJsonObject frame = frames[f].toObject();
        QCOMPARE(frame.value(QStringLiteral("frame")).toInt(), f);
        QVERIFY(std::fabs(frame.value(QStringLiteral("time")).toDouble() - f / m_big.videoFps) < 1e-9);
        for (const QJsonValue &iv : frame.value(QStringLiteral("instances")).toArray()) {
            const QJsonObject inst = iv.toObject();
            const int track = inst.value(QStringLiteral("track")).toInt();
            tracks.insert(track);
            const QJsonArray box = inst.value(QStringLiteral("box")).toArray();
            QCOMPARE(box.size(), 4);
            QVERIFY(box[0].toDouble() >= 0 && box[2].toDouble() <= m_big.imageSize.width());
            QVERIFY(box[1].toDouble() >= 0 && box[3].toDouble() <= m_big.imageSize.height());
            QVERIFY(box[0].toDouble() < box[2].toDouble() && box[1].toDouble() < box[3].toDouble());
            const QJsonArray kps = inst.value(QStringLiteral("keypoints")).toArray();
            QCOMPARE(kps.size(), kKeypoints);
            for (const QJsonValue &kv : kps) {
                const QJsonArray k = kv.toArray();
                QCOMPARE(k.size(), 3);
                const int v = k[2].toInt();
                if (v == 0) {
                    QCOMPARE(k[0].toDouble(), 0.0);
                    QCOMPARE(k[1].toDouble(), 0.0);
                    someoutside = true;
                }
                if (v == 1)
                    occludedFrames[track].insert(f);
            }
        }
    }
    QCOMPARE(tracks, (QSet<int> { 0, 1 }));
    QVERIFY2(someoutside, "no gripper leaves the frame");

    const QJsonArray occlusions = truth.value(QStringLiteral("occlusions")).toArray();
    QVERIFY(!occlusions.isEmpty());
    QSet<int> covered;
    for (const QJsonValue &ov : occlusions) {
        const QJsonObject o = ov.toObject();
        const int track = o.value(QStringLiteral("track")).toInt(), start = o.value(QStringLiteral("start")).toInt();
        const int end = o.value(QStringLiteral("end")).toInt();
        QVERIFY(start <= end && start >= 0 && end < m_big.videoFrames);
        for (int f = start; f <= end; ++f) {
            QVERIFY(occludedFrames[track].contains(f));
            covered.insert(f * 2 + track);
        }
    }
    int hidden = 0;
    for (auto it = occludedFrames.cbegin(); it != occludedFrames.cend(); ++it)
        hidden += it.value().size();
    QCOMPARE(covered.size(), hidden); // the episodes are exactly the frames with hidden points
}

void TestSynthGenerator::progressAndCancellation()
{
    SynthOptions o = options(QStringLiteral("progress"), 3, 5, QSize(96, 64), 4);
    QList<int> seen;
    QList<int> totals;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o)
                 .run(&error, {},
                     [&](int64_t done, int64_t total) {
                         seen << int(done);
                         totals << int(total);
                     }),
        qPrintable(error));
    QCOMPARE(seen, (QList<int> { 1, 2, 3, 4, 5, 6, 7, 8, 9 }));
    QCOMPARE(totals, QList<int>(9, o.count + o.videoFrames));

    // Cancelled once the second image is written: nothing after it.
    o.outDir = m_dir.filePath(QStringLiteral("cancelled"));
    const gp::CancelToken cancel;
    QVERIFY(!SynthGenerator(Skeleton::defaultGripper(), o).run(&error, cancel, [&](int64_t done, int64_t) {
        if (done == 2)
            cancel.cancel();
    }));
    QCOMPARE(error, QStringLiteral("Cancelled"));
    QCOMPARE(filesUnder(QDir(o.outDir).filePath(QStringLiteral("images"))).size(), 2);
    QVERIFY(!QFile::exists(QDir(o.outDir).filePath(QStringLiteral("data.yaml"))));
}

void TestSynthGenerator::rejectsBadOptions()
{
    QString error;
    SynthOptions tiny = options(QStringLiteral("tiny"), 1, 2, QSize(8, 8), 0);
    QVERIFY(!generate(tiny, &error));
    QVERIFY(error.contains(QStringLiteral("8x8")));

    Skeleton other = Skeleton::defaultGripper();
    std::vector<Skeleton::Point> points = other.points();
    points.resize(7);
    other.setPoints(points);
    other.setFlipPairs({});
    other.setEdges({});
    error.clear();
    QVERIFY(!SynthGenerator(other, options(QStringLiteral("other"), 1, 2, QSize(64, 64), 0)).run(&error));
    QVERIFY(error.contains(QStringLiteral("7 keypoints")));
}

QTEST_GUILESS_MAIN(TestSynthGenerator)
#include "tst_synthgenerator.moc"
