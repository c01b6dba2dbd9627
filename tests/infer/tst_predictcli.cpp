// `gripperpose predict` end to end, as a user runs it: the synthetic demo video through the
// whole pipeline with a randomly initialised yolov8n-pose; JSON Lines with one line per
// frame, CSV, the annotated video, numbered run folders, the summary, and usage errors.

#include "temporalpresets.h"
#include "videotruth.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/videoio.hpp>

using gp::TemporalOptions;
using gp::TemporalPresets;
using gp::VideoTruth;

namespace {

struct Result
{
    int code = -1;
    QString out;
    QString err;
};

Result runCli(const QStringList &args, const QString &cwd)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPENBLAS_NUM_THREADS"), QStringLiteral("1"));
    env.insert(QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("1"));
    env.insert(QStringLiteral("GRIPPERPOSE_LANG"), QStringLiteral("en"));
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(cwd);
    p.start(QStringLiteral(GP_BINARY_DIR "/app/cli/gripperpose"), args);
    if (!p.waitForFinished(180000))
        p.kill();
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

} // namespace

class TestPredictCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_video;
    int m_frames = 24;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Result r = runCli({ QStringLiteral("synth"), QStringLiteral("out=synth"), QStringLiteral("n=2"),
                                    QStringLiteral("imgsz=160,96"), QStringLiteral("video_frames=%1").arg(m_frames) },
            m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QString error;
        const auto truth = VideoTruth::load(m_dir.filePath(QStringLiteral("synth/videos/demo.json")), 14, &error);
        QVERIFY2(truth, qPrintable(error));
        m_video = truth->videoFile();
        QVERIFY2(QFile::exists(m_video), qPrintable(m_video));
    }

    void wholePipeline()
    {
        const Result r
            = runCli({ QStringLiteral("predict"), QStringLiteral("model=yolov8n-pose"),
                         QStringLiteral("source=") + m_video, QStringLiteral("imgsz=64"), QStringLiteral("conf=0.001"),
                         QStringLiteral("batch=4"), QStringLiteral("save=true"), QStringLiteral("save_json=true"),
                         QStringLiteral("save_csv=true"), QStringLiteral("project=runs/pose") },
                m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("%1 frames processed, 0 dropped, 0 failed, mean").arg(m_frames)),
            qPrintable(r.out));
        QVERIFY(r.err.contains(QLatin1String("predict [")));
        const QDir run(m_dir.filePath(QStringLiteral("runs/pose/predict")));
        const QString stem = QFileInfo(m_video).completeBaseName();
        QFile json(run.filePath(stem + QStringLiteral(".jsonl")));
        QVERIFY2(json.open(QIODevice::ReadOnly), qPrintable(json.fileName()));
        const QList<QByteArray> lines = json.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), m_frames);
        for (int i = 0; i < m_frames; ++i) {
            const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(o.value(QStringLiteral("frame")).toInt(-1), i);
            QCOMPARE(o.value(QStringLiteral("width")).toInt(), 160);
            QVERIFY(o.value(QStringLiteral("instances")).isArray());
            QVERIFY(o.value(QStringLiteral("timestamp_ms")).toDouble() >= 0);
        }
        QFile csv(run.filePath(stem + QStringLiteral(".csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readLine().trimmed().split(',').size(), 9 + 14 * 6);
        cv::VideoCapture cap(run.filePath(stem + QStringLiteral(".mp4")).toStdString());
        QVERIFY(cap.isOpened());
        QCOMPARE(int(cap.get(cv::CAP_PROP_FRAME_COUNT)), m_frames);

        // A second run goes to predict2; explicit paths, stride 2 and no smoothing.
        const Result r2 = runCli(
            { QStringLiteral("predict"), QStringLiteral("model=yolov8n-pose"), QStringLiteral("source=") + m_video,
                QStringLiteral("imgsz=64"), QStringLiteral("vid_stride=2"), QStringLiteral("smooth=none"),
                QStringLiteral("save_json=true"), QStringLiteral("save_csv=mine.csv") },
            m_dir.path());
        QVERIFY2(r2.code == 0, qPrintable(r2.out + r2.err));
        QVERIFY2(
            r2.out.contains(QStringLiteral("%1 frames processed, %1 dropped").arg(m_frames / 2)), qPrintable(r2.out));
        QFile json2(m_dir.filePath(QStringLiteral("runs/pose/predict2/") + stem + QStringLiteral(".jsonl")));
        QVERIFY(json2.open(QIODevice::ReadOnly));
        QCOMPARE(json2.readAll().count('\n'), m_frames / 2);
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("mine.csv"))));
    }

    void imageFolder()
    {
        // Images in, annotated images out (same names), one JSON line per image naming it.
        const Result r = runCli({ QStringLiteral("predict"), QStringLiteral("model=yolov8n-pose"),
                                    QStringLiteral("source=synth/images/train"), QStringLiteral("imgsz=64"),
                                    QStringLiteral("save=annotated"), QStringLiteral("save_json=images.jsonl") },
            m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QStringList in
            = QDir(m_dir.filePath(QStringLiteral("synth/images/train"))).entryList(QDir::Files, QDir::Name);
        QVERIFY(!in.isEmpty());
        QCOMPARE(QDir(m_dir.filePath(QStringLiteral("annotated"))).entryList(QDir::Files, QDir::Name), in);
        QFile json(m_dir.filePath(QStringLiteral("images.jsonl")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = json.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), in.size());
        QVERIFY(QJsonDocument::fromJson(lines[0]).object().value(QStringLiteral("image")).toString().endsWith(in[0]));
    }

    void temporalPresetsAndEnhancement()
    {
        auto predict = [this](const QStringList &extra) {
            return runCli(QStringList { QStringLiteral("predict"), QStringLiteral("model=yolov8n-pose"),
                              QStringLiteral("source=") + m_video, QStringLiteral("imgsz=64") }
                    + extra,
                m_dir.path());
        };
        // The preset's settings are the ones used (the table in core/analysis/temporalpresets.cpp).
        const TemporalOptions preset = TemporalPresets::apply(TemporalPresets::Preset::LowLight);
        Result r = predict({ QStringLiteral("temporal=low_light"), QStringLiteral("max_frames=2") });
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("temporal=low_light, min_cutoff %1, beta %2, kpt_conf %3, max_gap %4")
                                    .arg(preset.filter.minCutoff)
                                    .arg(preset.filter.beta)
                                    .arg(preset.keypointConf)
                                    .arg(preset.maxGap)),
            qPrintable(r.out));
        // A key given on the command line overrides the preset's value.
        r = predict(
            { QStringLiteral("temporal=low_light"), QStringLiteral("beta=0.75"), QStringLiteral("max_frames=2") });
        QVERIFY2(r.out.contains(QStringLiteral("min_cutoff %1, beta 0.75,").arg(preset.filter.minCutoff)),
            qPrintable(r.out));
        r = predict({ QStringLiteral("temporal=sideways") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QLatin1String("fast_motion")) && r.err.contains(QLatin1String("sideways")),
            qPrintable(r.err));

        // enhance= runs through the whole pipeline (conf 0 keeps max_det candidates, so both
        // files hold detections); an unknown value is refused before anything runs. (Randomly
        // initialised weights barely depend on the input, so the two files are not compared:
        // what the correction does is tested in tst_imageenhancement and tst_videopredictions.)
        r = predict({ QStringLiteral("enhance=none"), QStringLiteral("conf=0"), QStringLiteral("max_det=20"),
            QStringLiteral("max_frames=4"), QStringLiteral("save_json=plain.jsonl") });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = predict({ QStringLiteral("enhance=clahe"), QStringLiteral("conf=0"), QStringLiteral("max_det=20"),
            QStringLiteral("max_frames=4"), QStringLiteral("save_json=clahe.jsonl") });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile plain(m_dir.filePath(QStringLiteral("plain.jsonl"))),
            clahe(m_dir.filePath(QStringLiteral("clahe.jsonl")));
        QVERIFY(plain.open(QIODevice::ReadOnly) && clahe.open(QIODevice::ReadOnly));
        const QByteArray a = plain.readAll(), b = clahe.readAll();
        QCOMPARE(a.count('\n'), 4);
        QCOMPARE(b.count('\n'), 4);
        QVERIFY(a.contains("\"keypoints\"") && b.contains("\"keypoints\"")); // detections were written
        r = predict({ QStringLiteral("enhance=brighter") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QLatin1String("clahe")) && r.err.contains(QLatin1String("gamma")), qPrintable(r.err));
        r = runCli({ QStringLiteral("val"), QStringLiteral("model=none.ckpt"), QStringLiteral("data=synth/data.yaml"),
                       QStringLiteral("enhance=brighter") },
            m_dir.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QLatin1String("brighter")), qPrintable(r.err));
    }

    void workersAgree()
    {
        // Frames side by side on two single-threaded workers give one worker's detections, in
        // order. Each frame's forward pass is the same computation with another thread count;
        // oneDNN and ATen split a convolution's outputs, not its sums, over threads, so only the
        // JSON's rounding to 0.01 px is left: 0.02 px allows one step on either side.
        // conf=0.001 keeps several boxes a frame of the random network.
        QStringList args { QStringLiteral("predict"), QStringLiteral("model=yolov8n-pose"),
            QStringLiteral("source=") + m_video, QStringLiteral("imgsz=64"), QStringLiteral("conf=0.001"),
            QStringLiteral("batch=1"), QStringLiteral("smooth=none") };
        const Result one = runCli(
            args + QStringList { QStringLiteral("workers=1"), QStringLiteral("save_json=w1.jsonl") }, m_dir.path());
        QVERIFY2(one.code == 0, qPrintable(one.out + one.err));
        QVERIFY2(one.out.contains(QLatin1String("1 inference workers, batch 1; latency")), qPrintable(one.out));
        const Result two = runCli(
            args + QStringList { QStringLiteral("workers=2"), QStringLiteral("save_json=w2.jsonl") }, m_dir.path());
        QVERIFY2(two.code == 0, qPrintable(two.out + two.err));
        QVERIFY2(two.out.contains(QLatin1String("2 inference workers, batch 1; latency")), qPrintable(two.out));
        auto lines = [this](const QString &name) {
            QFile f(m_dir.filePath(name));
            return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().split('\n') : QList<QByteArray>();
        };
        const QList<QByteArray> a = lines(QStringLiteral("w1.jsonl"));
        const QList<QByteArray> b = lines(QStringLiteral("w2.jsonl"));
        QCOMPARE(a.size(), m_frames);
        QCOMPARE(b.size(), m_frames);
        int instances = 0;
        for (int i = 0; i < m_frames; ++i) {
            const QJsonObject x = QJsonDocument::fromJson(a[i]).object();
            const QJsonObject y = QJsonDocument::fromJson(b[i]).object();
            QCOMPARE(y.value(QStringLiteral("frame")).toInt(-1), i);
            const QJsonArray xi = x.value(QStringLiteral("instances")).toArray();
            const QJsonArray yi = y.value(QStringLiteral("instances")).toArray();
            QCOMPARE(yi.size(), xi.size());
            for (int j = 0; j < xi.size(); ++j) {
                const QJsonArray kx = xi[j].toObject().value(QStringLiteral("keypoints")).toArray();
                const QJsonArray ky = yi[j].toObject().value(QStringLiteral("keypoints")).toArray();
                QCOMPARE(ky.size(), kx.size());
                for (int k = 0; k < kx.size(); ++k)
                    for (int c = 0; c < 2; ++c)
                        QVERIFY(std::abs(kx[k].toArray()[c].toDouble() - ky[k].toArray()[c].toDouble()) <= 0.02);
                ++instances;
            }
        }
        QVERIFY2(instances > m_frames, "the random network should keep boxes at conf=0.001");
    }

    void usageErrors()
    {
        Result r = runCli({ QStringLiteral("predict"), QStringLiteral("model=yolov8n-pose"),
                              QStringLiteral("source=") + m_video, QStringLiteral("smooth=kalman") },
            m_dir.path());
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QLatin1String("one_euro")));
        r = runCli(
            { QStringLiteral("predict"), QStringLiteral("model=nothing.ckpt"), QStringLiteral("source=") + m_video },
            m_dir.path());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("nothing.ckpt")), qPrintable(r.err));
        r = runCli(
            { QStringLiteral("predict"), QStringLiteral("model=yolov8n-pose"), QStringLiteral("source=missing.mp4") },
            m_dir.path());
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains(QLatin1String("missing.mp4")));
        r = runCli({ QStringLiteral("predict"), QStringLiteral("source=x.mp4") }, m_dir.path());
        QCOMPARE(r.code, 2);
    }
};

QTEST_GUILESS_MAIN(TestPredictCli)
#include "tst_predictcli.moc"
