#include "labelaudit.h"

#include <QtTest>

Q_DECLARE_METATYPE(ImageAnnotation)
Q_DECLARE_METATYPE(std::vector<LabelAudit::Finding>)

namespace {

// A gripper pair as a head camera sees it: the left gripper (points 0-6) on the image's
// left around x=300, the right one (7-13) around x=500, all inside the box and the image.
PoseInstance pair(double dx = 0.0, double dy = 0.0)
{
    PoseInstance inst;
    inst.box = QRectF(250 + dx, 150 + dy, 300, 200);
    for (int k = 0; k < 14; ++k) {
        const double x = (k < 7 ? 300 : 500) + 5 * (k % 7) + dx;
        const double y = 200 + 15 * (k % 7) + dy;
        inst.keypoints.push_back(Keypoint{x, y, Keypoint::Visible});
    }
    return inst;
}

ImageAnnotation image(std::vector<PoseInstance> instances)
{
    ImageAnnotation a;
    a.imagePath = QStringLiteral("a.jpg");
    a.imageSize = QSize(1280, 720);
    a.instances = std::move(instances);
    return a;
}

using F = LabelAudit::Finding;
using K = LabelAudit::Kind;

} // namespace

class TestLabelAudit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void audit_data()
    {
        QTest::addColumn<ImageAnnotation>("annotation");
        QTest::addColumn<std::vector<F>>("expected");

        QTest::newRow("no objects") << image({}) << std::vector<F>{};
        QTest::newRow("clean pair") << image({pair()}) << std::vector<F>{};
        QTest::newRow("two clean objects") << image({pair(), pair(0, 300)}) << std::vector<F>{};
        {
            PoseInstance p = pair();
            for (Keypoint &k : p.keypoints)
                k.visibility = Keypoint::Absent;
            p.keypoints[3] = Keypoint{-40, -40, Keypoint::Absent}; // absent points are not checked
            QTest::newRow("absent points ignored") << image({p}) << std::vector<F>{};
        }
        {
            PoseInstance p = pair();
            p.keypoints[3].x = 600; // right of the box (ends at 550), still in the image
            p.keypoints[4].x = 620;
            QTest::newRow("points outside box") << image({p}) << std::vector<F>{{K::PointOutsideBox, 0, -1, 3, 2}};
        }
        {
            PoseInstance p = pair();
            p.keypoints[9].y = 149.8; // within the tolerance
            QTest::newRow("on the box edge") << image({p}) << std::vector<F>{};
        }
        {
            PoseInstance p = pair(0, 0);
            p.box = QRectF(250, 150, 300, 620); // reaches below the image
            p.keypoints[12].y = 730;
            p.keypoints[12].visibility = Keypoint::Occluded;
            QTest::newRow("out of image") << image({p}) << std::vector<F>{{K::OutOfImage, 0, -1, 12, 1}};
        }
        {
            PoseInstance p = pair();
            p.keypoints[0].x = -10; // outside both the image and the box
            QTest::newRow("out of image and box")
                << image({p}) << std::vector<F>{{K::OutOfImage, 0, -1, 0, 1}, {K::PointOutsideBox, 0, -1, 0, 1}};
        }
        {
            PoseInstance p = pair();
            std::rotate(p.keypoints.begin(), p.keypoints.begin() + 7, p.keypoints.end()); // left <-> right
            QTest::newRow("left/right swapped") << image({pair(0, 300), p})
                                                << std::vector<F>{{K::LeftRightSwapped, 1, -1, -1, 0}};
        }
        {
            // Grippers crossed only a little (within 10% of the box width): not flagged.
            PoseInstance p = pair();
            for (int k = 0; k < 7; ++k)
                p.keypoints[size_t(k)].x += 220; // left mean 535 vs right mean 515: 20 px < 30 px margin
            QTest::newRow("crossed within margin") << image({p}) << std::vector<F>{};
        }
        {
            PoseInstance p = pair();
            std::rotate(p.keypoints.begin(), p.keypoints.begin() + 7, p.keypoints.end());
            for (int k = 1; k < 7; ++k)
                p.keypoints[size_t(k)].visibility = Keypoint::Absent; // one left point only
            QTest::newRow("too few points to tell") << image({p}) << std::vector<F>{};
        }
        QTest::newRow("duplicate") << image({pair(), pair(0, 300), pair(1, 1)})
                                   << std::vector<F>{{K::DuplicateInstance, 2, 0, -1, 0}};
        {
            // Same box but different points (two robots one behind the other): not a duplicate.
            PoseInstance p = pair();
            for (Keypoint &k : p.keypoints)
                k.y += 40;
            QTest::newRow("same box, other points") << image({pair(), p}) << std::vector<F>{};
        }
    }

    void audit()
    {
        QFETCH(ImageAnnotation, annotation);
        QFETCH(std::vector<F>, expected);
        const std::vector<F> found = LabelAudit::audit(annotation, Skeleton::defaultGripper());
        QCOMPARE(found.size(), expected.size());
        for (size_t i = 0; i < found.size(); ++i) {
            QCOMPARE(int(found[i].kind), int(expected[i].kind));
            QVERIFY2(found[i] == expected[i], qPrintable(LabelAudit::describe(found[i], Skeleton::defaultGripper())));
        }
    }

    void mirroredCamera()
    {
        // A camera facing the robot sees the right gripper on the image's left.
        PoseInstance p = pair();
        LabelAudit::Options o;
        o.leftOnImageLeft = false;
        const auto found = LabelAudit::audit(image({p}), Skeleton::defaultGripper(), o);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(int(found[0].kind), int(K::LeftRightSwapped));
        std::rotate(p.keypoints.begin(), p.keypoints.begin() + 7, p.keypoints.end());
        QVERIFY(LabelAudit::audit(image({p}), Skeleton::defaultGripper(), o).empty());
    }

    void describe()
    {
        const Skeleton s = Skeleton::defaultGripper();
        QVERIFY(LabelAudit::describe(F{K::PointOutsideBox, 1, -1, 1, 3}, s).contains(QLatin1String("left_palm")));
        QVERIFY(LabelAudit::describe(F{K::DuplicateInstance, 2, 0, -1, 0}, s).contains(QLatin1String("3")));
        for (K k : {K::OutOfImage, K::PointOutsideBox, K::LeftRightSwapped, K::DuplicateInstance})
            QVERIFY(!LabelAudit::kindName(k).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLabelAudit)
#include "tst_labelaudit.moc"
