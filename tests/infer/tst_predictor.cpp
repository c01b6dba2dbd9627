// The predictor: loads a model name (random weights), a checkpoint (its EMA weights when it
// has them) or refuses a bad file; results in source pixels with 14 keypoints; a batch gives
// what single images give.

#include "checkpoint_p.h"
#include "posemodel.h"
#include "predictor.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/core.hpp>

using gp::ModelScale;
using gp::ModelSpec;
using gp::PoseDetection;
using gp::PoseKeypoint;
using gp::Predictor;
using gp::PredictorOptions;

namespace {

cv::Mat image(int seed, int w = 96, int h = 64)
{
    cv::Mat m(h, w, CV_8UC3);
    cv::RNG rng { static_cast<uint64>(seed) };
    rng.fill(m, cv::RNG::UNIFORM, 0, 255);
    return m;
}

PredictorOptions tiny(const QString &model)
{
    PredictorOptions o;
    o.model = model;
    o.imgsz = 64;
    o.conf = 0.001;
    o.device = QStringLiteral("cpu");
    return o;
}

ModelSpec nano()
{
    ModelSpec s;
    s.scale = ModelScale::N;
    return s;
}

bool same(const std::vector<PoseDetection> &a, const std::vector<PoseDetection> &b, double tol)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (qAbs(a[i].score - b[i].score) > tol || qAbs(a[i].box.x1 - b[i].box.x1) > tol
            || qAbs(a[i].box.y2 - b[i].box.y2) > tol)
            return false;
        for (size_t k = 0; k < a[i].keypoints.size(); ++k)
            if (qAbs(a[i].keypoints[k].x - b[i].keypoints[k].x) > tol
                || qAbs(a[i].keypoints[k].conf - b[i].keypoints[k].conf) > tol)
                return false;
    }
    return true;
}

} // namespace

