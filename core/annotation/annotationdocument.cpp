#include "annotationdocument.h"

#include "annotationcommands.h"
#include "gripperrefit.h"
#include "labelfile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

int mergeKeyOf(int dragId, int instance, int keypoint)
{
    if (dragId <= 0)
        return 0;
    return (dragId << 12) ^ (instance << 6) ^ keypoint;
}

// A box read from a file is the automatic one when it is within a pixel of it (the file
// rounds normalised values to 6 decimals; other tools use other margins).
bool sameRect(const QRectF &a, const QRectF &b)
{
    constexpr double kTolerance = 1.0; // image pixels
    return std::abs(a.left() - b.left()) < kTolerance && std::abs(a.top() - b.top()) < kTolerance
        && std::abs(a.right() - b.right()) < kTolerance && std::abs(a.bottom() - b.bottom()) < kTolerance;
}

} // namespace

AnnotationDocument::AnnotationDocument(const Skeleton &skeleton, QObject *parent)
    : QObject(parent)
    , m_skeleton(skeleton)
    , m_undo(new QUndoStack(this))
    , m_saveTimer(new QTimer(this))
    , m_retryTimer(new QTimer(this))
{
    m_saveTimer->setSingleShot(true);
    m_saveTimer->setInterval(kDragSaveDelayMs);
    connect(m_saveTimer, &QTimer::timeout, this, [this] { flush(); });
    m_retryTimer->setSingleShot(true);
    m_retryTimer->setInterval(kRetryDelayMs);
    connect(m_retryTimer, &QTimer::timeout, this, [this] { flush(); });
}

AnnotationDocument::~AnnotationDocument()
{
    flush();
}

void AnnotationDocument::setSkeleton(const Skeleton &skeleton)
{
    m_skeleton = skeleton;
}

void AnnotationDocument::load(
    const ImageAnnotation &annotation, const QString &labelFile, int keypointDims, const QByteArray &diskPrint)
{
    flush();
    m_undo->clear();
    m_annotation = annotation;
    m_labelFile = labelFile;
    m_diskPrint = labelFile.isEmpty() || !diskPrint.isEmpty() ? diskPrint : LabelFile::fingerprint(labelFile);
    m_keypointDims = keypointDims;
    m_loaded = true;
    m_dirty = false;
    m_interaction = 0;
    State s;
    s.instances = annotation.instances;
    for (PoseInstance &inst : s.instances)
        inst.keypoints.resize(size_t(m_skeleton.keypointCount()));
    s.manualBox.resize(s.instances.size());
    for (size_t i = 0; i < s.instances.size(); ++i) {
        const QRectF automatic = boxForKeypoints(s.instances[i].keypoints, annotation.imageSize);
        s.manualBox[i] = !s.instances[i].box.isEmpty() && !sameRect(automatic, s.instances[i].box);
    }
    s.currentInstance = s.instances.empty() ? -1 : 0;
    s.nextKeypoint = s.instances.empty() ? 0 : advanceFrom(s, 0, 0);
    m_state = s;
    m_annotation.instances = s.instances;
    Q_EMIT changed();
    Q_EMIT cursorChanged(m_state.currentInstance, m_state.nextKeypoint);
}

void AnnotationDocument::clear()
{
    flush();
    m_undo->clear();
    m_annotation = ImageAnnotation();
    m_state = State();
    m_labelFile.clear();
    m_diskPrint.clear();
    m_loaded = false;
    m_dirty = false;
    Q_EMIT changed();
    Q_EMIT cursorChanged(-1, 0);
}

bool AnnotationDocument::isBoxManual(int instance) const
{
    return instance >= 0 && size_t(instance) < m_state.manualBox.size() && m_state.manualBox[size_t(instance)];
}

AnnotationDocument::State AnnotationDocument::state() const
{
    return m_state;
}

void AnnotationDocument::applyState(const State &state)
{
    const bool cursorMoved
        = state.currentInstance != m_state.currentInstance || state.nextKeypoint != m_state.nextKeypoint;
    m_state = state;
    m_annotation.instances = state.instances;
    m_dirty = true;
    Q_EMIT changed();
    if (cursorMoved)
        Q_EMIT cursorChanged(m_state.currentInstance, m_state.nextKeypoint);
    scheduleSave();
}

