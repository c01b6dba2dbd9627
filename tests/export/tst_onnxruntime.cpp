// Exported files run in ONNX Runtime (npm's onnxruntime-node, CPU) against LibTorch on the
// same letterboxed images: n and s, decoded and raw, fp32 / fp16 / INT8, a static export run
// image by image and a dynamic one with the whole batch at once.
//
// Tolerances (max |difference| over every value of 3 images at 64 px; the test model's head
// is spread so that boxes reach 600 px, keypoints 350 px, logits +-6, scores 0..0.9):
// - fp32: 1e-3 against the LibTorch model (not fused), on every output.
// - fp16, against the fp32 LibTorch model: fp16 keeps 11 significant bits, so a value near
//   600 px is stored to 0.5 px and the rounding of ~60 layers adds up: boxes and keypoints
//   within 1 px, scores and visibilities within 0.002, raw logits within 0.01 (measured:
//   0.3 px, 0.0004, 0.002).
// - INT8, first against LibTorch running the same quantise-dequantise steps with the scales
//   and zero points read from the file (what the QDQ graph means): within 2 px, 0.01 and
//   0.05 (measured 0.5 px, 0.002, 0.012: the integer kernels requantise with their own
//   rounding, so an early activation may land one step away and carry that on); then
//   against the float model, the cost of quantisation itself: within 3 px, 0.02 and 0.08
//   (measured 0.54 px, 0.003, 0.016) for this model on its 8 calibration images. The accuracy
//   of a trained model's INT8 export is in docs/BENCHMARKS.md.

#include "exportfixtures.h"
#include "modelexporter.h"
#include "onnxgraphbuilder.h"
#include "onnxmodelinfo.h"
#include "ortnode.h"
#include "posegraphemitter.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using gp::ExportOptions;
using gp::ExportReport;
using gp::ModelExporter;
using gp::ModelScale;
using gp::ModelSpec;
using gp::OnnxLayout;
using gp::OnnxModelInfo;

namespace {

struct Tolerance
{
    double pixels;
    double scores;
    double logits;
};

// The activation ranges of an INT8 file, rebuilt from its QuantizeLinear scales and zero points.
std::map<std::string, gp::ActivationRange> rangesInFile(const QString &path)
{
    std::map<std::string, gp::ActivationRange> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QByteArray bytes = f.readAll();
    onnx::ModelProto m;
    if (!m.ParseFromArray(bytes.constData(), int(bytes.size())))
        return out;
    std::map<std::string, const onnx::TensorProto *> init;
    for (const auto &t : m.graph().initializer())
        init[t.name()] = &t;
    for (const auto &node : m.graph().node()) {
        if (node.op_type() != "QuantizeLinear")
            continue;
        const onnx::TensorProto *s = init.at(node.input(1));
        const onnx::TensorProto *z = init.at(node.input(2));
        float scale = 0;
        std::memcpy(&scale, s->raw_data().data(), 4);
        const int zero = int(uint8_t(z->raw_data()[0]));
        out[node.input(0)] = { float((0 - zero) * double(scale)), float((255 - zero) * double(scale)) };
    }
    return out;
}

} // namespace

