// The network against the reference: state-dict names and shapes, parameter counts,
// per-layer outputs, head inputs, raw head outputs and the decoded eval output of
// yolov8n_pose_k14.pt, and the inference variants (fused, channels-last, InferenceMode).

#include "fixtures.h"
#include "posemodel.h"
#include "postprocess.h"
#include "weightimport_p.h"

#include <cmath>

#include <QTest>

using namespace gp;

namespace {
// Every comparison with the reference fixture is a fixtures::roundingCheck: the limit is our
// own fp32 rounding of that very output (measured against the same network in fp64) times
// what the reference's rounding may add (fixtures.h says why). A fixed number cannot serve
// both kernel families: on an AVX2 machine feat2 parted from the reference by 2.03e-4 against
// a limit of 2e-4 set on AVX-512.

torch::Tensor headOutput(const RawHeadOutput &raw, const QString &name)
{
    if (name.startsWith(QLatin1String("feat")))
        return raw.feats.at(size_t(name.right(1).toInt()));
    if (name == QLatin1String("raw_boxes"))
        return raw.boxes;
    if (name == QLatin1String("raw_scores"))
        return raw.scores;
    return raw.kpts;
}

ModelSpec specFor(const QString &scale)
{
    ModelSpec s;
    s.scale = *ModelSpec::parseScale(scale);
    return s;
}
} // namespace

class TestPoseModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void stateDictMatchesReference_data();
    void stateDictMatchesReference();
    void parameterCounts_data();
    void parameterCounts();
    void anyShapeBuilds_data();
    void anyShapeBuilds();
    void strictLoad();
    void layerOutputs_data();
    void layerOutputs();
    void headOutputs_data();
    void headOutputs();
    void decodedOutput();
    void onePercentWeightChangeIsCaught_data();
    void onePercentWeightChangeIsCaught();
    void biasInit();
    void fusedMatchesUnfused();
    void channelsLastMatches();
    void inferenceModeMatches();
    void bf16WithinItsRounding();
    void halfOnGpu();

private:
    std::map<std::string, torch::Tensor> m_ref;
    std::map<std::string, torch::Tensor> m_layers;
    PoseModel m_model { nullptr };
    PoseModel m_model64 { nullptr }; // the same weights in fp64: the exact result
    RawHeadOutput m_raw, m_raw64;
    std::vector<torch::Tensor> m_layerOut, m_layerOut64;
};

void TestPoseModel::initTestCase()
{
    torch::manual_seed(0);
    const QString main = fixtures::path("yolov8n_pose_k14.pt");
    const QString layers = fixtures::path("yolov8n_pose_k14_layers.pt");
    QVERIFY2(QFile::exists(main), qPrintable(QStringLiteral("missing fixture ") + main));
    QVERIFY2(QFile::exists(layers), qPrintable(QStringLiteral("missing fixture ") + layers));
    m_ref = fixtures::loadTensorDict(main);
    m_layers = fixtures::loadTensorDict(layers);
    m_model = PoseModel(specFor(QStringLiteral("n")));
    const WeightImportSummary s = applyWeights(*m_model, fixtures::modelEntries(main));
    QCOMPARE(s.copied, 397);
    m_model->eval();
    torch::NoGradGuard noGrad;
    m_raw = m_model->forwardRaw(m_ref.at("input"));
    m_model->forwardRaw(m_layers.at("input"), &m_layerOut);
    m_model64 = PoseModel(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *m_model64);
    m_model64->to(torch::kDouble);
    m_model64->eval();
    m_raw64 = m_model64->forwardRaw(m_ref.at("input").to(torch::kDouble));
    m_model64->forwardRaw(m_layers.at("input").to(torch::kDouble), &m_layerOut64);
}

void TestPoseModel::stateDictMatchesReference_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<QString>("file");
    QTest::newRow("n") << "n"
                       << "yolov8n_pose_k14_state_dict.txt";
    QTest::newRow("s") << "s"
                       << "yolov8s_pose_k14_state_dict.txt";
}

void TestPoseModel::stateDictMatchesReference()
{
    QFETCH(QString, scale);
    QFETCH(QString, file);
    const auto ref = fixtures::readStateDictText(fixtures::path(file.toLatin1().constData()));
    QCOMPARE(int(ref.size()), 397);
    PoseModel model(specFor(scale));
    const auto state = modelState(*model);
    QCOMPARE(int(state.size()), int(ref.size()));
    for (size_t i = 0; i < ref.size(); ++i) {
        QCOMPARE(QString::fromStdString(state[i].first), QString::fromStdString(ref[i].name));
        QCOMPARE(QString::fromLatin1(fixtures::dtypeName(state[i].second.scalar_type())),
            QString::fromStdString(ref[i].dtype));
        QVERIFY2(state[i].second.sizes().vec() == ref[i].shape, ref[i].name.c_str());
    }
}