void AnnotationDocument::setCurrentInstance(int instance)
{
    if (instance < -1 || instance >= instanceCount() || instance == m_state.currentInstance)
        return;
    m_state.currentInstance = instance;
    m_state.nextKeypoint = instance < 0 ? 0 : firstUnlabelled(instance);
    Q_EMIT cursorChanged(m_state.currentInstance, m_state.nextKeypoint);
}

void AnnotationDocument::setNextKeypoint(int keypoint)
{
    keypoint = std::clamp(keypoint, 0, m_skeleton.keypointCount());
    if (keypoint == m_state.nextKeypoint)
        return;
    m_state.nextKeypoint = keypoint;
    Q_EMIT cursorChanged(m_state.currentInstance, m_state.nextKeypoint);
}

int AnnotationDocument::firstUnlabelled(int instance) const
{
    return advanceFrom(m_state, instance, 0);
}

int AnnotationDocument::advanceFrom(const State &s, int instance, int keypoint) const
{
    const int n = m_skeleton.keypointCount();
    if (instance < 0 || size_t(instance) >= s.instances.size())
        return std::min(keypoint, n);
    const auto &kps = s.instances[size_t(instance)].keypoints;
    for (int k = keypoint; k < n; ++k)
        if (size_t(k) >= kps.size() || !kps[size_t(k)].isLabelled())
            return k;
    return n;
}

bool AnnotationDocument::validPoint(int instance, int keypoint) const
{
    return m_loaded && instance >= 0 && instance < instanceCount() && keypoint >= 0
        && keypoint < m_skeleton.keypointCount();
}

PoseInstance AnnotationDocument::emptyInstance() const
{
    PoseInstance inst;
    inst.keypoints.resize(size_t(m_skeleton.keypointCount()));
    return inst;
}

QRectF AnnotationDocument::boxForKeypoints(const std::vector<Keypoint> &keypoints, const QSize &imageSize)
{
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool any = false;
    for (const Keypoint &k : keypoints) {
        if (!k.isLabelled())
            continue;
        // A point dragged past the image's edge is written on the edge (LabelFile clamps it):
        // the box is grown around it there, so that it keeps its margin inside the image and
        // never clips down to a line that no reader takes as a box.
        double x = k.x, y = k.y;
        if (imageSize.isValid()) {
            x = std::clamp(x, 0.0, double(imageSize.width()));
            y = std::clamp(y, 0.0, double(imageSize.height()));
        }
        if (!any) {
            x0 = x1 = x;
            y0 = y1 = y;
            any = true;
        } else {
            x0 = std::min(x0, x);
            x1 = std::max(x1, x);
            y0 = std::min(y0, y);
            y1 = std::max(y1, y);
        }
    }
    if (!any)
        return {};
    const double margin = std::max(kMinBoxMargin, kBoxMarginFraction * std::max(x1 - x0, y1 - y0));
    QRectF box(QPointF(x0 - margin, y0 - margin), QPointF(x1 + margin, y1 + margin));
    if (imageSize.isValid())
        box = box.intersected(QRectF(QPointF(0, 0), QSizeF(imageSize)));
    return box;
}

void AnnotationDocument::refreshBoxes(State &s) const
{
    s.manualBox.resize(s.instances.size());
    for (size_t i = 0; i < s.instances.size(); ++i)
        if (!s.manualBox[i])
            s.instances[i].box = boxForKeypoints(s.instances[i].keypoints, m_annotation.imageSize);
}

void AnnotationDocument::push(const QString &text, State after, int mergeId, int mergeKey)
{
    refreshBoxes(after);
    if (after == m_state)
        return;
    m_undo->push(new AnnotationCommand(this, text, m_state, std::move(after), mergeId, mergeKey));
}

