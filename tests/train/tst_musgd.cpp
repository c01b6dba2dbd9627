#include "musgd.h"
#include "posemodel.h"
#include "trainingconfig.h"
#include "trainoptimizer.h"

#include <QTest>

#include <torch/torch.h>

using gp::ModelScale;
using gp::ModelSpec;
using gp::MuSGD;
using gp::MuSGDOptions;
using gp::TrainingConfig;

// MuSGD against its definition (Ultralytics 8.4's hybrid of Muon and Nesterov SGD) and
// against LibTorch's own SGD, its state through a save and load, and the parameter groups
// TrainOptimizer gives it.
class TestMuSGD : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void orthogonalizeApproximatesThePolarFactor_data();
    void orthogonalizeApproximatesThePolarFactor();
    void withoutMuonItIsNesterovSgd();
    void muonStepFollowsItsDefinition();
    void stateSurvivesSaveAndLoad();
    void autoPicksMuSGDForLongRuns();
};

void TestMuSGD::orthogonalizeApproximatesThePolarFactor_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("wide") << 16 << 144; // a 3x3 convolution's filters, flattened
    QTest::newRow("tall") << 96 << 24;
    QTest::newRow("square") << 32 << 32; // built with singular values from 1 down to 0.1
}

void TestMuSGD::orthogonalizeApproximatesThePolarFactor()
{
    QFETCH(int, rows);
    QFETCH(int, cols);
    torch::manual_seed(3);
    torch::Tensor g = torch::randn({ rows, cols }) * 0.01;
    if (rows == cols) {
        // A random square matrix has singular values near zero, which five iterations cannot
        // lift (nor are meant to); gradients of wide or tall filters are far better conditioned.
        const torch::Tensor q1 = std::get<0>(at::linalg_qr(torch::randn({ rows, rows })));
        const torch::Tensor q2 = std::get<0>(at::linalg_qr(torch::randn({ rows, rows })));
        g = q1.mm(torch::diag(torch::linspace(1.0, 0.1, rows))).mm(q2) * 0.01;
    }
    const torch::Tensor o = MuSGD::orthogonalize(g).to(torch::kDouble);
    QCOMPARE(o.sizes(), g.sizes());
    // Its singular values are pushed into roughly [0.5, 1.5] (the iteration does not
    // converge exactly, by design), and its direction is U·Vᵀ of g's SVD.
    const torch::Tensor s = at::linalg_svdvals(o);
    QVERIFY2(s.min().item<double>() > 0.4 && s.max().item<double>() < 1.6,
        qPrintable(QStringLiteral("%1 .. %2").arg(s.min().item<double>()).arg(s.max().item<double>())));
    auto [u, sv, vh] = at::linalg_svd(g.to(torch::kDouble), /*full_matrices=*/false);
    const torch::Tensor polar = u.mm(vh);
    const double cosine = (o * polar).sum().item<double>() / (o.norm() * polar.norm()).item<double>();
    QVERIFY2(cosine > 0.95, qPrintable(QString::number(cosine)));
}

void TestMuSGD::withoutMuonItIsNesterovSgd()
{
    torch::manual_seed(1);
    const torch::Tensor init = torch::randn({ 6, 4 });
    const torch::Tensor bias = torch::randn({ 6 });
    torch::Tensor a = init.clone().requires_grad_(), b = init.clone().requires_grad_();
    torch::Tensor ab = bias.clone().requires_grad_(), bb = bias.clone().requires_grad_();
    MuSGD mine(
        { { { a }, std::make_unique<MuSGDOptions>(MuSGDOptions(0.05).momentum(0.9).nesterov(true).weight_decay(0.01)) },
            { { ab }, std::make_unique<MuSGDOptions>(MuSGDOptions(0.05).momentum(0.9).nesterov(true)) } },
        MuSGDOptions(0.05));
    torch::optim::SGD reference(
        { { { b },
              std::make_unique<torch::optim::SGDOptions>(
                  torch::optim::SGDOptions(0.05).momentum(0.9).nesterov(true).weight_decay(0.01)) },
            { { bb },
                std::make_unique<torch::optim::SGDOptions>(
                    torch::optim::SGDOptions(0.05).momentum(0.9).nesterov(true)) } },
        torch::optim::SGDOptions(0.05));
    for (int step = 0; step < 5; ++step) {
        const torch::Tensor g = torch::randn({ 6, 4 }), gb = torch::randn({ 6 });
        a.mutable_grad() = g.clone();
        b.mutable_grad() = g.clone();
        ab.mutable_grad() = gb.clone();
        bb.mutable_grad() = gb.clone();
        mine.step();
        reference.step();
        QVERIFY2(torch::allclose(a, b, 1e-6, 1e-7), qPrintable(QStringLiteral("step %1").arg(step)));
        QVERIFY(torch::allclose(ab, bb, 1e-6, 1e-7));
    }
}

