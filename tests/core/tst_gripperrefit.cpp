// Model-assisted correction without a view: the similarity fit, the shape model learned from
// generated grippers, GripperRefit (one, two and three corrected points), AnnotationDocument's
// refit on a drag (one undo step), moving a whole gripper, accepting, and PointOrigins kept
// beside the label files.

#include "annotationdocument.h"
#include "gripperrefit.h"
#include "labelfile.h"
#include "pointorigins.h"
#include "shapemodel.h"
#include "synthgenerator.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using gp::AnnotationDocument;
using gp::GripperRefit;
using gp::ImageAnnotation;
using gp::Keypoint;
using gp::PoseInstance;
using gp::ShapeModel;
using gp::Similarity;
using gp::Skeleton;

namespace {

double distance(const Keypoint &a, const QPointF &b)
{
    return std::hypot(a.x - b.x(), a.y - b.y());
}

std::vector<QPointF> part(const PoseInstance &inst, const std::vector<int> &group)
{
    std::vector<QPointF> out;
    for (int i : group)
        out.emplace_back(inst.keypoints[size_t(i)].x, inst.keypoints[size_t(i)].y);
    return out;
}

bool complete(const PoseInstance &inst, const std::vector<int> &group)
{
    for (int i : group)
        if (!inst.keypoints[size_t(i)].isLabelled())
            return false;
    return true;
}

// A model's proposal: the instance's points as proposals of the given confidence.
PoseInstance proposal(PoseInstance inst, float confidence)
{
    for (Keypoint &k : inst.keypoints)
        if (k.isLabelled()) {
            k.origin = Keypoint::Origin::Model;
            k.confidence = confidence;
        }
    return inst;
}

} // namespace

class TestGripperRefit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void similarityFit();
    void oneAndTwoCorrections();
    void threeCorrectionsWithTheShapeModel();
    void documentRefitsOnADrag();
    void wholeGripperAndAccepting();
    void originsBesideTheLabels();

private:
    Skeleton m_skeleton = Skeleton::defaultGripper();
    std::vector<PoseInstance> m_truth; // generated robots, every point known
    std::vector<ShapeModel> m_models; // per part group
};

void TestGripperRefit::initTestCase()
{
    gp::SynthOptions o;
    o.count = 60;
    o.imageSize = QSize(320, 192);
    o.seed = 11;
    gp::SynthGenerator gen(m_skeleton, o);
    const auto groups = m_skeleton.partGroups();
    QCOMPARE(int(groups.size()), 2);
    QCOMPARE(groups[0], (std::vector<int> { 0, 1, 2, 3, 4, 5, 6 }));
    std::vector<std::vector<std::vector<QPointF>>> shapes(groups.size());
    for (int i = 0; i < o.count; ++i) {
        ImageAnnotation labels;
        gen.renderImage(i, &labels);
        for (const PoseInstance &inst : labels.instances)
            for (size_t g = 0; g < groups.size(); ++g)
                if (complete(inst, groups[g])) {
                    shapes[g].push_back(part(inst, groups[g]));
                    if (g == 0 && complete(inst, groups[1]))
                        m_truth.push_back(inst);
                }
    }
    QVERIFY(m_truth.size() >= 10);
    for (const auto &s : shapes) {
        m_models.push_back(ShapeModel::learn(s));
        QVERIFY(m_models.back().isValid());
        // Opening and finger length, and little else: the generated grippers bend nowhere else.
        QVERIFY2(m_models.back().modeCount() >= 2, qPrintable(QString::number(m_models.back().modeCount())));
    }
}

void TestGripperRefit::similarityFit()
{
    const Similarity s = Similarity::about(QPointF(10, 20), 0.3, 1.5);
    std::vector<QPointF> from { { 0, 0 }, { 30, 5 }, { -7, 12 }, { 4, 40 } }, to;
    for (const QPointF &p : from)
        to.push_back(s.map(p));
    const Similarity f = Similarity::fit(from, to);
    for (const QPointF &p : from)
        QVERIFY((f.map(p) - s.map(p)).manhattanLength() < 1e-9);
    QCOMPARE(Similarity::fit({ { 1, 1 } }, { { 4, 6 } }).map(QPointF(10, 10)), QPointF(13, 15));
}

