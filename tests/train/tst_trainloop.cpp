#include "modelema.h"
#include "posemodel.h"
#include "trainingconfig.h"
#include "trainoptimizer.h"

#include <QTest>

#include <cmath>

#include <torch/torch.h>

using gp::ModelScale;
using gp::ModelSpec;
using gp::TrainingConfig;

// The parts of the training loop that decide what each step does, against Ultralytics 8.4.52's
// definitions (BaseTrainer._do_train, build_optimizer, one_cycle, ModelEMA): the lr of each
// parameter group per iteration through warmup and the cosine schedule, the momentum warmup
// (SGD only: Adam's betas have no "momentum" key and stay), the accumulation ramp with
// NumPy's half-to-even rounding, the weight-decay scaling, and the EMA's decay. The expected
// values are computed here from those definitions and, where Ultralytics printed them, checked
// against the lr/pg0..2 columns of its own results.csv for the product recipe.
namespace {

constexpr double kPi = 3.14159265358979323846;

// The product recipe on 400 train images: 25 batches of 16 an epoch.
constexpr int kBatches = 25;

TrainingConfig recipe()
{
    TrainingConfig c;
    c.optimizer = QStringLiteral("AdamW");
    c.lr0 = 0.001;
    c.lrf = 0.01;
    c.cosLr = true;
    c.epochs = 30;
    c.batch = 16;
    c.nbs = 64;
    c.warmupEpochs = 3;
    c.warmupBiasLr = 0.1;
    c.warmupMomentum = 0.8;
    c.momentum = 0.937;
    c.weightDecay = 0.0005;
    return c;
}

// one_cycle(1, lrf, epochs): ((1 − cos(x·π/epochs)) / 2)·(lrf − 1) + 1.
double lf(const TrainingConfig &c, int epoch)
{
    return ((1 - std::cos(epoch * kPi / c.epochs)) / 2) * (c.lrf - 1) + 1;
}

// NumPy's np.interp on [0, nw].
double interp(double x, double nw, double y0, double y1)
{
    return y0 + (y1 - y0) * x / nw;
}

// Python's round(): halves to the even neighbour, written out rather than with nearbyint.
int pyRound(double x)
{
    const double f = std::floor(x);
    const double d = x - f;
    if (d > 0.5)
        return int(f) + 1;
    if (d < 0.5)
        return int(f);
    return int(f) % 2 == 0 ? int(f) : int(f) + 1;
}

struct Expected
{
    double weight, norm, bias;
    int accumulate;
};

// What Ultralytics' loop sets at global iteration ni of `epoch` (its scheduler gives every
// group initial_lr·lf(epoch) at the epoch's start; warmup overrides that while ni ≤ nw).
Expected ultralytics(const TrainingConfig &c, int ni, int epoch, int nb)
{
    const int nw = std::max(pyRound(c.warmupEpochs * nb), 100);
    const double target = c.lr0 * lf(c, epoch);
    if (ni > nw)
        return { target, target, target, std::max(pyRound(double(c.nbs) / c.batch), 1) };
    return { interp(ni, nw, 0, target), interp(ni, nw, 0, target), interp(ni, nw, c.warmupBiasLr, target),
        std::max(1, pyRound(interp(ni, nw, 1, double(c.nbs) / c.batch))) };
}

bool close(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max({ std::abs(a), std::abs(b), 1e-12 });
}

gp::PoseModel makeModel()
{
    ModelSpec spec;
    spec.scale = ModelScale::N;
    spec.numKeypoints = 14;
    return gp::PoseModel(spec);
}

} // namespace

class TestTrainLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lrOfEachGroup_data();
    void lrOfEachGroup();
    void matchesUltralyticsResultsCsv_data();
    void matchesUltralyticsResultsCsv();
    void accumulateRoundsHalfToEven();
    void adamBetasStayThroughWarmup();
    void sgdMomentumWarmsUp();
    void weightDecayScalesWithBatchAndAccumulation_data();
    void weightDecayScalesWithBatchAndAccumulation();
    void emaFollowsItsDecay();
};

void TestTrainLoop::lrOfEachGroup_data()
{
    QTest::addColumn<int>("ni");
    // nw = max(round(3 · 25), 100) = 100: warmup ends inside epoch 4 (ni 100 = epoch 4, batch 0).
    QTest::newRow("0") << 0;
    QTest::newRow("1") << 1;
    QTest::newRow("nw-1") << 99;
    QTest::newRow("nw") << 100;
    QTest::newRow("nw+1") << 101;
    QTest::newRow("epoch 10") << 10 * kBatches + 3;
    QTest::newRow("last epoch, first batch") << 29 * kBatches;
    QTest::newRow("last iteration") << 30 * kBatches - 1;
}