void TestPoseModel::parameterCounts_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<qint64>("params");
    QTest::addColumn<qint64>("fusedParams");
    QTest::newRow("n") << "n" << qint64(3233937) << qint64(3228485);
    QTest::newRow("s") << "s" << qint64(11528225) << qint64(11517957);
}

void TestPoseModel::parameterCounts()
{
    QFETCH(QString, scale);
    QFETCH(qint64, params);
    QFETCH(qint64, fusedParams);
    PoseModel model(specFor(scale));
    qint64 total = 0, trainable = 0;
    for (const auto &p : model->parameters()) {
        total += p.numel();
        if (p.requires_grad())
            trainable += p.numel();
    }
    QCOMPARE(total, params);
    QCOMPARE(trainable, params - 16);
    QCOMPARE(qint64(describeModel(model->spec()).parameters), params);
    model->eval();
    model->fuse();
    qint64 fused = 0;
    for (const auto &p : model->parameters())
        fused += p.numel();
    QCOMPARE(fused, fusedParams);
}

void TestPoseModel::anyShapeBuilds_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<int>("nc");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("dims");
    QTest::newRow("n 17x3") << "n" << 1 << 17 << 3;
    QTest::newRow("n 5x2 nc3") << "n" << 3 << 5 << 2;
    QTest::newRow("m 14x3") << "m" << 1 << 14 << 3;
    QTest::newRow("l 14x3") << "l" << 2 << 14 << 3;
    QTest::newRow("x 14x3") << "x" << 1 << 14 << 3;
}

void TestPoseModel::anyShapeBuilds()
{
    QFETCH(QString, scale);
    QFETCH(int, nc);
    QFETCH(int, k);
    QFETCH(int, dims);
    ModelSpec spec = specFor(scale);
    spec.numClasses = nc;
    spec.numKeypoints = k;
    spec.keypointDims = dims;
    PoseModel model(spec);
    qint64 total = 0;
    for (const auto &p : model->parameters())
        total += p.numel();
    QCOMPARE(total, qint64(describeModel(spec).parameters));
    if (scale == QLatin1String("n")) {
        model->eval();
        torch::NoGradGuard noGrad;
        const torch::Tensor out = model->forward(torch::rand({ 1, 3, 64, 96 }));
        QCOMPARE(out.size(1), int64_t(4 + nc + k * dims));
        QCOMPARE(out.size(2), int64_t(8 * 12 + 4 * 6 + 2 * 3));
    }
}

void TestPoseModel::strictLoad()
{
    // Every reference tensor has a place and every model tensor comes from the file.
    PoseModel model(specFor(QStringLiteral("n")));
    const WeightImportSummary s = applyWeights(*model, fixtures::modelEntries(fixtures::path("yolov8n_pose_k14.pt")));
    QVERIFY2(s.isComplete(), qPrintable(s.toText()));
    QCOMPARE(s.modelTensors, 397);
    const auto state = modelState(*model);
    for (const auto &e : state)
        QVERIFY2(torch::equal(e.second, m_ref.at(e.first)), e.first.c_str());
}

void TestPoseModel::layerOutputs_data()
{
    QTest::addColumn<int>("layer");
    for (int i : { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 18, 19, 21 })
        QTest::newRow(qPrintable(QStringLiteral("layer%1").arg(i, 2, 10, QLatin1Char('0')))) << i;
}

void TestPoseModel::layerOutputs()
{
    QFETCH(int, layer);
    const std::string key = QStringLiteral("layer%1").arg(layer, 2, 10, QLatin1Char('0')).toStdString();
    const torch::Tensor &ref = m_layers.at(key);
    const torch::Tensor &out = m_layerOut.at(size_t(layer));
    QVERIFY(out.sizes().equals(ref.sizes()));
    const fixtures::RoundingCheck c = fixtures::roundingCheck(out, m_layerOut64.at(size_t(layer)), ref);
    qInfo("%s %s (max |ref| %.3g)", key.c_str(), qPrintable(c.text()), ref.abs().max().item<double>());
    QVERIFY2(c.ok(), qPrintable(c.text()));
}

