// Weight import: state dicts and TorchScript modules written by Debian's Python torch
// (tests/model/make_import_files.py, skipped when /usr/bin/python3 has no torch) and by
// C++ (torch::pickle_save, a torch::jit::Module), a 17-keypoint model into a 14-keypoint
// one, files that are not models, and the checkpoint the import writes.

#include "checkpoint_p.h"
#include "fixtures.h"
#include "posemodel.h"
#include "weightimport_p.h"

#include <torch/script.h>

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace gp;

namespace {

ModelSpec nano(int k = 14)
{
    ModelSpec s;
    s.scale = ModelScale::N;
    s.numKeypoints = k;
    return s;
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

void writePickle(const QString &path, const c10::IValue &value)
{
    const std::vector<char> bytes = torch::pickle_save(value);
    writeBytes(path, QByteArray(bytes.data(), int(bytes.size())));
}

c10::Dict<std::string, at::Tensor> toDict(const NamedTensors &t)
{
    c10::Dict<std::string, at::Tensor> d;
    for (const auto &e : t)
        d.insert(e.first, e.second);
    return d;
}

// A TorchScript module with the given parameter and buffer names (no methods): the
// structure torch::jit::load gives for an exported model.
struct ScriptNode
{
    std::vector<std::pair<std::string, torch::Tensor>> tensors;
    std::vector<bool> isBuffer;
    std::vector<std::pair<std::string, std::unique_ptr<ScriptNode>>> children;
    ScriptNode *child(const std::string &name)
    {
        for (auto &c : children)
            if (c.first == name)
                return c.second.get();
        children.emplace_back(name, std::make_unique<ScriptNode>());
        return children.back().second.get();
    }
};

torch::jit::Module build(const ScriptNode &node, const std::shared_ptr<torch::jit::CompilationUnit> &cu, int &counter)
{
    torch::jit::Module m(c10::QualifiedName("__torch__.gptest.M" + std::to_string(counter++)), cu, true);
    for (size_t i = 0; i < node.tensors.size(); ++i)
        m.register_parameter(node.tensors[i].first, node.tensors[i].second, node.isBuffer[i]);
    for (const auto &c : node.children)
        m.register_module(c.first, build(*c.second, cu, counter));
    return m;
}

void writeScriptModule(const QString &path, torch::nn::Module &model)
{
    ScriptNode root;
    auto add = [&](const std::string &name, const torch::Tensor &t, bool buffer) {
        ScriptNode *n = &root;
        size_t start = 0, dot;
        while ((dot = name.find('.', start)) != std::string::npos) {
            n = n->child(name.substr(start, dot - start));
            start = dot + 1;
        }
        n->tensors.emplace_back(name.substr(start), t.detach().clone());
        n->isBuffer.push_back(buffer);
    };
    for (const auto &p : model.named_parameters())
        add(p.key(), p.value(), false);
    for (const auto &b : model.named_buffers())
        add(b.key(), b.value(), true);
    auto cu = std::make_shared<torch::jit::CompilationUnit>();
    int counter = 0;
    build(root, cu, counter).save(path.toStdString());
}

// The decoded output of an imported model against the reference fixture, within the limit
// of fixtures::roundingCheck: the same imported weights run in fp64 are the exact result.
fixtures::RoundingCheck checkDecoded(PoseModel model, const std::map<std::string, torch::Tensor> &ref)
{
    PoseModel exact(model->spec());
    copyModelState(*model, *exact);
    exact->to(torch::kDouble);
    model->eval();
    exact->eval();
    torch::NoGradGuard noGrad;
    return fixtures::roundingCheck(
        model->forward(ref.at("input")), exact->forward(ref.at("input").to(torch::kDouble)), ref.at("output_decoded"));
}

} // namespace

class TestWeightImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fromPython_data();
    void fromPython();
    void stateDictFromCpp();
    void torchScriptFromCpp();
    void keypoints17Into14_data();
    void keypoints17Into14();
    void inspect();
    void notAModel_data();
    void notAModel();
    void importWritesCheckpoint();

private:
    QTemporaryDir m_dir;
    bool m_python = false;
    QString m_pythonError;
    std::map<std::string, torch::Tensor> m_ref;
    NamedTensors m_weights;
};

