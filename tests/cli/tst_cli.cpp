#include "../telemetry/faketrees.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run gripperpose(const QStringList &args, const QProcessEnvironment &extra = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GRIPPERPOSE_LANG"), QStringLiteral("en"));
    for (const QString &key : extra.keys())
        env.insert(key, extra.value(key));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GP_BINARY_DIR "/app/cli/gripperpose"), args);
    p.waitForFinished(300000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes, bool append = false)
{
    QFile f(path);
    QVERIFY(f.open(append ? QIODevice::Append : QIODevice::WriteOnly));
    f.write(bytes);
}

void copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        const QString target = to + f.mid(from.size());
        QDir().mkpath(QFileInfo(target).absolutePath());
        QVERIFY(QFile::copy(f, target));
    }
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void synthThenCheckIsClean();
    void corruptedCopyReportsEachProblem();
    void cocoRoundTripThroughTheCli();
    void rejectsUnknownKeys_data();
    void rejectsUnknownKeys();
    void helpForEachCommand_data();
    void helpForEachCommand();
    void info();
    void telemetryOnFakeHardware();
    void monitorRefusesBadKeys();
    void trainWritesTelemetryBesideTheRun();

private:
    QTemporaryDir m_dir;
    QString m_data;
};

void TestCli::initTestCase()
{
    m_data = m_dir.filePath(QStringLiteral("synth"));
    const Run r = gripperpose({ QStringLiteral("synth"), QStringLiteral("out=") + m_data, QStringLiteral("n=12"),
        QStringLiteral("imgsz=192,128"), QStringLiteral("seed=3"), QStringLiteral("video_frames=6") });
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(QFileInfo::exists(m_data + QStringLiteral("/data.yaml")));
}

void TestCli::synthThenCheckIsClean()
{
    const Run r
        = gripperpose({ QStringLiteral("check"), QStringLiteral("data=") + m_data + QStringLiteral("/data.yaml") });
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("No problems found.")));
    QVERIFY(r.out.contains(QStringLiteral("train: ")));
    QVERIFY(r.out.contains(QStringLiteral("val: ")));
}

void TestCli::corruptedCopyReportsEachProblem()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad"));
    copyTree(m_data, bad);
    const QStringList labels
        = QDir(bad + QStringLiteral("/labels/train")).entryList({ QStringLiteral("*.txt") }, QDir::Files, QDir::Name);
    const QStringList images = QDir(bad + QStringLiteral("/images/train")).entryList(QDir::Files, QDir::Name);
    QVERIFY(labels.size() >= 4 && images.size() >= 4);
    // 1. a line with 17 keypoints' columns, 2. a coordinate out of range, 3. an unknown
    // class, 4. an image that does not decode, 5. a label file without an image.
    QByteArray line17 = "0 0.5 0.5 0.2 0.2";
    for (int k = 0; k < 17; ++k)
        line17 += " 0.5 0.5 2";
    QByteArray outOfRange = "0 0.5 0.5 0.2 1.2", unknownClass = "4 0.5 0.5 0.2 0.2";
    for (int k = 0; k < 14; ++k) {
        outOfRange += " 0.5 0.5 2";
        unknownClass += " 0.5 0.5 2";
    }
    writeAll(bad + QStringLiteral("/labels/train/") + labels[0], "\n" + line17 + "\n", true);
    writeAll(bad + QStringLiteral("/labels/train/") + labels[1], "\n" + outOfRange + "\n", true);
    writeAll(bad + QStringLiteral("/labels/train/") + labels[2], "\n" + unknownClass + "\n", true);
    writeAll(bad + QStringLiteral("/images/train/") + images.last(), "garbage");
    writeAll(bad + QStringLiteral("/labels/train/orphan.txt"), "");

    const Run r
        = gripperpose({ QStringLiteral("check"), QStringLiteral("data=") + bad + QStringLiteral("/data.yaml") });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("labels/train/") + labels[1] + QLatin1Char(':')), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("expected 47 columns")) && r.out.contains(QStringLiteral("found 56")),
        qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("box value 4 is 1.2")));
    QVERIFY(r.out.contains(QStringLiteral("class 4 is not one of the 1 classes")));
    QVERIFY2(r.out.contains(
                 QStringLiteral("images/train/") + images.last() + QStringLiteral(": not an image the trainer reads")),
        qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("labels/train/orphan.txt: no image with this name")));
    QVERIFY(r.out.contains(QStringLiteral("Problems by kind:")));
    QVERIFY(r.out.contains(QStringLiteral("  wrong column count: 1")));
    QVERIFY(r.out.contains(QStringLiteral("  coordinate outside [0, 1]: 1")));
    QVERIFY(r.out.contains(QStringLiteral("  unknown class: 1")));
    QVERIFY(r.out.contains(QStringLiteral("  image does not decode: 1")));
    QVERIFY(r.out.contains(QStringLiteral("  image missing: 1")));
    QVERIFY(r.out.contains(QStringLiteral("5 problems")));
}

