#include "../core/testdatasets.h"
#include "trainingdata.h"

#include <QTemporaryDir>
#include <QTest>

using gp::DatasetIssue;
using gp::TrainingData;

using namespace testdatasets;

// What a training run (and a validation) gets to train on: the fatal dataset problems stop
// it before any batch, with the message the user reads.
class TestTrainingData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void usableDataset();
    void fatalProblemsStopTraining_data();
    void fatalProblemsStopTraining();
    void validationChecksItsSplitOnly();
};

void TestTrainingData::usableDataset()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 3);
    writeFile(dir.filePath(QStringLiteral("labels/train/img2.txt")), labelLine(2.0)); // skipped, not fatal
    QString error;
    const auto data = TrainingData::forTraining(yaml, QString(), &error);
    QVERIFY2(data, qPrintable(error));
    QCOMPARE(data->train.size(), size_t(2));
    QCOMPARE(data->val.size(), size_t(3));
    QCOMPARE(data->problems.size(), size_t(1));
    QCOMPARE(data->problems.issues[0].kind, DatasetIssue::Kind::CoordinateOutOfRange);
}

void TestTrainingData::fatalProblemsStopTraining_data()
{
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<QString>("message");
    const QByteArray flip = "flip_idx: [7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6]";
    QTest::newRow("flip_idx with 13 entries")
        << flip << QByteArray("flip_idx: [7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5]") << "got 13 entries";
    QTest::newRow("flip_idx out of range")
        << flip << QByteArray("flip_idx: [99, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, -1]")
        << "must be a permutation of 0..13";
    QTest::newRow("flip_idx all zeros") << flip << QByteArray("flip_idx: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]")
                                        << "must be a permutation of 0..13";
    QTest::newRow("kpt_shape against the labels")
        << QByteArray("kpt_shape: [14, 3]") << QByteArray("kpt_shape: [14, 2]") << "which fits kpt_shape [14, 3]";
    QTest::newRow("no names") << QByteArray("names:") << QByteArray("nomen:") << "\"names\" is missing";
    QTest::newRow("no val folder") << QByteArray("val: images/val") << QByteArray("val: images/nothing")
                                   << "the val images";
}

void TestTrainingData::fatalProblemsStopTraining()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    const QByteArray text = readFile(yaml);
    QVERIFY2(text.contains(from), text.constData());
    writeFile(yaml, QByteArray(text).replace(from, to));
    QString error;
    QVERIFY(!TrainingData::forTraining(yaml, QString(), &error));
    QVERIFY2(
        error.startsWith(QFileInfo(yaml).absoluteFilePath() + QStringLiteral(" cannot be used:")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestTrainingData::validationChecksItsSplitOnly()
{
    QTemporaryDir dir;
    const QString yaml = makeDataset(dir.path(), 2);
    for (int i = 0; i < 2; ++i)
        writeFile(dir.filePath(QStringLiteral("labels/train/img%1.txt").arg(i)), QByteArray()); // no object in train
    QString error;
    const auto val = TrainingData::forValidation(yaml, QStringLiteral("val"), QString(), &error);
    QVERIFY2(val, qPrintable(error));
    QCOMPARE(val->val.size(), size_t(2));
    QVERIFY(!TrainingData::forValidation(yaml, QStringLiteral("test"), QString(), &error));
    QVERIFY2(error.contains(QStringLiteral("data.yaml has no test split")), qPrintable(error));
    QVERIFY(!TrainingData::forTraining(yaml, QString(), &error));
    QVERIFY2(error.contains(QStringLiteral("the train split has no labelled object")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestTrainingData)
#include "tst_trainingdata.moc"