int AnnotationDocument::placeNext(const QPointF &p, int visibility)
{
    if (!m_loaded)
        return -1;
    State s = m_state;
    const int n = m_skeleton.keypointCount();
    if (s.currentInstance < 0 || s.currentInstance >= int(s.instances.size()) || s.nextKeypoint >= n) {
        // A new object; it starts at the point chosen beforehand when there was no object yet.
        const bool chosen
            = (s.currentInstance < 0 || s.currentInstance >= int(s.instances.size())) && s.nextKeypoint < n;
        s.instances.push_back(emptyInstance());
        s.manualBox.push_back(false);
        s.currentInstance = int(s.instances.size()) - 1;
        s.nextKeypoint = chosen ? s.nextKeypoint : 0;
    }
    const int k = s.nextKeypoint;
    s.instances[size_t(s.currentInstance)].keypoints[size_t(k)] = { p.x(), p.y(), visibility };
    proposeRestOfPart(s, s.currentInstance, k);
    s.nextKeypoint = advanceFrom(s, s.currentInstance, k + 1);
    push(tr("Place %1").arg(m_skeleton.points()[size_t(k)].name), std::move(s));
    return k;
}

void AnnotationDocument::skipNext()
{
    if (!m_loaded)
        return;
    State s = m_state;
    const int n = m_skeleton.keypointCount();
    const bool noObject = s.currentInstance < 0 || s.currentInstance >= int(s.instances.size());
    if (noObject || s.nextKeypoint >= n) {
        // The first points of an object not started yet: the click that starts it places
        // the point after the skipped ones (the others are absent in a new object anyway).
        const int skipped = noObject && s.nextKeypoint < n ? s.nextKeypoint : 0;
        s.currentInstance = -1;
        s.nextKeypoint = std::min(skipped + 1, n);
        push(tr("Skip %1").arg(m_skeleton.points()[size_t(skipped)].name), std::move(s));
        return;
    }
    const int k = s.nextKeypoint;
    Keypoint &kp = s.instances[size_t(s.currentInstance)].keypoints[size_t(k)];
    kp = Keypoint();
    // Past the skipped point: the next unlabelled one after it, so a skip never loops back.
    int next = k + 1;
    while (next < n && s.instances[size_t(s.currentInstance)].keypoints[size_t(next)].isLabelled())
        ++next;
    s.nextKeypoint = next;
    push(tr("Skip %1").arg(m_skeleton.points()[size_t(k)].name), std::move(s));
}

void AnnotationDocument::placeKeypoint(int instance, int keypoint, const QPointF &p, int visibility)
{
    if (!validPoint(instance, keypoint))
        return;
    State s = m_state;
    s.instances[size_t(instance)].keypoints[size_t(keypoint)] = { p.x(), p.y(), visibility };
    s.currentInstance = instance;
    if (s.nextKeypoint == keypoint)
        s.nextKeypoint = advanceFrom(s, instance, keypoint + 1);
    push(tr("Place %1").arg(m_skeleton.points()[size_t(keypoint)].name), std::move(s));
}

void AnnotationDocument::keepInsideImage(std::vector<Keypoint> &points, const std::vector<int> &group) const
{
    if (!m_annotation.imageSize.isValid())
        return;
    for (int i : group) {
        Keypoint &p = points[size_t(i)];
        if (!p.isProposal())
            continue;
        p.x = std::clamp(p.x, 0.0, double(m_annotation.imageSize.width()));
        p.y = std::clamp(p.y, 0.0, double(m_annotation.imageSize.height()));
    }
}

