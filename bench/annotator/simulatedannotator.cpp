#include "simulatedannotator.h"

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "assistcontroller.h"
#include "boxgeometry.h"
#include "datasetconfig.h"
#include "gripperrefit.h"
#include "labelfile.h"
#include "labelworkspace.h"
#include "project.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QListWidget>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using gp::Keypoint;
using gp::PoseInstance;

namespace {

constexpr double kMatchIou = 0.3; // a proposal this close to a truth object is that object, misplaced
constexpr int kWaitMs = 120000;

double distance(const Keypoint &a, const Keypoint &b)
{
    return std::hypot(a.x - b.x, a.y - b.y);
}

// The box of an object's keypoints (as the workspace draws it), not the label's box: a
// generated object's label box holds its whole gripper, a labelled one its points.
gp::BoxCorners corners(const PoseInstance &inst)
{
    const QRectF r = gp::AnnotationDocument::boxForKeypoints(inst.keypoints, QSize());
    return { r.left(), r.top(), r.right(), r.bottom() };
}

// Greedy one-to-one matching by the IoU of the keypoints' boxes (at least kMatchIou): for each
// of `truth`, the index in `found` or -1.
std::vector<int> matchBoxes(const std::vector<PoseInstance> &truth, const std::vector<PoseInstance> &found)
{
    std::vector<std::tuple<double, int, int>> pairs;
    for (size_t t = 0; t < truth.size(); ++t)
        for (size_t f = 0; f < found.size(); ++f) {
            const double iou = gp::boxIou(corners(truth[t]), corners(found[f]));
            if (iou >= kMatchIou)
                pairs.emplace_back(iou, int(t), int(f));
        }
    std::sort(pairs.begin(), pairs.end(), [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
    std::vector<int> out(truth.size(), -1);
    std::vector<bool> used(found.size(), false);
    for (const auto &[iou, t, f] : pairs)
        if (out[size_t(t)] < 0 && !used[size_t(f)]) {
            out[size_t(t)] = f;
            used[size_t(f)] = true;
        }
    return out;
}

} // namespace

double SimulatedAnnotator::Accuracy::within(double px) const
{
    const size_t total = errors.size() + size_t(missingPoints);
    if (total == 0)
        return 1.0;
    return double(std::count_if(errors.begin(), errors.end(), [px](double e) { return e <= px; })) / double(total);
}

SimulatedAnnotator::SimulatedAnnotator(LabelWorkspace *workspace, Mode mode, double tolerance)
    : m_ws(workspace)
    , m_mode(mode)
    , m_tolerance(tolerance)
{ }

void SimulatedAnnotator::tally(int Counts::*kind)
{
    ++(m_counts.*kind);
    ++m_why[m_reason];
}

void SimulatedAnnotator::waitIdle()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}

void SimulatedAnnotator::act(const std::function<void()> &event)
{
    QElapsedTimer timer;
    timer.start();
    event();
    waitIdle();
    m_guiMs += double(timer.nsecsElapsed()) / 1e6;
}

QPoint SimulatedAnnotator::viewOf(const QPointF &imagePoint) const
{
    return m_ws->canvas()->imageToView(imagePoint).toPoint();
}

QPointF SimulatedAnnotator::insideImage(const QPointF &imagePoint) const
{
    // A point on the image's edge is aimed half a screen pixel inside it: the cursor lands on
    // whole screen pixels, and one just past the edge is not on the image.
    const QSize size = m_ws->document()->annotation().imageSize;
    const double scale
        = m_ws->canvas()->imageToView(QPointF(1, 0)).x() - m_ws->canvas()->imageToView(QPointF(0, 0)).x();
    const double half = 0.5 / std::max(1e-6, scale);
    return QPointF(std::clamp(imagePoint.x(), half, std::max(half, size.width() - half)),
        std::clamp(imagePoint.y(), half, std::max(half, size.height() - half)));
}

void SimulatedAnnotator::click(const QPointF &imagePoint, Qt::KeyboardModifiers modifiers)
{
    act([&] { QTest::mouseClick(m_ws->canvas(), Qt::LeftButton, modifiers, viewOf(insideImage(imagePoint))); });
    tally(&Counts::clicks);
}

void SimulatedAnnotator::key(Qt::Key k, Qt::KeyboardModifiers modifiers)
{
    act([&] { QTest::keyClick(m_ws->canvas(), k, modifiers); });
    tally(&Counts::keys);
}

void SimulatedAnnotator::hover(const QPoint &view)
{
    act([&] { QTest::mouseMove(m_ws->canvas(), view); });
}

bool SimulatedAnnotator::grab(int instance, int keypoint, QPoint *at, int maxZoomSteps)
{
    AnnotationCanvas *canvas = m_ws->canvas();
    for (int zoomSteps = 0;; ++zoomSteps) {
        const Keypoint &k = m_ws->document()->instances()[size_t(instance)].keypoints[size_t(keypoint)];
        const QPointF centre = canvas->imageToView(QPointF(k.x, k.y));
        // The point itself, else a spot beside it that no other point is nearer to.
        for (int r = 0; r < int(AnnotationCanvas::kGrabRadius); ++r)
            for (int a = 0; a < (r == 0 ? 1 : 12); ++a) {
                const QPoint p = (centre + r * QPointF(std::cos(a * M_PI / 6), std::sin(a * M_PI / 6))).toPoint();
                int i = -1, kp = -1;
                if (canvas->rect().contains(p) && canvas->pointAt(p, &i, &kp) && i == instance && kp == keypoint) {
                    *at = p;
                    return true;
                }
            }
        if (zoomSteps >= maxZoomSteps)
            return false;
        // Another point hides it: zoom in one notch around it, as a person would; unless they
        // lie on the same pixel, where no zoom parts them.
        int i = -1, kp = -1;
        if (canvas->pointAt(centre, &i, &kp) && (i != instance || kp != keypoint)) {
            const Keypoint &other = m_ws->document()->instances()[size_t(i)].keypoints[size_t(kp)];
            if (distance(other, k) < 1.0)
                return false;
        }
        act([&] {
            QWheelEvent wheel(centre, canvas->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton,
                Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(canvas, &wheel);
        });
        tally(&Counts::wheel);
        m_zoomed = true;
    }
    return false;
}

void SimulatedAnnotator::drag(int instance, int keypoint, const QPointF &target, Qt::KeyboardModifiers modifiers)
{
    QPoint from;
    if (!grab(instance, keypoint, &from))
        return;
    AnnotationCanvas *canvas = m_ws->canvas();
    const Keypoint &k = m_ws->document()->instances()[size_t(instance)].keypoints[size_t(keypoint)];
    // The point keeps its offset from the cursor: release where the target is relative to it.
    const QPoint to
        = (QPointF(from) + canvas->imageToView(insideImage(target)) - canvas->imageToView(QPointF(k.x, k.y))).toPoint();
    // A move shorter than the drag threshold would be a click: go out and come back, as a hand does.
    const int hop = int(AnnotationCanvas::kDragThreshold) + 4;
    const QPoint out = from + (to.x() >= from.x() ? QPoint(hop, hop) : QPoint(-hop, hop));
    act([&] {
        QTest::mousePress(canvas, Qt::LeftButton, modifiers, from);
        QTest::mouseMove(canvas, out);
        QTest::mouseMove(canvas, (out + to) / 2);
        QTest::mouseMove(canvas, to);
        QTest::mouseRelease(canvas, Qt::LeftButton, modifiers, to);
    });
    tally(&Counts::drags);
}

void SimulatedAnnotator::place(int instance, int keypoint, const Keypoint &truth)
{
    gp::AnnotationDocument *doc = m_ws->document();
    // The object in the objects list, then the point in the point list, then the click.
    if (doc->currentInstance() != instance) {
        QListWidget *list = m_ws->objectList();
        const QPoint at = list->visualItemRect(list->item(instance)).center();
        act([&] { QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, at); });
        tally(&Counts::clicks);
    }
    if (doc->nextKeypoint() != keypoint) {
        QTreeWidget *points = m_ws->pointTable();
        const QPoint at = points->visualItemRect(points->topLevelItem(keypoint)).center();
        act([&] { QTest::mouseClick(points->viewport(), Qt::LeftButton, {}, at); });
        tally(&Counts::clicks);
    }
    click(QPointF(truth.x, truth.y), truth.visibility == Keypoint::Occluded ? Qt::ShiftModifier : Qt::NoModifier);
}

void SimulatedAnnotator::labelFromScratch(const PoseInstance &truth, bool first)
{
    m_reason = QStringLiteral("object labelled from scratch");
    gp::AnnotationDocument *doc = m_ws->document();
    if (!first)
        key(Qt::Key_N);
    int last = -1;
    for (int k = 0; k < int(truth.keypoints.size()); ++k)
        if (truth.keypoints[size_t(k)].isLabelled())
            last = k;
    // The point the workspace places next (proposals it fills in are skipped), until the
    // truth's last labelled point is placed.
    for (int guard = 0; guard < 3 * int(truth.keypoints.size()); ++guard) {
        const int next = doc->nextKeypoint();
        if (next > last)
            break;
        const Keypoint &t = truth.keypoints[size_t(next)];
        if (!t.isLabelled())
            key(Qt::Key_S);
        else
            click(QPointF(t.x, t.y), t.visibility == Keypoint::Occluded ? Qt::ShiftModifier : Qt::NoModifier);
    }
    // What the workspace proposed for the rest of a gripper is reviewed like a model's, and a
    // point it skipped as proposed but did not keep (one it would have put outside the image)
    // is placed.
    if (m_mode == Mode::Assisted && doc->currentInstance() >= 0)
        correct(doc->currentInstance(), truth);
}

void SimulatedAnnotator::correctPart(int instance, const std::vector<int> &group, const PoseInstance &truth)
{
    gp::AnnotationDocument *doc = m_ws->document();
    const int part = doc->skeleton().partOf(group.front());
    for (size_t round = 0; round < group.size(); ++round) {
        const std::vector<Keypoint> kps = doc->instances()[size_t(instance)].keypoints;
        auto offBy = [&](const std::vector<Keypoint> &points, int k) {
            return points[size_t(k)].isLabelled() && truth.keypoints[size_t(k)].isLabelled()
                ? distance(points[size_t(k)], truth.keypoints[size_t(k)])
                : 0.0;
        };
        // A careful person drags the point whose correction puts the most of the gripper right,
        // as they know the rest follows it (the same refit, looked ahead); among equals, the one
        // that leaves the least error. Only points out of tolerance, and that can be grabbed
        // at this zoom when any can.
        int pick = -1;
        std::pair<int, double> best { -1, 0.0 };
        bool grabbable = false;
        for (const bool needGrab : { true, false }) {
            for (int k : group) {
                if (offBy(kps, k) <= m_tolerance)
                    continue;
                QPoint at;
                if (needGrab && !grab(instance, k, &at, 0))
                    continue;
                std::vector<Keypoint> after = kps;
                const Keypoint &t = truth.keypoints[size_t(k)];
                after[size_t(k)].x = t.x;
                after[size_t(k)].y = t.y;
                after[size_t(k)].origin = Keypoint::Origin::Person;
                if (doc->isRefitEnabled())
                    gp::GripperRefit::apply(after, kps, group, doc->shapeModel(part));
                int right = 0;
                double left = 0;
                for (int j : group) {
                    right += offBy(after, j) <= m_tolerance ? 1 : 0;
                    left += offBy(after, j);
                }
                if (right > best.first || (right == best.first && left < best.second)) {
                    best = { right, left };
                    pick = k;
                }
                grabbable = true;
            }
            if (grabbable)
                break;
        }
        if (pick < 0)
            return;
        const Keypoint &t = truth.keypoints[size_t(pick)];
        m_reason = QStringLiteral("point dragged");
        // Shift+drag marks it occluded on the way, where it is.
        const bool occlude = t.visibility == Keypoint::Occluded && kps[size_t(pick)].visibility == Keypoint::Visible;
        drag(instance, pick, QPointF(t.x, t.y), occlude ? Qt::ShiftModifier : Qt::NoModifier);
    }
}

void SimulatedAnnotator::correct(int instance, const PoseInstance &truth)
{
    gp::AnnotationDocument *doc = m_ws->document();
    const int n = int(truth.keypoints.size());
    auto point = [&](int k) -> const Keypoint & { return doc->instances()[size_t(instance)].keypoints[size_t(k)]; };
    QPoint at;
    // Left and right swapped (the model took one gripper for the other): F on the object.
    const std::vector<int> flip = doc->skeleton().flipIndex();
    double asIs = 0, swapped = 0;
    for (int k = 0; k < n; ++k) {
        const Keypoint &t = truth.keypoints[size_t(k)];
        const Keypoint &p = point(k), &q = point(flip[size_t(k)]);
        if (t.isLabelled() && p.isLabelled() && q.isLabelled()) {
            asIs += distance(p, t);
            swapped += distance(q, t);
        }
    }
    if (swapped < 0.5 * asIs) {
        m_reason = QStringLiteral("left and right swapped");
        for (int k = 0; k < n; ++k)
            if (point(k).isLabelled() && grab(instance, k, &at)) {
                hover(at);
                key(Qt::Key_F);
                break;
            }
    }
    // Points the object should not have.
    m_reason = QStringLiteral("point cleared");
    for (int k = 0; k < n; ++k)
        if (!truth.keypoints[size_t(k)].isLabelled() && point(k).isLabelled() && grab(instance, k, &at)) {
            hover(at);
            key(Qt::Key_Delete);
        }
    // Points it misses: placed first, so that a refit has them to go by.
    m_reason = QStringLiteral("missing point placed");
    for (int k = 0; k < n; ++k)
        if (truth.keypoints[size_t(k)].isLabelled() && !point(k).isLabelled())
            place(instance, k, truth.keypoints[size_t(k)]);
    // Points out of place.
    const auto groups = doc->skeleton().partGroups();
    std::vector<bool> inGroup(size_t(n), false);
    if (m_mode == Mode::Assisted)
        for (const auto &g : groups) {
            correctPart(instance, g, truth);
            for (int k : g)
                inGroup[size_t(k)] = true;
        }
    for (int k = 0; k < n; ++k)
        if (!inGroup[size_t(k)] && point(k).isLabelled() && truth.keypoints[size_t(k)].isLabelled()
            && distance(point(k), truth.keypoints[size_t(k)]) > m_tolerance) {
            m_reason = QStringLiteral("point dragged");
            drag(instance, k, QPointF(truth.keypoints[size_t(k)].x, truth.keypoints[size_t(k)].y));
        }
    // A refit may have taken a proposal out of the image (it is absent then): placed again.
    m_reason = QStringLiteral("missing point placed");
    for (int k = 0; k < n; ++k)
        if (truth.keypoints[size_t(k)].isLabelled() && !point(k).isLabelled())
            place(instance, k, truth.keypoints[size_t(k)]);
    // Visible against occluded.
    m_reason = QStringLiteral("visibility toggled");
    for (int k = 0; k < n; ++k)
        if (point(k).isLabelled() && truth.keypoints[size_t(k)].isLabelled()
            && point(k).visibility != truth.keypoints[size_t(k)].visibility && grab(instance, k, &at)) {
            hover(at);
            key(Qt::Key_O);
        }
}

std::vector<int> SimulatedAnnotator::match(const std::vector<PoseInstance> &truth, std::vector<int> *falseObjects) const
{
    const auto &found = m_ws->document()->instances();
    const std::vector<int> m = matchBoxes(truth, found);
    falseObjects->clear();
    for (int f = 0; f < int(found.size()); ++f)
        if (std::find(m.begin(), m.end(), f) == m.end())
            falseObjects->push_back(f);
    return m;
}

SimulatedAnnotator::ImageReport SimulatedAnnotator::labelShownImage(const std::vector<PoseInstance> &truth)
{
    m_counts = Counts();
    m_guiMs = 0;
    m_movedOn = false;
    ImageReport report;
    report.file = m_ws->shownFile();
    report.objects = int(truth.size());
    gp::AnnotationDocument *doc = m_ws->document();
    report.proposals = doc->instanceCount();
    report.proposedPoints = doc->proposalCount();
    if (truth.empty()) {
        // No robot: B marks it background (the model's false objects go with it), reviewed.
        m_reason = QStringLiteral("background marked");
        const QString shown = m_ws->shownFile();
        const bool review = m_ws->needsReview(shown);
        key(Qt::Key_B);
        m_movedOn = review && m_ws->assist()->settings().acceptMovesOn
            && QTest::qWaitFor([&] { return m_ws->shownFile() != shown; }, 2000);
        doc->flush();
        report.actions = m_counts;
        report.guiMs = m_guiMs;
        return report;
    }
    if (m_mode == Mode::Manual) {
        for (size_t t = 0; t < truth.size(); ++t)
            labelFromScratch(truth[t], t == 0 && doc->instanceCount() == 0);
    } else {
        // False objects first (hover one of their points, Shift+Delete).
        std::vector<int> falseObjects;
        match(truth, &falseObjects);
        m_reason = QStringLiteral("false object deleted");
        while (!falseObjects.empty()) {
            const int before = doc->instanceCount();
            // Hover a point of a false object; any false object the cursor then takes is as good
            // (duplicates lie on each other); failing that, pick it in the objects list.
            bool hovered = false;
            for (int f : falseObjects) {
                const auto &kps = doc->instances()[size_t(f)].keypoints;
                for (int k = 0; k < int(kps.size()) && !hovered; ++k) {
                    if (!kps[size_t(k)].isLabelled())
                        continue;
                    const QPoint at = viewOf(QPointF(kps[size_t(k)].x, kps[size_t(k)].y));
                    int i = -1, kp = -1;
                    if (m_ws->canvas()->rect().contains(at) && m_ws->canvas()->pointAt(at, &i, &kp)
                        && std::find(falseObjects.begin(), falseObjects.end(), i) != falseObjects.end()) {
                        hover(at);
                        hovered = true;
                    }
                }
                if (hovered)
                    break;
            }
            if (!hovered) {
                hover(QPoint(0, 0));
                QListWidget *list = m_ws->objectList();
                const QPoint item = list->visualItemRect(list->item(falseObjects.front())).center();
                act([&] { QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, item); });
                tally(&Counts::clicks);
            }
            key(Qt::Key_Delete, Qt::ShiftModifier);
            if (doc->instanceCount() == before)
                break; // could not be deleted: left to the score
            match(truth, &falseObjects);
        }
        const std::vector<int> matched = match(truth, &falseObjects);
        for (size_t t = 0; t < truth.size(); ++t)
            if (matched[t] >= 0)
                correct(matched[t], truth[t]);
        bool first = doc->instanceCount() == 0;
        for (size_t t = 0; t < truth.size(); ++t)
            if (matched[t] < 0) {
                labelFromScratch(truth[t], first);
                first = false;
            }
        m_reason = QStringLiteral("image accepted");
        if (m_ws->needsReview(m_ws->shownFile())) {
            const QString shown = m_ws->shownFile();
            key(Qt::Key_A);
            m_movedOn = m_ws->assist()->settings().acceptMovesOn
                && QTest::qWaitFor([&] { return m_ws->shownFile() != shown; }, 2000);
        }
    }
    if (m_zoomed) {
        m_reason = QStringLiteral("view fitted again");
        key(Qt::Key_0); // back to the fitted view for the next image
        m_zoomed = false;
    }
    doc->flush();
    report.actions = m_counts;
    report.guiMs = m_guiMs;
    return report;
}

