// The labelling loop's pieces without a view: a newer model's proposals revise an image under
// review and never move what a person did (ProposalRevision), and the accepted labels become a
// dataset of their own to train on, with nothing in the project's own files changed
// (LoopDataset).

#include "datasetconfig.h"
#include "labelfile.h"
#include "loopdataset.h"
#include "proposalrevision.h"
#include "reviewstate.h"
#include "synthgenerator.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using gp::Keypoint;
using gp::PoseInstance;
using gp::ProposalRevision;
using gp::Skeleton;

namespace {

// An object of 14 points around (x, y), every one the model's.
PoseInstance modelObject(double x, double y)
{
    PoseInstance p;
    p.keypoints.resize(14);
    for (int k = 0; k < 14; ++k)
        p.keypoints[size_t(k)] = { x + 6.0 * (k % 7), y + 10.0 * (k / 7) + 3.0 * (k % 3), Keypoint::Visible,
            Keypoint::Origin::Model, 0.8f };
    return p;
}

PoseInstance shifted(PoseInstance p, double dx, double dy)
{
    for (Keypoint &k : p.keypoints) {
        k.x += dx;
        k.y += dy;
    }
    return p;
}

QByteArray readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestLabelLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void revisionKeepsWhatAPersonDid();
    void acceptedLabelsBecomeADataset();
    void nothingToTrainOnIsSaid();
};

void TestLabelLoop::revisionKeepsWhatAPersonDid()
{
    const Skeleton skeleton = Skeleton::defaultGripper();
    // A: a person corrected its left wrist; B: the old model's alone; the new model sees A 5 px
    // to the right, does not see B, and sees C.
    PoseInstance a = modelObject(50, 50);
    a.keypoints[0].origin = Keypoint::Origin::Person;
    a.keypoints[0].confidence = 1.0f;
    const PoseInstance b = modelObject(200, 50);
    const PoseInstance c = modelObject(50, 150);
    const PoseInstance seenA = shifted(modelObject(50, 50), 5, 0);
    const auto r = ProposalRevision::revise({ a, b }, { seenA, c }, skeleton, QSize(320, 240));
    QCOMPARE(int(r.instances.size()), 2);
    QCOMPARE(r.droppedObjects, 1);
    QCOMPARE(r.addedObjects, 1);
    const PoseInstance &revised = r.instances[0];
    // The person's wrist did not move; its gripper's proposals follow it from where the new
    // model sees them (the model's whole 5 px shift is undone by the person's point); the other
    // gripper takes the new model's places.
    QCOMPARE(revised.keypoints[0], a.keypoints[0]);
    for (int k = 1; k < 7; ++k) {
        QVERIFY(revised.keypoints[size_t(k)].isProposal());
        QVERIFY(std::abs(revised.keypoints[size_t(k)].x - a.keypoints[size_t(k)].x) < 1e-9);
    }
    for (int k = 7; k < 14; ++k)
        QCOMPARE(revised.keypoints[size_t(k)].x, a.keypoints[size_t(k)].x + 5);
    QCOMPARE(r.instances[1], c);
    // 7 moved, 14 of B gone, 14 of C new.
    QCOMPARE(r.changedPoints, 7 + 14 + 14);
    // Nothing the person did, nothing to change.
    PoseInstance done = modelObject(50, 50);
    for (Keypoint &k : done.keypoints)
        k.origin = Keypoint::Origin::Person;
    const auto same = ProposalRevision::revise({ done }, { seenA }, skeleton, QSize(320, 240));
    QCOMPARE(same.changedPoints, 0);
    QCOMPARE(same.instances[0].keypoints, done.keypoints);
}

void TestLabelLoop::acceptedLabelsBecomeADataset()
{
    QTemporaryDir dir;
    gp::SynthOptions o;
    o.outDir = dir.path();
    o.count = 10;
    o.imageSize = QSize(160, 96);
    o.seed = 5;
    o.videoFrames = 0;
    QString error;
    QVERIFY2(gp::SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    gp::DatasetIssueList issues;
    const auto config = gp::DatasetConfig::load(dir.filePath(QStringLiteral("data.yaml")), &issues);
    QVERIFY(config);
    const QByteArray projectYaml = readAll(config->yamlFile);
    // Two images unlabelled, two awaiting review: the six others are what a person accepted.
    const QStringList train = config->imageFiles(QStringLiteral("train"));
    const QStringList val = config->imageFiles(QStringLiteral("val"));
    QVERIFY(train.size() >= 6 && !val.isEmpty());
    QFile::remove(gp::DatasetConfig::labelFileFor(train[0]));
    QFile::remove(gp::DatasetConfig::labelFileFor(train[1]));
    gp::ReviewState review;
    QVERIFY(review.load(dir.path(), &error));
    review.add({ train[2], train[3] });
    QString yaml;
    gp::LoopDataset::Counts counts;
    QVERIFY2(gp::LoopDataset::write(*config, review, &yaml, &counts, &error), qPrintable(error));
    QCOMPARE(counts.train, int(train.size()) - 4);
    QCOMPARE(counts.val, int(val.size()));
    QVERIFY(yaml.startsWith(gp::LoopDataset::dirFor(dir.path())));
    // It reads back as a dataset of those images, with their labels where they always were.
    const auto loop = gp::DatasetConfig::load(yaml, &issues);
    QVERIFY2(loop, qPrintable(issues.issues.empty() ? QString() : issues.issues.front().message));
    QStringList expected = train.mid(4);
    QCOMPARE(loop->imageFiles(QStringLiteral("train")), expected);
    QCOMPARE(loop->imageFiles(QStringLiteral("val")), val);
    QCOMPARE(loop->keypointCount, 14);
    // The project's own data.yaml is untouched.
    QCOMPARE(readAll(config->yamlFile), projectYaml);
}

void TestLabelLoop::nothingToTrainOnIsSaid()
{
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath(QStringLiteral("images/train")));
    gp::DatasetConfig c;
    QString error;
    QVERIFY(c.save(dir.filePath(QStringLiteral("data.yaml")), &error));
    gp::DatasetIssueList issues;
    const auto config = gp::DatasetConfig::load(dir.filePath(QStringLiteral("data.yaml")), &issues);
    QVERIFY(config);
    QString yaml;
    gp::LoopDataset::Counts counts;
    QVERIFY(!gp::LoopDataset::write(*config, gp::ReviewState(), &yaml, &counts, &error));
    QVERIFY(error.contains(QLatin1String("No accepted labels")));
}

QTEST_GUILESS_MAIN(TestLabelLoop)
#include "tst_labelloop.moc"