void TestCli::cocoRoundTripThroughTheCli()
{
    const QString json = m_dir.filePath(QStringLiteral("val.json"));
    const QString back = m_dir.filePath(QStringLiteral("fromcoco"));
    Run r = gripperpose({ QStringLiteral("yolo2coco"), QStringLiteral("data=") + m_data + QStringLiteral("/data.yaml"),
        QStringLiteral("split=val"), QStringLiteral("out=") + json });
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    r = gripperpose({ QStringLiteral("coco2yolo"), QStringLiteral("json=") + json, QStringLiteral("images=") + m_data,
        QStringLiteral("out=") + back, QStringLiteral("split=val") });
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    r = gripperpose({ QStringLiteral("check"), QStringLiteral("data=") + back + QStringLiteral("/data.yaml") });
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    // Every val label file comes back with the same bytes.
    const QStringList labels
        = QDir(m_data + QStringLiteral("/labels/val")).entryList({ QStringLiteral("*.txt") }, QDir::Files);
    QVERIFY(!labels.isEmpty());
    for (const QString &l : labels)
        QCOMPARE(
            readAll(back + QStringLiteral("/labels/val/") + l), readAll(m_data + QStringLiteral("/labels/val/") + l));
}

void TestCli::rejectsUnknownKeys_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown key") << QStringList { QStringLiteral("synth"), QStringLiteral("out=x"),
        QStringLiteral("epochs=3") }
                                 << "unknown key \"epochs\"; valid keys: out, n, imgsz, seed, val, video_frames, fps";
    QTest::newRow("missing key") << QStringList { QStringLiteral("check") } << "missing required key data=";
    QTest::newRow("not key=value") << QStringList { QStringLiteral("check"), QStringLiteral("data") }
                                   << "not of the form key=value";
    QTest::newRow("bad number") << QStringList { QStringLiteral("synth"), QStringLiteral("out=x"),
        QStringLiteral("n=many") }
                                << "n=many is not a whole number";
    QTest::newRow("unknown command") << QStringList { QStringLiteral("fly") } << "unknown command \"fly\"";
}

void TestCli::rejectsUnknownKeys()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = gripperpose(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestCli::helpForEachCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("key");
    QTest::newRow("synth") << "synth"
                           << "imgsz=";
    QTest::newRow("check") << "check"
                           << "data=";
    QTest::newRow("coco2yolo") << "coco2yolo"
                               << "json=";
    QTest::newRow("yolo2coco") << "yolo2coco"
                               << "split=";
    QTest::newRow("info") << "info"
                          << "usage: gripperpose info";
    QTest::newRow("monitor") << "monitor"
                             << "interval=";
}

void TestCli::helpForEachCommand()
{
    QFETCH(QString, command);
    QFETCH(QString, key);
    const Run r = gripperpose({ command, QStringLiteral("--help") });
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(key), qPrintable(r.out));
}

void TestCli::info()
{
    const Run r = gripperpose({ QStringLiteral("info") });
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("LibTorch")));
    QVERIFY(r.out.contains(QStringLiteral("  cpu  CPU")));
    QVERIFY(r.out.contains(QStringLiteral("Telemetry: ")));
    QVERIFY(r.out.contains(QStringLiteral("  CPU only: ")));
}