bool SimulatedAnnotator::nextImage()
{
    const QString before = m_ws->shownFile();
    // Accepting the review moved on already.
    if (m_movedOn) {
        m_movedOn = false;
        return QTest::qWaitFor([&] { return !m_ws->shownFile().isEmpty(); }, kWaitMs);
    }
    m_counts = Counts();
    act([&] { QTest::keyClick(m_ws->canvas(), Qt::Key_Right); });
    ++m_why[QStringLiteral("next image")];
    return QTest::qWaitFor([&] { return !m_ws->shownFile().isEmpty() && m_ws->shownFile() != before; }, kWaitMs);
}

bool SimulatedAnnotator::prelabelAll(QString *error)
{
    QSignalSpy finished(m_ws, &LabelWorkspace::prelabelFinished);
    m_ws->prelabelUnlabelled();
    m_extra.clicks += 2; // the Pre-label button, then "Pre-label All Unlabelled Images…"
    m_why[QStringLiteral("pre-labelling started")] += 2;
    if (!finished.wait(kWaitMs * 10)) {
        *error = QStringLiteral("pre-labelling did not finish");
        return false;
    }
    *error = finished.front().at(2).toString();
    // The progress dialog has closed; on a desktop the window it covered is active again, the
    // offscreen platform leaves none active.
    m_ws->activateWindow();
    m_ws->canvas()->setFocus();
    QTest::qWaitForWindowActive(m_ws);
    return error->isEmpty();
}

