// The network against the reference: state-dict names and shapes, parameter counts,
// per-layer outputs, head inputs, raw head outputs and the decoded eval output of
// yolov8n_pose_k14.pt, and the inference variants (fused, channels-last, InferenceMode).

#include "fixtures.h"
#include "posemodel.h"
#include "postprocess.h"
#include "weightimport_p.h"

#include <QTest>

using namespace gp;

namespace {
// float32 reordering only: the facts file measured up to 1.1e-4 per layer between two
// Ultralytics versions on the same torch; features here reach |x| ~ 15.
constexpr double kFeatureTolerance = 2e-4;
// Decoded outputs are pixels (up to ~600): 1e-2 absolute (facts §9).
constexpr double kDecodedTolerance = 1e-2;

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
    void biasInit();
    void fusedMatchesUnfused();
    void channelsLastMatches();
    void inferenceModeMatches();
    void halfOnGpu();

private:
    std::map<std::string, torch::Tensor> m_ref;
    std::map<std::string, torch::Tensor> m_layers;
    PoseModel m_model { nullptr };
    RawHeadOutput m_raw;
    std::vector<torch::Tensor> m_layerOut;
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
    const double diff = fixtures::maxAbsDiff(out, ref);
    qInfo("%s max |diff| %.3g (max |ref| %.3g)", key.c_str(), diff, ref.abs().max().item<double>());
    QVERIFY2(diff <= kFeatureTolerance, qPrintable(QString::number(diff)));
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
    torch::Tensor out;
    if (name.startsWith(QLatin1String("feat")))
        out = m_raw.feats.at(size_t(name.right(1).toInt()));
    else if (name == QLatin1String("raw_boxes"))
        out = m_raw.boxes;
    else if (name == QLatin1String("raw_scores"))
        out = m_raw.scores;
    else
        out = m_raw.kpts;
    const torch::Tensor &ref = m_ref.at(name.toStdString());
    QVERIFY(out.sizes().equals(ref.sizes()));
    const double diff = fixtures::maxAbsDiff(out, ref);
    qInfo("%s max |diff| %.3g", qPrintable(name), diff);
    QVERIFY2(diff <= kFeatureTolerance, qPrintable(QString::number(diff)));
}

void TestPoseModel::decodedOutput()
{
    torch::NoGradGuard noGrad;
    const torch::Tensor out = m_model->decode(m_raw);
    const torch::Tensor &ref = m_ref.at("output_decoded");
    QVERIFY(out.sizes().equals(ref.sizes()));
    const double diff = fixtures::maxAbsDiff(out, ref);
    const double ratio = fixtures::toleranceRatio(out, ref, 1e-2, 1e-5);
    qInfo("output_decoded max |diff| %.3g (tolerance ratio %.3g)", diff, ratio);
    QVERIFY2(diff <= kDecodedTolerance, qPrintable(QString::number(diff)));

    // Post-NMS (val defaults) agrees with the reference rows.
    const auto rows = nonMaxSuppression(out, 1, NmsOptions::validation());
    for (int i = 0; i < 2; ++i) {
        const torch::Tensor &refRows = m_ref.at("nms_img" + std::to_string(i));
        QCOMPARE(rows[size_t(i)].size(0), refRows.size(0));
        const double d = fixtures::maxAbsDiff(rows[size_t(i)], refRows);
        qInfo("model -> nms_img%d max |diff| %.3g", i, d);
        QVERIFY(d <= kDecodedTolerance);
    }
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
    torch::NoGradGuard noGrad;
    const RawHeadOutput raw = fused->forwardRaw(m_ref.at("input"));
    const double rawDiff = std::max({ fixtures::maxAbsDiff(raw.boxes, m_ref.at("raw_boxes")),
        fixtures::maxAbsDiff(raw.scores, m_ref.at("raw_scores")),
        fixtures::maxAbsDiff(raw.kpts, m_ref.at("raw_kpts")) });
    const double decDiff = fixtures::maxAbsDiff(fused->decode(raw), m_ref.at("output_decoded"));
    qInfo("fused: raw max |diff| %.3g, decoded max |diff| %.3g", rawDiff, decDiff);
    QVERIFY(rawDiff <= kFeatureTolerance);
    QVERIFY(decDiff <= kDecodedTolerance);
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
    const torch::Tensor out = model->forward(x);
    const double diff = fixtures::maxAbsDiff(out, m_ref.at("output_decoded"));
    qInfo("channels-last decoded max |diff| %.3g", diff);
    QVERIFY(diff <= kDecodedTolerance);
}

void TestPoseModel::inferenceModeMatches()
{
    c10::InferenceMode guard;
    const torch::Tensor out = m_model->forward(m_ref.at("input"));
    QVERIFY(out.is_inference());
    QVERIFY(fixtures::maxAbsDiff(out, m_ref.at("output_decoded")) <= kDecodedTolerance);
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
