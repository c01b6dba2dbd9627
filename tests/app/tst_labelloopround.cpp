// One round of the labelling loop through the workspaces, as a user drives it: "Train on My
// Labels, then Pre-label Again" in the Label workspace trains on the accepted labels only (in the
// Train workspace's machinery), then pre-labels the unlabelled images and revises the image under
// review with the new model, never moving the point a person placed there.

#include "annotationdocument.h"
#include "assistsettingsdialog.h"
#include "datasetconfig.h"
#include "imagelistmodel.h"
#include "labelfile.h"
#include "labelworkspace.h"
#include "loopcontroller.h"
#include "loopdataset.h"
#include "pointorigins.h"
#include "project.h"
#include "reviewstate.h"
#include "tinydataset.h"
#include "trainworkspace.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QListView>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using gp::Keypoint;
using gp::PoseInstance;

class TestLabelLoopRound : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void oneRound();

private:
    QTemporaryDir m_tmp;
};

void TestLabelLoopRound::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio Loop Test"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_tmp.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_tmp.filePath(QStringLiteral("settings")));
}

void TestLabelLoopRound::oneRound()
{
    QString error;
    const QString dir = m_tmp.filePath(QStringLiteral("project"));
    QVERIFY2(!testsupport::makeTinyDataset(dir, &error).isEmpty(), qPrintable(error));
    gp::DatasetIssueList issues;
    const auto config = gp::DatasetConfig::load(dir + QStringLiteral("/data.yaml"), &issues);
    QVERIFY(config);
    const QStringList train = config->imageFiles(QStringLiteral("train"));
    // Two images unlabelled; one a model labelled, with one point a person placed since.
    const QString unlabelled = train[0], reviewed = train[1];
    QVERIFY(QFile::remove(gp::DatasetConfig::labelFileFor(train[0])));
    const QSize size(192, 128);
    const QString reviewedLabels = gp::DatasetConfig::labelFileFor(reviewed);
    std::vector<PoseInstance> objects = gp::LabelFile::read(reviewedLabels, size, config->labelFormat(), &issues);
    QVERIFY(!objects.empty());
    for (Keypoint &k : objects[0].keypoints)
        if (k.isLabelled()) {
            k.origin = Keypoint::Origin::Model;
            k.confidence = 0.6f;
        }
    int personPoint = 0;
    while (!objects[0].keypoints[size_t(personPoint)].isLabelled())
        ++personPoint;
    objects[0].keypoints[size_t(personPoint)].origin = Keypoint::Origin::Person;
    QVERIFY(gp::PointOrigins::write(dir, reviewed, objects, &error));
    gp::ReviewState review;
    QVERIFY(review.load(dir, &error));
    review.add({ reviewed });
    QVERIFY(review.save(&error));
    const Keypoint placed = objects[0].keypoints[size_t(personPoint)];

    auto project = gp::Project::open(dir, &error);
    QVERIFY2(project, qPrintable(error));
    auto shared = std::make_shared<const gp::Project>(*project);
    LabelWorkspace label;
    TrainWorkspace train2;
    LoopController loop(&label, &train2);
    label.resize(1200, 800);
    label.setProject(shared);
    train2.setProject(shared);
    loop.setProject(shared);
    label.show();
    QTRY_VERIFY_WITH_TIMEOUT(!label.shownFile().isEmpty(), 60000);
    // An untrained network at 64 px: the round starts from scratch (no run yet), small and quick.
    label.setPrelabelModel(QStringLiteral("yolov8n-pose"), 64, 0.0);

    QSignalSpy started(&loop, &LoopController::roundStarted);
    QSignalSpy finished(&loop, &LoopController::roundFinished);
    auto *action = label.findChild<QAction *>(QStringLiteral("trainOnLabels"));
    QVERIFY(action);
    action->trigger();
    QCOMPARE(started.count(), 1);
    // Trained on the accepted labels only: not the unlabelled image, not the one under review.
    const int total
        = int(config->imageFiles(QStringLiteral("train")).size() + config->imageFiles(QStringLiteral("val")).size());
    QCOMPARE(started.at(0).at(1).toInt() + started.at(0).at(2).toInt(), total - 2);
    const QString trainList = QDir(gp::LoopDataset::dirFor(dir)).filePath(QStringLiteral("train.txt"));
    QFile list(trainList);
    QVERIFY(list.open(QIODevice::ReadOnly));
    const QByteArray listed = list.readAll();
    QVERIFY(!listed.contains(QFileInfo(unlabelled).fileName().toUtf8()));
    QVERIFY(!listed.contains(QFileInfo(reviewed).fileName().toUtf8()));
    QVERIFY(train2.isTraining());

    QVERIFY(finished.wait(600000));
    const QString summary = finished.at(0).at(0).toString();
    qInfo("%s", qPrintable(summary));
    QVERIFY2(summary.contains(QLatin1String("Round 1: the new model")), qPrintable(summary));
    QVERIFY(QFile::exists(QDir(shared->runsDir()).filePath(QStringLiteral("loop/weights/best.ckpt"))));
    // The unlabelled image got the new model's labels and awaits review.
    QVERIFY(QFile::exists(gp::DatasetConfig::labelFileFor(unlabelled)));
    QVERIFY(label.needsReview(unlabelled));
    // The person's point under review did not move, whatever the model now says.
    std::vector<PoseInstance> after = gp::LabelFile::read(reviewedLabels, size, config->labelFormat(), &issues);
    QVERIFY(gp::PointOrigins::apply(dir, reviewed, &after, true, &error));
    bool kept = false;
    for (const PoseInstance &p : after) {
        const Keypoint &k = p.keypoints[size_t(personPoint)];
        kept = kept
            || (k.origin == Keypoint::Origin::Person && std::abs(k.x - placed.x) < 0.01
                && std::abs(k.y - placed.y) < 0.01);
    }
    QVERIFY(kept);
    // Then the same model ranked the images nobody has reviewed: the list shows them first,
    // numbered, and the first one is on screen.
    QVERIFY2(summary.contains(QLatin1String("suggested for review")), qPrintable(summary));
    const QStringList suggested = label.suggestions();
    QCOMPARE(QSet<QString>(suggested.begin(), suggested.end()), (QSet<QString> { unlabelled, reviewed }));
    QTRY_COMPARE(label.shownFile(), suggested.front());
    auto *view = label.findChild<QListView *>(QStringLiteral("imageList"));
    auto *first = label.findChild<QCheckBox *>(QStringLiteral("suggestedFirst"));
    QVERIFY(view && first);
    QVERIFY(first->isChecked());
    QCOMPARE(view->model()->index(0, 0).data(ImageListModel::FileRole).toString(), suggested.front());
    QCOMPARE(view->model()->index(1, 0).data(ImageListModel::FileRole).toString(), suggested.at(1));
    QVERIFY(view->model()->index(0, 0).data().toString().startsWith(QLatin1String("#1")));
    if (qEnvironmentVariableIsSet("GP_SCREENSHOT_DIR")) {
        // At a laptop's size, and the review settings with the suggestion strategy.
        label.resize(1366, 768);
        QTest::qWait(200);
        label.grab().save(qEnvironmentVariable("GP_SCREENSHOT_DIR") + QStringLiteral("/label-suggestions.png"));
        AssistSettingsDialog settings(label.assist()->settings());
        settings.grab().save(qEnvironmentVariable("GP_SCREENSHOT_DIR") + QStringLiteral("/review-settings.png"));
    }
    // → goes to the second suggestion.
    label.nextImage();
    QTRY_COMPARE(label.shownFile(), suggested.at(1));
    // Unticked with the mouse, the list is in its own order again, still numbered.
    QTest::mouseClick(first, Qt::LeftButton, {}, QPoint(8, first->height() / 2));
    QVERIFY(!first->isChecked());
    QCOMPARE(view->model()->index(0, 0).data(ImageListModel::FileRole).toString(), label.imageModel()->entry(0).file);
    // And the loop goes round again from the same place.
    QVERIFY(!loop.isRunning());
}

QTEST_MAIN(TestLabelLoopRound)
#include "tst_labelloopround.moc"
