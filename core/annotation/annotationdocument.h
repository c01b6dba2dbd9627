#pragma once

#include "imageannotation.h"
#include "shapemodel.h"
#include "similarity.h"
#include "skeleton.h"

#include <QObject>
#include <QRectF>
#include <QString>

#include <functional>
#include <utility>
#include <vector>

class QTimer;
class QUndoStack;

namespace gp {

// The edit model of the Label workspace: the labels of the image being edited, which
// instance is current and which keypoint the next click places. It knows nothing of
// views; every edit is a QUndoCommand on undoStack() (see annotationcommands.h), and
// views follow the changed() and cursorChanged() signals.
//
// Boxes follow their instance's labelled keypoints with a margin (boxForKeypoints())
// until the user moves or resizes one; that box then stays manual.
//
// Autosave: after every edit the label file is written atomically. Discrete edits
// (a click, a key) are written at once, so a finished point is on disk before the next
// event is handled; during an interactive drag (beginInteraction() .. endInteraction())
// writes are debounced and endInteraction(), flush(), load() and the destructor write
// what is pending.
class AnnotationDocument : public QObject
{
    Q_OBJECT

public:
    static constexpr double kBoxMarginFraction = 0.1; // of the keypoints' larger extent
    static constexpr double kMinBoxMargin = 8.0; // image pixels
    static constexpr int kDragSaveDelayMs = 250;
    // A save that failed (a full disk, a folder made read-only) is tried again this often
    // while the edit is kept in memory.
    static constexpr int kRetryDelayMs = 2000;
    // A gripper placed by hand: once this many of its points are placed (and none of the
    // rest), the rest are proposed from its shape model.
    static constexpr int kTemplateAfter = 3;

    struct State
    {
        std::vector<PoseInstance> instances;
        std::vector<bool> manualBox; // one per instance
        int currentInstance = -1;
        int nextKeypoint = 0;
        bool operator==(const State &o) const
        {
            return instances == o.instances && manualBox == o.manualBox && currentInstance == o.currentInstance
                && nextKeypoint == o.nextKeypoint;
        }
    };

    explicit AnnotationDocument(const Skeleton &skeleton, QObject *parent = nullptr);
    ~AnnotationDocument() override;

    void setSkeleton(const Skeleton &skeleton);
    const Skeleton &skeleton() const { return m_skeleton; }

    // Starts editing an image: writes what is pending for the previous one, clears the
    // undo history. `labelFile` empty: nothing is saved. Boxes read from a file that do
    // not match boxForKeypoints() are kept as manual.
    // `diskPrint`: LabelFile::fingerprint() of the file the annotation was read from, taken
    // when it was read (empty: taken now).
    void load(const ImageAnnotation &annotation, const QString &labelFile, int keypointDims = 3,
        const QByteArray &diskPrint = QByteArray());
    void clear();
    bool isLoaded() const { return m_loaded; }
    QString labelFile() const { return m_labelFile; }

    const ImageAnnotation &annotation() const { return m_annotation; }
    const std::vector<PoseInstance> &instances() const { return m_annotation.instances; }
    int instanceCount() const { return int(m_annotation.instances.size()); }
    bool isBoxManual(int instance) const;
    State state() const;
    // Replaces the whole state; used by the undo commands only.
    void applyState(const State &state);

    QUndoStack *undoStack() const { return m_undo; }

    // The cursor: the current instance and the keypoint the next click places. Instance -1:
    // the next click starts a new object with that point; keypointCount(): the instance is
    // complete, and the next click starts another object with its first point.
    int currentInstance() const { return m_state.currentInstance; }
    int nextKeypoint() const { return m_state.nextKeypoint; }
    void setCurrentInstance(int instance);
    void setNextKeypoint(int keypoint);
    // The first keypoint of `instance` not labelled yet, or keypointCount().
    int firstUnlabelled(int instance) const;

