// Checkpoints: bit-exact round trip of weights, EMA, optimizer state and metadata; atomic
// replacement; clear refusals for another scale / keypoint count / class count, truncated
// and corrupt files, and files that are not checkpoints.

#include "checkpoint_p.h"
#include "posemodel.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <random>

using namespace gp;

namespace {

ModelSpec nano(int k = 14)
{
    ModelSpec s;
    s.scale = ModelScale::N;
    s.numKeypoints = k;
    return s;
}

bool sameState(const NamedTensors &a, const NamedTensors &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].first != b[i].first || a[i].second.scalar_type() != b[i].second.scalar_type()
            || !torch::equal(a[i].second, b[i].second))
            return false;
    }
    return true;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(bytes);
}

} // namespace

class TestCheckpoint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void roundTrip();
    void atomicReplace();
    void mismatch_data();
    void mismatch();
    void damaged_data();
    void damaged();
    void notACheckpoint();
    void mutatedFilesAreRefusedOrIdentical();

private:
    QString writeSample(const QString &name, const ModelSpec &spec);
    QTemporaryDir m_dir;
    QString m_sample;
    CheckpointData m_data;
    std::vector<torch::Tensor> m_expAvg;
};

QString TestCheckpoint::writeSample(const QString &name, const ModelSpec &spec)
{
    torch::manual_seed(3);
    PoseModel model(spec);
    CheckpointData d;
    d.info.spec = spec;
    d.model = captureState(*model);
    const QString path = m_dir.filePath(name);
    saveCheckpoint(path, d);
    return path;
}

void TestCheckpoint::initTestCase()
{
    QVERIFY(m_dir.isValid());
    torch::manual_seed(7);
    PoseModel model(nano());
    PoseModel ema(nano());
    copyModelState(*model, *ema);
    // One optimizer step so that the optimizer has state worth saving.
    torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(5e-4));
    model->train();
    const RawHeadOutput raw = model->forwardRaw(torch::rand({ 1, 3, 64, 64 }));
    (raw.boxes.sum() + raw.scores.sum() + raw.kpts.sum()).backward();
    opt.step();
    {
        torch::NoGradGuard noGrad;
        for (auto &p : ema->parameters())
            p.mul_(0.5);
    }
    m_data.info.spec = nano();
    m_data.info.epoch = 41;
    m_data.info.bestFitness = 0.8125;
    m_data.info.trainingConfig = QStringLiteral("model: yolov8n-pose\nepochs: 100\nlr0: 0.001\n");
    m_data.info.metricsHistory = QStringLiteral("epoch,train/box_loss\n0,3.5\n1,3.1\n");
    m_data.info.skeletonJson = QStringLiteral("{\"name\": \"gripper14\", \"keypoints\": [\"\u5de6\u8155\"]}");
    m_data.info.source = QStringLiteral("train: exp");
    m_data.info.emaUpdates = 1234;
    m_data.model = captureState(*model);
    m_data.ema = captureState(*ema);
    m_data.optimizerState = serializeOptimizer(opt);
    for (const auto &p : model->parameters()) {
        auto it = opt.state().find(c10::guts::to_string(p.unsafeGetTensorImpl()));
        if (it != opt.state().end())
            m_expAvg.push_back(static_cast<torch::optim::AdamWParamState &>(*it->second).exp_avg().clone());
    }
    QVERIFY(!m_data.optimizerState.empty());
    m_sample = m_dir.filePath(QStringLiteral("runs/pose/exp/weights/last.ckpt"));
    saveCheckpoint(m_sample, m_data);
    QVERIFY(QFile::exists(m_sample));
}

void TestCheckpoint::roundTrip()
{
    const CheckpointData back = loadCheckpoint(m_sample, nano());
    QVERIFY(sameState(back.model, m_data.model));
    QVERIFY(sameState(back.ema, m_data.ema));
    QVERIFY(back.optimizerState == m_data.optimizerState);
    const CheckpointInfo &i = back.info;
    QCOMPARE(i.spec, nano());
    QCOMPARE(i.epoch, 41);
    QCOMPARE(i.bestFitness, 0.8125);
    QCOMPARE(i.trainingConfig, m_data.info.trainingConfig);
    QCOMPARE(i.metricsHistory, m_data.info.metricsHistory);
    QCOMPARE(i.skeletonJson, m_data.info.skeletonJson);
    QCOMPARE(i.source, m_data.info.source);
    QCOMPARE(i.emaUpdates, 1234LL);
    QVERIFY(i.hasEma && i.hasOptimizer);
    QVERIFY(!i.createdAt.isEmpty());

    // Into a model and an optimizer again.
    PoseModel model(nano());
    restoreState(*model, back.model);
    QVERIFY(sameState(captureState(*model), m_data.model));
    torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(1e-3));
    deserializeOptimizer(opt, back.optimizerState);
    auto &state = opt.state();
    QCOMPARE(int(state.size()), int(model->parameters().size()) - 1); // all but the fixed DFL weight
    std::vector<torch::Tensor> expAvg;
    for (const auto &p : model->parameters()) {
        auto it = state.find(c10::guts::to_string(p.unsafeGetTensorImpl()));
        if (it != state.end())
            expAvg.push_back(static_cast<torch::optim::AdamWParamState &>(*it->second).exp_avg());
    }
    QCOMPARE(expAvg.size(), m_expAvg.size());
    for (size_t i = 0; i < expAvg.size(); ++i)
        QVERIFY(torch::equal(expAvg[i], m_expAvg[i]));

    // The public, torch-free reader.
    CheckpointInfo info;
    QString error;
    QVERIFY2(readCheckpointInfo(m_sample, &info, &error), qPrintable(error));
    QCOMPARE(info.epoch, 41);
    QVERIFY(checkpointMismatch(info, nano()).isEmpty());
}

