#include "labelaudit.h"

#include <QtTest>

using gp::ImageAnnotation;
using gp::Keypoint;
using gp::LabelAudit;
using gp::PoseInstance;
using gp::Skeleton;

Q_DECLARE_METATYPE(gp::ImageAnnotation)
Q_DECLARE_METATYPE(std::vector<gp::LabelAudit::Finding>)

namespace {

// A gripper pair as a head camera sees it: fingers pointing up the image (each side's
// root, the wrist, lowest), the left gripper (points 0-6) on the image's left around
// x=300, the right one (7-13) around x=500, all inside the box and the image.
PoseInstance pair(double dx = 0.0, double dy = 0.0)
{
    PoseInstance inst;
    inst.box = QRectF(250 + dx, 150 + dy, 300, 200);
    for (int k = 0; k < 14; ++k) {
        const double x = (k < 7 ? 300 : 500) + 5 * (k % 7) + dx;
        const double y = 340 - 15 * (k % 7) + dy;
        inst.keypoints.push_back(Keypoint { x, y, Keypoint::Visible });
    }
    return inst;
}

// The same turned half a turn about its box's centre: a camera facing the robot, fingers
// pointing down, the left gripper on the image's right. Still correct.
PoseInstance turned(PoseInstance inst)
{
    const QPointF c = inst.box.center();
    for (Keypoint &k : inst.keypoints) {
        k.x = 2 * c.x() - k.x;
        k.y = 2 * c.y() - k.y;
    }
    return inst;
}

PoseInstance swapped(PoseInstance inst)
{
    std::rotate(inst.keypoints.begin(), inst.keypoints.begin() + 7, inst.keypoints.end());
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

        QTest::newRow("no objects") << image({}) << std::vector<F> {};
        QTest::newRow("clean pair") << image({ pair() }) << std::vector<F> {};
        QTest::newRow("two clean objects") << image({ pair(), pair(0, 300) }) << std::vector<F> {};
        {
            PoseInstance p = pair();
            for (Keypoint &k : p.keypoints)
                k.visibility = Keypoint::Absent;
            p.keypoints[3] = Keypoint { -40, -40, Keypoint::Absent }; // absent points are not checked
            QTest::newRow("absent points ignored") << image({ p }) << std::vector<F> {};
        }
        {
            PoseInstance p = pair();
            p.keypoints[3].x = 600; // right of the box (ends at 550), still in the image
            p.keypoints[4].x = 620;
            QTest::newRow("points outside box")
                << image({ p }) << std::vector<F> { { K::PointOutsideBox, 0, -1, 3, 2 } };
        }
        {
            PoseInstance p = pair();
            p.keypoints[9].y = 149.8; // within the tolerance
            QTest::newRow("on the box edge") << image({ p }) << std::vector<F> {};
        }
        {
            PoseInstance p = pair(0, 0);
            p.box = QRectF(250, 150, 300, 620); // reaches below the image
            p.keypoints[12].y = 730;
            p.keypoints[12].visibility = Keypoint::Occluded;
            QTest::newRow("out of image") << image({ p }) << std::vector<F> { { K::OutOfImage, 0, -1, 12, 1 } };
        }
        {
            PoseInstance p = pair();
            p.keypoints[0].x = -10; // outside both the image and the box
            QTest::newRow("out of image and box") << image(
                { p }) << std::vector<F> { { K::OutOfImage, 0, -1, 0, 1 }, { K::PointOutsideBox, 0, -1, 0, 1 } };
        }
        QTest::newRow("left/right swapped")
            << image({ pair(0, 300), swapped(pair()) }) << std::vector<F> { { K::LeftRightSwapped, 1, -1, -1, 0 } };
        QTest::newRow("facing the camera") << image({ turned(pair()) }) << std::vector<F> {};
        QTest::newRow("facing the camera, swapped")
            << image({ swapped(turned(pair())) }) << std::vector<F> { { K::LeftRightSwapped, 0, -1, -1, 0 } };
        {
            // Grippers side by side but one behind the other along the fingers (nearly in
            // line): too close to call.
            PoseInstance p = pair();
            for (int k = 0; k < 7; ++k) {
                p.keypoints[size_t(k)].x += 190;
                p.keypoints[size_t(k)].y -= 150; // on top of the right one, further up
            }
            p.box = QRectF(250, 30, 300, 320);
            QTest::newRow("in line") << image({ p }) << std::vector<F> {};
        }
        {
            PoseInstance p = swapped(pair());
            p.keypoints[0].visibility = Keypoint::Absent; // the left root
            p.keypoints[7].visibility = Keypoint::Absent; // the right root
            QTest::newRow("no root to tell the direction") << image({ p }) << std::vector<F> {};
        }
        {
            PoseInstance p = swapped(pair());
            for (int k = 1; k < 7; ++k)
                p.keypoints[size_t(k)].visibility = Keypoint::Absent; // one left point only
            QTest::newRow("too few points to tell") << image({ p }) << std::vector<F> {};
        }
        QTest::newRow("duplicate") << image({ pair(), pair(0, 300), pair(1, 1) })
                                   << std::vector<F> { { K::DuplicateInstance, 2, 0, -1, 0 } };
        {
            // Same box but different points (two robots one behind the other): not a duplicate.
            PoseInstance p = pair();
            for (Keypoint &k : p.keypoints)
                k.y -= 40;
            QTest::newRow("same box, other points") << image({ pair(), p }) << std::vector<F> {};
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
        // Images taken through a mirror (or flipped): the rule is reversed.
        LabelAudit::Options o;
        o.mirrored = true;
        const auto found = LabelAudit::audit(image({ pair() }), Skeleton::defaultGripper(), o);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(int(found[0].kind), int(K::LeftRightSwapped));
        QVERIFY(LabelAudit::audit(image({ swapped(pair()) }), Skeleton::defaultGripper(), o).empty());
    }

    void describe()
    {
        const Skeleton s = Skeleton::defaultGripper();
        QVERIFY(LabelAudit::describe(F { K::PointOutsideBox, 1, -1, 1, 3 }, s).contains(QLatin1String("left_palm")));
        QVERIFY(LabelAudit::describe(F { K::DuplicateInstance, 2, 0, -1, 0 }, s).contains(QLatin1String("3")));
        for (K k : { K::OutOfImage, K::PointOutsideBox, K::LeftRightSwapped, K::DuplicateInstance })
            QVERIFY(!LabelAudit::kindName(k).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLabelAudit)
#include "tst_labelaudit.moc"
