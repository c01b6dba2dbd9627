// epoch_metrics.json: a file written by hand as the format describes it reads back into the
// metrics it spells out; what the trainer writes reads back the same; a broken, foreign or
// missing file is refused with the file's name and the reason.

#include "epochmetricsfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using gp::EpochMetricsFile;
using gp::PoseMetrics;

class TestEpochMetricsFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheDocumentedForm();
    void roundTrips();
    void refusesWhatItCannotUse_data();
    void refusesWhatItCannotUse();
};

void TestEpochMetricsFile::readsTheDocumentedForm()
{
    const QByteArray json = R"({
      "version": 1, "epoch": 3,
      "metrics": {
        "box": {"precision": 0.9, "recall": 0.8, "map50": 0.7, "map75": 0.6, "map": 0.5},
        "pose": {"precision": 0.4, "recall": 0.3, "map50": 0.2, "map75": 0.1, "map": 0.05},
        "fitness": 0.55, "images": 12, "instances": 20,
        "keypoints": [{"count": 5, "mean_error_px": 2.5, "mean_scaled_error": 0.02, "mean_oks": 0.9}],
        "keypoints_visible": [{"count": 4, "mean_error_px": 2.0, "mean_scaled_error": 0.01, "mean_oks": 0.95}],
        "keypoints_occluded": [{"count": 1, "mean_error_px": 4.5, "mean_scaled_error": 0.06, "mean_oks": 0.7}],
        "visible": {"count": 4, "mean_error_px": 2.0, "mean_scaled_error": 0.01, "mean_oks": 0.95},
        "occluded": {"count": 1, "mean_error_px": 4.5, "mean_scaled_error": 0.06, "mean_oks": 0.7}
      },
      "scenarios": {"low_light": {"box": {"map": 0.25}, "pose": {"map": 0.125}, "images": 3,
                                   "keypoints_occluded": [{"count": 2, "mean_error_px": 9.0}]}}
    })";
    QString error;
    const auto c = EpochMetricsFile::parse(json, QStringLiteral("epoch_metrics.json"), &error);
    QVERIFY2(c, qPrintable(error));
    QCOMPARE(c->epoch, 2); // 0-based, as the trainer's reports
    QCOMPARE(c->metrics.box.precision, 0.9);
    QCOMPARE(c->metrics.box.map75, 0.6);
    QCOMPARE(c->metrics.pose.map, 0.05);
    QCOMPARE(c->metrics.fitness, 0.55);
    QCOMPARE(c->metrics.images, 12);
    QCOMPARE(c->metrics.instances, 20);
    QCOMPARE(c->metrics.perKeypoint.size(), size_t(1));
    QCOMPARE(c->metrics.perKeypoint[0].count, 5);
    QCOMPARE(c->metrics.perKeypointVisible[0].meanOks, 0.95);
    QCOMPARE(c->metrics.perKeypointOccluded[0].meanPixelError, 4.5);
    QCOMPARE(c->metrics.occluded.meanScaledError, 0.06);
    QCOMPARE(c->scenarios.size(), size_t(1));
    const PoseMetrics &dark = c->scenarios.at(QStringLiteral("low_light"));
    QCOMPARE(dark.pose.map, 0.125);
    QCOMPARE(dark.images, 3);
    QCOMPARE(dark.perKeypointOccluded[0].meanPixelError, 9.0);
    QCOMPARE(dark.perKeypointOccluded[0].count, 2);
}

void TestEpochMetricsFile::roundTrips()
{
    EpochMetricsFile::Contents c;
    c.epoch = 41;
    c.metrics.box = { 0.1, 0.2, 0.3, 0.4, 0.5, {} };
    c.metrics.pose = { 0.6, 0.7, 0.8, 0.9, 1.0 / 3, {} };
    c.metrics.fitness = 0.1 + 1.0 / 3;
    for (int k = 0; k < 14; ++k) {
        c.metrics.perKeypoint.push_back({ k, 1.0 / (k + 1), 0.5 / (k + 1), 0.9 });
        c.metrics.perKeypointVisible.push_back({ k, 2.0 / (k + 1), 0.1, 0.8 });
        c.metrics.perKeypointOccluded.push_back({ k, 3.0 / (k + 1), 0.2, 0.7 });
    }
    c.scenarios[QStringLiteral("occlusion")] = c.metrics;
    c.scenarios[QStringLiteral("occlusion")].pose.map = 0.125;
    QTemporaryDir dir;
    const QString path = dir.filePath(QLatin1String(EpochMetricsFile::kFileName));
    QString error;
    QVERIFY2(EpochMetricsFile::write(path, c, &error), qPrintable(error));
    const auto back = EpochMetricsFile::read(path, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->epoch, 41);
    QCOMPARE(back->metrics.pose.map, 1.0 / 3); // JSON keeps every bit of a double
    QCOMPARE(back->metrics.fitness, c.metrics.fitness);
    QCOMPARE(back->metrics.perKeypointOccluded.size(), size_t(14));
    for (int k = 0; k < 14; ++k) {
        QCOMPARE(back->metrics.perKeypoint[size_t(k)].meanPixelError, 1.0 / (k + 1));
        QCOMPARE(back->metrics.perKeypointVisible[size_t(k)].meanPixelError, 2.0 / (k + 1));
        QCOMPARE(back->metrics.perKeypointOccluded[size_t(k)].count, k);
    }
    QCOMPARE(back->scenarios.at(QStringLiteral("occlusion")).pose.map, 0.125);
}

void TestEpochMetricsFile::refusesWhatItCannotUse_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not JSON") << QByteArray("{ \"version\": 1,") << QStringLiteral("not JSON");
    QTest::newRow("another version") << QByteArray(R"({"version": 2, "epoch": 1, "metrics": {}})")
                                     << QStringLiteral("version 2");
    QTest::newRow("no epoch") << QByteArray(R"({"version": 1, "metrics": {}})") << QStringLiteral("epoch");
    QTest::newRow("no metrics") << QByteArray(R"({"version": 1, "epoch": 2})") << QStringLiteral("metrics");
}

void TestEpochMetricsFile::refusesWhatItCannotUse()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, reason);
    QString error;
    QVERIFY(!EpochMetricsFile::parse(json, QStringLiteral("runs/pose/a/epoch_metrics.json"), &error));
    QVERIFY2(error.startsWith(QStringLiteral("runs/pose/a/epoch_metrics.json: ")), qPrintable(error));
    QVERIFY2(error.contains(reason), qPrintable(error));
    QVERIFY(!EpochMetricsFile::read(QStringLiteral("/no/such/epoch_metrics.json"), &error));
    QVERIFY(error.contains(QStringLiteral("/no/such/epoch_metrics.json")));
}

QTEST_GUILESS_MAIN(TestEpochMetricsFile)
#include "tst_epochmetricsfile.moc"
