#pragma once

#include "poseinstance.h"

#include <QElapsedTimer>
#include <QPoint>
#include <QPointF>
#include <QSize>
#include <QString>

#include <functional>
#include <map>
#include <vector>

class LabelWorkspace;

// A careful person labelling images in the real Label workspace, with real Qt Test mouse and
// key events on the canvas, counting every action. It knows the truth of each image and looks
// at it only to decide where to click or drag, never to set a point it does not touch. The
// policy, per image:
// - an image with no robot: B (background; the model's false objects go with it), in every mode;
// - manual: every object's points in skeleton order (a click each; Shift+click for an occluded
//   point, S for an absent one before the last placed), N before every object but the first;
// - prelabel: the model's proposals as they are, with no refit: each false object deleted
//   (hover, Shift+Del), each point the object should not have cleared (hover, Delete), each
//   point further than the tolerance dragged onto its truth, each missing point placed, each
//   wrong visibility toggled (hover, O), each missed object labelled as in manual; then A;
// - assisted: the same, but a gripper is corrected by dragging its worst point onto its truth
//   and looking again, as long as any of its points is out of tolerance, so that the refit
//   (and from three points the learned articulation) moves the rest.
// Then → to the next image. Wheel steps are spent only where a point cannot be grabbed at the
// fitted zoom (another point lies over it), and the zoom is fitted back with 0.
class SimulatedAnnotator
{
public:
    enum class Mode { Manual, Prelabel, Assisted };

    struct Counts
    {
        int clicks = 0, drags = 0, keys = 0, wheel = 0;
        int total() const { return clicks + drags + keys + wheel; }
        Counts &operator+=(const Counts &o)
        {
            clicks += o.clicks;
            drags += o.drags;
            keys += o.keys;
            wheel += o.wheel;
            return *this;
        }
    };

    struct ImageReport
    {
        QString file;
        Counts actions;
        int objects = 0; // in the truth
        int proposals = 0; // the model's objects when the image came up
        int proposedPoints = 0; // and their points (a person's points are not proposals)
        double guiMs = 0; // wall time the workspace took to handle this image's events
    };

    // The final labels on disk against the truth.
    struct Accuracy
    {
        std::vector<double> errors; // per truth point labelled in both, image pixels
        int missingPoints = 0; // labelled in the truth, absent in the labels
        int extraPoints = 0; // absent in the truth, labelled in the labels
        int visibilityWrong = 0; // visible against occluded
        int missingObjects = 0, extraObjects = 0;
        double within(double px) const; // share of the truth's labelled points within px
    };

    // `tolerance`: image pixels a point may be off (4 at 1280x720).
    SimulatedAnnotator(LabelWorkspace *workspace, Mode mode, double tolerance);

    // Labels the image shown (the workspace is on it) and reports what it cost.
    ImageReport labelShownImage(const std::vector<gp::PoseInstance> &truth);
    // → to the next image of the list (unless accepting the review moved on already), waited
    // for until it is shown. The → is the image's own action: labelShownImage()'s caller adds
    // it to the image's counts when movedOn() is false.
    bool nextImage();
    bool movedOn() const { return m_movedOn; }
    // Pre-labels every unlabelled image of the split with the workspace's model (the tool
    // button's menu: two clicks), waiting for it.
    bool prelabelAll(QString *error);
    const Counts &extraActions() const { return m_extra; }
    // Every action so far by what it was for ("point dragged", "false object deleted", ...).
    const std::map<QString, int> &actionsByReason() const { return m_why; }

    // A project to label: `history`'s train split with its labels (what was labelled before;
    // empty for none) and the first `count` images of `fresh` (a generated dataset whose
    // labels are the truth) as its val split, unlabelled. Fills *truth (by the copied image's
    // path) and *sizes.
    static bool makeProject(const QString &history, const QString &fresh, int count, const QString &out,
        std::map<QString, std::vector<gp::PoseInstance>> *truth, std::map<QString, QSize> *sizes, QString *error,
        const QString &split = QStringLiteral("val"));

    // Opens `projectDir` in the workspace (1400x860, shown) on `split`, and waits until an
    // image is shown and the shape models are learned.
    static bool openProject(LabelWorkspace *workspace, const QString &projectDir, QString *error,
        const QString &split = QStringLiteral("val"));

    // The labels the workspace wrote for `image`, against its truth.
    static void score(
        const QString &image, const QSize &imageSize, const std::vector<gp::PoseInstance> &truth, Accuracy *accuracy);

private:
    void tally(int Counts::*kind);
    // One user action through the real event loop, timed.
    void act(const std::function<void()> &event);
    void waitIdle();
    QPoint viewOf(const QPointF &imagePoint) const;
    QPointF insideImage(const QPointF &imagePoint) const;
    void click(const QPointF &imagePoint, Qt::KeyboardModifiers modifiers = {});
    void key(Qt::Key key, Qt::KeyboardModifiers modifiers = {});
    void hover(const QPoint &view);
    // Where a press takes point (instance, keypoint); zooms in (wheel, counted, at most
    // `maxZoomSteps` notches) when no spot does.
    bool grab(int instance, int keypoint, QPoint *at, int maxZoomSteps = 6);
    void drag(int instance, int keypoint, const QPointF &target, Qt::KeyboardModifiers modifiers = {});
    void place(int instance, int keypoint, const gp::Keypoint &truth);
    void labelFromScratch(const gp::PoseInstance &truth, bool first);
    void correct(int instance, const gp::PoseInstance &truth);
    void correctPart(int instance, const std::vector<int> &group, const gp::PoseInstance &truth);
    // Proposals matched to truth objects (by box IoU); unmatched proposals are false objects.
    std::vector<int> match(const std::vector<gp::PoseInstance> &truth, std::vector<int> *falseObjects) const;

    LabelWorkspace *m_ws;
    Mode m_mode;
    double m_tolerance;
    Counts m_counts; // of the image being labelled
    Counts m_extra; // not belonging to one image (pre-labelling)
    double m_guiMs = 0;
    bool m_zoomed = false;
    bool m_movedOn = false; // accepting the review showed the next image
    QString m_reason; // what the actions being made are for
    std::map<QString, int> m_why;
};