class TestPredictor : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { torch::set_num_threads(1); }

    void randomModelGivesSourcePixels()
    {
        Predictor p;
        QString error;
        QVERIFY2(p.load(tiny(QStringLiteral("yolov8n-pose")), &error), qPrintable(error));
        QVERIFY(p.isLoaded());
        QCOMPARE(p.spec().scale, ModelScale::N);
        QCOMPARE(p.deviceName(), QStringLiteral("cpu"));
        std::vector<std::vector<PoseDetection>> r;
        QVERIFY2(p.predict({ image(1, 160, 90) }, &r, &error), qPrintable(error));
        QCOMPARE(r.size(), size_t(1));
        QVERIFY(!r[0].empty());
        for (const PoseDetection &d : r[0]) {
            QVERIFY(d.score >= 0.001);
            QVERIFY(d.box.x1 >= 0 && d.box.x2 <= 160 && d.box.y1 >= 0 && d.box.y2 <= 90);
            QCOMPARE(d.keypoints.size(), size_t(14));
            for (const PoseKeypoint &k : d.keypoints) {
                QVERIFY(k.x >= 0 && k.x <= 160 && k.y >= 0 && k.y <= 90);
                QVERIFY(k.conf >= 0 && k.conf <= 1);
            }
        }
        for (size_t i = 1; i < r[0].size(); ++i)
            QVERIFY(r[0][i - 1].score >= r[0][i].score);
    }

    void batchEqualsSingleImages()
    {
        Predictor p;
        QString error;
        QVERIFY(p.load(tiny(QStringLiteral("yolov8n-pose")), &error));
        const std::vector<cv::Mat> images { image(1), image(2), image(3) };
        std::vector<std::vector<PoseDetection>> batched;
        QVERIFY(p.predict(images, &batched, &error));
        QCOMPARE(batched.size(), size_t(3));
        for (size_t i = 0; i < images.size(); ++i) {
            std::vector<std::vector<PoseDetection>> single;
            QVERIFY(p.predict({ images[i] }, &single, &error));
            QVERIFY2(same(single[0], batched[i], 1e-3), qPrintable(QString::number(i)));
        }
        std::vector<std::vector<PoseDetection>> none;
        QVERIFY(p.predict({}, &none, &error));
        QVERIFY(none.empty());
    }

    void checkpointPredictsWithEma()
    {
        // EMA = the weights "yolov8n-pose" gets (seed 0), model = other weights: the
        // checkpoint must predict exactly like the seed-0 model.
        torch::manual_seed(0);
        gp::PoseModel ema(nano());
        torch::manual_seed(5);
        gp::PoseModel other(nano());
        gp::CheckpointData d;
        d.info.spec = nano();
        d.info.hasEma = true;
        d.model = gp::captureState(*other);
        d.ema = gp::captureState(*ema);
        const QString withEma = m_dir.filePath(QStringLiteral("ema.ckpt"));
        gp::saveCheckpoint(withEma, d);
        d.ema.clear();
        d.info.hasEma = false;
        const QString noEma = m_dir.filePath(QStringLiteral("plain.ckpt"));
        gp::saveCheckpoint(noEma, d);

        QString error;
        Predictor reference;
        QVERIFY(reference.load(tiny(QStringLiteral("yolov8n-pose")), &error));
        Predictor fromEma;
        QVERIFY2(fromEma.load(tiny(withEma), &error), qPrintable(error));
        QVERIFY(fromEma.weightsDescription().contains(QLatin1String("EMA")));
        Predictor fromModel;
        QVERIFY2(fromModel.load(tiny(noEma), &error), qPrintable(error));
        const cv::Mat img = image(9);
        std::vector<std::vector<PoseDetection>> a, b, c;
        QVERIFY(reference.predict({ img }, &a, &error));
        QVERIFY(fromEma.predict({ img }, &b, &error));
        QVERIFY(fromModel.predict({ img }, &c, &error));
        QVERIFY(same(a[0], b[0], 1e-5));
        QVERIFY(!same(a[0], c[0], 1e-5));
    }

    void bf16Mode()
    {
        // The opt-in bf16 mode runs the same model and says so where the CPU has bf16
        // convolutions, and refuses it with the reason elsewhere; an export cannot take it.
        PredictorOptions o = tiny(QStringLiteral("yolov8n-pose"));
        o.bf16 = true;
        Predictor p;
        QString error;
        if (!gp::cpuRunsBf16Convolutions()) {
            QVERIFY(!p.load(o, &error));
            QVERIFY2(error.contains(QLatin1String("bf16=true")), qPrintable(error));
            return;
        }
        QVERIFY2(p.load(o, &error), qPrintable(error));
        QVERIFY(p.weightsDescription().contains(QLatin1String("bf16")));
        std::vector<std::vector<PoseDetection>> r;
        QVERIFY2(p.predict({ image(1, 160, 90) }, &r, &error), qPrintable(error));
        QCOMPARE(r.size(), size_t(1));
        for (const PoseDetection &d : r[0])
            QVERIFY(d.box.x1 >= 0 && d.box.x2 <= 160 && d.box.y1 >= 0 && d.box.y2 <= 90);
        o.model = m_dir.filePath(QStringLiteral("model.onnx"));
        QVERIFY(!p.load(o, &error));
        QVERIFY2(
            error.contains(QLatin1String("model.onnx")) && error.contains(QLatin1String("bf16")), qPrintable(error));
    }

    void badInputs()
    {
        Predictor p;
        QString error;
        QVERIFY(!p.load(tiny(m_dir.filePath(QStringLiteral("none.ckpt"))), &error));
        QVERIFY(error.contains(QLatin1String("none.ckpt")));
        const QString junk = m_dir.filePath(QStringLiteral("junk.pt"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("garbage");
        f.close();
        QVERIFY(!p.load(tiny(junk), &error));
        QVERIFY2(error.contains(QLatin1String("junk.pt")), qPrintable(error));
        PredictorOptions o = tiny(QStringLiteral("yolov8n-pose"));
        o.imgsz = 50;
        QVERIFY(!p.load(o, &error));
        QVERIFY(!p.isLoaded());
        std::vector<std::vector<PoseDetection>> r;
        QVERIFY(!p.predict({ image(1) }, &r, &error));
    }
};

QTEST_GUILESS_MAIN(TestPredictor)
#include "tst_predictor.moc"
