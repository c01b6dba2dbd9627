// The per-keypoint panel: left and right points side by side from the skeleton's flip
// pairs, the errors of points labelled visible and occluded, and the scenario selector of
// a val set tagged in scenarios.yaml, chosen with the keyboard as a user does; the choice
// kept from one validation to the next.

#include "keypointerrortable.h"
#include "skeleton.h"

#include <QComboBox>
#include <QLabel>
#include <QTableWidget>
#include <QTest>

using gp::PoseMetrics;
using gp::Skeleton;

namespace {

// Metrics whose error for keypoint k is base + k (visible) and base + 100 + k (occluded).
PoseMetrics metrics(double base, int images, double poseMap, int keypoints)
{
    PoseMetrics m;
    m.images = images;
    m.pose.map = poseMap;
    m.box.map = poseMap / 2;
    for (int k = 0; k < keypoints; ++k) {
        m.perKeypointVisible.push_back({ 3, base + k, 0.1, 0.9 });
        m.perKeypointOccluded.push_back({ 1, base + 100 + k, 0.3, 0.5 });
        m.perKeypoint.push_back({ 4, base + 25 + k, 0.2, 0.8 });
    }
    return m;
}

QString px(double v)
{
    return QString::number(v, 'f', 2);
}

} // namespace

class TestKeypointErrorTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pairsLeftAndRight();
    void scenarioSelector();
};

void TestKeypointErrorTable::pairsLeftAndRight()
{
    const Skeleton skeleton = Skeleton::defaultGripper();
    KeypointErrorTable table(skeleton);
    const int n = skeleton.keypointCount();
    table.setMetrics(metrics(1.0, 10, 0.5, n), 0);
    // Every point once, each left of its flip partner.
    std::vector<int> seen(size_t(n), 0);
    for (const auto &[l, r] : table.rowPoints()) {
        if (l >= 0)
            ++seen[size_t(l)];
        if (r >= 0)
            ++seen[size_t(r)];
        if (l >= 0 && r >= 0) {
            QCOMPARE(skeleton.points()[size_t(l)].side, Skeleton::Side::Left);
            QCOMPARE(skeleton.flipIndex()[size_t(l)], r);
        }
    }
    QCOMPARE(std::count(seen.begin(), seen.end(), 1), long(n));
    QCOMPARE(table.table()->rowCount(), int(table.rowPoints().size()));
    const auto [l, r] = table.rowPoints().front();
    QCOMPARE(table.table()->item(0, KeypointErrorTable::LeftVisibleColumn)->text(), px(1.0 + l));
    QCOMPARE(table.table()->item(0, KeypointErrorTable::RightOccludedColumn)->text(), px(101.0 + r));
    QCOMPARE(table.table()->item(0, KeypointErrorTable::LeftOksColumn)->text(), QStringLiteral("0.800"));
    // No tags: no selector.
    QVERIFY(table.scenarioBox()->isHidden());
}

void TestKeypointErrorTable::scenarioSelector()
{
    const Skeleton skeleton = Skeleton::defaultGripper();
    const int n = skeleton.keypointCount();
    KeypointErrorTable table(skeleton);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    std::map<QString, PoseMetrics> scenarios { { QStringLiteral("normal"), metrics(2.0, 6, 0.6, n) },
        { QStringLiteral("occlusion"), metrics(30.0, 3, 0.2, n) },
        { QStringLiteral("low_light"), metrics(50.0, 1, 0.1, n) } };
    table.setMetrics(metrics(1.0, 10, 0.5, n), 2, scenarios);
    QComboBox *box = table.scenarioBox();
    QVERIFY(box->isVisible());
    // All images first, then the tags in their order (low_light, normal, occlusion).
    QCOMPARE(box->count(), 4);
    QCOMPARE(box->itemText(0), QStringLiteral("All images"));
    QCOMPARE(box->itemData(3).toString(), QStringLiteral("occlusion"));
    QCOMPARE(box->itemText(3), KeypointErrorTable::scenarioName(QStringLiteral("occlusion")));
    const int left = table.rowPoints().front().first;
    auto cell = [&table](int column) { return table.table()->item(0, column)->text(); };
    QCOMPARE(cell(KeypointErrorTable::LeftVisibleColumn), px(1.0 + left));

    // Down, Down, Down: occlusion.
    box->setFocus();
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(table.scenario(), QStringLiteral("occlusion"));
    QCOMPARE(cell(KeypointErrorTable::LeftVisibleColumn), px(30.0 + left));
    QCOMPARE(cell(KeypointErrorTable::LeftOccludedColumn), px(130.0 + left));
    const QString summary = table.scenarioSummary()->text();
    QVERIFY2(summary.contains(QStringLiteral("3 image")) && summary.contains(QStringLiteral("0.200"))
            && summary.contains(QStringLiteral("0.100")),
        qPrintable(summary));

    // The next validation keeps the scenario.
    scenarios[QStringLiteral("occlusion")] = metrics(40.0, 3, 0.3, n);
    table.setMetrics(metrics(1.5, 10, 0.55, n), 3, scenarios);
    QCOMPARE(box->currentData().toString(), QStringLiteral("occlusion"));
    QCOMPARE(cell(KeypointErrorTable::LeftVisibleColumn), px(40.0 + left));
    // Back to all images.
    QTest::keyClick(box, Qt::Key_Home);
    QCOMPARE(table.scenario(), QString());
    QCOMPARE(cell(KeypointErrorTable::LeftVisibleColumn), px(1.5 + left));
    // A validation without that tag shows all images.
    QTest::keyClick(box, Qt::Key_End);
    scenarios.erase(QStringLiteral("occlusion"));
    table.setMetrics(metrics(1.0, 10, 0.5, n), 4, scenarios);
    QCOMPARE(box->count(), 3);
    QCOMPARE(box->currentIndex(), 0);
    QCOMPARE(cell(KeypointErrorTable::LeftVisibleColumn), px(1.0 + left));
}

QTEST_MAIN(TestKeypointErrorTable)
#include "tst_keypointerrortable.moc"