void TestPoseModel::headOutputs_data()
{
    QTest::addColumn<QString>("name");
    for (const char *n : { "feat0", "feat1", "feat2", "raw_boxes", "raw_scores", "raw_kpts" })
        QTest::newRow(n) << QString::fromLatin1(n);
}

void TestPoseModel::headOutputs()
{
    QFETCH(QString, name);
    const torch::Tensor out = headOutput(m_raw, name);
    const torch::Tensor &ref = m_ref.at(name.toStdString());
    QVERIFY(out.sizes().equals(ref.sizes()));
    const fixtures::RoundingCheck c = fixtures::roundingCheck(out, headOutput(m_raw64, name), ref);
    qInfo("%s %s", qPrintable(name), qPrintable(c.text()));
    QVERIFY2(c.ok(), qPrintable(c.text()));
}

void TestPoseModel::decodedOutput()
{
    torch::NoGradGuard noGrad;
    const torch::Tensor out = m_model->decode(m_raw);
    const torch::Tensor out64 = m_model64->decode(m_raw64);
    const torch::Tensor &ref = m_ref.at("output_decoded");
    QVERIFY(out.sizes().equals(ref.sizes()));
    const fixtures::RoundingCheck c = fixtures::roundingCheck(out, out64, ref);
    qInfo("output_decoded %s", qPrintable(c.text()));
    QVERIFY2(c.ok(), qPrintable(c.text()));

    // Post-NMS (val defaults) keeps the reference's rows, with values within the rounding
    // of the same rows computed in fp64.
    const auto rows = nonMaxSuppression(out, 1, NmsOptions::validation());
    const auto rows64 = nonMaxSuppression(out64, 1, NmsOptions::validation());
    for (int i = 0; i < 2; ++i) {
        const torch::Tensor &refRows = m_ref.at("nms_img" + std::to_string(i));
        QCOMPARE(rows[size_t(i)].size(0), refRows.size(0));
        QCOMPARE(rows64[size_t(i)].size(0), refRows.size(0));
        const fixtures::RoundingCheck r = fixtures::roundingCheck(rows[size_t(i)], rows64[size_t(i)], refRows);
        qInfo("model -> nms_img%d %s", i, qPrintable(r.text()));
        QVERIFY2(r.ok(), qPrintable(r.text()));
    }
}

void TestPoseModel::onePercentWeightChangeIsCaught_data()
{
    QTest::addColumn<QString>("weight");
    // One weight early in the backbone, one in the neck and one in the keypoint head.
    QTest::newRow("backbone") << "model.2.m.0.cv1.conv.weight";
    QTest::newRow("neck") << "model.15.cv2.conv.weight";
    QTest::newRow("keypoint head") << "model.22.cv4.1.1.conv.weight";
}

void TestPoseModel::onePercentWeightChangeIsCaught()
{
    // The limits above would be no good if they also passed a real difference: the largest
    // weight of one convolution changed by 1 % (in the fp32 and the fp64 model alike, as a
    // bug in the network would be) must fail the same check on the head's outputs.
    QFETCH(QString, weight);
    PoseModel wrong(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *wrong);
    bool found = false;
    {
        torch::NoGradGuard noGrad;
        for (auto &p : wrong->named_parameters()) {
            if (p.key() != weight.toStdString())
                continue;
            const torch::Tensor flat = p.value().view({ -1 });
            flat[flat.abs().argmax().item<int64_t>()].mul_(1.01);
            found = true;
        }
    }
    QVERIFY(found);
    PoseModel wrong64(specFor(QStringLiteral("n")));
    copyModelState(*wrong, *wrong64);
    wrong64->to(torch::kDouble);
    wrong->eval();
    wrong64->eval();
    torch::NoGradGuard noGrad;
    const RawHeadOutput raw = wrong->forwardRaw(m_ref.at("input"));
    const RawHeadOutput raw64 = wrong64->forwardRaw(m_ref.at("input").to(torch::kDouble));
    bool caught = false;
    for (const char *name : { "feat0", "feat1", "feat2", "raw_boxes", "raw_scores", "raw_kpts" }) {
        const QString n = QString::fromLatin1(name);
        const fixtures::RoundingCheck c
            = fixtures::roundingCheck(headOutput(raw, n), headOutput(raw64, n), m_ref.at(name));
        qInfo("%s with %s off by 1 %%: %s", name, qPrintable(weight), qPrintable(c.text()));
        caught = caught || !c.ok();
    }
    QVERIFY(caught);
}

