// `gripperpose export` end to end, then the exported file given to `predict` and `val`, as a
// user runs them: on a generated dataset with a randomly initialised yolov8n-pose at 64 px;
// INT8 calibrated on four of its images; the default file name; and what a user is told for
// a decoded-layout file, an INT8 file, a truncated file and bad arguments.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

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
    if (!p.waitForFinished(300000))
        p.kill();
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

QStringList words(const char *text)
{
    return QString::fromLatin1(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TestExportCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Result r = runCli(words("synth out=synth n=6 imgsz=160,96 video_frames=0 seed=3"), m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void exportRaw()
    {
        const Result r = runCli(words("export model=yolov8n-pose imgsz=64 layout=raw out=n_raw.onnx"), m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("ONNX checker and shape inference passed")), qPrintable(r.out));
        QVERIFY(r.out.contains(QLatin1String("Exported n_raw.onnx")));
        QVERIFY(QFileInfo(path("n_raw.onnx")).size() > 1000000);
    }

    void exportInt8CalibratesOnTheDataset()
    {
        const Result r = runCli(words("export model=yolov8n-pose imgsz=64 layout=raw int8=true "
                                      "data=synth/data.yaml split=train fraction=4 calib=percentile out=n_int8.onnx"),
            m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("activation ranges (percentile) from 4 images")), qPrintable(r.out));
        QVERIFY(r.out.contains(QLatin1String("DequantizeLinear")) && r.out.contains(QLatin1String("QuantizeLinear")));
        QVERIFY(QFile::exists(path("n_int8.onnx")));
    }

    void exportWritesBesideTheWeightsByDefault()
    {
        const Result r = runCli(words("export model=yolov8n-pose imgsz=64"), m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(QFile::exists(path("yolov8n-pose.onnx")));
        QVERIFY(r.out.contains(QLatin1String("layout=raw")));
    }

    void predictFromOnnx()
    {
        const Result r = runCli(
            words("predict model=n_raw.onnx source=synth/images/val conf=0.001 save_json=out.jsonl"), m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QFile json(path("out.jsonl"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = json.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), int(QDir(path("synth/images/val")).entryList(QDir::Files).size()));
        for (const QByteArray &line : lines)
            QVERIFY(QJsonDocument::fromJson(line).isObject());
    }

    void valFromOnnx()
    {
        const Result r
            = runCli(words("val model=n_raw.onnx data=synth/data.yaml batch=2 project=runs name=val"), m_dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("mAP50-95")), qPrintable(r.out));
        QFile metrics(path("runs/val/metrics.json"));
        QVERIFY(metrics.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(metrics.readAll()).object().contains(QLatin1String("metrics/mAP50-95(P)")));
    }

    void whatOpenCvCannotRunIsExplained_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("message");
        QTest::addRow("predict decoded") << "predict model=yolov8n-pose.onnx source=synth/images/val"
                                         << "layout=raw";
        QTest::addRow("val int8") << "val model=n_int8.onnx data=synth/data.yaml"
                                  << "ONNX Runtime";
    }

    void whatOpenCvCannotRunIsExplained()
    {
        QFETCH(QString, command);
        QFETCH(QString, message);
        const Result r = runCli(command.split(QLatin1Char(' ')), m_dir.path());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void truncatedFileIsRefused()
    {
        QFile in(path("n_raw.onnx"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile out(path("truncated.onnx"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(in.read(in.size() / 3));
        out.close();
        const Result r = runCli(words("predict model=truncated.onnx source=synth/images/val"), m_dir.path());
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QLatin1String("truncated.onnx")) && r.err.contains(QLatin1String("truncated or corrupt")),
            qPrintable(r.err));
    }

    void badArguments_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("message");
        QTest::addRow("format") << "export model=yolov8n-pose format=tflite"
                                << "format=tflite";
        QTest::addRow("layout") << "export model=yolov8n-pose layout=nchw"
                                << "layout";
        QTest::addRow("int8 without data") << "export model=yolov8n-pose int8=true"
                                           << "data=";
        QTest::addRow("calib") << "export model=yolov8n-pose calib=entropy"
                               << "minmax";
    }

    void badArguments()
    {
        QFETCH(QString, command);
        QFETCH(QString, message);
        const Result r = runCli(command.split(QLatin1Char(' ')), m_dir.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_exportcli.moc"
