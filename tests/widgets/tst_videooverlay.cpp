// What the Video workspace draws must stay readable: the tags at boxes (the ground truth's
// "track N", the predictions' "#N · score", the status line) never cover one another, and
// the timeline strips' labels never overlap, whatever the font; a click on a strip still
// asks for the frame under the mouse.

#include "captionlayout.h"
#include "poseoverlayview.h"
#include "timelinestrips.h"

#include <QSignalSpy>
#include <QTest>

using gp::ImageAnnotation;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;
using gp::TrackedPose;

namespace {

bool overlaps(const QRectF &a, const QRectF &b)
{
    const QRectF o = a.intersected(b);
    return o.width() > 0.5 && o.height() > 0.5;
}

// Every pair of the non-empty rectangles is disjoint; the message names the first pair that is not.
QString firstOverlap(const std::vector<QRectF> &rects)
{
    for (size_t i = 0; i < rects.size(); ++i)
        for (size_t j = i + 1; j < rects.size(); ++j)
            if (!rects[i].isEmpty() && !rects[j].isEmpty() && overlaps(rects[i], rects[j]))
                return QStringLiteral("%1 and %2 overlap").arg(i).arg(j);
    return {};
}

// A caption belongs to its box: it touches the box (outside it or just inside a corner).
bool touches(const QRectF &caption, const QRectF &box)
{
    return caption.intersects(box.adjusted(-1, -1, 1, 1));
}

PoseInstance truthInstance(const QRectF &box)
{
    PoseInstance p;
    p.box = box;
    p.keypoints.resize(14);
    for (int k = 0; k < 14; ++k)
        p.keypoints[size_t(k)] = { box.left() + 5 * k, box.center().y(), Keypoint::Visible };
    return p;
}

TrackedPose track(int id, const QRectF &box)
{
    TrackedPose t;
    t.trackId = id;
    t.score = 0.87;
    t.box = t.rawBox = { box.left(), box.top(), box.right(), box.bottom() };
    for (int k = 0; k < 14; ++k)
        t.keypoints.push_back({ box.left() + 5 * k, box.center().y(), 0.9, box.left() + 5 * k, box.center().y() });
    return t;
}

} // namespace