void AnnotationDocument::proposeRestOfPart(State &s, int instance, int keypoint) const
{
    const int group = m_refit ? m_skeleton.partOf(keypoint) : -1;
    const ShapeModel *model = shapeModel(group);
    if (!model)
        return;
    const std::vector<int> members = m_skeleton.partGroups()[size_t(group)];
    std::vector<Keypoint> &kps = s.instances[size_t(instance)].keypoints;
    std::vector<int> fixed;
    std::vector<QPointF> targets;
    for (size_t j = 0; j < members.size(); ++j) {
        const Keypoint &p = kps[size_t(members[j])];
        if (p.isProposal())
            return; // the model's, or proposed already
        if (p.isLabelled()) {
            fixed.push_back(int(j));
            targets.emplace_back(p.x, p.y);
        }
    }
    if (int(fixed.size()) != kTemplateAfter || model->pointCount() != int(members.size()))
        return;
    const std::vector<QPointF> shape = model->fit(model->mean(), fixed, targets, GripperRefit::kPointNoise);
    const QRectF image(QPointF(0, 0), QSizeF(m_annotation.imageSize));
    for (size_t j = 0; j < members.size(); ++j) {
        Keypoint &p = kps[size_t(members[j])];
        if (p.isLabelled() || !image.contains(shape[j]))
            continue;
        // Never seen by a model: doubtful until a person looks.
        p = Keypoint { shape[j].x(), shape[j].y(), Keypoint::Visible, Keypoint::Origin::Refit, 0.0f };
    }
}

const std::vector<Keypoint> &AnnotationDocument::dragBase(int instance, int dragId)
{
    if (dragId <= 0 || dragId != m_dragBaseId || instance != m_dragBaseInstance) {
        m_dragBase = m_state.instances[size_t(instance)].keypoints;
        m_dragBaseId = dragId;
        m_dragBaseInstance = instance;
    }
    return m_dragBase;
}

const ShapeModel *AnnotationDocument::shapeModel(int group) const
{
    return group >= 0 && size_t(group) < m_shapeModels.size() && m_shapeModels[size_t(group)].isValid()
        ? &m_shapeModels[size_t(group)]
        : nullptr;
}

void AnnotationDocument::moveKeypoint(int instance, int keypoint, const QPointF &p, int dragId, int visibility)
{
    if (!validPoint(instance, keypoint))
        return;
    if (!m_state.instances[size_t(instance)].keypoints[size_t(keypoint)].isLabelled())
        return;
    const std::vector<Keypoint> base = dragBase(instance, dragId);
    State s = m_state;
    std::vector<Keypoint> &kps = s.instances[size_t(instance)].keypoints;
    Keypoint &kp = kps[size_t(keypoint)];
    kp.x = p.x();
    kp.y = p.y();
    kp.origin = Keypoint::Origin::Person;
    kp.confidence = 1.0f;
    if (visibility == Keypoint::Visible || visibility == Keypoint::Occluded)
        kp.visibility = visibility;
    const int group = m_refit ? m_skeleton.partOf(keypoint) : -1;
    if (group >= 0) {
        const std::vector<int> members = m_skeleton.partGroups()[size_t(group)];
        // Each move of the drag refits from the same start, not from the last move's refit.
        for (int i : members)
            if (i != keypoint && base[size_t(i)].isProposal())
                kps[size_t(i)] = base[size_t(i)];
        GripperRefit::apply(kps, base, members, shapeModel(group));
        keepInsideImage(kps, members);
    }
    push(tr("Move %1").arg(m_skeleton.points()[size_t(keypoint)].name), std::move(s), AnnotationCommand::MoveKeypointId,
        mergeKeyOf(dragId, instance, keypoint));
}

void AnnotationDocument::transformPart(int instance, int group, const Similarity &transform, int dragId)
{
    const auto groups = m_skeleton.partGroups();
    if (!m_loaded || instance < 0 || instance >= instanceCount() || group < 0 || size_t(group) >= groups.size())
        return;
    const std::vector<Keypoint> base = dragBase(instance, dragId);
    State s = m_state;
    std::vector<Keypoint> &kps = s.instances[size_t(instance)].keypoints;
    for (int i : groups[size_t(group)]) {
        const Keypoint &b = base[size_t(i)];
        if (!b.isLabelled())
            continue;
        const QPointF q = transform.map(QPointF(b.x, b.y));
        kps[size_t(i)].x = q.x();
        kps[size_t(i)].y = q.y();
        if (kps[size_t(i)].origin == Keypoint::Origin::Model)
            kps[size_t(i)].origin = Keypoint::Origin::Refit;
    }
    s.currentInstance = instance;
    //: %1 is a side of the skeleton ("left" or "right"), %2 an object's number.
    push(tr("Move the %1 gripper of object %2")
             .arg(Skeleton::sideName(m_skeleton.points()[size_t(groups[size_t(group)].front())].side))
             .arg(instance + 1),
        std::move(s), AnnotationCommand::TransformPartId, mergeKeyOf(dragId, instance, group));
}

