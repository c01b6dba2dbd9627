#include "checkpoint.h"
#include "roundingcheck.h"
#include "trainer.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>

#include <sched.h>

// Our training loop against Ultralytics' own, iteration by iteration. Both start from the same
// weights (the reference fixture yolov8n_pose_k14.pt) and train on the eight images of
// data/trajectory with every augmentation off and a batch of all eight, so that each epoch is one
// batch holding the same images on both sides (in a different order, which changes nothing but
// the order of float sums). data/ultralytics_trajectory.json is what Ultralytics 8.4.52 recorded
// on that run (its command is in the file's "source"): the training loss items and the lr of each
// group at every iteration, the validation losses (of the EMA) after it, and its EMA update count.
//
// This checks at once what the loop does between two batches: the warmup and cosine schedule,
// the accumulation ramp and that no step is taken at an epoch's end, AdamW with its three groups
// and weight decay, gradient clipping, BatchNorm's running statistics, the EMA and its decay,
// and the loss gains. warmup_bias_lr is 0 because with Ultralytics' 0.1 the biases' first Adam
// steps are about ±0.1 whatever the gradient's size, and those whose gradient is near Adam's eps
// turn float rounding into differences that grow from step to step (docs/BENCHMARKS.md, "Step
// by step against Ultralytics"). Adam does that at warmup_bias_lr 0 too, only later and slower:
// a parameter whose gradient is rounding noise takes a step of about its lr with rounding's sign.
//
// So how far the two trainers may part at each iteration is measured, not set: our loop runs
// three times, once with every core, once pinned to one core, and once pinned to one core in a
// process of its own whose kernels are capped to AVX2 (ONEDNN_MAX_CPU_ISA, ATEN_CPU_CAPABILITY,
// OPENBLAS_CORETYPE). That changes the order of every parallel sum (BatchNorm statistics, the
// gradients' reductions, the loss) and, on a CPU beyond AVX2, the kernels' vector widths, as
// another machine does (the recording's machine may be either), and the runs part by what float
// rounding grows into by that iteration. (Against the one-core run alone, per iteration, an
// AVX-512 CPU parted from the recording by 1.07 of the limit at iteration 7.) The
// limit is that envelope times (1 + kOtherSide) as for the model's outputs
// (tests/support/roundingcheck.h), and never less than the forward pass's own rounding. The
// schedule, the iterations that take an optimizer step and the EMA's update count are exact
// and compared over all 26 iterations; so is a wrong beta1 or weight decay, which the last test
// shows the limits still catch.