void TestWeightImport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString ref = fixtures::path("yolov8n_pose_k14.pt");
    QVERIFY2(QFile::exists(ref), qPrintable(ref));
    m_ref = fixtures::loadTensorDict(ref);
    m_weights = fixtures::modelEntries(ref);
    // Files from Debian's Python torch, when it is there.
    const QString python = QStringLiteral("/usr/bin/python3");
    if (QFile::exists(python)) {
        QProcess p;
        p.start(python,
            { QStringLiteral(GP_SOURCE_DIR "/tests/model/make_import_files.py"), QStringLiteral(GP_SOURCE_DIR), ref,
                m_dir.filePath(QStringLiteral("py")) });
        p.waitForFinished(180000);
        m_python = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        m_pythonError = QString::fromLocal8Bit(p.readAllStandardError()).right(300);
    } else {
        m_pythonError = QStringLiteral("no /usr/bin/python3");
    }
}

void TestWeightImport::fromPython_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("unfused");
    QTest::newRow("state dict") << "sd_k14.pt"
                                << "state dict" << 0;
    QTest::newRow("nested state dict") << "sd_k14_nested.pt"
                                       << "state dict (under 'model')" << 0;
    QTest::newRow("TorchScript") << "ts_k14.torchscript"
                                 << "TorchScript" << 0;
    QTest::newRow("TorchScript fused") << "ts_k14_fused.torchscript"
                                       << "TorchScript" << 63;
}

void TestWeightImport::fromPython()
{
    if (!m_python)
        QSKIP(qPrintable(QStringLiteral("Python torch not available: ") + m_pythonError));
    QFETCH(QString, file);
    QFETCH(QString, format);
    QFETCH(int, unfused);
    PoseModel model(nano());
    const WeightImportSummary s = importWeights(*model, m_dir.filePath(QStringLiteral("py/") + file).toStdString());
    QCOMPARE(s.format, format);
    QVERIFY2(s.isComplete(), qPrintable(s.toText()));
    QCOMPARE(s.copied, 397);
    QCOMPARE(s.unfusedConvs, unfused);
    // The fused file's weights carry the rounding of Python's BN folding (each folded weight
    // rounded to fp32); both sides of the check use them, and the reference computed the
    // unfolded network, so that rounding is part of what the limit allows the other side.
    const fixtures::RoundingCheck c = checkDecoded(model, m_ref);
    qInfo("%s: decoded %s", qPrintable(file), qPrintable(c.text()));
    QVERIFY2(c.ok(), qPrintable(c.text()));
    if (unfused > 0) {
        // And the limit still sees a real difference: the identity BatchNorm an unfused
        // convolution gets, with a variance of 1 instead of 1 - eps, scales its outputs by
        // 1/sqrt(1.001), 0.05 % per convolution.
        {
            torch::NoGradGuard noGrad;
            for (auto &b : model->named_buffers())
                if (b.key().find(".bn.running_var") != std::string::npos
                    && torch::allclose(b.value(), torch::full_like(b.value(), 1.0 - 1e-3)))
                    b.value().fill_(1.0);
        }
        const fixtures::RoundingCheck wrong = checkDecoded(model, m_ref);
        qInfo("%s with the identity BatchNorms' variance 1: decoded %s", qPrintable(file), qPrintable(wrong.text()));
        QVERIFY2(!wrong.ok(), qPrintable(wrong.text()));
    }
}

void TestWeightImport::stateDictFromCpp()
{
    const QString file = m_dir.filePath(QStringLiteral("cpp_sd.pt"));
    writePickle(file, c10::IValue(toDict(m_weights)));
    PoseModel model(nano());
    const WeightImportSummary s = importWeights(*model, file.toStdString());
    QCOMPARE(s.format, QStringLiteral("state dict"));
    QVERIFY2(s.isComplete(), qPrintable(s.toText()));
    for (const auto &e : modelState(*model))
        QVERIFY(torch::equal(e.second, m_ref.at(e.first)));
}