    // Edits. Each pushes one undo command; invalid arguments change nothing.
    // Places the next keypoint of the current instance (starting an instance when there
    // is none or it is complete) and advances to the next unlabelled one. Returns the
    // keypoint placed (in currentInstance() afterwards), -1 when nothing is loaded.
    int placeNext(const QPointF &imagePoint, int visibility = Keypoint::Visible);
    // Marks the next keypoint absent (v=0) and advances; before an object is started it
    // moves the point the starting click places. Undoable like an edit.
    void skipNext();
    void placeKeypoint(int instance, int keypoint, const QPointF &imagePoint, int visibility);
    // A drag: successive moves of the same point with the same `dragId` merge into one step.
    // The point becomes a person's, and the proposals of its gripper (its skeleton part
    // group) follow by GripperRefit, from where they all were when the drag began.
    // `visibility` >= 0 sets the point's visibility too (Shift+drag: occluded).
    void moveKeypoint(int instance, int keypoint, const QPointF &imagePoint, int dragId, int visibility = -1);
    // Moves every labelled point of one gripper (Skeleton::partGroups() index) by `transform`
    // applied to where they were when the drag began (Alt+drag, Alt+wheel); same dragId: one
    // step, dragId 0: a step of its own. Proposals stay proposals.
    void transformPart(int instance, int group, const Similarity &transform, int dragId);
    // The model's second look at one gripper (ZoomedProposal): its proposals take the places in
    // `modelPoints` (the whole instance's points, as the model now sees them) and then follow
    // the person's points of the gripper by GripperRefit, from where the model now puts those.
    // Merges into drag `dragId` of `keypoint`: one undo step with the correction that asked for it.
    void reproposePart(int instance, int group, const std::vector<Keypoint> &modelPoints, int dragId, int keypoint);
    // Accepts the proposals of one object (they become a person's points).
    void acceptInstance(int instance);
    // Accepts every proposal of the image at or above `threshold`; returns the first doubtful
    // point left in (instance, skeleton) order, or {-1, -1}.
    std::pair<int, int> acceptConfident(double threshold);
    // Accepts every proposal of the image.
    void acceptAll();
    int proposalCount() const;
    int doubtfulCount(double threshold) const;
    // One shape model per part group (learned from the project's labels), for the refits'
    // articulation; fewer or invalid ones: those groups refit by similarity only.
    void setShapeModels(std::vector<ShapeModel> models) { m_shapeModels = std::move(models); }
    const ShapeModel *shapeModel(int group) const;
    // Off: a moved point moves alone, as before any refit (the review's setting).
    void setRefitEnabled(bool enabled) { m_refit = enabled; }
    bool isRefitEnabled() const { return m_refit; }
    void setVisibility(int instance, int keypoint, int visibility);
    // Visible <-> occluded; an absent point stays absent.
    void toggleOccluded(int instance, int keypoint);
    void clearKeypoint(int instance, int keypoint);
    int addInstance();
    void removeInstance(int instance);
    // Moves or resizes the box; it becomes manual. Same `dragId`: one step.
    void setBox(int instance, const QRectF &box, int dragId);
    // Back to a box that follows the keypoints.
    void resetBox(int instance);
    // Swaps the left and right points of an instance through the skeleton's flip index.
    void swapLeftRight(int instance);
    // Replaces every instance (e.g. with the previous image's), as one step.
    void replaceInstances(const std::vector<PoseInstance> &instances);
    // The image shows no object (a background image): its objects, a model's false ones
    // included, go (one undo step), and it is written at once as an empty label file, which
    // says so to training and to the list.
    void markBackground();

    // The box drawn around a keypoint set: their bounds grown by the margin, clipped to the
    // image; empty when no point is labelled.
    static QRectF boxForKeypoints(const std::vector<Keypoint> &keypoints, const QSize &imageSize);
    PoseInstance emptyInstance() const;

    // Autosave.
    void beginInteraction();
    void endInteraction();
    bool hasUnsavedChanges() const { return m_dirty; }
    // Writes now if anything is pending; false with lastError() on failure, and then
    // tried again every kRetryDelayMs. load() and clear() drop what could not be written:
    // callers ask the user first (LabelWorkspace::confirmLeavingImage).
    bool flush();
    // Drops the edits that could not be written (the user said so).
    void discardUnsavedChanges();
    QString lastError() const { return m_lastError; }
    // What the label file held when it was read or last written here; another program's change
    // shows as a different LabelFile::fingerprint().
    QByteArray diskPrint() const { return m_diskPrint; }
    bool inInteraction() const { return m_interaction > 0; }
    // The project folder. While it is gone (renamed, moved, deleted) nothing is written, so that
    // no stray folder is made at the old path: the edit waits in memory as for any failed save.
    // The versions other programs wrote over are kept under its .gripperpose/conflicts/.
    void setProjectRoot(const QString &dir) { m_projectRoot = dir; }

Q_SIGNALS:
    void changed();
    void cursorChanged(int instance, int nextKeypoint);
    void saved(const QString &labelFile);
    void saveFailed(const QString &message);
    // The label file had been changed by another program (a text editor, another studio) since
    // it was read here; the edit made here was written, and that version is kept as `keptAs`.
    void otherVersionKept(const QString &labelFile, const QString &keptAs);

private:
    void refreshBoxes(State &state) const;
    void push(const QString &text, State after, int mergeId = -1, int dragId = 0);
    void scheduleSave();
    void saveFailedWith(const QString &error);
    // Copies the label file as it is now where otherVersionKept() says; empty on failure.
    QString keepOtherVersion(QString *error) const;
    bool validPoint(int instance, int keypoint) const;
    int advanceFrom(const State &s, int instance, int keypoint) const;
    // Proposes the rest of `keypoint`'s gripper from its shape model when a person has placed
    // kTemplateAfter of its points and nothing else of it (doubtful refit points).
    void proposeRestOfPart(State &s, int instance, int keypoint) const;
    // A proposal a refit moved out of the image stays on its edge, where it can be seen and
    // dragged (a label file could not hold it outside).
    void keepInsideImage(std::vector<Keypoint> &points, const std::vector<int> &group) const;
    // The instance's points when drag `dragId` began (captured at its first move).
    const std::vector<Keypoint> &dragBase(int instance, int dragId);
    void acceptWhere(const QString &text, const std::function<bool(int instance, const Keypoint &)> &accept);

    Skeleton m_skeleton;
    ImageAnnotation m_annotation;
    State m_state;
    QString m_labelFile;
    int m_keypointDims = 3;
    bool m_loaded = false;
    bool m_dirty = false;
    int m_interaction = 0;
    QString m_lastError;
    QByteArray m_diskPrint;
    QString m_projectRoot;
    QUndoStack *m_undo;
    QTimer *m_saveTimer;
    QTimer *m_retryTimer;
    std::vector<ShapeModel> m_shapeModels;
    bool m_refit = true;
    std::vector<Keypoint> m_dragBase;
    int m_dragBaseId = 0;
    int m_dragBaseInstance = -1;
};

} // namespace gp
