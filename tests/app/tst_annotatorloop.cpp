// The simulated annotator's loop, short (bench/annotator/loopmain.cpp, "The labelling loop" in
// BENCHMARKS): six generated images from zero labels, in batches of three, so one round trains,
// pre-labels and suggests between the batches, all through the real workspaces. The report says
// every image was labelled within tolerance, with the round's machine time, the GUI's longest
// stall and the model scored on a held-out set.

#include "skeleton.h"
#include "synthgenerator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestAnnotatorLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneRoundOnTinyData();
};

void TestAnnotatorLoop::oneRoundOnTinyData()
{
    QTemporaryDir tmp;
    QString error;
    for (const auto &[name, seed] : { std::pair { "fresh", 21 }, std::pair { "eval", 22 } }) {
        gp::SynthOptions o;
        o.outDir = tmp.filePath(QLatin1String(name));
        o.count = 6;
        o.valFraction = QLatin1String(name) == QLatin1String("eval") ? 0.5 : 0.0;
        o.imageSize = QSize(320, 192);
        o.seed = uint32_t(seed);
        o.videoFrames = 0;
        QVERIFY2(gp::SynthGenerator(gp::Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    }
    const QString report = tmp.filePath(QStringLiteral("loop.json")), plot = tmp.filePath(QStringLiteral("loop.png"));
    QProcess loop;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    loop.setProcessEnvironment(env);
    loop.setProcessChannelMode(QProcess::MergedChannels);
    loop.start(QStringLiteral(GP_ANNOTATOR_LOOP),
        { QStringLiteral("fresh=") + tmp.filePath(QStringLiteral("fresh")),
            QStringLiteral("eval=") + tmp.filePath(QStringLiteral("eval/data.yaml")), QStringLiteral("images=6"),
            QStringLiteral("batch=3"), QStringLiteral("imgsz=64"), QStringLiteral("suggest=mixed"),
            QStringLiteral("manual_per_image=20"), QStringLiteral("report=") + report,
            QStringLiteral("plot=") + plot });
    QVERIFY(loop.waitForFinished(600000));
    const QString output = QString::fromUtf8(loop.readAll());
    QVERIFY2(loop.exitStatus() == QProcess::NormalExit && loop.exitCode() == 0, qPrintable(output));
    QFile f(report);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject r = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(r.value(QStringLiteral("images")).toInt(), 6);
    QCOMPARE(r.value(QStringLiteral("within_4px")).toDouble(), 1.0);
    QVERIFY(r.value(QStringLiteral("actions")).toInt() > 0);
    const QJsonArray rounds = r.value(QStringLiteral("rounds")).toArray();
    QCOMPARE(rounds.size(), 2);
    const QJsonObject first = rounds.at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("images_done")).toInt(), 3);
    QVERIFY(first.value(QStringLiteral("machine_seconds")).toDouble() > 0);
    QVERIFY(first.contains(QStringLiteral("longest_stall_ms")));
    // The round's model was scored by `gripperpose val` (0 is a score; -1 would be none).
    QVERIFY(first.value(QStringLiteral("next_model_pose_map")).toDouble(-1) >= 0);
    QVERIFY2(first.value(QStringLiteral("summary")).toString().contains(QLatin1String("suggested")),
        qPrintable(first.value(QStringLiteral("summary")).toString()));
    QCOMPARE(rounds.at(1).toObject().value(QStringLiteral("images_done")).toInt(), 6);
    QVERIFY(QFile::exists(plot));
    QVERIFY(QFile::exists(tmp.filePath(QStringLiteral("loop_machine.png"))));
}

QTEST_GUILESS_MAIN(TestAnnotatorLoop)
#include "tst_annotatorloop.moc"