void TestCheckpoint::atomicReplace()
{
    const QString path = m_dir.filePath(QStringLiteral("atomic/last.ckpt"));
    saveCheckpoint(path, m_data);
    CheckpointData second = m_data;
    second.info.epoch = 42;
    saveCheckpoint(path, second);
    QCOMPARE(loadCheckpoint(path).info.epoch, 42);
    // No temporary file is left behind.
    const QStringList left = QDir(m_dir.filePath(QStringLiteral("atomic"))).entryList(QDir::Files | QDir::Hidden);
    QCOMPARE(left, QStringList { QStringLiteral("last.ckpt") });
    // A failed write (the target is a folder) leaves nothing half-written.
    QDir().mkpath(m_dir.filePath(QStringLiteral("atomic/dir.ckpt")));
    QVERIFY_THROWS_EXCEPTION(
        CheckpointError, saveCheckpoint(m_dir.filePath(QStringLiteral("atomic/dir.ckpt")), m_data));
    QCOMPARE(QDir(m_dir.filePath(QStringLiteral("atomic"))).entryList(QDir::Files | QDir::Hidden).size(), 1);
}

void TestCheckpoint::mismatch_data()
{
    QTest::addColumn<int>("scale");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("nc");
    QTest::addColumn<QString>("message");
    QTest::newRow("scale") << int(ModelScale::S) << 14 << 1
                           << "model scale yolov8n-pose (checkpoint) vs yolov8s-pose (expected)";
    QTest::newRow("keypoints") << int(ModelScale::N) << 17 << 1
                               << "kpt_shape [14, 3] (checkpoint) vs [17, 3] (expected)";
    QTest::newRow("classes") << int(ModelScale::N) << 14 << 2 << "1 classes (checkpoint) vs 2 (expected)";
}

void TestCheckpoint::mismatch()
{
    QFETCH(int, scale);
    QFETCH(int, k);
    QFETCH(int, nc);
    QFETCH(QString, message);
    ModelSpec expected = nano(k);
    expected.scale = ModelScale(scale);
    expected.numClasses = nc;
    try {
        loadCheckpoint(m_sample, expected);
        QFAIL("a mismatching checkpoint was accepted");
    } catch (const CheckpointError &e) {
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.contains(message), qPrintable(what));
        QVERIFY2(what.contains(m_sample), qPrintable(what));
    }
    // Restoring the weights into a model of that spec names the tensor that does not fit.
    if (scale == int(ModelScale::N) && k == 17) {
        PoseModel other(expected);
        try {
            restoreState(*other, m_data.model);
            QFAIL("restoreState accepted other shapes");
        } catch (const CheckpointError &e) {
            QVERIFY2(QString::fromLatin1(e.what()).contains(QLatin1String("model.22.cv4.0.0.conv.weight")), e.what());
        }
    }
}

void TestCheckpoint::damaged_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("truncated half") << "half"
                                    << "truncated or corrupt";
    QTest::newRow("truncated tail") << "tail"
                                    << "truncated or corrupt";
    QTest::newRow("flipped weight bytes") << "flip"
                                          << "do not match their checksum";
    QTest::newRow("empty") << "empty"
                           << "the file is empty";
}

