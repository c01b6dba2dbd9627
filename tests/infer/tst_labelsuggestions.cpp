// Which image to label next: the mirrored view mapped back through flip_idx, an image's
// uncertainty from its two views, k-means over features, the three orders, and the suggester
// run end to end on generated images with a real (randomly initialised) network.

#include "labelsuggester.h"
#include "labelsuggestions.h"
#include "predictor.h"
#include "skeleton.h"
#include "synthgenerator.h"

#include <QTemporaryDir>
#include <QTest>

#include <opencv2/imgcodecs.hpp>

#include <cmath>
#include <numeric>
#include <set>

using gp::LabelSuggester;
using gp::LabelSuggestions;
using gp::PoseDetection;
using gp::PoseKeypoint;
using Strategy = LabelSuggestions::Strategy;

namespace {

// A 4-keypoint object whose points 0,1 are "left" and 2,3 "right".
const std::vector<int> kFlip { 2, 3, 0, 1 };

PoseDetection object(double x, double y, double score = 1.0)
{
    PoseDetection d;
    d.box = { x, y, x + 100, y + 60 };
    d.score = score;
    d.keypoints = { { x + 10, y + 10, score }, { x + 20, y + 50, score }, { x + 80, y + 12, score },
        { x + 90, y + 40, score } };
    return d;
}

// What a network that knows the object would answer for the mirrored image.
PoseDetection mirrorOf(const PoseDetection &d, double width)
{
    PoseDetection m = d;
    m.box = { width - d.box.x2, d.box.y1, width - d.box.x1, d.box.y2 };
    for (size_t j = 0; j < d.keypoints.size(); ++j) {
        m.keypoints[j] = d.keypoints[size_t(kFlip[j])];
        m.keypoints[j].x = width - m.keypoints[j].x;
    }
    return m;
}

} // namespace

class TestLabelSuggestions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unmirrorUndoesTheMirror();
    void uncertaintyOfTwoViews();
    void kmeansFindsSeparateScenes();
    void ordersOfTheThreeStrategies();
    void strategyKeysRoundTrip();
    void suggesterRanksGeneratedImages();
};

void TestLabelSuggestions::unmirrorUndoesTheMirror()
{
    const PoseDetection d = object(50, 40);
    const std::vector<PoseDetection> back = LabelSuggestions::unmirror({ mirrorOf(d, 640) }, 640, kFlip);
    QCOMPARE(back.size(), size_t(1));
    QCOMPARE(back[0].box.x1, d.box.x1);
    QCOMPARE(back[0].box.x2, d.box.x2);
    for (size_t k = 0; k < d.keypoints.size(); ++k) {
        QCOMPARE(back[0].keypoints[k].x, d.keypoints[k].x);
        QCOMPARE(back[0].keypoints[k].y, d.keypoints[k].y);
    }
    // Without the swap a left point would be compared with a right one: the identity index
    // leaves them apart by the object's width.
    const std::vector<PoseDetection> unswapped = LabelSuggestions::unmirror({ mirrorOf(d, 640) }, 640, { 0, 1, 2, 3 });
    QVERIFY(std::abs(unswapped[0].keypoints[0].x - d.keypoints[0].x) > 50);
}

