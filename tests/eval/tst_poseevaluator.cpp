#include "averageprecision.h"
#include "detectionmatcher.h"
#include "poseevaluator.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using gp::AveragePrecision;
using gp::DetectionMatcher;
using gp::EvalImage;
using gp::EvalKeypoint;
using gp::EvalObject;
using gp::PoseEvaluator;
using gp::PoseMetrics;

using nlohmann::json;

namespace {

// The validator fixture: 5 images, 8 GT, 12 predictions, scored by the reference.
const json &fixture()
{
    static const json doc = [] {
        QFile f(QStringLiteral(GP_REFERENCE_DIR "/pose_metrics_k14.json"));
        if (!f.open(QIODevice::ReadOnly))
            return json();
        return json::parse(f.readAll().toStdString());
    }();
    return doc;
}

std::vector<EvalObject> objects(
    const json &boxes, const json &kpts, const json *conf = nullptr, const json *cls = nullptr)
{
    std::vector<EvalObject> out;
    for (size_t i = 0; i < boxes.size(); ++i) {
        EvalObject o;
        for (int j = 0; j < 4; ++j)
            o.box[size_t(j)] = boxes[i][size_t(j)].get<double>();
        for (const json &k : kpts[i])
            o.keypoints.push_back({ k[0].get<double>(), k[1].get<double>(), k[2].get<double>() });
        if (conf)
            o.conf = (*conf)[i].get<double>();
        if (cls)
            o.cls = int((*cls)[i].get<double>());
        out.push_back(o);
    }
    return out;
}

EvalImage image(const json &im)
{
    EvalImage e;
    e.truth = objects(im["gt_xyxy_px"], im["gt_kpts_px"]);
    e.predictions = objects(im["pred_xyxy_px"], im["pred_kpts_px"], &im["pred_conf"], &im["pred_cls"]);
    return e;
}

std::vector<double> sigmas()
{
    return fixture()["oks_sigma"].get<std::vector<double>>();
}

void compareTp(const std::vector<std::vector<bool>> &tp, const json &expected)
{
    QCOMPARE(tp.size(), expected.size());
    for (size_t p = 0; p < tp.size(); ++p)
        for (size_t t = 0; t < 10; ++t)
            QCOMPARE(int(tp[p][t]), expected[p][t].get<int>());
}

} // namespace

class TestPoseEvaluator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void thresholds();
    void scoresPerImage_data();
    void scoresPerImage();
    void metrics_data();
    void metrics();
    void interpLikeNumpy_data();
    void interpLikeNumpy();
    void perKeypointErrors();
    void noPredictions();
};

void TestPoseEvaluator::initTestCase()
{
    if (fixture().is_null())
        QFAIL("pose_metrics_k14.json not found in " GP_REFERENCE_DIR);
}

void TestPoseEvaluator::thresholds()
{
    const auto t = DetectionMatcher::iouThresholds();
    const auto expected = fixture()["iou_thresholds"].get<std::vector<double>>();
    QCOMPARE(t.size(), expected.size());
    for (size_t i = 0; i < t.size(); ++i)
        QCOMPARE(float(t[i]), float(expected[i]));
}

void TestPoseEvaluator::scoresPerImage_data()
{
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < fixture()["per_image"].size(); ++i)
        QTest::newRow(qPrintable(QStringLiteral("image %1").arg(i))) << int(i);
}

void TestPoseEvaluator::scoresPerImage()
{
    QFETCH(int, index);
    const json &im = fixture()["per_image"][size_t(index)];
    const EvalImage e = image(im);
    const auto iou = DetectionMatcher::boxIou(e.truth, e.predictions);
    const auto oks = DetectionMatcher::oks(e.truth, e.predictions, sigmas());
    // The fixture omits the score matrices of images without GT or without predictions.
    for (size_t g = 0; g < e.truth.size() && im.contains("oks_area"); ++g) {
        QVERIFY(qAbs(DetectionMatcher::oksArea(e.truth[g]) - im["oks_area"][g].get<double>()) < 1e-3);
        for (size_t p = 0; p < e.predictions.size(); ++p) {
            QVERIFY(qAbs(iou[g][p] - im["box_iou_gt_x_pred"][g][p].get<double>()) < 1e-5);
            QVERIFY(qAbs(oks[g][p] - im["oks_gt_x_pred"][g][p].get<double>()) < 1e-5);
        }
    }
    PoseEvaluator ev(sigmas());
    ev.addImage(e);
    compareTp(ev.lastBoxTp(), im["tp_box"]);
    compareTp(ev.lastPoseTp(), im["tp_pose"]);
}

void TestPoseEvaluator::metrics_data()
{
    QTest::addColumn<bool>("legacy");
    QTest::newRow("8.4.52") << false;
    QTest::newRow("8.3.253 end sentinel") << true;
}