class TestOnnxRuntime : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_data;
    std::map<ModelScale, gp::PoseModel> m_models;
    std::map<ModelScale, QString> m_checkpoints;
    torch::Tensor m_images;
    static constexpr int kImgsz = 64;

    QString exportModel(ModelScale scale, OnnxLayout layout, const QString &precision, bool dynamic = false)
    {
        ExportOptions o;
        o.model = m_checkpoints.at(scale);
        o.imgsz = kImgsz;
        o.layout = layout;
        o.dynamic = dynamic;
        o.half = precision == QLatin1String("fp16");
        o.int8 = precision == QLatin1String("int8");
        o.data = m_data;
        o.split = QStringLiteral("train");
        o.fraction = 1.0;
        o.out = m_dir.filePath(QStringLiteral("%1_%2_%3%4.onnx")
                                   .arg(ModelSpec::scaleName(scale), OnnxModelInfo::layoutName(layout), precision,
                                       dynamic ? QStringLiteral("_dynamic") : QString()));
        ExportReport report;
        QString error;
        if (!ModelExporter::run(o, &report, &error))
            qWarning("%s", qPrintable(error));
        return QFileInfo::exists(o.out) ? o.out : QString();
    }

    // Compares ONNX Runtime's outputs with LibTorch's (decoded: [B, 47, N]; raw: boxes,
    // scores, keypoints), each part with its tolerance; returns the differences found.
    QString compare(const std::map<QString, torch::Tensor> &got, const std::vector<torch::Tensor> &expected,
        OnnxLayout layout, const Tolerance &tol, bool *ok)
    {
        *ok = true;
        QStringList report;
        auto check = [&](const char *what, const torch::Tensor &a, const torch::Tensor &b, double limit) {
            const double d = exportfixtures::maxDiff(a, b);
            report << QStringLiteral("%1 %2 (limit %3, values %4..%5)")
                          .arg(QLatin1String(what))
                          .arg(d, 0, 'g', 3)
                          .arg(limit)
                          .arg(b.min().item<double>(), 0, 'g', 3)
                          .arg(b.max().item<double>(), 0, 'g', 3);
            *ok = *ok && a.sizes().equals(b.sizes()) && d <= limit;
        };
        if (layout == OnnxLayout::Decoded) {
            const auto g = exportfixtures::split(got.at(QStringLiteral("output0")), 1, 14);
            const auto e = exportfixtures::split(expected[0], 1, 14);
            check("boxes", g.boxes, e.boxes, tol.pixels);
            check("scores", g.scores, e.scores, tol.scores);
            check("keypoints", g.keypointXy, e.keypointXy, tol.pixels);
            check("visibility", g.visibility, e.visibility, tol.scores);
        } else {
            check("box logits", got.at(QStringLiteral("boxes")), expected[0], tol.logits);
            check("class logits", got.at(QStringLiteral("scores")), expected[1], tol.logits);
            check("keypoint values", got.at(QStringLiteral("keypoints")), expected[2], tol.logits);
        }
        return report.join(QStringLiteral(", "));
    }

    std::vector<torch::Tensor> libtorch(ModelScale scale, OnnxLayout layout, const torch::Tensor &images)
    {
        torch::NoGradGuard noGrad;
        gp::PoseModelImpl &model = *m_models.at(scale);
        if (layout == OnnxLayout::Decoded)
            return { model.forward(images) };
        const gp::RawHeadOutput raw = model.forwardRaw(images);
        return { raw.boxes, raw.scores, raw.kpts };
    }