void TestLabelSuggestions::uncertaintyOfTwoViews()
{
    const PoseDetection d = object(50, 40);
    // Both views agree and are sure.
    QCOMPARE(LabelSuggestions::uncertainty({ d }, { d }), 0.0);
    // Every point a tenth of the diagonal away (diagonal of 100 × 60 is 116.6): disagreement 1,
    // half the score.
    PoseDetection moved = d;
    const double shift = 0.1 * std::hypot(100.0, 60.0);
    for (PoseKeypoint &k : moved.keypoints)
        k.y += shift;
    QVERIFY(std::abs(LabelSuggestions::uncertainty({ d }, { moved }) - 0.5) < 1e-9);
    // Half as far: a quarter.
    for (PoseKeypoint &k : moved.keypoints)
        k.y -= shift / 2;
    QVERIFY(std::abs(LabelSuggestions::uncertainty({ d }, { moved }) - 0.25) < 1e-9);
    // Agreeing but unsure (scores 0.4): the doubt half, 0.5 × 0.6.
    const PoseDetection unsure = object(50, 40, 0.4);
    QVERIFY(std::abs(LabelSuggestions::uncertainty({ unsure }, { unsure }) - 0.3) < 1e-9);
    // Found in one view only, or a second object only one view found: 1.
    QCOMPARE(LabelSuggestions::uncertainty({ d }, {}), 1.0);
    QCOMPARE(LabelSuggestions::uncertainty({ d, object(400, 200) }, { d }), 1.0);
    // Boxes that barely overlap are not one object.
    QCOMPARE(LabelSuggestions::uncertainty({ d }, { object(120, 40) }), 1.0);
    // Nothing in either view: empty or missed.
    QCOMPARE(LabelSuggestions::uncertainty({}, {}), 0.5);
    // The image scores its worst object.
    const PoseDetection unsureElsewhere = object(300, 200, 0.4);
    QVERIFY(std::abs(LabelSuggestions::uncertainty({ d, unsureElsewhere }, { d, unsureElsewhere }) - 0.3) < 1e-9);
}

void TestLabelSuggestions::kmeansFindsSeparateScenes()
{
    // Three directions (the features are compared by angle), 6 rows each, scaled differently.
    std::vector<std::vector<float>> rows;
    for (int i = 0; i < 18; ++i) {
        std::vector<float> r(8, 0.01f * float(i % 5));
        r[size_t(i % 3)] = 1.0f + float(i);
        rows.push_back(r);
    }
    const std::vector<int> label = LabelSuggestions::kmeans(rows, 3);
    QCOMPARE(label.size(), rows.size());
    for (int i = 0; i < 18; ++i)
        QCOMPARE(label[size_t(i)], label[size_t(i % 3)]);
    QCOMPARE(std::set<int>(label.begin(), label.end()).size(), size_t(3));
    // Seeded: the same rows give the same clusters.
    QCOMPARE(LabelSuggestions::kmeans(rows, 3), label);
    // More clusters than rows, one row, none.
    QCOMPARE(LabelSuggestions::kmeans({ rows[0], rows[1] }, 5).size(), size_t(2));
    QCOMPARE(LabelSuggestions::kmeans({ rows[0] }, 3), std::vector<int> { 0 });
    QVERIFY(LabelSuggestions::kmeans({}, 3).empty());
}

void TestLabelSuggestions::ordersOfTheThreeStrategies()
{
    // Scene A (images 0..5) is hard: every image more uncertain than any of B (6..8) or C (9..11).
    std::vector<LabelSuggestions::Evidence> e(12);
    for (int i = 0; i < 12; ++i) {
        const int scene = i < 6 ? 0 : (i < 9 ? 1 : 2);
        e[size_t(i)].uncertainty = scene == 0 ? 0.9 - 0.01 * i : 0.5 - 0.01 * i;
        e[size_t(i)].features.assign(4, 0.0f);
        e[size_t(i)].features[size_t(scene)] = 1.0f;
    }
    std::vector<int> identity(12);
    std::iota(identity.begin(), identity.end(), 0);
    QCOMPARE(LabelSuggestions::rank(e, Strategy::Uniform, 3), identity);
    const std::vector<int> unsure = LabelSuggestions::rank(e, Strategy::Uncertainty, 3);
    QCOMPARE(unsure, identity); // already sorted by uncertainty, highest first
    // Mixed: the first three cover the three scenes, each its most uncertain image.
    const std::vector<int> mixed = LabelSuggestions::rank(e, Strategy::Mixed, 3);
    QCOMPARE(mixed.size(), size_t(12));
    QCOMPARE(std::set<int>(mixed.begin(), mixed.end()).size(), size_t(12));
    QCOMPARE(mixed[0], 0);
    QCOMPARE(std::set<int>(mixed.begin(), mixed.begin() + 3), (std::set<int> { 0, 6, 9 }));
    QCOMPARE(std::set<int>(mixed.begin() + 3, mixed.begin() + 6), (std::set<int> { 1, 7, 10 }));
    // An image without features comes after the clustered ones.
    e[0].features.clear();
    const std::vector<int> partial = LabelSuggestions::rank(e, Strategy::Mixed, 3);
    QCOMPARE(partial.back(), 0);
}