void TestCheckpoint::damaged()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    const QByteArray good = readAll(m_sample);
    QByteArray bad = good;
    if (kind == QLatin1String("half"))
        bad.truncate(good.size() / 2);
    else if (kind == QLatin1String("tail"))
        bad.chop(100);
    else if (kind == QLatin1String("empty"))
        bad.clear();
    else {
        // Flip bytes in the middle of the largest stored record (tensor data).
        const int at = int(good.size() * 0.4);
        for (int i = 0; i < 16; ++i)
            bad[at + i] = char(bad[at + i] ^ 0x5a);
    }
    const QString path = m_dir.filePath(QStringLiteral("damaged-%1.ckpt").arg(kind));
    writeAll(path, bad);
    CheckpointInfo info;
    QString error;
    QVERIFY(!readCheckpointInfo(path, &info, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(error.contains(path), qPrintable(error));
}

void TestCheckpoint::notACheckpoint()
{
    // A plain state dict.
    c10::Dict<std::string, at::Tensor> d;
    for (const auto &e : m_data.model)
        d.insert(e.first, e.second);
    const std::vector<char> bytes = torch::pickle_save(c10::IValue(d));
    const QString sd = m_dir.filePath(QStringLiteral("plain.pt"));
    writeAll(sd, QByteArray(bytes.data(), int(bytes.size())));
    QString error;
    QVERIFY(!readCheckpointInfo(sd, nullptr, &error));
    QVERIFY2(error.contains(QLatin1String("plain state dict")), qPrintable(error));
    QVERIFY(!readCheckpointInfo(m_dir.filePath(QStringLiteral("nope.ckpt")), nullptr, &error));
    QVERIFY2(error.contains(QLatin1String("does not exist")), qPrintable(error));
    writeAll(m_dir.filePath(QStringLiteral("text.ckpt")), QByteArray("epoch: 3\n"));
    QVERIFY(!readCheckpointInfo(m_dir.filePath(QStringLiteral("text.ckpt")), nullptr, &error));
    QVERIFY2(error.contains(QLatin1String("not a torch archive")), qPrintable(error));
    // Another scale, read through the public API, then compared.
    CheckpointInfo info;
    ModelSpec small = nano();
    small.scale = ModelScale::S;
    QVERIFY(readCheckpointInfo(writeSample(QStringLiteral("s.ckpt"), small), &info, &error));
    QVERIFY(checkpointMismatch(info, nano()).contains(QLatin1String("yolov8s-pose (checkpoint) vs yolov8n-pose")));
}

// Fuzzing the reader with a fixed seed: cut, flipped and spliced files (headers, records,
// the archive's directory at the end) are refused with a CheckpointError, or, where the change
// hit bytes that carry nothing, read back to the very same weights; never a crash, another
// exception or silently different weights.
void TestCheckpoint::mutatedFilesAreRefusedOrIdentical()
{
    const QByteArray good = readAll(m_sample);
    const CheckpointData reference = loadCheckpoint(m_sample);
    std::mt19937_64 rng(15);
    const QString path = m_dir.filePath(QStringLiteral("mutated.ckpt"));
    int refused = 0, identical = 0;
    for (int round = 0; round < 48; ++round) {
        QByteArray bad = good;
        // Half the changes near the ends, where the archive's headers and directory are.
        auto position = [&] {
            const qsizetype n = bad.size();
            const uint64_t r = rng();
            if (r % 3 == 0)
                return qsizetype(r / 3 % uint64_t(std::min<qsizetype>(n, 4096)));
            if (r % 3 == 1)
                return n - 1 - qsizetype(r / 3 % uint64_t(std::min<qsizetype>(n, 4096)));
            return qsizetype(r / 3 % uint64_t(n));
        };
        switch (round % 4) {
        case 0:
            bad.truncate(position());
            break;
        case 1:
            for (int i = 0, n = 1 + int(rng() % 8); i < n; ++i) {
                const qsizetype at = position();
                bad[at] = char(bad[at] ^ char(1 << (rng() % 8)));
            }
            break;
        case 2:
            bad.remove(position(), 1 + qsizetype(rng() % 64));
            break;
        default: {
            const qsizetype at = position();
            bad.insert(at, good.mid(position(), 1 + qsizetype(rng() % 64)));
            break;
        }
        }
        writeAll(path, bad);
        CheckpointInfo info;
        QString error;
        const bool infoRead = readCheckpointInfo(path, &info, &error);
        try {
            const CheckpointData d = loadCheckpoint(path);
            QVERIFY2(infoRead,
                qPrintable(QStringLiteral("round %1: loads, but its info does not: %2").arg(round).arg(error)));
            QCOMPARE(d.model.size(), reference.model.size());
            for (size_t i = 0; i < d.model.size(); ++i) {
                QCOMPARE(d.model[i].first, reference.model[i].first);
                QVERIFY2(torch::equal(d.model[i].second, reference.model[i].second),
                    qPrintable(QStringLiteral("round %1: %2 changed")
                                   .arg(round)
                                   .arg(QString::fromStdString(d.model[i].first))));
            }
            ++identical;
        } catch (const CheckpointError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(path), e.what());
            ++refused;
        }
    }
    QVERIFY(refused > 0);
    qInfo("%d refused, %d read back identical", refused, identical);
}

QTEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