namespace {

constexpr int kEpochs = 26;
// The least a loss may part by: the loss items are means over the head's outputs, whose fp32
// rounding relative to their size is at most 2e-5 on either side (tst_posemodel: the head's
// measured rounding against its largest value), so (1 + kOtherSide) * 2e-5, 1e-4 rounded up.
constexpr double kRoundingFloor = 1e-4;
// Between two iterations with no optimizer step between them the losses change by float
// rounding only (< 1e-6 relative, the batch's order differs); a step changes them by > 1e-2.
constexpr double kUnchanged = 1e-4;

std::array<double, 5> items(const gp::PoseLossItems &l)
{
    return { l.box, l.pose, l.kobj, l.cls, l.dfl };
}

std::array<double, 5> items(const QJsonArray &a)
{
    return { a[0].toDouble(), a[1].toDouble(), a[2].toDouble(), a[3].toDouble(), a[4].toDouble() };
}

double maxRelative(const std::array<double, 5> &a, const std::array<double, 5> &b)
{
    double worst = 0;
    for (size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(std::abs(b[i]), 1e-12));
    return worst;
}

class Recorder : public gp::TrainerEvents
{
public:
    std::vector<gp::EpochReport> epochs;
    void onFitEpochEnd(const gp::EpochReport &e) override { epochs.push_back(e); }
};

struct OurRun
{
    std::vector<gp::EpochReport> epochs;
    long long emaUpdates = -1;
    QString error;
};

// Our loop on the trajectory data, as Ultralytics ran it. `oneCore`: pinned to the first core,
// so the trainer takes one intra-op thread (Qt's idealThreadCount() follows the affinity) and
// every parallel sum adds in another order. `change` alters the recipe (a deliberate bug).
OurRun runOurs(bool oneCore, const std::function<void(gp::TrainingConfig &)> &change = {})
{
    OurRun out;
    QTemporaryDir dir;
    gp::TrainingConfig c;
    c.data = QStringLiteral(GP_SOURCE_DIR "/tests/train/data/trajectory/data.yaml");
    c.cacheDir = dir.filePath(QStringLiteral("cache"));
    c.model = QStringLiteral(GP_REFERENCE_DIR "/yolov8n_pose_k14.pt");
    c.project = dir.filePath(QStringLiteral("runs"));
    c.name = QStringLiteral("trajectory");
    c.epochs = kEpochs;
    c.imgsz = 160;
    c.batch = 8;
    c.workers = 0;
    c.amp = QStringLiteral("off"); // Ultralytics trains in fp32 on the CPU
    c.optimizer = QStringLiteral("AdamW");
    c.lr0 = 0.001;
    c.lrf = 0.01;
    c.cosLr = true;
    c.warmupBiasLr = 0;
    c.patience = 100;
    c.closeMosaic = 0;
    c.mosaic = c.mixup = 0;
    c.degrees = c.translate = c.scale = c.shear = 0;
    c.fliplr = 0;
    c.hsvH = c.hsvS = c.hsvV = 0;
    if (change)
        change(c);
    cpu_set_t all, one;
    sched_getaffinity(0, sizeof(all), &all);
    if (oneCore) {
        CPU_ZERO(&one);
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &all)) {
                CPU_SET(cpu, &one);
                break;
            }
        sched_setaffinity(0, sizeof(one), &one);
    }
    Recorder r;
    gp::Trainer trainer(c, {});
    trainer.addListener(&r);
    if (!trainer.run(&out.error))
        out.error = out.error.isEmpty() ? QStringLiteral("training failed") : out.error;
    sched_setaffinity(0, sizeof(all), &all);
    out.epochs = r.epochs;
    gp::CheckpointInfo info;
    QString error;
    if (gp::readCheckpointInfo(dir.filePath(QStringLiteral("runs/trajectory/weights/last.ckpt")), &info, &error))
        out.emaUpdates = info.emaUpdates;
    return out;
}

// The one-core run in a child process with the kernels capped to AVX2 (above): this binary again,
// told by GP_TRAJECTORY_RUN where to write the run's losses.
constexpr const char *kChildOutput = "GP_TRAJECTORY_RUN";

QJsonArray lossArray(const gp::PoseLossItems &l)
{
    return { l.box, l.pose, l.kobj, l.cls, l.dfl };
}

gp::PoseLossItems lossItems(const QJsonArray &a)
{
    gp::PoseLossItems l;
    l.box = a[0].toDouble();
    l.pose = a[1].toDouble();
    l.kobj = a[2].toDouble();
    l.cls = a[3].toDouble();
    l.dfl = a[4].toDouble();
    return l;
}

int writeChildRun(const QString &file)
{
    const OurRun run = runOurs(true);
    QJsonArray epochs;
    for (const gp::EpochReport &e : run.epochs)
        epochs.append(QJsonObject {
            { QStringLiteral("train"), lossArray(e.trainLoss) }, { QStringLiteral("val"), lossArray(e.valLoss) } });
    QFile f(file);
    if (!run.error.isEmpty() || !f.open(QIODevice::WriteOnly))
        return 1;
    f.write(QJsonDocument(QJsonObject { { QStringLiteral("epochs"), epochs } }).toJson());
    return 0;
}