void TestPoseModel::biasInit()
{
    PoseModel model(specFor(QStringLiteral("n")));
    const auto state = modelState(*model);
    std::map<std::string, torch::Tensor> s(state.begin(), state.end());
    QVERIFY(torch::all(s.at("model.22.cv2.0.2.bias") == 2.0).item<bool>());
    const double expected[] = { -7.1546, -5.7683, -4.3820 };
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(s.at("model.22.cv3." + std::to_string(i) + ".2.bias").item<double>() - expected[i]) < 1e-4);
    const torch::Tensor dfl = s.at("model.22.dfl.conv.weight").flatten();
    QVERIFY(torch::equal(dfl, torch::arange(16, torch::kFloat)));
    QVERIFY(!model->head()->dfl->conv->weight.requires_grad());
    QCOMPARE(model->strides(), (std::vector<double> { 8.0, 16.0, 32.0 }));
    QCOMPARE(s.at("model.0.bn.running_var").sum().item<double>(), 16.0);
    QCOMPARE(model->model[0]->as<ConvImpl>()->bn->options.eps(), 1e-3);
    QCOMPARE(model->model[0]->as<ConvImpl>()->bn->options.momentum().value(), 0.03);
}

void TestPoseModel::fusedMatchesUnfused()
{
    PoseModel fused(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *fused);
    fused->eval();
    fused->fuse();
    QVERIFY(fused->isFused());
    int bnLeft = 0;
    for (const auto &e : modelState(*fused))
        bnLeft += e.first.find(".bn.") != std::string::npos;
    QCOMPARE(bnLeft, 0);
    // Folding in fp32 rounds every folded weight; folding in fp64 does not, so the fp64 model
    // folded in fp64 is the exact result and the measured rounding includes the folding's.
    PoseModel fused64(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *fused64);
    fused64->to(torch::kDouble);
    fused64->eval();
    fused64->fuse();
    torch::NoGradGuard noGrad;
    const RawHeadOutput raw = fused->forwardRaw(m_ref.at("input"));
    const RawHeadOutput raw64 = fused64->forwardRaw(m_ref.at("input").to(torch::kDouble));
    for (const char *name : { "raw_boxes", "raw_scores", "raw_kpts" }) {
        const QString n = QString::fromLatin1(name);
        const fixtures::RoundingCheck c
            = fixtures::roundingCheck(headOutput(raw, n), headOutput(raw64, n), m_ref.at(name));
        qInfo("fused: %s %s", name, qPrintable(c.text()));
        QVERIFY2(c.ok(), qPrintable(c.text()));
    }
    const fixtures::RoundingCheck d
        = fixtures::roundingCheck(fused->decode(raw), fused64->decode(raw64), m_ref.at("output_decoded"));
    qInfo("fused: decoded %s", qPrintable(d.text()));
    QVERIFY2(d.ok(), qPrintable(d.text()));
}

void TestPoseModel::channelsLastMatches()
{
    PoseModel model(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *model);
    model->eval();
    model->toChannelsLast();
    QVERIFY(model->model[0]->as<ConvImpl>()->conv->weight.is_contiguous(at::MemoryFormat::ChannelsLast));
    torch::NoGradGuard noGrad;
    const torch::Tensor x = m_ref.at("input").contiguous(at::MemoryFormat::ChannelsLast);
    const fixtures::RoundingCheck c
        = fixtures::roundingCheck(model->forward(x), m_model64->decode(m_raw64), m_ref.at("output_decoded"));
    qInfo("channels-last decoded %s", qPrintable(c.text()));
    QVERIFY2(c.ok(), qPrintable(c.text()));
}

void TestPoseModel::inferenceModeMatches()
{
    torch::Tensor out64;
    {
        torch::NoGradGuard noGrad;
        out64 = m_model64->decode(m_raw64);
    }
    c10::InferenceMode guard;
    const torch::Tensor out = m_model->forward(m_ref.at("input"));
    QVERIFY(out.is_inference());
    const fixtures::RoundingCheck c = fixtures::roundingCheck(out, out64, m_ref.at("output_decoded"));
    QVERIFY2(c.ok(), qPrintable(c.text()));
}