void TestTrainLoop::lrOfEachGroup()
{
    QFETCH(int, ni);
    const TrainingConfig c = recipe();
    auto model = makeModel();
    gp::TrainOptimizer opt(*model, c, kBatches, 400);
    QCOMPARE(opt.warmupIterations(), 100);
    // The schedule is set per iteration from the loop's start, as the trainer does.
    int accumulate = 0;
    for (int i = 0; i <= ni; ++i)
        accumulate = opt.schedule(i, i / kBatches);
    const Expected e = ultralytics(c, ni, ni / kBatches, kBatches);
    const auto lr = opt.learningRates(); // lr/pg0..2: weight, norm, bias
    qInfo("ni %d: weight %.9g (%.9g), norm %.9g (%.9g), bias %.9g (%.9g), accumulate %d (%d)", ni, lr[0], e.weight,
        lr[1], e.norm, lr[2], e.bias, accumulate, e.accumulate);
    QVERIFY(close(lr[0], e.weight));
    QVERIFY(close(lr[1], e.norm));
    QVERIFY(close(lr[2], e.bias));
    QCOMPARE(accumulate, e.accumulate);
    // Every optimizer group of a kind has its kind's lr.
    for (const auto &g : opt.groups()) {
        const double want = g.kind == gp::TrainOptimizer::GroupKind::Bias ? e.bias
            : g.kind == gp::TrainOptimizer::GroupKind::Norm               ? e.norm
                                                                          : e.weight;
        QVERIFY(close(g.lr, want));
    }
}

void TestTrainLoop::matchesUltralyticsResultsCsv_data()
{
    // Ultralytics 8.4.52's results.csv for the recipe on 400 images (`gripperpose synth n=500
    // seed=1`), rows of epochs 1, 4, 5, 16 and 30: the lr of the last batch of each epoch.
    QTest::addColumn<int>("epoch");
    QTest::addColumn<double>("weight");
    QTest::addColumn<double>("bias");
    QTest::newRow("epoch 1") << 1 << 0.00024 << 0.07624;
    QTest::newRow("epoch 4") << 4 << 0.000966015 << 0.00196602;
    QTest::newRow("epoch 5") << 5 << 0.000957205 << 0.000957205;
    QTest::newRow("epoch 16") << 16 << 0.000505 << 0.000505;
    QTest::newRow("epoch 30") << 30 << 1.27117e-05 << 1.27117e-05;
}

void TestTrainLoop::matchesUltralyticsResultsCsv()
{
    QFETCH(int, epoch);
    QFETCH(double, weight);
    QFETCH(double, bias);
    auto model = makeModel();
    gp::TrainOptimizer opt(*model, recipe(), kBatches, 400);
    for (int i = 0; i < epoch * kBatches; ++i)
        opt.schedule(i, i / kBatches);
    const auto lr = opt.learningRates();
    // results.csv prints six significant digits.
    QVERIFY2(close(lr[0], weight, 1e-5), qPrintable(QString::number(lr[0], 'g', 9)));
    QVERIFY2(close(lr[1], weight, 1e-5), qPrintable(QString::number(lr[1], 'g', 9)));
    QVERIFY2(close(lr[2], bias, 1e-5), qPrintable(QString::number(lr[2], 'g', 9)));
}

void TestTrainLoop::accumulateRoundsHalfToEven()
{
    // interp(50, [0, 100], [1, 4]) = 2.5: NumPy rounds it to 2, not 3. With batch 8 the ramp
    // goes to 8 and interp(50) = 4.5 gives 4.
    auto model = makeModel();
    TrainingConfig c = recipe();
    gp::TrainOptimizer opt(*model, c, kBatches, 400);
    QCOMPARE(opt.schedule(50, 2), 2);
    QCOMPARE(opt.schedule(51, 2), 3); // 2.53
    c.batch = 8;
    gp::TrainOptimizer eight(*model, c, 50, 400);
    QCOMPARE(eight.warmupIterations(), 150); // max(round(3 · 50), 100)
    QCOMPARE(eight.schedule(75, 1), 4); // interp(75, [0, 150], [1, 8]) = 4.5
    QCOMPARE(eight.accumulate(), 8);
}

void TestTrainLoop::adamBetasStayThroughWarmup()
{
    // Ultralytics warms up x["momentum"] only where the group has that key: SGD's. Adam's
    // β1 stays the configured momentum from the first iteration.
    auto model = makeModel();
    gp::TrainOptimizer opt(*model, recipe(), kBatches, 400);
    for (int ni : { 0, 1, 50, 100, 101 }) {
        opt.schedule(ni, ni / kBatches);
        for (const auto &g : opt.optimizer().param_groups()) {
            const auto &o = static_cast<const torch::optim::AdamWOptions &>(g.options());
            QCOMPARE(std::get<0>(o.betas()), 0.937);
            QCOMPARE(std::get<1>(o.betas()), 0.999);
        }
    }
}