OurRun runCappedInChild()
{
    OurRun out;
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("run.json"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kChildOutput), file);
    env.insert(QStringLiteral("ONEDNN_MAX_CPU_ISA"), QStringLiteral("AVX2"));
    env.insert(QStringLiteral("ATEN_CPU_CAPABILITY"), QStringLiteral("avx2"));
    env.insert(QStringLiteral("OPENBLAS_CORETYPE"), QStringLiteral("Haswell"));
    QProcess child;
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedChannels);
    child.start(QCoreApplication::applicationFilePath(), {});
    if (!child.waitForFinished(-1) || child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0) {
        out.error = QStringLiteral("the capped run failed (exit %1)").arg(child.exitCode());
        return out;
    }
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        out.error = QStringLiteral("the capped run wrote nothing");
        return out;
    }
    for (const QJsonValue &v : QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("epochs")).toArray()) {
        gp::EpochReport e;
        e.trainLoss = lossItems(v.toObject().value(QLatin1String("train")).toArray());
        e.valLoss = lossItems(v.toObject().value(QLatin1String("val")).toArray());
        out.epochs.push_back(e);
    }
    return out;
}

QJsonArray ultralytics()
{
    QFile f(QStringLiteral(GP_SOURCE_DIR "/tests/train/data/ultralytics_trajectory.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("iterations")).toArray();
}

// How far one run's losses may part from Ultralytics' at each iteration: the rounding envelope
// of our runs (train, val), times (1 + kOtherSide), at least kRoundingFloor. The envelope is
// how far `a` parts from any of `others` by that iteration, the most of the iterations up to it:
// what rounding has grown into in the weights does not shrink, while a single iteration's loss
// shows it through the few images of one batch and may happen to show less.
struct Envelope
{
    std::vector<double> train, val;
};

Envelope envelopeOf(const OurRun &a, const std::vector<OurRun> &others)
{
    Envelope e;
    const double factor = 1.0 + fixtures::RoundingCheck::kOtherSide;
    double train = 0, val = 0;
    for (size_t i = 0; i < a.epochs.size(); ++i) {
        for (const OurRun &b : others) {
            if (i >= b.epochs.size())
                return e;
            train = std::max(train, maxRelative(items(a.epochs[i].trainLoss), items(b.epochs[i].trainLoss)));
            val = std::max(val, maxRelative(items(a.epochs[i].valLoss), items(b.epochs[i].valLoss)));
        }
        e.train.push_back(std::max(kRoundingFloor, factor * train));
        e.val.push_back(std::max(kRoundingFloor, factor * val));
    }
    return e;
}

// The first iteration whose losses part from Ultralytics' by more than the envelope allows,
// with what parted; -1 when none does.
int firstParting(const OurRun &run, const QJsonArray &ul, const Envelope &limit, QString *what)
{
    for (int i = 0; i < int(run.epochs.size()) && i < ul.size() && i < int(limit.train.size()); ++i) {
        const QJsonObject u = ul[i].toObject();
        const double t
            = maxRelative(items(run.epochs[size_t(i)].trainLoss), items(u.value(QLatin1String("loss")).toArray()));
        const double v
            = maxRelative(items(run.epochs[size_t(i)].valLoss), items(u.value(QLatin1String("val_loss")).toArray()));
        if (t > limit.train[size_t(i)] || v > limit.val[size_t(i)]) {
            *what = QStringLiteral("iteration %1: train loss off by %2 (limit %3), val loss by %4 (limit %5)")
                        .arg(i)
                        .arg(t, 0, 'g', 3)
                        .arg(limit.train[size_t(i)], 0, 'g', 3)
                        .arg(v, 0, 'g', 3)
                        .arg(limit.val[size_t(i)], 0, 'g', 3);
            return i;
        }
    }
    return -1;
}

} // namespace

class TestUltralyticsTrajectory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void followsUltralyticsStepByStep();
    void deliberateBugsPart_data();
    void deliberateBugsPart();

private:
    QJsonArray m_ul;
    OurRun m_ours;
    Envelope m_limit;
};