void TestCli::telemetryOnFakeHardware()
{
    // An amdgpu card in a fake sysfs tree, an NVIDIA library whose driver is not loaded
    // and no ROCm SMI: info and monitor name the backend and why the others fell through,
    // and monitor appends its samples to the run's telemetry.csv.
    QTemporaryDir dir;
    QVERIFY(faketree::writeDrmTree(dir.filePath(QStringLiteral("drm"))));
    QVERIFY(faketree::writeProcTree(
        dir.filePath(QStringLiteral("proc")), { "100 0 50 800 50 0 0 0 0 0", 32768000, 20480000, 524288 }));
    QProcessEnvironment env;
    env.insert(QStringLiteral("GRIPPERPOSE_ROCM_SMI_LIB"), QStringLiteral("none"));
    env.insert(
        QStringLiteral("GRIPPERPOSE_NVML_LIB"), QStringLiteral(GP_FAKE_GPU_LIBS "/nvml-initfail/libnvidia-ml.so.1"));
    env.insert(QStringLiteral("GRIPPERPOSE_DRM_ROOT"), dir.filePath(QStringLiteral("drm")));
    env.insert(QStringLiteral("GRIPPERPOSE_PROC_ROOT"), dir.filePath(QStringLiteral("proc")));

    const Run info = gripperpose({ QStringLiteral("info") }, env);
    QCOMPARE(info.code, 0);
    QVERIFY2(info.out.contains(QStringLiteral("Telemetry: amdgpu sysfs\n")), qPrintable(info.out));
    QVERIFY2(info.out.contains(QStringLiteral("  NVML: nvmlInit_v2 failed: Driver Not Loaded (status 9)\n")),
        qPrintable(info.out));
    QVERIFY2(info.out.contains(QStringLiteral("  ROCm SMI: library not loaded: no library names given\n")),
        qPrintable(info.out));

    const QString run = dir.filePath(QStringLiteral("runs/pose/train"));
    QVERIFY(QDir().mkpath(run));
    const Run r = gripperpose({ QStringLiteral("monitor"), QStringLiteral("count=3"), QStringLiteral("interval=0.05"),
                                  QStringLiteral("run=") + run },
        env);
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    QVERIFY2(lines.contains(QStringLiteral("Telemetry: amdgpu sysfs")), qPrintable(r.out));
    QVERIFY2(
        r.out.contains(QStringLiteral("Appending to ") + run + QStringLiteral("/telemetry.csv")), qPrintable(r.out));
    int header = 0, card0 = 0, card2 = 0, host = 0;
    for (const QString &l : lines) {
        header += l.startsWith(QLatin1String("Device  Temp (edge/junction/mem)")) ? 1 : 0;
        // Device 0 at the start, its name last, the figures of the fake files between.
        if (l.startsWith(QLatin1String("0 ")) && l.endsWith(QLatin1String(faketree::kCard0Name))) {
            ++card0;
            QVERIFY2(l.contains(QStringLiteral("52.0°C / 74.5°C / 68.0°C")) && l.contains(QLatin1String("2482 MHz"))
                    && l.contains(QLatin1String("456 MHz")) && l.contains(QLatin1String("87%")),
                qPrintable(l));
        }
        card2 += l.startsWith(QLatin1String("1 ")) && l.endsWith(QLatin1String("(device 0x15bf)")) ? 1 : 0;
        host += l.contains(QLatin1String("  CPU ")) && l.contains(QLatin1String("this process 512.0 MiB")) ? 1 : 0;
    }
    QCOMPARE(header, 1);
    QCOMPARE(card0, 3);
    QCOMPARE(card2, 3);
    QCOMPARE(host, 3);
    // Header and two rows (one per card) for each sample.
    const QList<QByteArray> csv = readAll(run + QStringLiteral("/telemetry.csv")).trimmed().split('\n');
    QCOMPARE(csv.size(), 1 + 3 * 2);
    QVERIFY(csv[0].startsWith("time,backend,device,name,"));
    QVERIFY(csv[1].contains(",amdgpu-sysfs,0,AMD Radeon RX 7900 XTX,87,"));
}

void TestCli::monitorRefusesBadKeys()
{
    const Run zero = gripperpose({ QStringLiteral("monitor"), QStringLiteral("interval=0") });
    QCOMPARE(zero.code, 2);
    QVERIFY2(zero.err.contains(QStringLiteral("interval must be between")), qPrintable(zero.err));
    const Run word = gripperpose({ QStringLiteral("monitor"), QStringLiteral("count=many") });
    QCOMPARE(word.code, 2);
    const Run nowhere = gripperpose(
        { QStringLiteral("monitor"), QStringLiteral("count=1"), QStringLiteral("run=/nonexistent/run/folder") });
    QCOMPARE(nowhere.code, 1);
    QVERIFY2(nowhere.err.contains(QStringLiteral("/nonexistent/run/folder/telemetry.csv")), qPrintable(nowhere.err));
}

void TestCli::trainWritesTelemetryBesideTheRun()
{
    // A run from the command line keeps its GPU picture like one from the dashboard.
    QTemporaryDir dir;
    QVERIFY(faketree::writeDrmTree(dir.filePath(QStringLiteral("drm"))));
    QProcessEnvironment env;
    env.insert(QStringLiteral("GRIPPERPOSE_ROCM_SMI_LIB"), QStringLiteral("none"));
    env.insert(QStringLiteral("GRIPPERPOSE_NVML_LIB"), QStringLiteral("none"));
    env.insert(QStringLiteral("GRIPPERPOSE_DRM_ROOT"), dir.filePath(QStringLiteral("drm")));
    const Run r = gripperpose(
        { QStringLiteral("train"), QStringLiteral("data=") + m_data + QStringLiteral("/data.yaml"),
            QStringLiteral("model=yolov8n-pose"), QStringLiteral("imgsz=64"), QStringLiteral("batch=4"),
            QStringLiteral("epochs=1"), QStringLiteral("workers=0"), QStringLiteral("val=false"),
            QStringLiteral("device=cpu"), QStringLiteral("project=") + dir.filePath(QStringLiteral("runs")),
            QStringLiteral("name=tiny") },
        env);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QList<QByteArray> csv
        = readAll(dir.filePath(QStringLiteral("runs/tiny/telemetry.csv"))).trimmed().split('\n');
    QVERIFY2(csv.size() >= 3, csv.join('\n').constData()); // the header and a row per card
    QVERIFY(csv[0].startsWith("time,backend,device,"));
    QVERIFY2(csv[1].contains(",amdgpu-sysfs,0,AMD Radeon RX 7900 XTX,87,"), csv[1].constData());
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("runs/tiny/results.csv"))));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