void TestGripperRefit::oneAndTwoCorrections()
{
    const std::vector<int> left = m_skeleton.partGroups()[0];
    const PoseInstance &truth = m_truth.front();
    // The model put the left gripper rotated by 0.2 rad, 10 % too large and 9 px off.
    const QPointF centre(truth.keypoints[1].x, truth.keypoints[1].y);
    const Similarity wrong = Similarity::about(centre, 0.2, 1.1);
    PoseInstance proposed = proposal(truth, 0.9f);
    for (int i : left) {
        const QPointF p
            = wrong.map(QPointF(truth.keypoints[size_t(i)].x, truth.keypoints[size_t(i)].y)) + QPointF(9, 0);
        proposed.keypoints[size_t(i)].x = p.x();
        proposed.keypoints[size_t(i)].y = p.y();
    }
    // One correction: the others follow by the same translation.
    std::vector<Keypoint> points = proposed.keypoints;
    points[0] = truth.keypoints[0];
    QCOMPARE(GripperRefit::apply(points, proposed.keypoints, left, nullptr), 6);
    const QPointF shift(truth.keypoints[0].x - proposed.keypoints[0].x, truth.keypoints[0].y - proposed.keypoints[0].y);
    QVERIFY(distance(points[3], QPointF(proposed.keypoints[3].x, proposed.keypoints[3].y) + shift) < 1e-9);
    QCOMPARE(points[3].origin, Keypoint::Origin::Refit);
    QCOMPARE(points[3].confidence, 0.9f);
    // The right gripper is another part: untouched.
    QCOMPARE(points[9], proposed.keypoints[9]);
    // Two corrections: the similarity puts every point of the gripper back.
    const std::vector<Keypoint> before = points;
    points[5] = truth.keypoints[5];
    GripperRefit::apply(points, before, left, nullptr);
    for (int i : left)
        QVERIFY2(
            distance(points[size_t(i)], QPointF(truth.keypoints[size_t(i)].x, truth.keypoints[size_t(i)].y)) < 1e-6,
            qPrintable(QString::number(i)));
}

void TestGripperRefit::threeCorrectionsWithTheShapeModel()
{
    const std::vector<int> left = m_skeleton.partGroups()[0];
    // Propose each robot's left gripper with another robot's shape (another opening and finger
    // length) put where it is by a similarity: three corrected points and the shape model
    // recover every point; a similarity alone cannot.
    double worstModel = 0, worstSimilarity = 0;
    for (size_t r = 0; r + 1 < m_truth.size(); ++r) {
        const PoseInstance &truth = m_truth[r];
        const std::vector<QPointF> other = part(m_truth[r + 1], left), own = part(truth, left);
        const Similarity place = Similarity::fit(other, own);
        PoseInstance proposed = proposal(truth, 0.9f);
        for (size_t j = 0; j < left.size(); ++j) {
            const QPointF p = place.map(other[j]);
            proposed.keypoints[size_t(left[j])].x = p.x();
            proposed.keypoints[size_t(left[j])].y = p.y();
        }
        for (const bool useModel : { true, false }) {
            std::vector<Keypoint> points = proposed.keypoints;
            for (int i : { 0, 3, 4 }) // wrist, finger 1's tip, finger 2's base
                points[size_t(i)] = truth.keypoints[size_t(i)];
            GripperRefit::apply(points, proposed.keypoints, left, useModel ? &m_models[0] : nullptr);
            double worst = 0;
            for (int i : left)
                worst = std::max(worst, distance(points[size_t(i)], own[size_t(i)]));
            (useModel ? worstModel : worstSimilarity) = std::max(useModel ? worstModel : worstSimilarity, worst);
        }
    }
    qInfo("three corrections: worst point %.2f px with the shape model, %.2f px by similarity", worstModel,
        worstSimilarity);
    QVERIFY2(worstModel < 0.5, qPrintable(QString::number(worstModel)));
    QVERIFY(worstSimilarity > 2.0 * worstModel);
}

void TestGripperRefit::documentRefitsOnADrag()
{
    AnnotationDocument doc(m_skeleton);
    ImageAnnotation a;
    a.imageSize = QSize(320, 192);
    PoseInstance p = proposal(m_truth.front(), 0.8f);
    for (Keypoint &k : p.keypoints)
        k.x += 5; // the model is 5 px to the right
    a.instances = { p };
    doc.load(a, QString());
    QCOMPARE(doc.proposalCount(), 14);
    const QPointF target(m_truth.front().keypoints[2].x, m_truth.front().keypoints[2].y);
    // A drag in three moves: one undo step, the gripper follows the dragged point.
    for (int step = 1; step <= 3; ++step)
        doc.moveKeypoint(0, 2, QPointF(target.x() + 5 - 5 * step / 3.0, target.y()), 7);
    QCOMPARE(doc.undoStack()->count(), 1);
    const auto &kps = doc.instances()[0].keypoints;
    QCOMPARE(kps[2].origin, Keypoint::Origin::Person);
    const std::vector<int> left = m_skeleton.partGroups()[0];
    for (int i : left)
        QVERIFY(distance(kps[size_t(i)],
                    QPointF(m_truth.front().keypoints[size_t(i)].x, m_truth.front().keypoints[size_t(i)].y))
            < 1e-6);
    QCOMPARE(kps[9].origin, Keypoint::Origin::Model); // the other gripper waits
    QCOMPARE(doc.proposalCount(), 13);
    doc.undoStack()->undo();
    QCOMPARE(doc.instances()[0], p);
}