bool SimulatedAnnotator::makeProject(const QString &history, const QString &fresh, int count, const QString &out,
    std::map<QString, std::vector<PoseInstance>> *truth, std::map<QString, QSize> *sizes, QString *error,
    const QString &split)
{
    const QDir o(out);
    if (!QDir().mkpath(o.filePath(QStringLiteral("images/val")))
        || !QDir().mkpath(o.filePath(QStringLiteral("images/train")))) {
        *error = QStringLiteral("cannot create ") + out;
        return false;
    }
    const QString source = history.isEmpty() ? fresh : history;
    for (const char *f : { "data.yaml", "skeleton.json" })
        QFile::copy(QDir(source).filePath(QLatin1String(f)), o.filePath(QLatin1String(f)));
    if (!history.isEmpty()) {
        for (const char *sub : { "images/train", "labels/train" }) {
            const QDir from(QDir(history).filePath(QLatin1String(sub)));
            QDir().mkpath(o.filePath(QLatin1String(sub)));
            for (const QString &name : from.entryList(QDir::Files))
                QFile::copy(from.filePath(name), o.filePath(QLatin1String(sub) + QLatin1Char('/') + name));
        }
    }
    QStringList images;
    for (const char *split : { "images/train", "images/val" }) {
        const QDir d(QDir(fresh).filePath(QLatin1String(split)));
        for (const QString &name : d.entryList({ QStringLiteral("*.jpg"), QStringLiteral("*.png") }, QDir::Files))
            images << d.filePath(name);
    }
    images.sort();
    gp::LabelFile::Format format;
    for (int i = 0; i < count && i < images.size(); ++i) {
        const QString copy
            = o.filePath(QStringLiteral("images/") + split + QLatin1Char('/') + QFileInfo(images[i]).fileName());
        QFile::copy(images[i], copy);
        const QSize size = QImageReader(images[i]).size();
        gp::DatasetIssueList issues;
        (*truth)[copy] = gp::LabelFile::read(gp::DatasetConfig::labelFileFor(images[i]), size, format, &issues);
        (*sizes)[copy] = size;
        if (!issues.issues.empty()) {
            *error = images[i] + QStringLiteral(": its truth does not read");
            return false;
        }
    }
    return true;
}

