// The torch-free model description: layer table, parameter counts and GFLOPs against the
// reference (facts §2), name and kpt_shape parsing.

#include "modelspec.h"

#include <QTest>

using gp::describeModel;
using gp::formatLayerTable;
using gp::LayerRow;
using gp::ModelScale;
using gp::ModelSpec;
using gp::ModelSummary;

class TestModelSpec : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void summary_data();
    void summary();
    void layerTable_data();
    void layerTable();
    void parseScale_data();
    void parseScale();
    void parseKeypointShape_data();
    void parseKeypointShape();
    void formatTable();
};

void TestModelSpec::summary_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<int>("imgsz");
    QTest::addColumn<qint64>("params");
    QTest::addColumn<qint64>("fusedParams");
    QTest::addColumn<double>("gflops");
    QTest::addColumn<int>("anchors");
    QTest::newRow("n@640") << "n" << 640 << qint64(3233937) << qint64(3228485) << 9.0356 << 8400;
    QTest::newRow("n@256") << "n" << 256 << qint64(3233937) << qint64(3228485) << 1.4457 << 1344;
    QTest::newRow("s@640") << "s" << 640 << qint64(11528225) << qint64(11517957) << 30.0278 << 8400;
    QTest::newRow("s@256") << "s" << 256 << qint64(11528225) << qint64(11517957) << 4.8045 << 1344;
}

void TestModelSpec::summary()
{
    QFETCH(QString, scale);
    QFETCH(int, imgsz);
    QFETCH(qint64, params);
    QFETCH(qint64, fusedParams);
    QFETCH(double, gflops);
    QFETCH(int, anchors);
    ModelSpec spec;
    spec.scale = *ModelSpec::parseScale(scale);
    const ModelSummary s = describeModel(spec, imgsz);
    QCOMPARE(qint64(s.parameters), params);
    QCOMPARE(qint64(s.trainable), params - 16);
    QCOMPARE(qint64(s.fusedParameters), fusedParams);
    QVERIFY2(std::abs(s.gflops - gflops) / gflops < 0.01, qPrintable(QString::number(s.gflops, 'f', 4)));
    QCOMPARE(s.numAnchors, anchors);
    QCOMPARE(int(s.layers.size()), 23);
}

void TestModelSpec::layerTable_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("channels");
    QTest::addColumn<int>("size");
    QTest::addColumn<qint64>("params");
    // A selection of the facts file's rows (640 input).
    QTest::newRow("n 0") << "n" << 0 << 16 << 320 << qint64(464);
    QTest::newRow("n 4") << "n" << 4 << 64 << 80 << qint64(49664);
    QTest::newRow("n 9") << "n" << 9 << 256 << 20 << qint64(164608);
    QTest::newRow("n 11") << "n" << 11 << 384 << 40 << qint64(0);
    QTest::newRow("n 15") << "n" << 15 << 64 << 80 << qint64(37248);
    QTest::newRow("n 21") << "n" << 21 << 256 << 20 << qint64(493056);
    QTest::newRow("n 22") << "n" << 22 << 0 << 20 << qint64(974401);
    QTest::newRow("s 8") << "s" << 8 << 512 << 20 << qint64(1838080);
    QTest::newRow("s 12") << "s" << 12 << 256 << 40 << qint64(591360);
    QTest::newRow("s 20") << "s" << 20 << 768 << 20 << qint64(0);
    QTest::newRow("s 22") << "s" << 22 << 0 << 20 << qint64(2508673);
}

void TestModelSpec::layerTable()
{
    QFETCH(QString, scale);
    QFETCH(int, layer);
    QFETCH(int, channels);
    QFETCH(int, size);
    QFETCH(qint64, params);
    ModelSpec spec;
    spec.scale = *ModelSpec::parseScale(scale);
    const ModelSummary summary = describeModel(spec);
    const LayerRow &r = summary.layers.at(size_t(layer));
    QCOMPARE(r.index, layer);
    QCOMPARE(r.outChannels, channels);
    QCOMPARE(r.outH, size);
    QCOMPARE(r.outW, size);
    QCOMPARE(qint64(r.params), params);
}

void TestModelSpec::parseScale_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("scale"); // -1: invalid
    QTest::newRow("s") << "s" << int(ModelScale::S);
    QTest::newRow("yolov8n-pose") << "yolov8n-pose" << int(ModelScale::N);
    QTest::newRow("yaml") << "yolov8m-pose.yaml" << int(ModelScale::M);
    QTest::newRow("pt path") << "weights/yolov8x-pose.pt" << int(ModelScale::X);
    QTest::newRow("upper") << "YOLOv8L-pose" << int(ModelScale::L);
    QTest::newRow("bad") << "yolov5s" << -1;
    QTest::newRow("empty") << "" << -1;
}

void TestModelSpec::parseScale()
{
    QFETCH(QString, text);
    QFETCH(int, scale);
    QString error;
    const auto s = ModelSpec::parseScale(text, &error);
    if (scale < 0) {
        QVERIFY(!s);
        QVERIFY(error.contains(QLatin1String("unknown model")));
    } else {
        QVERIFY(s);
        QCOMPARE(int(*s), scale);
    }
}

void TestModelSpec::parseKeypointShape_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("dims"); // 0: invalid
    QTest::newRow("14,3") << "14,3" << 14 << 3;
    QTest::newRow("[17, 3]") << "[17, 3]" << 17 << 3;
    QTest::newRow("5x2") << "5x2" << 5 << 2;
    QTest::newRow("dims 4") << "14,4" << 0 << 0;
    QTest::newRow("one number") << "14" << 0 << 0;
    QTest::newRow("zero") << "0,3" << 0 << 0;
}

void TestModelSpec::parseKeypointShape()
{
    QFETCH(QString, text);
    QFETCH(int, k);
    QFETCH(int, dims);
    int gotK = 0, gotD = 0;
    QString error;
    const bool ok = ModelSpec::parseKeypointShape(text, &gotK, &gotD, &error);
    QCOMPARE(ok, dims != 0);
    if (ok) {
        QCOMPARE(gotK, k);
        QCOMPARE(gotD, dims);
    } else {
        QVERIFY(error.contains(QLatin1String("kpt_shape")));
    }
}

void TestModelSpec::formatTable()
{
    ModelSpec spec; // s, nc 1, 14x3
    const QString t = formatLayerTable(describeModel(spec, 640));
    QVERIFY(t.contains(QLatin1String("yolov8s-pose")));
    QVERIFY(t.contains(QLatin1String("11,528,225 parameters")));
    QVERIFY(t.contains(QLatin1String("30.0 GFLOPs")));
    QVERIFY(t.contains(QLatin1String("512,20,20")));
    QCOMPARE(t.count(QLatin1Char('\n')), 2 + 23 + 1);
}

QTEST_GUILESS_MAIN(TestModelSpec)
#include "tst_modelspec.moc"