void TestWeightImport::torchScriptFromCpp()
{
    PoseModel src(nano());
    applyWeights(*src, m_weights);
    const QString file = m_dir.filePath(QStringLiteral("cpp.torchscript"));
    writeScriptModule(file, *src);
    PoseModel model(nano());
    const WeightImportSummary s = importWeights(*model, file.toStdString());
    QCOMPARE(s.format, QStringLiteral("TorchScript"));
    QVERIFY2(s.isComplete(), qPrintable(s.toText()));
    for (const auto &e : modelState(*model))
        QVERIFY(torch::equal(e.second, m_ref.at(e.first)));
}

void TestWeightImport::keypoints17Into14_data()
{
    // For n (and s) the keypoint branch's hidden width is K*3 (42 vs 51), so the whole cv4
    // branch is re-initialised; for l it is 64 either way and only cv4.*.2 differs.
    QTest::addColumn<bool>("python");
    QTest::addColumn<QString>("scale");
    QTest::addColumn<bool>("wholeBranch");
    QTest::newRow("n, C++ state dict") << false << "n" << true;
    QTest::newRow("n, Python state dict (OrderedDict)") << true << "n" << true;
    QTest::newRow("l, C++ state dict") << false << "l" << false;
}

void TestWeightImport::keypoints17Into14()
{
    QFETCH(bool, python);
    QFETCH(QString, scale);
    QFETCH(bool, wholeBranch);
    ModelSpec spec14 = nano(14);
    spec14.scale = *ModelSpec::parseScale(scale);
    ModelSpec spec17 = spec14;
    spec17.numKeypoints = 17;
    QString file;
    if (python) {
        if (!m_python)
            QSKIP(qPrintable(QStringLiteral("Python torch not available: ") + m_pythonError));
        file = m_dir.filePath(QStringLiteral("py/sd_k17.pt"));
    } else {
        torch::manual_seed(1);
        PoseModel coco(spec17);
        file = m_dir.filePath(QStringLiteral("cpp_k17_%1.pt").arg(scale));
        writePickle(file, c10::IValue(toDict(captureState(*coco))));
    }
    const NamedTensors fileTensors = readWeightFile(file.toStdString());
    std::map<std::string, torch::Tensor> fileMap(fileTensors.begin(), fileTensors.end());

    PoseModel model(spec14);
    const NamedTensors before = captureState(*model);
    const WeightImportSummary s = importWeights(*model, file.toStdString());
    qInfo("%s", qPrintable(s.toText().left(600)));
    QStringList names;
    for (const auto &m : s.shapeMismatches)
        names << m.name;
    QStringList expected;
    for (const auto &e : before) {
        const QString n = QString::fromStdString(e.first);
        static const QRegularExpression lastConv(QStringLiteral("^model\\.22\\.cv4\\.\\d\\.2\\."));
        if (wholeBranch ? n.startsWith(QLatin1String("model.22.cv4.")) : lastConv.match(n).hasMatch())
            expected << n;
    }
    QCOMPARE(expected.size(), wholeBranch ? 42 : 6);
    names.sort();
    expected.sort();
    QCOMPARE(names, expected);
    QVERIFY(s.missing.isEmpty());
    QVERIFY(s.unexpected.isEmpty());
    QCOMPARE(s.copied, s.modelTensors - int(expected.size()));
    QVERIFY(!s.isComplete());
    QVERIFY(s.toText().contains(QLatin1String("re-initialised")));
    // Backbone and neck transferred; the keypoint outputs keep their fresh initialisation.
    const auto after = modelState(*model);
    for (size_t i = 0; i < after.size(); ++i) {
        const std::string &n = after[i].first;
        if (expected.contains(QString::fromStdString(n)))
            QVERIFY(torch::equal(after[i].second, before[i].second));
        else
            QVERIFY2(torch::equal(after[i].second, fileMap.at(n)), n.c_str());
    }
}

