#include "fixtureloader.h"
#include "poseloss.h"

#include <QTest>

#include <cmath>

using gptest::maxAbsDiff;
using gptest::poseLossFixture;
using gptest::toleranceRatio;

namespace {

const torch::Tensor &fx(const char *key)
{
    return poseLossFixture().at(key);
}

// The fixture's 256 x 256 input: P3 32 x 32, P4 16 x 16, P5 8 x 8.
const std::vector<std::array<int64_t, 2>> kGrids { { 32, 32 }, { 16, 16 }, { 8, 8 } };

gp::PoseBatchTargets fixtureTargets()
{
    return { fx("batch_idx"), fx("cls"), fx("bboxes"), fx("keypoints") };
}

struct Leaves
{
    torch::Tensor boxes, scores, kpts;
};

Leaves fixtureLeaves()
{
    return { fx("raw_boxes").clone().set_requires_grad(true), fx("raw_scores").clone().set_requires_grad(true),
        fx("raw_kpts").clone().set_requires_grad(true) };
}

// Relative agreement of a loss value (the facts file suggests ~1e-5 relative for losses).
bool closeRel(double actual, double expected, double rtol = 1e-5)
{
    return std::abs(actual - expected) <= rtol * std::abs(expected) + 1e-7;
}

} // namespace