void AnnotationDocument::reproposePart(
    int instance, int group, const std::vector<Keypoint> &modelPoints, int dragId, int keypoint)
{
    const auto groups = m_skeleton.partGroups();
    if (!validPoint(instance, keypoint) || group < 0 || size_t(group) >= groups.size())
        return;
    State s = m_state;
    std::vector<Keypoint> &kps = s.instances[size_t(instance)].keypoints;
    GripperRefit::repropose(kps, modelPoints, groups[size_t(group)], shapeModel(group));
    keepInsideImage(kps, groups[size_t(group)]);
    push(tr("Move %1").arg(m_skeleton.points()[size_t(keypoint)].name), std::move(s), AnnotationCommand::MoveKeypointId,
        mergeKeyOf(dragId, instance, keypoint));
}

void AnnotationDocument::acceptWhere(const QString &text, const std::function<bool(int, const Keypoint &)> &accept)
{
    if (!m_loaded)
        return;
    State s = m_state;
    for (size_t i = 0; i < s.instances.size(); ++i)
        for (Keypoint &k : s.instances[i].keypoints)
            if (k.isProposal() && accept(int(i), k)) {
                k.origin = Keypoint::Origin::Person;
                k.confidence = 1.0f;
            }
    push(text, std::move(s));
}

void AnnotationDocument::acceptInstance(int instance)
{
    if (instance < 0 || instance >= instanceCount())
        return;
    acceptWhere(
        tr("Accept object %1").arg(instance + 1), [instance](int i, const Keypoint &) { return i == instance; });
}

std::pair<int, int> AnnotationDocument::acceptConfident(double threshold)
{
    acceptWhere(
        tr("Accept the confident points"), [threshold](int, const Keypoint &k) { return !k.isDoubtful(threshold); });
    for (int i = 0; i < instanceCount(); ++i) {
        const auto &kps = m_state.instances[size_t(i)].keypoints;
        for (size_t k = 0; k < kps.size(); ++k)
            if (kps[k].isDoubtful(threshold))
                return { i, int(k) };
    }
    return { -1, -1 };
}

void AnnotationDocument::acceptAll()
{
    acceptWhere(tr("Accept every point"), [](int, const Keypoint &) { return true; });
}

int AnnotationDocument::proposalCount() const
{
    int n = 0;
    for (const PoseInstance &inst : m_state.instances)
        for (const Keypoint &k : inst.keypoints)
            n += k.isProposal() ? 1 : 0;
    return n;
}

int AnnotationDocument::doubtfulCount(double threshold) const
{
    int n = 0;
    for (const PoseInstance &inst : m_state.instances)
        for (const Keypoint &k : inst.keypoints)
            n += k.isDoubtful(threshold) ? 1 : 0;
    return n;
}

void AnnotationDocument::setVisibility(int instance, int keypoint, int visibility)
{
    if (!validPoint(instance, keypoint) || visibility < Keypoint::Absent || visibility > Keypoint::Visible)
        return;
    State s = m_state;
    Keypoint &kp = s.instances[size_t(instance)].keypoints[size_t(keypoint)];
    if (visibility == Keypoint::Absent)
        kp = Keypoint();
    else
        kp.visibility = visibility;
    const QString name = m_skeleton.points()[size_t(keypoint)].name;
    push(visibility == Keypoint::Occluded     ? tr("Mark %1 occluded").arg(name)
            : visibility == Keypoint::Visible ? tr("Mark %1 visible").arg(name)
                                              : tr("Mark %1 absent").arg(name),
        std::move(s));
}