void TestUltralyticsTrajectory::initTestCase()
{
    m_ul = ultralytics();
    QCOMPARE(m_ul.size(), kEpochs);
    m_ours = runOurs(false);
    QVERIFY2(m_ours.error.isEmpty(), qPrintable(m_ours.error));
    QCOMPARE(int(m_ours.epochs.size()), kEpochs);
    const OurRun oneCore = runOurs(true);
    QVERIFY2(oneCore.error.isEmpty(), qPrintable(oneCore.error));
    QCOMPARE(int(oneCore.epochs.size()), kEpochs);
    const OurRun capped = runCappedInChild();
    QVERIFY2(capped.error.isEmpty(), qPrintable(capped.error));
    QCOMPARE(int(capped.epochs.size()), kEpochs);
    m_limit = envelopeOf(m_ours, { oneCore, capped });
}

void TestUltralyticsTrajectory::followsUltralyticsStepByStep()
{
    for (int i = 0; i < kEpochs; ++i) {
        const QJsonObject u = m_ul[i].toObject();
        const gp::EpochReport &e = m_ours.epochs[size_t(i)];
        const QJsonArray lr = u.value(QLatin1String("lr")).toArray();
        for (int g = 0; g < 3; ++g)
            QVERIFY2(std::abs(e.lr[size_t(g)] - lr[g].toDouble()) <= 1e-7 * std::abs(lr[g].toDouble()) + 1e-15,
                qPrintable(QStringLiteral("iteration %1, group %2: lr %3, Ultralytics %4")
                               .arg(i)
                               .arg(g)
                               .arg(e.lr[size_t(g)], 0, 'g', 10)
                               .arg(lr[g].toDouble(), 0, 'g', 10)));
        const auto ulTrain = items(u.value(QLatin1String("loss")).toArray());
        qInfo("iteration %2d: train loss off by %.3g (limit %.3g), val loss by %.3g (limit %.3g)", i,
            maxRelative(items(e.trainLoss), ulTrain), m_limit.train[size_t(i)],
            maxRelative(items(e.valLoss), items(u.value(QLatin1String("val_loss")).toArray())), m_limit.val[size_t(i)]);
        if (i > 0) {
            // Whether the weights changed between the previous iteration and this one: an
            // optimizer step at the same iterations as Ultralytics.
            const bool ulStepped
                = maxRelative(ulTrain, items(m_ul[i - 1].toObject().value(QLatin1String("loss")).toArray()))
                > kUnchanged;
            const bool weStepped
                = maxRelative(items(e.trainLoss), items(m_ours.epochs[size_t(i - 1)].trainLoss)) > kUnchanged;
            QVERIFY2(weStepped == ulStepped,
                qPrintable(QStringLiteral("iteration %1: %2 step before it, Ultralytics %3")
                               .arg(i)
                               .arg(weStepped ? "a" : "no", ulStepped ? "took one" : "did not")));
        }
    }
    QString parted;
    QVERIFY2(firstParting(m_ours, m_ul, m_limit, &parted) < 0, qPrintable(parted));
    QCOMPARE(m_ours.emaUpdates, (long long)(m_ul[kEpochs - 1].toObject().value(QLatin1String("ema_updates")).toInt()));
}

void TestUltralyticsTrajectory::deliberateBugsPart_data()
{
    QTest::addColumn<double>("momentum");
    QTest::addColumn<double>("weightDecay");
    QTest::newRow("beta1 0.9") << 0.9 << 0.0005;
    QTest::newRow("weight decay 0.05") << 0.937 << 0.05;
}

void TestUltralyticsTrajectory::deliberateBugsPart()
{
    // The same limits would be no good if a real difference in the loop also passed them.
    QFETCH(double, momentum);
    QFETCH(double, weightDecay);
    const OurRun wrong = runOurs(false, [&](gp::TrainingConfig &c) {
        c.momentum = momentum;
        c.weightDecay = weightDecay;
    });
    QVERIFY2(wrong.error.isEmpty(), qPrintable(wrong.error));
    QString parted;
    const int at = firstParting(wrong, m_ul, m_limit, &parted);
    qInfo("%s", qPrintable(parted));
    QVERIFY(at >= 0);
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (const QString out = qEnvironmentVariable(kChildOutput); !out.isEmpty())
        return writeChildRun(out);
    TestUltralyticsTrajectory test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_ultralyticstrajectory.moc"