void TestGripperRefit::wholeGripperAndAccepting()
{
    AnnotationDocument doc(m_skeleton);
    ImageAnnotation a;
    a.imageSize = QSize(320, 192);
    PoseInstance p = proposal(m_truth.front(), 0.9f);
    p.keypoints[12].confidence = 0.2f;
    p.keypoints[4].confidence = 0.3f;
    a.instances = { p };
    doc.load(a, QString());
    // Alt+drag of the right gripper: its seven points move, still proposals, one step.
    doc.transformPart(0, 1, Similarity::translation(QPointF(3, 0)), 9);
    doc.transformPart(0, 1, Similarity::translation(QPointF(6, -2)), 9);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.instances()[0].keypoints[7].x, p.keypoints[7].x + 6);
    QCOMPARE(doc.instances()[0].keypoints[7].origin, Keypoint::Origin::Refit);
    QCOMPARE(doc.instances()[0].keypoints[0].x, p.keypoints[0].x);
    // Accept the confident points: the doubtful ones are left, the first in order comes back.
    QCOMPARE(doc.doubtfulCount(0.5), 2);
    const auto next = doc.acceptConfident(0.5);
    QCOMPARE(next, std::make_pair(0, 4));
    QCOMPARE(doc.proposalCount(), 2);
    doc.acceptInstance(0);
    QCOMPARE(doc.proposalCount(), 0);
    doc.undoStack()->undo();
    QCOMPARE(doc.proposalCount(), 2);
}

void TestGripperRefit::originsBesideTheLabels()
{
    QTemporaryDir dir;
    const QString image = dir.filePath(QStringLiteral("images/train/a.jpg"));
    const QString labelFile = dir.filePath(QStringLiteral("labels/train/a.txt"));
    QDir().mkpath(QFileInfo(labelFile).absolutePath());
    const QSize size(320, 192);
    PoseInstance p = proposal(m_truth.front(), 0.7f);
    p.keypoints[1].origin = Keypoint::Origin::Person;
    p.keypoints[1].confidence = 1.0f;
    p.box = AnnotationDocument::boxForKeypoints(p.keypoints, size);
    QString error;
    QVERIFY2(gp::LabelFile::write(labelFile, { p }, size, 3, &error), qPrintable(error));
    QVERIFY2(gp::PointOrigins::write(dir.path(), image, { p }, &error), qPrintable(error));
    QVERIFY(QFile::exists(gp::PointOrigins::fileFor(dir.path(), image)));
    QVERIFY(gp::PointOrigins::fileFor(dir.path(), image).contains(QLatin1String("labels/.origins/images/train/a.jpg")));
    // Read back through the label file (6 decimals): every origin and confidence comes back.
    gp::DatasetIssueList issues;
    const std::vector<PoseInstance> read = gp::LabelFile::read(labelFile, size, gp::LabelFile::Format(), &issues);
    QCOMPARE(int(read.size()), 1);
    std::vector<PoseInstance> instances = read;
    QCOMPARE(instances[0].keypoints[0].origin, Keypoint::Origin::Person);
    QVERIFY(gp::PointOrigins::apply(dir.path(), image, &instances, false, &error));
    QCOMPARE(instances[0].keypoints[0].origin, Keypoint::Origin::Model);
    QCOMPARE(instances[0].keypoints[0].confidence, 0.7f);
    QCOMPARE(instances[0].keypoints[1].origin, Keypoint::Origin::Person);
    // Another tool moved a point: it keeps no stale origin; while the image awaits review it
    // is a doubtful proposal, else a person's.
    std::vector<PoseInstance> edited = read;
    edited[0].keypoints[3].x += 2.0;
    std::vector<PoseInstance> strict = edited;
    QVERIFY(gp::PointOrigins::apply(dir.path(), image, &edited, false, &error));
    QCOMPARE(edited[0].keypoints[3].origin, Keypoint::Origin::Person);
    QVERIFY(gp::PointOrigins::apply(dir.path(), image, &strict, true, &error));
    QCOMPARE(strict[0].keypoints[3].origin, Keypoint::Origin::Refit);
    QCOMPARE(strict[0].keypoints[3].confidence, 0.0f);
    // A person's point is recorded as theirs, so it is never taken for a changed one.
    QCOMPARE(strict[0].keypoints[1].origin, Keypoint::Origin::Person);
    // All a person's: no file.
    for (Keypoint &k : p.keypoints)
        k.origin = Keypoint::Origin::Person;
    QVERIFY(gp::PointOrigins::write(dir.path(), image, { p }, &error));
    QVERIFY(!QFile::exists(gp::PointOrigins::fileFor(dir.path(), image)));
    // A damaged record is reported, and changes nothing.
    QVERIFY(gp::PointOrigins::write(dir.path(), image, { proposal(p, 0.5f) }, &error));
    QFile f(gp::PointOrigins::fileFor(dir.path(), image));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ not json");
    f.close();
    std::vector<PoseInstance> untouched = read;
    QVERIFY(!gp::PointOrigins::apply(dir.path(), image, &untouched, false, &error));
    QVERIFY(error.contains(QLatin1String("a.jpg.json")));
    QCOMPARE(untouched, read);
}

QTEST_GUILESS_MAIN(TestGripperRefit)
#include "tst_gripperrefit.moc"
