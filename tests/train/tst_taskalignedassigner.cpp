#include "fixtureloader.h"
#include "taskalignedassigner.h"

#include <QTest>

using gptest::maxAbsDiff;
using gptest::poseLossFixture;

// The assigner on the reference's own inputs (pose_loss_k14.pt, assign_*).
class TestTaskAlignedAssigner : public QObject
{
    Q_OBJECT

private:
    static const torch::Tensor &fx(const char *key) { return poseLossFixture().at(key); }
    static gp::TaskAlignedAssignment assignFixture(bool widen)
    {
        gp::TaskAlignedAssignerOptions o;
        o.widenSmallBoxes = widen;
        return gp::TaskAlignedAssigner(o).assign(fx("assign_pd_scores"), fx("assign_pd_bboxes"),
            fx("assign_anchor_points"), fx("assign_gt_labels"), fx("assign_gt_bboxes"), fx("assign_mask_gt"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (poseLossFixture().empty())
            QSKIP("pose_loss_k14.pt not found in GP_REFERENCE_DIR");
    }

    void defaults()
    {
        const gp::TaskAlignedAssignerOptions o;
        QCOMPARE(o.topk, int64_t(10));
        QCOMPARE(o.alpha, 0.5);
        QCOMPARE(o.beta, 6.0);
        QCOMPARE(o.eps, 1e-9);
        QVERIFY(o.widenSmallBoxes);
    }

    void matchesReference()
    {
        const gp::TaskAlignedAssignment a = assignFixture(true);

        QCOMPARE(a.fgMask.scalar_type(), torch::kBool);
        QCOMPARE(a.targetLabels.scalar_type(), torch::kLong);
        QCOMPARE(a.targetGtIdx.scalar_type(), torch::kLong);
        QVERIFY(a.fgMask.equal(fx("assign_fg_mask")));
        QCOMPARE(a.fgMask[0].sum().item<int64_t>(), int64_t(22));
        QCOMPARE(a.fgMask[1].sum().item<int64_t>(), int64_t(20));
        QVERIFY(a.targetGtIdx.equal(fx("assign_target_gt_idx")));
        QVERIFY(a.targetLabels.equal(fx("assign_target_labels")));

        const double dBoxes = maxAbsDiff(a.targetBboxes, fx("assign_target_bboxes"));
        const double dScores = maxAbsDiff(a.targetScores, fx("assign_target_scores"));
        qInfo("max |diff| target_bboxes %.3g, target_scores %.3g", dBoxes, dScores);
        QVERIFY(dBoxes <= 1e-5);
        QVERIFY(dScores <= 1e-5);
        // Foreground anchors keep their (tiny) scores; relative agreement where they are not tiny.
        const torch::Tensor ref = fx("assign_target_scores");
        const torch::Tensor big = ref > 1e-3;
        const double rel
            = ((a.targetScores - ref).abs() / ref.abs().clamp_min(1e-30)).masked_select(big).max().item<double>();
        qInfo("max relative diff of target scores > 1e-3: %.3g", rel);
        QVERIFY(rel <= 1e-5);
    }

    // 8.3.x behaviour: without the widening the 6.4-px box C loses its extra anchor
    // (image 0, anchor 210); everything else is the reference's assignment.
    void withoutWidening()
    {
        const gp::TaskAlignedAssignment a = assignFixture(false);
        torch::Tensor expectedFg = fx("assign_fg_mask").clone();
        QVERIFY(expectedFg[0][210].item<bool>());
        expectedFg[0][210] = false;
        QVERIFY(a.fgMask.equal(expectedFg));
        QCOMPARE(a.fgMask[0].sum().item<int64_t>(), int64_t(21));
        const torch::Tensor fg = expectedFg;
        QVERIFY(a.targetGtIdx.masked_select(fg).equal(fx("assign_target_gt_idx").masked_select(fg)));
        QVERIFY(maxAbsDiff(a.targetScores.squeeze(-1).masked_select(fg),
                    fx("assign_target_scores").squeeze(-1).masked_select(fg))
            <= 1e-5);
        QCOMPARE(a.targetScores[0][210][0].item<float>(), 0.0f);
    }

    // A 4-px box between anchor centres has no candidate unless it is widened.
    void smallBoxCandidates()
    {
        const torch::Tensor anchors
            = torch::tensor({ 4.0f, 4.0f, 12.0f, 4.0f, 4.0f, 12.0f, 12.0f, 12.0f }).view({ 4, 2 });
        const torch::Tensor box = torch::tensor({ 6.0f, 2.0f, 10.0f, 6.0f }).view({ 1, 1, 4 }); // 4 x 4 around (8, 4)
        const torch::Tensor valid = torch::ones({ 1, 1, 1 });

        gp::TaskAlignedAssignerOptions o;
        o.widenSmallBoxes = false;
        QCOMPARE(gp::TaskAlignedAssigner(o).candidatesInGts(anchors, box, valid).sum().item<int64_t>(), int64_t(0));
        o.widenSmallBoxes = true; // -> x 0..16, y -4..12 (strictly inside: y = 4 only)
        const torch::Tensor in = gp::TaskAlignedAssigner(o).candidatesInGts(anchors, box, valid);
        QVERIFY(in.equal(torch::tensor({ true, true, false, false }).view({ 1, 1, 4 })));
        // Padding rows are never widened.
        QCOMPARE(
            gp::TaskAlignedAssigner(o).candidatesInGts(anchors, box, torch::zeros({ 1, 1, 1 })).sum().item<int64_t>(),
            int64_t(0));
    }

    void noGroundTruth()
    {
        const torch::Tensor scores = torch::rand({ 2, 8, 1 });
        const torch::Tensor boxes = torch::rand({ 2, 8, 4 });
        const gp::TaskAlignedAssignment a = gp::TaskAlignedAssigner().assign(scores, boxes, torch::rand({ 8, 2 }),
            torch::zeros({ 2, 0, 1 }), torch::zeros({ 2, 0, 4 }), torch::zeros({ 2, 0, 1 }));
        QCOMPARE(a.fgMask.sum().item<int64_t>(), int64_t(0));
        QCOMPARE(a.targetScores.abs().sum().item<float>(), 0.0f);
        QCOMPARE(a.targetBboxes.sizes(), boxes.sizes());
    }
};

QTEST_GUILESS_MAIN(TestTaskAlignedAssigner)
#include "tst_taskalignedassigner.moc"