void TestMuSGD::muonStepFollowsItsDefinition()
{
    // Two steps on one 8×3×3×3 convolution filter, written out from the definition:
    // Muon on the flattened Nesterov average, scaled 0.2, then SGD with coupled decay.
    torch::manual_seed(2);
    const double lr = 0.1, beta = 0.9, wd = 0.01, muon = 0.2, sgd = 1.0;
    torch::Tensor p = torch::randn({ 8, 3, 3, 3 }).requires_grad_();
    MuSGD opt({ { { p },
                  std::make_unique<MuSGDOptions>(
                      MuSGDOptions(lr).momentum(beta).nesterov(true).weight_decay(wd).use_muon(true)) } },
        MuSGDOptions(lr), muon, sgd);
    torch::Tensor expected = p.detach().clone();
    torch::Tensor m = torch::zeros_like(expected), b = torch::zeros_like(expected);
    for (int step = 0; step < 2; ++step) {
        const torch::Tensor g = torch::randn({ 8, 3, 3, 3 });
        p.mutable_grad() = g.clone();
        opt.step();

        m = beta * m + (1 - beta) * g;
        const torch::Tensor nesterov = (1 - beta) * g + beta * m;
        // 3×3 filters: the last two dimensions are equal, so no extra scale.
        expected = expected
            - lr * muon * MuSGD::orthogonalize(nesterov.reshape({ 8, 27 })).to(torch::kFloat).reshape({ 8, 3, 3, 3 });
        const torch::Tensor decayed = g + wd * expected;
        b = beta * b + decayed;
        expected = expected - lr * sgd * (decayed + beta * b);
        QVERIFY2(torch::allclose(p.detach(), expected, 1e-5, 1e-6),
            qPrintable(QStringLiteral("step %1: max diff %2")
                           .arg(step)
                           .arg((p.detach() - expected).abs().max().item<double>())));
    }
}

void TestMuSGD::stateSurvivesSaveAndLoad()
{
    torch::manual_seed(4);
    const torch::Tensor init = torch::randn({ 4, 2, 3, 3 });
    auto make = [](torch::Tensor &w) {
        return std::make_unique<MuSGD>(
            std::vector<torch::optim::OptimizerParamGroup> { { { w },
                std::make_unique<MuSGDOptions>(MuSGDOptions(0.02).momentum(0.9).nesterov(true).use_muon(true)) } },
            MuSGDOptions(0.02));
    };
    torch::Tensor w1 = init.clone().requires_grad_(), w2 = init.clone().requires_grad_();
    auto first = make(w1);
    std::vector<torch::Tensor> grads;
    for (int i = 0; i < 5; ++i)
        grads.push_back(torch::randn({ 4, 2, 3, 3 }));
    for (int i = 0; i < 3; ++i) {
        w1.mutable_grad() = grads[size_t(i)].clone();
        first->step();
    }
    torch::serialize::OutputArchive out;
    first->save(out);
    std::ostringstream bytes;
    out.save_to(bytes);
    {
        torch::NoGradGuard noGrad;
        w2.copy_(w1);
    }
    auto second = make(w2);
    std::istringstream in(bytes.str());
    torch::serialize::InputArchive archive;
    archive.load_from(in);
    second->load(archive);
    for (int i = 3; i < 5; ++i) {
        w1.mutable_grad() = grads[size_t(i)].clone();
        w2.mutable_grad() = grads[size_t(i)].clone();
        first->step();
        second->step();
    }
    QVERIFY(torch::equal(w1, w2)); // the momentum buffers came back, or the paths would differ
}

void TestMuSGD::autoPicksMuSGDForLongRuns()
{
    ModelSpec spec;
    spec.scale = ModelScale::N;
    spec.numKeypoints = 14;
    gp::PoseModel model(spec);
    TrainingConfig c;
    c.optimizer = QStringLiteral("auto");
    c.batch = 16;
    c.epochs = 300;
    // 5000 images, batch 16 (accumulated to 64): ceil(5000 / 64) · 300 = 23,700 iterations.
    gp::TrainOptimizer opt(*model, c, 313, 5000);
    QCOMPARE(opt.name(), QStringLiteral("MuSGD"));
    QCOMPARE(opt.lr0(), 0.01);
    QVERIFY(dynamic_cast<MuSGD *>(&opt.optimizer()));
    opt.schedule(opt.warmupIterations() + 5, 0);
    size_t muonTensors = 0, boosted = 0, total = 0;
    for (const auto &g : opt.groups()) {
        total += g.params.size();
        for (const auto &p : g.params) {
            if (g.kind == gp::TrainOptimizer::GroupKind::Muon)
                QVERIFY(p.dim() == 4);
            else
                QVERIFY(p.dim() == 1);
        }
        if (g.kind == gp::TrainOptimizer::GroupKind::Muon)
            muonTensors += g.params.size();
        if (g.lrScale == 3.0) {
            boosted += g.params.size();
            QCOMPARE(g.lr, 3 * opt.learningRates()[0]);
        }
        if (g.kind == gp::TrainOptimizer::GroupKind::Weight)
            QVERIFY(g.params.empty()); // every filter went to Muon
    }
    // Every trainable convolution filter is in a Muon group (the DFL bins are frozen).
    size_t filters = 0, trainable = 0;
    for (const auto &p : model->parameters())
        if (p.requires_grad()) {
            ++trainable;
            filters += p.dim() == 4;
        }
    QCOMPARE(muonTensors, filters);
    QCOMPARE(total, trainable);
    // The head's class branch (cv3) gets the boosted groups, counted from the model.
    size_t cls = 0;
    for (const auto &item : model->named_parameters())
        if (item.key().rfind("model.22.cv3.", 0) == 0 && item.value().requires_grad())
            ++cls;
    QVERIFY(cls > 0);
    QCOMPARE(boosted, cls);

    c.epochs = 10; // ceil(5000 / 64) · 10 = 790 iterations: AdamW with the fitted lr
    gp::TrainOptimizer shortRun(*model, c, 313, 5000);
    QCOMPARE(shortRun.name(), QStringLiteral("AdamW"));
    QCOMPARE(shortRun.lr0(), 0.002); // 0.002 · 5 / (4 + 1)
}

QTEST_GUILESS_MAIN(TestMuSGD)
#include "tst_musgd.moc"