// The v8 pose criterion against pose_loss_k14.pt (train-mode head outputs of the k14 model).
class TestPoseLoss : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (poseLossFixture().empty())
            QSKIP("pose_loss_k14.pt not found in GP_REFERENCE_DIR");
    }

    void defaults()
    {
        const gp::PoseLossOptions o;
        const torch::Tensor gains = fx("gains");
        QCOMPARE(o.gains.box, double(gains[0].item<float>()));
        QCOMPARE(o.gains.pose, double(gains[1].item<float>()));
        QCOMPARE(o.gains.kobj, double(gains[2].item<float>()));
        QCOMPARE(o.gains.cls, double(gains[3].item<float>()));
        QCOMPARE(o.gains.dfl, double(gains[4].item<float>()));
        QCOMPARE(gp::PoseLoss(o).sigmasFor(14), std::vector<double>(14, 1.0 / 14.0));
        QCOMPARE(gp::PoseLoss(o).sigmasFor(17).size(), size_t(17));
        QCOMPARE(gp::PoseLoss(o).sigmasFor(17)[0], 0.026);
        QCOMPARE(gp::PoseLoss(o).sigmasFor(17)[11], 0.107);
    }

    void lossItems()
    {
        const Leaves x = fixtureLeaves();
        const gp::PoseLossResult r = gp::PoseLoss().compute(x.boxes, x.scores, x.kpts, kGrids, fixtureTargets());

        const torch::Tensor ref = fx("loss_items");
        const char *names[] = { "box", "pose", "kobj", "cls", "dfl" };
        const char *keys[] = { "loss_box", "loss_pose", "loss_kobj", "loss_cls", "loss_dfl" };
        const gp::PoseLossItems plain = r.plainItems();
        const double mine[] = { plain.box, plain.pose, plain.kobj, plain.cls, plain.dfl };
        for (int i = 0; i < 5; ++i) {
            const double expected = ref[i].item<double>();
            qInfo("%-4s %.7f (reference %.7f, rel diff %.2g)", names[i], mine[i], expected,
                std::abs(mine[i] - expected) / std::abs(expected));
            QVERIFY2(closeRel(mine[i], expected), names[i]);
            QVERIFY2(closeRel(mine[i], fx(keys[i]).item<double>()), keys[i]);
        }
        QVERIFY(!r.items.requires_grad());
        QVERIFY(r.scaled.requires_grad());
        QVERIFY(toleranceRatio(r.scaled, fx("loss_times_bs"), 1e-5, 1e-7) <= 1.0);
        QCOMPARE(fx("batch_size").item<int64_t>(), int64_t(2));

        const double total = r.total().item<double>();
        qInfo("total %.6f (reference %.6f)", total, fx("loss_total").item<double>());
        QVERIFY(closeRel(total, fx("loss_total").item<double>()));
        QVERIFY(closeRel(total, 39.965874, 1e-6));
        QCOMPARE(r.numForeground, int64_t(42));
    }

    // The assignment the loss makes from its own decoding is the reference's.
    void assignment()
    {
        const Leaves x = fixtureLeaves();
        const gp::PoseLossResult r = gp::PoseLoss().compute(x.boxes, x.scores, x.kpts, kGrids, fixtureTargets());
        const gp::TaskAlignedAssignment &a = r.assignment;
        QVERIFY(a.fgMask.equal(fx("assign_fg_mask")));
        QVERIFY(a.targetGtIdx.equal(fx("assign_target_gt_idx")));
        QVERIFY(a.targetLabels.equal(fx("assign_target_labels")));
        const double dBoxes = maxAbsDiff(a.targetBboxes, fx("assign_target_bboxes"));
        const double dScores = maxAbsDiff(a.targetScores, fx("assign_target_scores"));
        qInfo("max |diff| target_bboxes %.3g, target_scores %.3g", dBoxes, dScores);
        QVERIFY(dBoxes <= 1e-5);
        QVERIFY(dScores <= 1e-5);
    }

    void gradients()
    {
        const Leaves x = fixtureLeaves();
        const gp::PoseLossResult r = gp::PoseLoss().compute(x.boxes, x.scores, x.kpts, kGrids, fixtureTargets());
        r.total().backward();
        struct Case
        {
            const char *key;
            torch::Tensor grad;
        } cases[] = { { "grad_raw_boxes", x.boxes.grad() }, { "grad_raw_scores", x.scores.grad() },
            { "grad_raw_kpts", x.kpts.grad() } };
        for (const Case &c : cases) {
            QVERIFY2(c.grad.defined(), c.key);
            const torch::Tensor &ref = fx(c.key);
            QCOMPARE(c.grad.sizes(), ref.sizes());
            const double ratio = toleranceRatio(c.grad, ref, 1e-5, 1e-7);
            qInfo("%s: max |diff| %.3g (max |ref| %.3g), tolerance ratio %.3g", c.key, maxAbsDiff(c.grad, ref),
                ref.abs().max().item<double>(), ratio);
            QVERIFY2(ratio <= 1.0, c.key);
        }
    }

    // Unit gains give the unweighted components.
    void gainsAreConfigurable()
    {
        gp::PoseLossOptions o;
        o.gains = { 1.0, 1.0, 1.0, 1.0, 1.0 };
        const gp::PoseLossResult r
            = gp::PoseLoss(o).compute(fx("raw_boxes"), fx("raw_scores"), fx("raw_kpts"), kGrids, fixtureTargets());
        QVERIFY(toleranceRatio(r.items, fx("loss_items_unweighted"), 1e-5, 1e-7) <= 1.0);
    }

    // Ultralytics 8.3.253: no small-box widening in the assigner.
    void withoutSmallBoxWidening()
    {
        gp::PoseLossOptions o;
        o.assigner.widenSmallBoxes = false;
        const gp::PoseLossResult r
            = gp::PoseLoss(o).compute(fx("raw_boxes"), fx("raw_scores"), fx("raw_kpts"), kGrids, fixtureTargets());
        const torch::Tensor ref = fx("loss_items_v8_3_253");
        for (int i = 0; i < 5; ++i) {
            qInfo("item %d: %.7f (reference %.7f)", i, r.items[i].item<double>(), ref[i].item<double>());
            QVERIFY(closeRel(r.items[i].item<double>(), ref[i].item<double>()));
        }
        QVERIFY(toleranceRatio(r.scaled, fx("loss_times_bs_v8_3_253"), 1e-5, 1e-7) <= 1.0);
        QCOMPARE(r.numForeground, int64_t(41));
    }

    // The train step under bf16 autocast: only the network runs in bf16; its outputs are cast up and the
    // loss runs in fp32. So the loss moves only by the rounding of its inputs (8 significant bits, a relative
    // step of 2^-9): the assignment stays the reference's and each item stays within 2^-9 of its fp32 value.
    void bf16HeadOutputs()
    {
        const auto roundTrip
            = [](const char *key) { return fx(key).to(torch::kBFloat16).to(torch::kFloat).set_requires_grad(true); };
        const torch::Tensor boxes = roundTrip("raw_boxes");
        const gp::PoseLossResult r
            = gp::PoseLoss().compute(boxes, roundTrip("raw_scores"), roundTrip("raw_kpts"), kGrids, fixtureTargets());
        QCOMPARE(r.scaled.scalar_type(), torch::kFloat);
        QVERIFY(r.assignment.fgMask.equal(fx("assign_fg_mask")));
        const torch::Tensor ref = fx("loss_items");
        for (int i = 0; i < 5; ++i) {
            const double mine = r.items[i].item<double>(), expected = ref[i].item<double>();
            qInfo("item %d: %.7f (fp32 reference %.7f, rel diff %.2g)", i, mine, expected,
                std::abs(mine - expected) / expected);
            QVERIFY(closeRel(mine, expected, std::ldexp(1.0, -9)));
        }
        r.total().backward();
        QCOMPARE(boxes.grad().scalar_type(), torch::kFloat);
    }

    void noGroundTruth()
    {
        const Leaves x = fixtureLeaves();
        gp::PoseBatchTargets empty { torch::zeros({ 0 }), torch::zeros({ 0, 1 }), torch::zeros({ 0, 4 }),
            torch::zeros({ 0, 14, 3 }) };
        const gp::PoseLossResult r = gp::PoseLoss().compute(x.boxes, x.scores, x.kpts, kGrids, empty);
        const gp::PoseLossItems items = r.plainItems();
        QCOMPARE(items.box, 0.0);
        QCOMPARE(items.pose, 0.0);
        QCOMPARE(items.kobj, 0.0);
        QCOMPARE(items.dfl, 0.0);
        QVERIFY(std::isfinite(items.cls));
        QVERIFY(items.cls > 0.0);
        QCOMPARE(r.numForeground, int64_t(0));
        r.total().backward();
        QVERIFY(x.scores.grad().defined());
        QVERIFY(torch::isfinite(x.scores.grad()).all().item<bool>());
        // Undefined label tensors mean the same as empty ones.
        const gp::PoseLossResult r2 = gp::PoseLoss().compute(
            fx("raw_boxes"), fx("raw_scores"), fx("raw_kpts"), kGrids, gp::PoseBatchTargets {});
        QCOMPARE(r2.plainItems().cls, items.cls);
    }

    // COCO's 17 keypoints use the COCO sigmas; a sanity check on random head outputs.
    void cocoKeypoints()
    {
        torch::manual_seed(0);
        const int64_t n = 1344;
        const torch::Tensor boxes = torch::randn({ 2, 64, n }).set_requires_grad(true);
        const torch::Tensor scores = (torch::randn({ 2, 1, n }) - 3.0).set_requires_grad(true);
        const torch::Tensor kpts = (torch::randn({ 2, 51, n }) * 0.5).set_requires_grad(true);
        torch::Tensor keypoints = torch::rand({ 3, 17, 3 }) * 0.2 + 0.35;
        keypoints.select(-1, 2).fill_(2.0);
        keypoints[1].select(-1, 2).slice(0, 0, 5).fill_(0.0);
        const gp::PoseBatchTargets t { torch::tensor({ 0.0f, 0.0f, 1.0f }), torch::zeros({ 3, 1 }),
            torch::tensor({ 0.45f, 0.45f, 0.3f, 0.3f, 0.6f, 0.6f, 0.2f, 0.3f, 0.5f, 0.5f, 0.5f, 0.4f }).view({ 3, 4 }),
            keypoints };
        const gp::PoseLossResult r = gp::PoseLoss().compute(boxes, scores, kpts, kGrids, t);
        QVERIFY(r.numForeground > 0);
        const gp::PoseLossItems items = r.plainItems();
        for (double v : { items.box, items.pose, items.kobj, items.cls, items.dfl }) {
            QVERIFY(std::isfinite(v));
            QVERIFY(v >= 0.0);
        }
        QVERIFY(items.pose > 0.0);
        r.total().backward();
        QVERIFY(torch::isfinite(kpts.grad()).all().item<bool>());
        QVERIFY(kpts.grad().abs().sum().item<double>() > 0.0);
    }

    void rejectsMismatchedInputs()
    {
        const std::vector<std::array<int64_t, 2>> wrong { { 32, 32 }, { 16, 16 } };
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
            gp::PoseLoss().compute(fx("raw_boxes"), fx("raw_scores"), fx("raw_kpts"), wrong, fixtureTargets()));
        gp::PoseBatchTargets t = fixtureTargets();
        t.batchIdx = t.batchIdx + 5;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
            gp::PoseLoss().compute(fx("raw_boxes"), fx("raw_scores"), fx("raw_kpts"), kGrids, t));
    }
};

QTEST_GUILESS_MAIN(TestPoseLoss)
#include "tst_poseloss.moc"