void TestTrainLoop::sgdMomentumWarmsUp()
{
    auto model = makeModel();
    TrainingConfig c = recipe();
    c.optimizer = QStringLiteral("SGD");
    c.lr0 = 0.01;
    gp::TrainOptimizer opt(*model, c, kBatches, 400);
    for (int ni : { 0, 1, 50, 100, 101, 400 }) {
        opt.schedule(ni, ni / kBatches);
        const double want = ni <= 100 ? interp(ni, 100, 0.8, 0.937) : 0.937;
        for (const auto &g : opt.optimizer().param_groups())
            QVERIFY(close(static_cast<const torch::optim::SGDOptions &>(g.options()).momentum(), want));
    }
}

void TestTrainLoop::weightDecayScalesWithBatchAndAccumulation_data()
{
    // weight_decay · batch · accumulate / nbs, accumulate = max(round(nbs / batch), 1).
    QTest::addColumn<int>("batch");
    QTest::addColumn<double>("decay");
    QTest::newRow("16") << 16 << 0.0005 * 16 * 4 / 64;
    QTest::newRow("24") << 24 << 0.0005 * 24 * 3 / 64; // round(2.67) = 3
    QTest::newRow("40") << 40 << 0.0005 * 40 * 2 / 64; // round(1.6) = 2
    QTest::newRow("128") << 128 << 0.0005 * 128 * 1 / 64; // round(0.5) = 0 → 1
}

void TestTrainLoop::weightDecayScalesWithBatchAndAccumulation()
{
    QFETCH(int, batch);
    QFETCH(double, decay);
    auto model = makeModel();
    TrainingConfig c = recipe();
    c.batch = batch;
    gp::TrainOptimizer opt(*model, c, 400 / batch + 1, 400);
    const auto &groups = opt.optimizer().param_groups();
    const auto info = opt.groups();
    QCOMPARE(groups.size(), info.size());
    for (size_t g = 0; g < groups.size(); ++g) {
        const double wd = static_cast<const torch::optim::AdamWOptions &>(groups[g].options()).weight_decay();
        QVERIFY(close(wd, info[g].kind == gp::TrainOptimizer::GroupKind::Weight ? decay : 0.0));
    }
}

void TestTrainLoop::emaFollowsItsDecay()
{
    // ModelEMA: d(u) = 0.9999 · (1 − exp(−u / 2000)) after the u-th update; every floating
    // parameter and buffer (BatchNorm's running statistics too) moves to d·ema + (1 − d)·model,
    // the integer num_batches_tracked does not.
    torch::NoGradGuard noGrad;
    ModelSpec spec;
    spec.scale = ModelScale::N;
    spec.numKeypoints = 14;
    gp::PoseModel model(spec);
    gp::ModelEma ema(spec, model);
    const auto start = gp::modelState(*model);
    std::vector<torch::Tensor> before;
    for (const auto &s : start)
        before.push_back(s.second.clone());
    double expected = 0; // the weight of the model's current values in the EMA
    for (int u = 1; u <= 3; ++u) {
        // Each update sees the model moved by +1 from its start.
        const auto state = gp::modelState(*model);
        for (size_t i = 0; i < state.size(); ++i)
            if (state[i].second.is_floating_point())
                state[i].second.copy_(before[i] + 1.0);
        ema.update(model);
        const double d = 0.9999 * (1 - std::exp(-u / 2000.0));
        QVERIFY(close(ema.currentDecay(), d, 1e-12));
        expected = d * expected + (1 - d);
    }
    QCOMPARE(ema.updates(), 3LL);
    const auto after = gp::modelState(*ema.model());
    int floating = 0, buffers = 0;
    for (size_t i = 0; i < after.size(); ++i) {
        const torch::Tensor diff = after[i].second - before[i];
        if (!before[i].is_floating_point()) {
            QVERIFY2(torch::equal(after[i].second, before[i]), after[i].first.c_str());
            continue;
        }
        ++floating;
        buffers += after[i].first.find("running_") != std::string::npos;
        QVERIFY2(torch::allclose(diff, torch::full_like(diff, expected), 1e-5, 1e-6), after[i].first.c_str());
    }
    QVERIFY(floating > 0);
    QVERIFY(buffers > 0);
}

QTEST_GUILESS_MAIN(TestTrainLoop)
#include "tst_trainloop.moc"