void TestLabelSuggestions::strategyKeysRoundTrip()
{
    for (Strategy s : { Strategy::Uniform, Strategy::Uncertainty, Strategy::Mixed }) {
        Strategy back = Strategy::Uniform;
        QVERIFY(LabelSuggestions::parse(LabelSuggestions::key(s), &back));
        QCOMPARE(back, s);
        QVERIFY(!LabelSuggestions::displayName(s).isEmpty());
    }
    Strategy unchanged = Strategy::Uncertainty;
    QVERIFY(!LabelSuggestions::parse(QStringLiteral("random"), &unchanged));
    QCOMPARE(unchanged, Strategy::Uncertainty);
}

void TestLabelSuggestions::suggesterRanksGeneratedImages()
{
    QTemporaryDir tmp;
    gp::SynthOptions so;
    so.outDir = tmp.path();
    so.count = 4;
    so.valFraction = 0;
    so.imageSize = QSize(256, 160);
    so.seed = 11;
    so.videoFrames = 0;
    const gp::SynthGenerator generator(gp::Skeleton::defaultGripper(), so);
    QString error;
    QVERIFY2(generator.run(&error), qPrintable(error));
    QStringList images;
    for (int i = 0; i < so.count; ++i)
        images << tmp.filePath(generator.imageFileName(i));

    // The features come with the same detections as without them (one forward pass either way).
    gp::Predictor predictor;
    gp::PredictorOptions po;
    po.model = QStringLiteral("yolov8n-pose");
    po.imgsz = 160;
    po.conf = 0.01;
    QVERIFY2(predictor.load(po, &error), qPrintable(error));
    const cv::Mat image = cv::imread(images[0].toStdString());
    std::vector<std::vector<PoseDetection>> plain, withFeatures;
    std::vector<std::vector<float>> features;
    QVERIFY2(predictor.predict({ image }, &plain, &error), qPrintable(error));
    QVERIFY2(predictor.predict({ image }, &withFeatures, &error, &features), qPrintable(error));
    QCOMPARE(features.size(), size_t(1));
    QCOMPARE(features[0].size(), size_t(256)); // yolov8n's SPPF width
    QCOMPARE(withFeatures[0].size(), plain[0].size());
    for (size_t i = 0; i < plain[0].size(); ++i)
        QCOMPARE(withFeatures[0][i].box.x1, plain[0][i].box.x1);

    LabelSuggester::Options o;
    o.model = po.model;
    o.imgsz = 160;
    o.conf = 0.01;
    o.images = images + QStringList { tmp.filePath(QStringLiteral("missing.jpg")) };
    o.flipIndex = gp::Skeleton::defaultGripper().flipIndex();
    o.clusters = 2;
    for (Strategy s : { Strategy::Uniform, Strategy::Uncertainty, Strategy::Mixed }) {
        o.strategy = s;
        const LabelSuggester::Result r = LabelSuggester::run(o);
        QVERIFY2(r.error.isEmpty() || s != Strategy::Uniform, qPrintable(r.error));
        if (s == Strategy::Uniform) {
            QCOMPARE(r.order, o.images);
            continue;
        }
        // The image that does not decode is counted and named, the others all ranked.
        QCOMPARE(r.failed, 1);
        QVERIFY(r.error.contains(QStringLiteral("missing.jpg")));
        QCOMPARE(QSet<QString>(r.order.begin(), r.order.end()), QSet<QString>(images.begin(), images.end()));
        for (const QString &f : images)
            QVERIFY(r.uncertainty.value(f, -1) >= 0 && r.uncertainty.value(f) <= 1);
        if (s == Strategy::Uncertainty)
            for (int i = 1; i < r.order.size(); ++i)
                QVERIFY(r.uncertainty.value(r.order[i - 1]) >= r.uncertainty.value(r.order[i]));
    }
}

QTEST_GUILESS_MAIN(TestLabelSuggestions)
#include "tst_labelsuggestions.moc"