void TestPoseEvaluator::metrics()
{
    QFETCH(bool, legacy);
    PoseEvaluator ev(sigmas(), legacy ? AveragePrecision::EndSentinel::Legacy : AveragePrecision::EndSentinel::Current);
    for (const json &im : fixture()["per_image"])
        ev.addImage(image(im));
    const PoseMetrics m = ev.result();
    const json &ref = legacy ? fixture()["legacy_v8_3_253"] : fixture();
    constexpr double kTol = 1e-6;
    for (const auto &[set, key] : { std::pair { &m.box, "box" }, std::pair { &m.pose, "pose" } }) {
        const json &r = ref[key];
        QVERIFY2(qAbs(set->map50 - r["map50"].get<double>()) < kTol, key);
        QVERIFY2(qAbs(set->map - r["map"].get<double>()) < kTol, key);
        QVERIFY2(qAbs(set->map75 - r["map75"].get<double>()) < kTol, key);
        QVERIFY2(qAbs(set->precision - r["mp"].get<double>()) < kTol, key);
        QVERIFY2(qAbs(set->recall - r["mr"].get<double>()) < kTol, key);
        for (size_t t = 0; t < 10; ++t)
            QVERIFY(qAbs(set->apPerThreshold[t] - r["ap_per_iou"][0][t].get<double>()) < kTol);
    }
    QVERIFY(qAbs(m.fitness - ref["results"]["fitness"].get<double>()) < kTol);
    QCOMPARE(m.instances, fixture()["n_targets"].get<int>());
}

void TestPoseEvaluator::interpLikeNumpy_data()
{
    // Expected values are numpy.interp's documented behaviour on these inputs.
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("expected");
    QTest::newRow("below: left") << -1.0 << -5.0;
    QTest::newRow("above: right") << 3.0 << 9.0;
    QTest::newRow("inside") << 0.25 << 0.5;
    QTest::newRow("on a duplicated xp: the last of the run") << 0.5 << 3.0;
    QTest::newRow("after the run") << 0.75 << 3.5;
    QTest::newRow("last point") << 1.0 << 4.0;
}

void TestPoseEvaluator::interpLikeNumpy()
{
    QFETCH(double, x);
    QFETCH(double, expected);
    const std::vector<double> xp { 0.0, 0.5, 0.5, 1.0 }, fp { 0.0, 1.0, 3.0, 4.0 };
    QCOMPARE(AveragePrecision::interp(x, xp, fp, -5.0, 9.0), expected);
}

void TestPoseEvaluator::perKeypointErrors()
{
    // One GT, one prediction offset by (3, 4) px on every keypoint: 5 px error each.
    EvalImage e;
    EvalObject gt;
    gt.box = { 0, 0, 100, 100 };
    for (int k = 0; k < 14; ++k)
        gt.keypoints.push_back({ 10.0 + k, 20.0, k == 0 ? 0.0 : k < 5 ? 1.0 : 2.0 });
    EvalObject pred = gt;
    pred.conf = 0.9;
    for (EvalKeypoint &k : pred.keypoints) {
        k.x += 3;
        k.y += 4;
    }
    e.truth = { gt };
    e.predictions = { pred };
    PoseEvaluator ev(std::vector<double>(14, 1.0 / 14));
    ev.addImage(e);
    const PoseMetrics m = ev.result();
    QCOMPARE(m.perKeypoint[0].count, 0); // not labelled
    QCOMPARE(m.perKeypoint[3].count, 1);
    QVERIFY(qAbs(m.perKeypoint[3].meanPixelError - 5.0) < 1e-12);
    QVERIFY(qAbs(m.perKeypoint[3].meanScaledError - 5.0 / std::sqrt(5300.0 + 1e-7)) < 1e-12);
    QCOMPARE(m.occluded.count, 4);
    QCOMPARE(m.visible.count, 9);
    // Per keypoint by the GT's visibility: points 1-4 occluded, 5-13 visible.
    QCOMPARE(m.perKeypointOccluded.size(), size_t(14));
    QCOMPARE(m.perKeypointVisible.size(), size_t(14));
    for (int k = 0; k < 14; ++k) {
        QCOMPARE(m.perKeypointOccluded[size_t(k)].count, k >= 1 && k < 5 ? 1 : 0);
        QCOMPARE(m.perKeypointVisible[size_t(k)].count, k >= 5 ? 1 : 0);
    }
    QVERIFY(qAbs(m.perKeypointOccluded[2].meanPixelError - 5.0) < 1e-12);
    QVERIFY(qAbs(m.perKeypointVisible[9].meanPixelError - 5.0) < 1e-12);
    // A perfect detection scores 0.995, not 1: the last trapezoid ends on the (1, 0) sentinel.
    QVERIFY(qAbs(m.box.map50 - 0.995) < 1e-12);
}

void TestPoseEvaluator::noPredictions()
{
    EvalImage e;
    EvalObject gt;
    gt.box = { 0, 0, 10, 10 };
    gt.keypoints.assign(14, { 5, 5, 2 });
    e.truth = { gt };
    PoseEvaluator ev(std::vector<double>(14, 1.0 / 14));
    ev.addImage(e);
    const PoseMetrics m = ev.result();
    QCOMPARE(m.box.map, 0.0);
    QCOMPARE(m.pose.map50, 0.0);
    QCOMPARE(m.fitness, 0.0);
}

QTEST_GUILESS_MAIN(TestPoseEvaluator)
#include "tst_poseevaluator.moc"