private Q_SLOTS:
    void initTestCase()
    {
        bool canInstall = false;
        const QString why = ortnode::unavailable(&canInstall);
        if (!why.isEmpty() && !canInstall)
            QSKIP(qPrintable(why));
        QVERIFY2(why.isEmpty(), qPrintable(why));
        torch::set_num_threads(1);
        QVERIFY(m_dir.isValid());
        QString error;
        m_data = exportfixtures::makeDataset(m_dir.filePath(QStringLiteral("data")), &error);
        QVERIFY2(!m_data.isEmpty(), qPrintable(error));
        for (const ModelScale s : { ModelScale::N, ModelScale::S }) {
            m_checkpoints[s] = m_dir.filePath(QStringLiteral("yolov8%1.ckpt").arg(ModelSpec::scaleName(s)));
            m_models.emplace(s, exportfixtures::makeModel(s, m_checkpoints[s]));
        }
        m_images = exportfixtures::images(m_data, kImgsz, 3);
    }

    void matchesLibTorch_data()
    {
        QTest::addColumn<int>("scale");
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("precision");
        for (const ModelScale s : { ModelScale::N, ModelScale::S })
            for (const OnnxLayout l : { OnnxLayout::Decoded, OnnxLayout::Raw })
                for (const char *p : { "fp32", "fp16", "int8" })
                    QTest::addRow(
                        "%s-%s-%s", qPrintable(ModelSpec::scaleName(s)), qPrintable(OnnxModelInfo::layoutName(l)), p)
                        << int(s) << int(l) << QString::fromLatin1(p);
    }

    void matchesLibTorch()
    {
        QFETCH(int, scale);
        QFETCH(int, layout);
        QFETCH(QString, precision);
        const ModelScale s = ModelScale(scale);
        const OnnxLayout l = OnnxLayout(layout);
        const QString file = exportModel(s, l, precision);
        QVERIFY(!file.isEmpty());
        // A static batch of 1: the three images run one by one.
        const ortnode::Run run = ortnode::run(file, m_images, 1, m_dir.filePath(QFileInfo(file).baseName()));
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QCOMPARE(run.result.value(QStringLiteral("inputType")).toString(),
            precision == QLatin1String("fp16") ? QStringLiteral("float16") : QStringLiteral("float32"));
        const std::vector<torch::Tensor> expected = libtorch(s, l, m_images);
        bool ok = false;
        if (precision == QLatin1String("fp32")) {
            const QString diffs = compare(run.outputs, expected, l, { 1e-3, 1e-3, 1e-3 }, &ok);
            qInfo("fp32 against LibTorch: %s", qPrintable(diffs));
            QVERIFY2(ok, qPrintable(diffs));
        } else if (precision == QLatin1String("fp16")) {
            const QString diffs = compare(run.outputs, expected, l, { 1.0, 0.002, 0.01 }, &ok);
            qInfo("fp16 against LibTorch fp32: %s", qPrintable(diffs));
            QVERIFY2(ok, qPrintable(diffs));
        } else {
            // LibTorch with the file's quantisation parameters.
            const auto ranges = rangesInFile(file);
            QVERIFY(!ranges.empty());
            ModelSpec spec;
            spec.scale = s;
            gp::PoseModel fused(spec);
            gp::copyModelState(*m_models.at(s), *fused);
            fused->eval();
            fused->fuse();
            gp::PoseGraphEmitter emitter(*fused, nullptr, l, kImgsz);
            emitter.setQuantization(&ranges);
            std::vector<torch::Tensor> quantised;
            {
                torch::NoGradGuard noGrad;
                for (const gp::GraphValue &v : emitter.run({ "images", m_images }))
                    quantised.push_back(v.value);
            }
            const QString same = compare(run.outputs, quantised, l, { 2.0, 0.01, 0.05 }, &ok);
            qInfo("int8 against LibTorch with the same Q/DQ: %s", qPrintable(same));
            QVERIFY2(ok, qPrintable(same));
            const QString cost = compare(run.outputs, expected, l, { 3.0, 0.02, 0.08 }, &ok);
            qInfo("int8 against LibTorch fp32: %s", qPrintable(cost));
            QVERIFY2(ok, qPrintable(cost));
        }
    }

    void dynamicBatchRunsWholeBatches()
    {
        const QString file = exportModel(ModelScale::N, OnnxLayout::Decoded, QStringLiteral("fp32"), true);
        QVERIFY(!file.isEmpty());
        for (const int n : { 1, 3 }) {
            const torch::Tensor images = m_images.slice(0, 0, n);
            const ortnode::Run run = ortnode::run(file, images, n, m_dir.filePath(QStringLiteral("dynamic%1").arg(n)));
            QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
            const torch::Tensor got = run.outputs.at(QStringLiteral("output0"));
            QCOMPARE(got.size(0), int64_t(n));
            bool ok = false;
            const QString diffs = compare(run.outputs, libtorch(ModelScale::N, OnnxLayout::Decoded, images),
                OnnxLayout::Decoded, { 1e-3, 1e-3, 1e-3 }, &ok);
            QVERIFY2(ok, qPrintable(diffs));
        }
    }
};

QTEST_GUILESS_MAIN(TestOnnxRuntime)
#include "tst_onnxruntime.moc"