void AnnotationDocument::toggleOccluded(int instance, int keypoint)
{
    if (!validPoint(instance, keypoint))
        return;
    const int v = m_state.instances[size_t(instance)].keypoints[size_t(keypoint)].visibility;
    if (v == Keypoint::Absent)
        return;
    setVisibility(instance, keypoint, v == Keypoint::Occluded ? Keypoint::Visible : Keypoint::Occluded);
}

void AnnotationDocument::clearKeypoint(int instance, int keypoint)
{
    if (!validPoint(instance, keypoint))
        return;
    State s = m_state;
    s.instances[size_t(instance)].keypoints[size_t(keypoint)] = Keypoint();
    if (instance == s.currentInstance && keypoint < s.nextKeypoint)
        s.nextKeypoint = keypoint;
    push(tr("Clear %1").arg(m_skeleton.points()[size_t(keypoint)].name), std::move(s));
}

int AnnotationDocument::addInstance()
{
    if (!m_loaded)
        return -1;
    State s = m_state;
    s.instances.push_back(emptyInstance());
    s.manualBox.push_back(false);
    s.currentInstance = int(s.instances.size()) - 1;
    s.nextKeypoint = 0;
    push(tr("New object"), std::move(s));
    return m_state.currentInstance;
}

void AnnotationDocument::removeInstance(int instance)
{
    if (!m_loaded || instance < 0 || instance >= instanceCount())
        return;
    State s = m_state;
    s.instances.erase(s.instances.begin() + instance);
    s.manualBox.erase(s.manualBox.begin() + instance);
    s.currentInstance = s.instances.empty() ? -1 : std::min(instance, int(s.instances.size()) - 1);
    s.nextKeypoint = advanceFrom(s, s.currentInstance, 0);
    push(tr("Delete object %1").arg(instance + 1), std::move(s));
}

void AnnotationDocument::setBox(int instance, const QRectF &box, int dragId)
{
    if (!m_loaded || instance < 0 || instance >= instanceCount())
        return;
    State s = m_state;
    QRectF b = box.normalized();
    if (m_annotation.imageSize.isValid())
        b = b.intersected(QRectF(QPointF(0, 0), QSizeF(m_annotation.imageSize)));
    if (b.width() < 1.0 || b.height() < 1.0)
        return;
    s.instances[size_t(instance)].box = b;
    s.manualBox[size_t(instance)] = true;
    s.currentInstance = instance;
    push(tr("Adjust box of object %1").arg(instance + 1), std::move(s), AnnotationCommand::SetBoxId,
        mergeKeyOf(dragId, instance, 0));
}

void AnnotationDocument::resetBox(int instance)
{
    if (!isBoxManual(instance))
        return;
    State s = m_state;
    s.manualBox[size_t(instance)] = false;
    push(tr("Fit box of object %1 to its points").arg(instance + 1), std::move(s));
}

void AnnotationDocument::swapLeftRight(int instance)
{
    if (!m_loaded || instance < 0 || instance >= instanceCount())
        return;
    const std::vector<int> flip = m_skeleton.flipIndex();
    State s = m_state;
    const auto &before = m_state.instances[size_t(instance)].keypoints;
    auto &after = s.instances[size_t(instance)].keypoints;
    for (size_t k = 0; k < flip.size() && k < after.size(); ++k)
        after[k] = before[size_t(flip[k])];
    push(tr("Swap left and right of object %1").arg(instance + 1), std::move(s));
}

void AnnotationDocument::markBackground()
{
    if (!m_loaded)
        return;
    if (m_state.instances.empty()) {
        m_dirty = true; // nothing to undo; the empty file is what is new
    } else {
        State s = m_state;
        s.instances.clear();
        s.manualBox.clear();
        s.currentInstance = -1;
        s.nextKeypoint = 0;
        push(tr("Mark as background"), std::move(s));
    }
    flush();
}

void AnnotationDocument::replaceInstances(const std::vector<PoseInstance> &instances)
{
    if (!m_loaded)
        return;
    State s = m_state;
    s.instances = instances;
    for (PoseInstance &inst : s.instances)
        inst.keypoints.resize(size_t(m_skeleton.keypointCount()));
    s.manualBox.assign(s.instances.size(), false);
    s.currentInstance = s.instances.empty() ? -1 : 0;
    s.nextKeypoint = advanceFrom(s, s.currentInstance, 0);
    push(tr("Copy objects"), std::move(s));
}