bool SimulatedAnnotator::openProject(
    LabelWorkspace *ws, const QString &projectDir, QString *error, const QString &split)
{
    auto project = gp::Project::open(projectDir, error);
    if (!project)
        return false;
    ws->resize(1400, 860);
    ws->setProject(std::make_shared<const gp::Project>(*project));
    ws->show();
    if (!QTest::qWaitForWindowExposed(ws)
        || !QTest::qWaitFor([&] { return !ws->isBusy() && ws->splits().contains(split); }, kWaitMs)) {
        *error = QStringLiteral("the project was not listed");
        return false;
    }
    ws->setCurrentSplit(split);
    const QString folder = QStringLiteral("/images/") + split + QLatin1Char('/');
    if (!QTest::qWaitFor([&] { return ws->shownFile().contains(folder) && !ws->assist()->isLearning(); }, kWaitMs)) {
        *error = QStringLiteral("the %1 split did not show").arg(split);
        return false;
    }
    ws->activateWindow();
    QTest::qWaitForWindowActive(ws);
    return true;
}

void SimulatedAnnotator::score(
    const QString &image, const QSize &imageSize, const std::vector<PoseInstance> &truth, Accuracy *acc)
{
    gp::DatasetIssueList issues;
    gp::LabelFile::Format format;
    format.keypointCount = truth.empty() ? 14 : int(truth.front().keypoints.size());
    const std::vector<PoseInstance> labels
        = gp::LabelFile::read(gp::DatasetConfig::labelFileFor(image), imageSize, format, &issues);
    const std::vector<int> m = matchBoxes(truth, labels);
    for (size_t t = 0; t < truth.size(); ++t) {
        const auto &tk = truth[t].keypoints;
        if (m[t] < 0) {
            ++acc->missingObjects;
            acc->missingPoints
                += int(std::count_if(tk.begin(), tk.end(), [](const Keypoint &k) { return k.isLabelled(); }));
            continue;
        }
        const auto &lk = labels[size_t(m[t])].keypoints;
        for (size_t k = 0; k < tk.size() && k < lk.size(); ++k) {
            if (tk[k].isLabelled() && lk[k].isLabelled()) {
                acc->errors.push_back(distance(tk[k], lk[k]));
                if (qEnvironmentVariableIsSet("GP_ANNOTATOR_DEBUG") && acc->errors.back() > 4)
                    qWarning("OFF %s object %d point %d by %.1f", qPrintable(QFileInfo(image).fileName()), int(t),
                        int(k), acc->errors.back());
                acc->visibilityWrong += tk[k].visibility != lk[k].visibility ? 1 : 0;
            } else if (tk[k].isLabelled()) {
                ++acc->missingPoints;
            } else if (lk[k].isLabelled()) {
                ++acc->extraPoints;
            }
        }
    }
    acc->extraObjects += int(labels.size()) - int(std::count_if(m.begin(), m.end(), [](int f) { return f >= 0; }));
}