void TestWeightImport::inspect()
{
    const QString file = m_dir.filePath(QStringLiteral("inspect_k17.pt"));
    PoseModel coco(nano(17));
    writePickle(file, c10::IValue(toDict(captureState(*coco))));
    QString error;
    const auto info = inspectWeightFile(file, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->tensors, 397);
    QVERIFY(!info->fused);
    QVERIFY(info->spec);
    QCOMPARE(int(info->spec->scale), int(ModelScale::N));
    QCOMPARE(info->spec->numKeypoints, 17);
    QCOMPARE(info->spec->keypointDims, 3);
    QCOMPARE(info->spec->numClasses, 1);
    ModelSpec sSpec;
    sSpec.scale = ModelScale::S;
    PoseModel small(sSpec);
    writePickle(file, c10::IValue(toDict(captureState(*small))));
    QCOMPARE(int(inspectWeightFile(file, &error)->spec->scale), int(ModelScale::S));
}

void TestWeightImport::notAModel_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << "empty.pt" << QByteArray() << "is not a torch file";
    QTest::newRow("text") << "notes.pt" << QByteArray("hello, not weights\n") << "is not a torch file";
    QTest::newRow("legacy pickle") << "old.pt" << QByteArray("\x80\x02\x8a\x0a", 4) << "legacy";
    QTest::newRow("broken zip") << "broken.pt" << QByteArray("PK\x03\x04garbage-garbage-garbage", 27)
                                << "is not a model this program can read";
    QTest::newRow("dict of strings") << "strings.pt" << QByteArray() << "no tensors";
    QTest::newRow("missing") << "does-not-exist.pt" << QByteArray() << "does not exist";
    QTest::newRow("unrelated tensors") << "other.pt" << QByteArray() << "no tensor that fits";
}

void TestWeightImport::notAModel()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    const QString file = m_dir.filePath(name);
    if (name == QLatin1String("strings.pt")) {
        c10::impl::GenericDict d(c10::StringType::get(), c10::AnyType::get());
        d.insert(std::string("a"), std::string("b"));
        writePickle(file, c10::IValue(d));
    } else if (name == QLatin1String("other.pt")) {
        c10::Dict<std::string, at::Tensor> d;
        d.insert("fc.weight", torch::zeros({ 3, 3 }));
        writePickle(file, c10::IValue(d));
    } else if (name != QLatin1String("does-not-exist.pt")) {
        writeBytes(file, content);
    }
    QString error;
    WeightImportSummary summary;
    const QString ckpt = m_dir.filePath(name + QStringLiteral(".ckpt"));
    QVERIFY(!importWeightsToCheckpoint(file, ckpt, nano(), &summary, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(error.contains(file), qPrintable(error));
    QVERIFY(!QFile::exists(ckpt));
}

void TestWeightImport::importWritesCheckpoint()
{
    const QString file = m_dir.filePath(QStringLiteral("ckpt_src.pt"));
    writePickle(file, c10::IValue(toDict(m_weights)));
    const QString ckpt = m_dir.filePath(QStringLiteral("imported.ckpt"));
    WeightImportSummary summary;
    QString error;
    QVERIFY2(importWeightsToCheckpoint(file, ckpt, std::nullopt, &summary, &error), qPrintable(error));
    QVERIFY(summary.isComplete());
    QCOMPARE(summary.spec, nano());
    CheckpointInfo info;
    QVERIFY2(readCheckpointInfo(ckpt, &info, &error), qPrintable(error));
    QCOMPARE(info.spec, nano());
    QCOMPARE(info.epoch, -1);
    QVERIFY(info.source.contains(QLatin1String("ckpt_src.pt")));
    // And it imports again (a checkpoint is a weight source too).
    PoseModel model(nano());
    const WeightImportSummary again = importWeights(*model, ckpt.toStdString());
    QCOMPARE(again.format, QStringLiteral("GripperPose checkpoint"));
    QVERIFY(again.isComplete());
    const fixtures::RoundingCheck c = checkDecoded(model, m_ref);
    QVERIFY2(c.ok(), qPrintable(c.text()));
}

QTEST_GUILESS_MAIN(TestWeightImport)
#include "tst_weightimport.moc"
