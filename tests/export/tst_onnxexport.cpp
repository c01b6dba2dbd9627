// The ONNX export: every variant (n and s; decoded and raw; fp32, fp16, INT8; opsets 11 to
// 17) passes the ONNX checker and strict shape inference with the declared output shapes; the
// graph has no BatchNorm left; INT8 quantises every convolution's weights per channel and
// keeps the decode float; the metadata reads back (through the ONNX protobuf itself and
// through readOnnxModelInfo); the raw layout run by OpenCV DNN matches the LibTorch model
// (not fused) within 1e-3; the predictor gives the same detections from the .onnx file as
// from the checkpoint; a decoded, fp16 or INT8 file in OpenCV 4.6, and a truncated or
// corrupt file, give a clear message.

#include "exportfixtures.h"
#include "modelexporter.h"
#include "onnxmodelinfo.h"
#include "onnxnetwork.h"
#include "predictor.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::ExportOptions;
using gp::ExportReport;
using gp::ModelExporter;
using gp::ModelScale;
using gp::ModelSpec;
using gp::OnnxLayout;
using gp::OnnxModelInfo;
using gp::PoseDetection;
using gp::Predictor;
using gp::PredictorOptions;
using gp::readOnnxModelInfo;
using gp::Skeleton;

namespace {

std::unique_ptr<onnx::ModelProto> readProto(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return nullptr;
    const QByteArray bytes = f.readAll();
    auto m = std::make_unique<onnx::ModelProto>();
    if (!m->ParseFromArray(bytes.constData(), int(bytes.size())))
        return nullptr;
    return m;
}

std::map<std::string, std::string> props(const onnx::ModelProto &m)
{
    std::map<std::string, std::string> out;
    for (const auto &p : m.metadata_props())
        out[p.key()] = p.value();
    return out;
}

std::vector<int64_t> dims(const onnx::ValueInfoProto &v)
{
    std::vector<int64_t> out;
    for (const auto &d : v.type().tensor_type().shape().dim())
        out.push_back(d.has_dim_value() ? d.dim_value() : -1);
    return out;
}

} // namespace

class TestOnnxExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_data;
    std::map<ModelScale, gp::PoseModel> m_models;
    std::map<ModelScale, QString> m_checkpoints;
    torch::Tensor m_images;
    static constexpr int kImgsz = 64;

    QString exportModel(ModelScale scale, OnnxLayout layout, const QString &precision, int opset = 17, int batch = 1,
        bool dynamic = false)
    {
        ExportOptions o;
        o.model = m_checkpoints.at(scale);
        o.imgsz = kImgsz;
        o.layout = layout;
        o.opset = opset;
        o.batch = batch;
        o.dynamic = dynamic;
        o.half = precision == QLatin1String("fp16");
        o.int8 = precision == QLatin1String("int8");
        o.data = m_data;
        o.split = QStringLiteral("train");
        o.fraction = 1.0;
        o.out = m_dir.filePath(QStringLiteral("%1_%2_%3_op%4_b%5%6.onnx")
                                   .arg(ModelSpec::scaleName(scale), OnnxModelInfo::layoutName(layout), precision)
                                   .arg(opset)
                                   .arg(batch)
                                   .arg(dynamic ? QStringLiteral("d") : QString()));
        ExportReport report;
        QString error;
        if (!ModelExporter::run(o, &report, &error))
            qWarning("%s", qPrintable(error));
        return QFileInfo::exists(o.out) ? o.out : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
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

    void passesCheckerAndShapeInference_data()
    {
        QTest::addColumn<int>("scale");
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<int>("opset");
        for (const ModelScale s : { ModelScale::N, ModelScale::S })
            for (const OnnxLayout l : { OnnxLayout::Decoded, OnnxLayout::Raw })
                for (const char *p : { "fp32", "fp16", "int8" })
                    QTest::addRow(
                        "%s-%s-%s", qPrintable(ModelSpec::scaleName(s)), qPrintable(OnnxModelInfo::layoutName(l)), p)
                        << int(s) << int(l) << QString::fromLatin1(p) << 17;
        QTest::addRow("n-decoded-fp32-opset11") << int(ModelScale::N) << int(OnnxLayout::Decoded) << "fp32" << 11;
        QTest::addRow("n-raw-fp32-opset12") << int(ModelScale::N) << int(OnnxLayout::Raw) << "fp32" << 12;
        QTest::addRow("n-decoded-int8-opset13") << int(ModelScale::N) << int(OnnxLayout::Decoded) << "int8" << 13;
    }

    void passesCheckerAndShapeInference()
    {
        QFETCH(int, scale);
        QFETCH(int, layout);
        QFETCH(QString, precision);
        QFETCH(int, opset);
        const QString file = exportModel(ModelScale(scale), OnnxLayout(layout), precision, opset);
        QVERIFY(!file.isEmpty());
        std::unique_ptr<onnx::ModelProto> m = readProto(file);
        QVERIFY(m);
        QCOMPARE(m->opset_import(0).version(), opset);
        // Independently of the exporter's own checks.
        onnx::checker::check_model(*m);
        onnx::shape_inference::InferShapes(
            *m, onnx::OpSchemaRegistry::Instance(), onnx::ShapeInferenceOptions(true, 1, false));
        const ModelSpec &spec = m_models.at(ModelScale(scale))->spec();
        const int64_t n = 8 * 8 + 4 * 4 + 2 * 2; // anchors at 64 px: strides 8, 16, 32
        const onnx::GraphProto &g = m->graph();
        QCOMPARE(dims(g.input(0)), (std::vector<int64_t> { 1, 3, kImgsz, kImgsz }));
        const int floatType
            = precision == QLatin1String("fp16") ? onnx::TensorProto::FLOAT16 : onnx::TensorProto::FLOAT;
        QCOMPARE(g.input(0).type().tensor_type().elem_type(), floatType);
        if (OnnxLayout(layout) == OnnxLayout::Decoded) {
            QCOMPARE(g.output_size(), 1);
            QCOMPARE(g.output(0).name(), std::string("output0"));
            QCOMPARE(dims(g.output(0)), (std::vector<int64_t> { 1, 4 + 1 + 14 * 3, n }));
        } else {
            QCOMPARE(g.output_size(), 3);
            QCOMPARE(dims(g.output(0)), (std::vector<int64_t> { 1, 64, n }));
            QCOMPARE(dims(g.output(1)), (std::vector<int64_t> { 1, 1, n }));
            QCOMPARE(dims(g.output(2)), (std::vector<int64_t> { 1, 42, n }));
        }
        QCOMPARE(g.output(0).type().tensor_type().elem_type(), floatType);
        // Folded: no BatchNormalization; one Conv per convolution of the model.
        int convs = 0;
        std::map<std::string, const onnx::NodeProto *> producer;
        for (const auto &node : g.node()) {
            QVERIFY(node.op_type() != "BatchNormalization");
            convs += node.op_type() == "Conv";
            for (const auto &o : node.output())
                producer[o] = &node;
        }
        int modelConvs = 0;
        for (const auto &[name, p] : gp::modelState(*m_models.at(ModelScale(scale))))
            modelConvs += name.find("conv.weight") != std::string::npos || name.find(".2.weight") != std::string::npos;
        // The DFL's fixed 1x1 convolution becomes the decode's MatMul.
        QCOMPARE(convs, modelConvs - 1);
        std::map<std::string, const onnx::TensorProto *> weights;
        for (const auto &t : g.initializer())
            weights[t.name()] = &t;
        if (precision == QLatin1String("int8")) {
            for (const auto &node : g.node()) {
                if (node.op_type() == "Conv") {
                    // Input, weights and bias each come through DequantizeLinear...
                    for (int i = 0; i < 3; ++i)
                        QVERIFY2(
                            producer.count(node.input(i)) && producer[node.input(i)]->op_type() == "DequantizeLinear",
                            node.name().c_str());
                    // ... the weights int8 with one scale per output channel.
                    const onnx::NodeProto *dq = producer[node.input(1)];
                    const onnx::TensorProto *w = weights.at(dq->input(0));
                    QCOMPARE(w->data_type(), int(onnx::TensorProto::INT8));
                    QCOMPARE(weights.at(dq->input(1))->dims(0), w->dims(0));
                }
                // The decode reads float values, never a quantised one.
                if (node.name().rfind("decode.", 0) == 0)
                    for (const auto &in : node.input())
                        QVERIFY2(
                            !producer.count(in) || producer[in]->op_type() != "DequantizeLinear", node.name().c_str());
            }
        }
        QCOMPARE(spec.numKeypoints, 14);
    }

    void metadataRoundTrips()
    {
        ExportOptions o;
        o.model = m_checkpoints.at(ModelScale::N);
        o.imgsz = kImgsz;
        o.layout = OnnxLayout::Raw;
        o.dynamic = true;
        o.names = { QStringLiteral("robot's gripper") };
        o.out = m_dir.filePath(QStringLiteral("meta.onnx"));
        ExportReport report;
        QString error;
        QVERIFY2(ModelExporter::run(o, &report, &error), qPrintable(error));
        std::unique_ptr<onnx::ModelProto> m = readProto(o.out);
        QVERIFY(m);
        // Ultralytics' keys, as Python literals (what its AutoBackend reads with literal_eval).
        const auto p = props(*m);
        QCOMPARE(p.at("task"), std::string("pose"));
        QCOMPARE(p.at("stride"), std::string("32"));
        QCOMPARE(p.at("batch"), std::string("1"));
        QCOMPARE(p.at("imgsz"), std::string("[64, 64]"));
        QCOMPARE(p.at("kpt_shape"), std::string("[14, 3]"));
        QCOMPARE(p.at("names"), std::string("{0: 'robot\\'s gripper'}"));
        QStringList flip;
        for (const int i : Skeleton::defaultGripper().flipIndex())
            flip << QString::number(i);
        QCOMPARE(QString::fromStdString(p.at("flip_idx")),
            QLatin1Char('[') + flip.join(QStringLiteral(", ")) + QLatin1Char(']'));
        QString why;
        const auto skeleton = Skeleton::fromJson(QByteArray::fromStdString(p.at("skeleton")), &why);
        QVERIFY2(skeleton, qPrintable(why));
        QVERIFY(*skeleton == Skeleton::defaultGripper());
        QVERIFY(p.count("gripperpose_version"));
        QCOMPARE(dims(m->graph().input(0)).front(), int64_t(-1)); // dynamic batch
        QCOMPARE(m->graph().input(0).type().tensor_type().shape().dim(0).dim_param(), std::string("batch"));

        OnnxModelInfo info;
        QVERIFY2(readOnnxModelInfo(o.out, &info, &error), qPrintable(error));
        QVERIFY(info.ours);
        QVERIFY(info.spec == m_models.at(ModelScale::N)->spec());
        QCOMPARE(info.names, o.names);
        QCOMPARE(info.imgsz, kImgsz);
        QVERIFY(info.dynamic);
        QCOMPARE(info.layout, OnnxLayout::Raw);
        QCOMPARE(info.precision, OnnxModelInfo::Precision::Float32);
        QCOMPARE(info.flipIdx, Skeleton::defaultGripper().flipIndex());
        QCOMPARE(info.outputs,
            (QStringList { QStringLiteral("boxes"), QStringLiteral("scores"), QStringLiteral("keypoints") }));
    }

    void rawMatchesLibTorchInOpenCv_data()
    {
        QTest::addColumn<int>("scale");
        QTest::addColumn<int>("opset");
        QTest::addColumn<int>("batch");
        QTest::addColumn<bool>("dynamic");
        QTest::addRow("n-opset17") << int(ModelScale::N) << 17 << 1 << false;
        QTest::addRow("s-opset17") << int(ModelScale::S) << 17 << 1 << false;
        QTest::addRow("n-opset11") << int(ModelScale::N) << 11 << 1 << false;
        QTest::addRow("n-opset13-batch2") << int(ModelScale::N) << 13 << 2 << false;
        QTest::addRow("n-dynamic") << int(ModelScale::N) << 17 << 1 << true;
    }

    void rawMatchesLibTorchInOpenCv()
    {
        QFETCH(int, scale);
        QFETCH(int, opset);
        QFETCH(int, batch);
        QFETCH(bool, dynamic);
        const QString file
            = exportModel(ModelScale(scale), OnnxLayout::Raw, QStringLiteral("fp32"), opset, batch, dynamic);
        QVERIFY(!file.isEmpty());
        gp::OnnxNetwork net;
        QString error;
        QVERIFY2(net.load(file, &error), qPrintable(error));
        gp::PoseModelImpl &model = *m_models.at(ModelScale(scale));
        torch::NoGradGuard noGrad;
        const gp::RawHeadOutput expected = model.forwardRaw(m_images);
        const gp::RawHeadOutput got = net.forwardRaw(m_images);
        QVERIFY(got.boxes.sizes().equals(expected.boxes.sizes()));
        QVERIFY(got.kpts.sizes().equals(expected.kpts.sizes()));
        QVERIFY2(exportfixtures::maxDiff(got.boxes, expected.boxes) < 1e-3,
            qPrintable(QString::number(exportfixtures::maxDiff(got.boxes, expected.boxes))));
        QVERIFY(exportfixtures::maxDiff(got.scores, expected.scores) < 1e-3);
        QVERIFY(exportfixtures::maxDiff(got.kpts, expected.kpts) < 1e-3);
        // And decoded by postprocess, as predict and val do.
        QVERIFY(exportfixtures::maxDiff(net.forward(m_images), model.forward(m_images)) < 1e-3);
    }

    void openCvRefusesWhatItCannotRun_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("advice");
        QTest::addRow("decoded") << int(OnnxLayout::Decoded) << "fp32"
                                 << "layout=raw";
        QTest::addRow("int8") << int(OnnxLayout::Raw) << "int8"
                              << "ONNX Runtime";
        QTest::addRow("fp16") << int(OnnxLayout::Raw) << "fp16"
                              << "half=true";
    }

    void openCvRefusesWhatItCannotRun()
    {
        QFETCH(int, layout);
        QFETCH(QString, precision);
        QFETCH(QString, advice);
        const QString file = exportModel(ModelScale::N, OnnxLayout(layout), precision);
        QVERIFY(!file.isEmpty());
        gp::OnnxNetwork net;
        QString error;
        if (net.load(file, &error)) {
            // A newer OpenCV may run it; then it must give the model's output (fp16: to 0.5 px).
            torch::NoGradGuard noGrad;
            const double limit = precision == QLatin1String("fp32") ? 1e-3 : 0.5;
            QVERIFY(
                exportfixtures::maxDiff(net.forward(m_images), m_models.at(ModelScale::N)->forward(m_images)) < limit);
            return;
        }
        QVERIFY2(error.contains(file) && error.contains(advice), qPrintable(error));
    }

    void predictorRunsTheExportLikeTheCheckpoint()
    {
        const QString file = exportModel(ModelScale::N, OnnxLayout::Raw, QStringLiteral("fp32"));
        PredictorOptions po;
        po.imgsz = kImgsz;
        po.conf = 0.001;
        po.device = QStringLiteral("cpu");
        po.rect = false; // the export's input is square
        Predictor fromCheckpoint, fromOnnx;
        QString error;
        po.model = m_checkpoints.at(ModelScale::N);
        QVERIFY2(fromCheckpoint.load(po, &error), qPrintable(error));
        po.model = file;
        po.imgsz = 640; // ignored: the file says 64
        QVERIFY2(fromOnnx.load(po, &error), qPrintable(error));
        QCOMPARE(fromOnnx.options().imgsz, kImgsz);
        QVERIFY(fromOnnx.spec() == fromCheckpoint.spec());
        QVERIFY(fromOnnx.deviceName().contains(QLatin1String("OpenCV")));
        DatasetIssueList issues;
        const QStringList files = DatasetConfig::load(m_data, &issues)->imageFiles(QStringLiteral("val"));
        std::vector<cv::Mat> images;
        for (const QString &f : files)
            images.push_back(cv::imread(f.toStdString(), cv::IMREAD_COLOR));
        std::vector<std::vector<PoseDetection>> a, b;
        QVERIFY2(fromCheckpoint.predict(images, &a, &error), qPrintable(error));
        QVERIFY2(fromOnnx.predict(images, &b, &error), qPrintable(error));
        QCOMPARE(b.size(), a.size());
        int compared = 0;
        for (size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].size(), a[i].size());
            for (size_t j = 0; j < a[i].size(); ++j, ++compared) {
                QVERIFY(qAbs(a[i][j].score - b[i][j].score) < 1e-4);
                QVERIFY(qAbs(a[i][j].box.x1 - b[i][j].box.x1) < 1e-2 && qAbs(a[i][j].box.y2 - b[i][j].box.y2) < 1e-2);
                for (size_t k = 0; k < a[i][j].keypoints.size(); ++k)
                    QVERIFY(qAbs(a[i][j].keypoints[k].x - b[i][j].keypoints[k].x) < 1e-2);
            }
        }
        QVERIFY(compared > 0);
    }

    void corruptFilesGiveAClearError_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addRow("truncated to half") << "half";
        QTest::addRow("truncated to 1 KB") << "1k";
        QTest::addRow("truncated inside the last weights") << "tail";
        QTest::addRow("random bytes") << "random";
        QTest::addRow("empty") << "empty";
        QTest::addRow("a text file") << "text";
    }

    void corruptFilesGiveAClearError()
    {
        QFETCH(QString, damage);
        const QString good = exportModel(ModelScale::N, OnnxLayout::Raw, QStringLiteral("fp32"));
        QFile in(good);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        if (damage == QLatin1String("half"))
            bytes.truncate(bytes.size() / 2);
        else if (damage == QLatin1String("1k"))
            bytes.truncate(1024);
        else if (damage == QLatin1String("tail"))
            bytes.truncate(bytes.size() - 3000);
        else if (damage == QLatin1String("random")) {
            std::mt19937 rng(7);
            for (char &c : bytes)
                c = char(rng());
        } else if (damage == QLatin1String("empty"))
            bytes.clear();
        else
            bytes = "this is not a model\n";
        const QString bad = m_dir.filePath(QStringLiteral("damaged-%1.onnx").arg(damage));
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        Predictor p;
        PredictorOptions po;
        po.model = bad;
        QString error;
        QVERIFY(!p.load(po, &error));
        QVERIFY(!p.isLoaded());
        QVERIFY2(error.startsWith(bad), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("truncated")) || error.contains(QLatin1String("corrupt"))
                || error.contains(QLatin1String("checker")),
            qPrintable(error));
    }

    void badOptionsAreRefused_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("message");
        QTest::addRow("imgsz") << "imgsz"
                               << "multiple of 32";
        QTest::addRow("opset") << "opset"
                               << "opset";
        QTest::addRow("half+int8") << "half+int8"
                                   << "exclude";
        QTest::addRow("int8 without data") << "int8"
                                           << "data=";
        QTest::addRow("int8 at opset 12") << "int8-opset"
                                          << "opset 13";
    }

    void badOptionsAreRefused()
    {
        QFETCH(QString, what);
        QFETCH(QString, message);
        ExportOptions o;
        o.model = m_checkpoints.at(ModelScale::N);
        o.out = m_dir.filePath(QStringLiteral("refused.onnx"));
        if (what == QLatin1String("imgsz"))
            o.imgsz = 100;
        else if (what == QLatin1String("opset"))
            o.opset = 9;
        else if (what == QLatin1String("half+int8"))
            o.half = o.int8 = true, o.data = m_data;
        else if (what == QLatin1String("int8"))
            o.int8 = true;
        else
            o.int8 = true, o.data = m_data, o.opset = 12;
        ExportReport report;
        QString error;
        QVERIFY(!ModelExporter::run(o, &report, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(!QFileInfo::exists(o.out));
    }
};

QTEST_GUILESS_MAIN(TestOnnxExport)
#include "tst_onnxexport.moc"