class TestVideoOverlay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void captionLayoutKeepsTagsApart()
    {
        CaptionLayout layout(QRectF(0, 0, 400, 300));
        const QRectF box(100, 100, 120, 80);
        const QSizeF tag(60, 14);
        // A free box: the tag sits on the box's top edge at the left, as before.
        const QRectF first = layout.place(box, tag);
        QCOMPARE(first, QRectF(box.left(), box.top() - tag.height(), tag.width(), tag.height()));
        // The same box again and again (a prediction over its ground truth): each tag
        // somewhere else, all still at the box, none over another or outside the bounds.
        std::vector<QRectF> rects { first };
        for (int i = 0; i < 5; ++i) {
            rects.push_back(layout.place(box, tag));
            QVERIFY(touches(rects.back(), box));
            QVERIFY(QRectF(0, 0, 400, 300).contains(rects.back()));
        }
        QString why = firstOverlap(rects);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        // Crowded: stacked further away, never overlapping.
        for (int i = 0; i < 6; ++i)
            rects.push_back(layout.place(box, tag));
        why = firstOverlap(rects);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QCOMPARE(layout.taken().size(), rects.size());

        // A box at the top of the view: its tag goes below it, not off screen.
        CaptionLayout top(QRectF(0, 0, 400, 300));
        const QRectF atTop(10, 2, 100, 50);
        const QRectF placed = top.place(atTop, tag);
        QVERIFY(QRectF(0, 0, 400, 300).contains(placed));
        QCOMPARE(placed.top(), atTop.bottom());
        // A reserved rectangle (the status line) is avoided.
        CaptionLayout reserved(QRectF(0, 0, 400, 300));
        reserved.reserve(QRectF(0, 80, 300, 20));
        QVERIFY(!overlaps(reserved.place(box, tag), QRectF(0, 80, 300, 20)));
    }

    void predictionCaptionsBesideTruthCaptions()
    {
        PoseOverlayView view(Skeleton::defaultGripper());
        view.resize(800, 450);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QImage frame(1280, 720, QImage::Format_RGB888);
        frame.fill(QColor(90, 90, 90));
        view.setImage(frame);
        // Two ground-truth grippers side by side, each predicted a few pixels off (the usual
        // case, and the one where the tags used to land on each other).
        const QRectF a(200, 200, 260, 200), b(470, 210, 260, 190);
        ImageAnnotation truth;
        truth.imageSize = frame.size();
        truth.instances = { truthInstance(a), truthInstance(b) };
        view.setAnnotation(truth);
        view.setInstanceCaptions({ QStringLiteral("track 0"), QStringLiteral("track 1") });
        view.setPrediction({ track(1, a.translated(3, 4)), track(2, b.translated(-2, 6)) });
        view.setStatusText(QStringLiteral("ground-truth error 4.2 px"));

        const std::vector<QRectF> truthTags = view.instanceCaptionRects();
        const std::vector<QRectF> predTags = view.trackCaptionRects();
        QCOMPARE(truthTags.size(), size_t(2));
        QCOMPARE(predTags.size(), size_t(2));
        std::vector<QRectF> all = truthTags;
        all.insert(all.end(), predTags.begin(), predTags.end());
        all.push_back(view.statusRect());
        for (const QRectF &r : all)
            QVERIFY(!r.isEmpty());
        const QString why = firstOverlap(all);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QVERIFY(touches(truthTags[0], view.imageToView(a)));
        QVERIFY(touches(truthTags[1], view.imageToView(b)));
        QVERIFY(touches(predTags[0], view.imageToView(a.translated(3, 4))));
        QVERIFY(touches(predTags[1], view.imageToView(b.translated(-2, 6))));

        // On screen: the ground truth's tags keep their fill colour where no text is drawn
        // (their top-left pixels), so no prediction tag was painted over them.
        const QImage shot = view.grab().toImage();
        const QColor fill = Skeleton::defaultGripper().sideColor(Skeleton::Side::Center);
        for (const QRectF &r : truthTags) {
            const QColor seen = shot.pixelColor(QPoint(int(r.left()) + 2, int(r.top()) + 1));
            QVERIFY2(qAbs(seen.red() - fill.red()) < 8 && qAbs(seen.green() - fill.green()) < 8
                    && qAbs(seen.blue() - fill.blue()) < 8,
                qPrintable(seen.name() + QStringLiteral(" instead of ") + fill.name()));
        }
        // Without track ids there are no prediction tags.
        OverlayOptions o = view.overlayOptions();
        o.trackIds = false;
        view.setOverlayOptions(o);
        for (const QRectF &r : view.trackCaptionRects())
            QVERIFY(r.isEmpty());
    }

    void stripLabelsNeverOverlap_data()
    {
        QTest::addColumn<double>("pointSize");
        QTest::newRow("default font") << 0.0;
        QTest::newRow("large font") << 16.0;
    }

    void stripLabelsNeverOverlap()
    {
        QFETCH(double, pointSize);
        TimelineStrips strips;
        if (pointSize > 0) {
            QFont f = strips.font();
            f.setPointSizeF(pointSize);
            strips.setFont(f);
        }
        strips.resize(800, strips.sizeHint().height());
        const int rows = strips.rowOf(TimelineStrips::Row::TrackChange) + 1;
        const int lineHeight = QFontMetrics(strips.labelFont()).height();
        std::vector<QRectF> labels;
        QStringList texts;
        for (int row = 0; row < rows; ++row) {
            const QRect r = strips.labelRect(row);
            if (!labels.empty() && QRectF(r) == labels.back())
                continue; // a side's rows share one label
            // Each label has a line of its font and the height of its own glyphs, and fits the widget.
            QVERIFY(r.height() >= QFontMetrics(strips.labelFont()).boundingRect(strips.rowLabel(row)).height());
            QVERIFY2(r.height() >= lineHeight,
                qPrintable(QStringLiteral("row %1: %2 < %3").arg(row).arg(r.height()).arg(lineHeight)));
            QVERIFY(r.bottom() < strips.sizeHint().height());
            labels.push_back(QRectF(r));
            texts << strips.rowLabel(row);
        }
        // left, right, Jitter, Occluded, Tracks
        QCOMPARE(labels.size(), size_t(5));
        QCOMPARE(texts.mid(2),
            QStringList({ QStringLiteral("Jitter"), QStringLiteral("Occluded"), QStringLiteral("Tracks") }));
        const QString why = firstOverlap(labels);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void clickOnStripAsksForThatFrame()
    {
        TimelineStrips strips;
        strips.resize(800, strips.sizeHint().height());
        strips.show();
        QVERIFY(QTest::qWaitForWindowExposed(&strips));
        strips.setFrameCount(200);
        QSignalSpy requested(&strips, &TimelineStrips::frameRequested);
        const QRect jitter = strips.labelRect(strips.rowOf(TimelineStrips::Row::Jitter));
        QTest::mouseClick(&strips, Qt::LeftButton, {}, QPoint(strips.xOfFrame(150), jitter.center().y()));
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toInt(), 150);
        // On the labels: nothing.
        QTest::mouseClick(&strips, Qt::LeftButton, {}, QPoint(10, jitter.center().y()));
        QCOMPARE(requested.count(), 1);
    }
};

QTEST_MAIN(TestVideoOverlay)
#include "tst_videooverlay.moc"