void TestPoseModel::bf16WithinItsRounding()
{
    // The opt-in bf16 mode (predict bf16=true): the fused channels-last network in bf16,
    // decoded in fp32. Where the CPU's oneDNN has no bf16 convolution the predictor refuses the
    // mode (tst_predictor), and there is nothing to check here.
    if (!cpuRunsBf16Convolutions())
        QSKIP("no bf16 convolution on this CPU");
    PoseModel model(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *model);
    model->eval();
    model->fuse();
    model->toChannelsLast();
    model->to(torch::kBFloat16);
    PoseModel fused64(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *fused64);
    fused64->to(torch::kDouble);
    fused64->eval();
    fused64->fuse();
    c10::InferenceMode guard;
    const torch::Tensor x = m_layers.at("input");
    std::vector<torch::Tensor> layers;
    model->forwardRaw(x.to(torch::kBFloat16).contiguous(at::MemoryFormat::ChannelsLast), &layers);

    // The first layer (Conv 3->16, 3x3, stride 2, SiLU) against a bound derived element by
    // element. bf16 keeps 8 significant bits: each rounding is within u = 2^-9 of its value.
    // The fp32 folding of the batch norm before the rounding adds 2^-23 to the weights' and
    // bias's; products accumulate in fp32 (27 terms: 27 * 2^-24 of S, covered by the same
    // margin). With S = sum |w||x| and b the fused bias, in fp64:
    //   |z~ - z| <= Ez = (2u' + u'^2) S + u'|b| + u (|z| + (2u' + u'^2) S + u'|b|), u' = u + 2^-22,
    // the last term for the convolution's own output rounded to bf16, and SiLU's slope is
    // at most 1.0998, so |y~ - y| <= 1.1 Ez + u |y~| (SiLU's output rounded to bf16).
    auto conv64 = fused64->model[0]->as<ConvImpl>()->conv;
    const double u = std::ldexp(1.0, -9), uw = u + std::ldexp(1.0, -22);
    const torch::Tensor x64 = x.to(torch::kDouble);
    const torch::Tensor z = torch::conv2d(x64, conv64->weight, conv64->bias, 2, 1);
    const torch::Tensor S = torch::conv2d(x64.abs(), conv64->weight.abs(), {}, 2, 1);
    const torch::Tensor b = conv64->bias.abs().view({ 1, -1, 1, 1 });
    const torch::Tensor inputs = (2 * uw + uw * uw) * S + uw * b;
    const torch::Tensor ez = inputs + u * (z.abs() + inputs);
    const torch::Tensor y = m_layerOut64.at(0);
    const torch::Tensor y16 = layers.at(0).to(torch::kDouble);
    const torch::Tensor bound = 1.1 * ez + u * y16.abs();
    const torch::Tensor over = (y16 - y).abs() / bound;
    qInfo("bf16 layer 0: max |diff| %.3g, at most %.2f of its bound", fixtures::maxAbsDiff(y16, y),
        over.max().item<double>());
    QVERIFY(over.max().item<double>() <= 1.0);
    QVERIFY(fixtures::maxAbsDiff(y16, y) > 0); // it did run in bf16

    // The head's raw outputs in bf16 are decoded in fp32: a bf16 result would hold only values
    // bf16 can represent.
    const torch::Tensor out = model->forward(x.to(torch::kBFloat16).contiguous(at::MemoryFormat::ChannelsLast));
    QCOMPARE(out.scalar_type(), torch::kFloat);
    QVERIFY(!out.to(torch::kBFloat16).to(torch::kFloat).equal(out));
}

void TestPoseModel::halfOnGpu()
{
    if (!torch::cuda::is_available())
        QSKIP("no GPU: half precision is tested on GPU machines only");
    PoseModel model(specFor(QStringLiteral("n")));
    copyModelState(*m_model, *model);
    model->eval();
    model->fuse();
    model->to(torch::Device(torch::kCUDA, 0), torch::kHalf);
    c10::InferenceMode guard;
    const torch::Tensor out = model->forward(m_ref.at("input").to(torch::Device(torch::kCUDA, 0), torch::kHalf))
                                  .to(torch::kCPU, torch::kFloat);
    const torch::Tensor ref = m_ref.at("output_decoded");
    // Boxes and keypoints within a few pixels, scores within 1e-2.
    QVERIFY(fixtures::maxAbsDiff(out.slice(1, 4, 5), ref.slice(1, 4, 5)) < 1e-2);
    QVERIFY(fixtures::maxAbsDiff(out, ref) < 2.0);
}

QTEST_GUILESS_MAIN(TestPoseModel)
#include "tst_posemodel.moc"