void AnnotationDocument::beginInteraction()
{
    ++m_interaction;
}

void AnnotationDocument::endInteraction()
{
    m_interaction = std::max(0, m_interaction - 1);
    if (m_interaction == 0)
        flush();
}

void AnnotationDocument::discardUnsavedChanges()
{
    m_saveTimer->stop();
    m_retryTimer->stop();
    m_dirty = false;
}

void AnnotationDocument::scheduleSave()
{
    if (m_interaction > 0)
        m_saveTimer->start();
    else
        flush();
}

bool AnnotationDocument::flush()
{
    m_saveTimer->stop();
    if (!m_dirty || !m_loaded || m_labelFile.isEmpty())
        return true;
    // Objects without a single labelled point have no box yet: nothing to write for them.
    std::vector<PoseInstance> out;
    for (const PoseInstance &inst : m_annotation.instances)
        if (!inst.box.isEmpty())
            out.push_back(inst);
    if (!m_projectRoot.isEmpty() && !QFileInfo(m_projectRoot).isDir()) {
        saveFailedWith(tr("The project folder %1 is gone (renamed, moved or deleted?). The edit is kept here and "
                          "written as soon as the folder is back.")
                           .arg(QDir::toNativeSeparators(m_projectRoot)));
        return false;
    }
    QString error;
    // Another program wrote the file since it was read or written here: its version is kept
    // aside before this edit goes over it. (A file deleted meanwhile has nothing to keep.)
    QString keptAs;
    const QByteArray now = LabelFile::fingerprint(m_labelFile);
    if (now != m_diskPrint && now != "absent") {
        keptAs = keepOtherVersion(&error);
        if (keptAs.isEmpty()) {
            saveFailedWith(error);
            return false;
        }
    }
    if (!LabelFile::write(m_labelFile, out, m_annotation.imageSize, m_keypointDims, &error)) {
        saveFailedWith(error);
        return false;
    }
    m_diskPrint = LabelFile::fingerprint(m_labelFile);
    m_dirty = false;
    m_retryTimer->stop();
    m_lastError.clear();
    Q_EMIT saved(m_labelFile);
    if (!keptAs.isEmpty())
        Q_EMIT otherVersionKept(m_labelFile, keptAs);
    return true;
}

void AnnotationDocument::saveFailedWith(const QString &error)
{
    m_lastError = error;
    m_retryTimer->start();
    Q_EMIT saveFailed(error);
}

QString AnnotationDocument::keepOtherVersion(QString *error) const
{
    // Under the project's .gripperpose/conflicts/ (nothing Ultralytics reads) by the label file's
    // path in the project, or beside the label file in .conflicts/ when there is no project.
    const QFileInfo label(m_labelFile);
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    const QString relative = m_projectRoot.isEmpty() ? QString() : QDir(m_projectRoot).relativeFilePath(m_labelFile);
    const QString kept = !relative.isEmpty() && !relative.startsWith(QLatin1String(".."))
        ? QDir(m_projectRoot)
              .filePath(QStringLiteral(".gripperpose/conflicts/") + QFileInfo(relative).path() + QLatin1Char('/')
                  + label.completeBaseName() + QLatin1Char('.') + stamp + QLatin1String(".txt"))
        : label.dir().filePath(QStringLiteral(".conflicts/") + label.completeBaseName() + QLatin1Char('.') + stamp
            + QLatin1String(".txt"));
    QDir().mkpath(QFileInfo(kept).absolutePath());
    if (!QFile::copy(m_labelFile, kept)) {
        *error = tr("%1 was changed by another program, and its version could not be kept as %2; the edit made "
                    "here is not written over it.")
                     .arg(QDir::toNativeSeparators(m_labelFile), QDir::toNativeSeparators(kept));
        return QString();
    }
    return kept;
}

} // namespace gp
