// Pre-labelling without a window: a detection becomes an object (visibility from the point
// score, points outside the image absent, the box clipped), a cancelled run writes nothing,
// a model with another keypoint count is refused, and an image that has a label file is
// never written over.

#include "datasetconfig.h"
#include "posedetection.h"
#include "prelabeller.h"
#include "skeleton.h"
#include "synthgenerator.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using gp::DatasetConfig;
using gp::Keypoint;
using gp::PoseBox;
using gp::PoseDetection;
using gp::PoseInstance;
using gp::PreLabeller;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

class TestPreLabeller : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void detectionToObject();
    void cancelledBeforeTheFirstImage();
    void otherKeypointCountRefused();
    void labelledImagesNeverWritten();

private:
    PreLabeller::Options options(const QStringList &images) const;

    QTemporaryDir m_tmp;
    QString m_unlabelled;
    QString m_labelled;
};

void TestPreLabeller::initTestCase()
{
    SynthOptions o;
    o.outDir = m_tmp.path();
    o.count = 2;
    o.valFraction = 0;
    o.imageSize = QSize(160, 96);
    o.seed = 3;
    o.videoFrames = 0;
    QString error;
    const SynthGenerator generator(Skeleton::defaultGripper(), o);
    QVERIFY2(generator.run(&error), qPrintable(error));
    m_unlabelled = m_tmp.filePath(generator.imageFileName(0));
    m_labelled = m_tmp.filePath(generator.imageFileName(1));
    QVERIFY(QFile::remove(DatasetConfig::labelFileFor(m_unlabelled)));
}

PreLabeller::Options TestPreLabeller::options(const QStringList &images) const
{
    PreLabeller::Options o;
    o.model = QStringLiteral("yolov8n-pose"); // untrained: it finds what it finds at conf 0
    o.imgsz = 160;
    o.conf = 0.0;
    o.images = images;
    return o;
}

void TestPreLabeller::detectionToObject()
{
    PoseDetection d;
    d.box = PoseBox { -10, 20, 150, 300 };
    d.score = 0.9;
    d.keypoints = { { 10, 30, 0.9 }, { 20, 40, 0.5 }, { 30, 50, 0.49 }, { -1, 50, 0.9 }, { 100, 201, 0.9 } };
    const PoseInstance inst = PreLabeller::toInstance(d, QSize(320, 200), 14);
    // A score below 0.5 makes a point occluded only where the caller says scores mean that.
    QCOMPARE(PreLabeller::toInstance(d, QSize(320, 200), 14, 0.5).keypoints[2].visibility, int(Keypoint::Occluded));
    QCOMPARE(inst.box, QRectF(0, 20, 150, 180));
    QCOMPARE(int(inst.keypoints.size()), 14);
    // Every point is the model's proposal, with its score as the confidence.
    QCOMPARE(inst.keypoints[0], (Keypoint { 10, 30, Keypoint::Visible, Keypoint::Origin::Model, 0.9f }));
    QCOMPARE(inst.keypoints[1].visibility, int(Keypoint::Visible));
    QCOMPARE(inst.keypoints[2].x, 30.0);
    QCOMPARE(inst.keypoints[2].y, 50.0);
    QCOMPARE(inst.keypoints[2].visibility, int(Keypoint::Visible));
    QCOMPARE(inst.keypoints[2].origin, Keypoint::Origin::Model);
    QCOMPARE(inst.keypoints[2].confidence, 0.49f);
    QCOMPARE(inst.keypoints[3].visibility, int(Keypoint::Absent));
    QCOMPARE(inst.keypoints[4].visibility, int(Keypoint::Absent));
    for (size_t k = 5; k < 14; ++k)
        QCOMPARE(inst.keypoints[k].visibility, int(Keypoint::Absent)); // the model gave fewer
}

void TestPreLabeller::cancelledBeforeTheFirstImage()
{
    gp::CancelToken cancel;
    cancel.cancel();
    QList<qint64> reported;
    const PreLabeller::Result r
        = PreLabeller::run(options({ m_unlabelled }), cancel, [&](int64_t done, int64_t) { reported << done; });
    QVERIFY(r.cancelled);
    QVERIFY(r.written.isEmpty());
    QVERIFY(reported.isEmpty());
    QVERIFY(!QFile::exists(DatasetConfig::labelFileFor(m_unlabelled)));
}

void TestPreLabeller::otherKeypointCountRefused()
{
    PreLabeller::Options o = options({ m_unlabelled });
    o.keypointCount = 17;
    const PreLabeller::Result wrong = PreLabeller::run(o);
    QVERIFY(wrong.written.isEmpty());
    QVERIFY(wrong.error.contains(QLatin1String("17")));
    QVERIFY(!QFile::exists(DatasetConfig::labelFileFor(m_unlabelled)));
}

void TestPreLabeller::labelledImagesNeverWritten()
{
    QFile labels(DatasetConfig::labelFileFor(m_labelled));
    QVERIFY(labels.open(QIODevice::ReadOnly));
    const QByteArray before = labels.readAll();
    labels.close();
    QList<qint64> reported;
    const PreLabeller::Result r = PreLabeller::run(options({ m_labelled }), {}, [&](int64_t done, int64_t total) {
        QCOMPARE(total, qint64(1));
        reported << done;
    });
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.skippedLabelled, 1);
    QVERIFY(r.written.isEmpty());
    QCOMPARE(reported, QList<qint64> { 1 });
    QVERIFY(labels.open(QIODevice::ReadOnly));
    QCOMPARE(labels.readAll(), before);
}

QTEST_GUILESS_MAIN(TestPreLabeller)
#include "tst_prelabeller.moc"
