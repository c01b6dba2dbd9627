#include "keyframefill.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gp {

namespace {

// An answer belongs to an object when its points lie within this share of the object's box
// diagonal on average: beyond it, it is another object (or none).
constexpr double kSameObject = 0.5;
// A point a tenth of the object away from where interpolation puts it is wrong for any use.
constexpr double kWrongFraction = 0.1;

double diagonal(const PoseInstance &p)
{
    return std::max(1.0, std::hypot(p.box.width(), p.box.height()));
}

// Mean distance over the points labelled in `object` that the answer has.
double meanDistance(const PoseInstance &object, const PoseDetection &d)
{
    double sum = 0;
    int n = 0;
    for (size_t k = 0; k < object.keypoints.size() && k < d.keypoints.size(); ++k)
        if (object.keypoints[k].isLabelled()) {
            sum += std::hypot(object.keypoints[k].x - d.keypoints[k].x, object.keypoints[k].y - d.keypoints[k].y);
            ++n;
        }
    return n ? sum / n : std::numeric_limits<double>::max();
}

double meanDistance(const PoseInstance &a, const PoseInstance &b)
{
    double sum = 0;
    int n = 0;
    for (size_t k = 0; k < a.keypoints.size() && k < b.keypoints.size(); ++k)
        if (a.keypoints[k].isLabelled() && b.keypoints[k].isLabelled()) {
            sum += std::hypot(a.keypoints[k].x - b.keypoints[k].x, a.keypoints[k].y - b.keypoints[k].y);
            ++n;
        }
    return n ? sum / n : std::numeric_limits<double>::max();
}

QRectF boundsOf(const std::vector<Keypoint> &points, const QRectF &fallback)
{
    QRectF r;
    bool any = false;
    for (const Keypoint &k : points)
        if (k.isLabelled()) {
            const QRectF p(k.x, k.y, 0, 0);
            r = any ? r.united(p) : p;
            any = true;
        }
    return any && r.width() > 0 && r.height() > 0 ? r : fallback;
}

} // namespace

int KeyframeFill::nearest(const PoseInstance &object, const std::vector<PoseDetection> &answers)
{
    int best = -1;
    double bestDistance = kSameObject * diagonal(object);
    for (size_t i = 0; i < answers.size(); ++i) {
        const double d = meanDistance(object, answers[i]);
        if (d < bestDistance) {
            bestDistance = d;
            best = int(i);
        }
    }
    return best;
}

std::vector<KeyframeFill::Frame> KeyframeFill::segment(const std::vector<PoseInstance> &a,
    const std::vector<PoseInstance> &b, const std::vector<std::vector<PoseDetection>> &answers, const QSizeF &frameSize)
{
    const size_t span = answers.size() < 2 ? 0 : answers.size() - 1; // frames from A to B
    std::vector<Frame> out(span > 0 ? span - 1 : 0);
    if (out.empty())
        return out;
    // Each frame's answers, taken by one object at most.
    std::vector<std::vector<bool>> taken(answers.size());
    for (size_t f = 0; f < answers.size(); ++f)
        taken[f].assign(answers[f].size(), false);
    std::vector<bool> usedB(b.size(), false);
    for (const PoseInstance &objA : a) {
        // The same object on keyframe B: the nearest one not taken (an object that leaves the
        // view between the keyframes is not carried). It may have moved far between them.
        int j = -1;
        double bestDistance = std::numeric_limits<double>::max();
        for (size_t i = 0; i < b.size(); ++i)
            if (!usedB[i]) {
                const double d = meanDistance(objA, b[i]);
                if (d < bestDistance && d < 4 * kSameObject * diagonal(objA)) {
                    bestDistance = d;
                    j = int(i);
                }
            }
        if (j < 0)
            continue;
        usedB[size_t(j)] = true;
        const PoseInstance &objB = b[size_t(j)];
        const int ia = nearest(objA, answers.front()), ib = nearest(objB, answers.back());
        // The model's object, followed from A: its answer on each frame nearest its last one.
        std::vector<int> followed(answers.size(), -1);
        followed.front() = ia;
        if (ia >= 0) {
            PoseInstance last = asObject(answers.front()[size_t(ia)]);
            for (size_t f = 1; f < span; ++f) {
                int k = nearest(last, answers[f]);
                if (k >= 0 && taken[f][size_t(k)])
                    k = -1;
                if (k >= 0) {
                    taken[f][size_t(k)] = true;
                    last = asObject(answers[f][size_t(k)]);
                }
                followed[f] = k;
            }
        }
        for (size_t f = 1; f < span; ++f) {
            const double t = double(f) / double(span);
            const int here = ib >= 0 ? followed[f] : -1;
            Frame &frame = out[f - 1];
            frame.objects.push_back(here >= 0 ? shifted(objA, objB, answers.front()[size_t(ia)],
                                        answers.back()[size_t(ib)], answers[f][size_t(here)], t, &frame.reviewPriority)
                                              : interpolated(objA, objB, t));
            if (here < 0)
                frame.reviewPriority = 1.0;
            if (frameSize.isValid()) {
                PoseInstance &placed = frame.objects.back();
                for (Keypoint &k : placed.keypoints)
                    if (k.isLabelled() && (k.x < 0 || k.y < 0 || k.x > frameSize.width() || k.y > frameSize.height()))
                        k = Keypoint();
                placed.box = boundsOf(placed.keypoints, placed.box) & QRectF(QPointF(0, 0), frameSize);
            }
        }
    }
    return out;
}

PoseInstance KeyframeFill::interpolated(const PoseInstance &objA, const PoseInstance &objB, double t)
{
    PoseInstance out = objA;
    for (size_t k = 0; k < out.keypoints.size(); ++k) {
        Keypoint &p = out.keypoints[k];
        const Keypoint q = k < objB.keypoints.size() ? objB.keypoints[k] : Keypoint();
        const Keypoint nearer = t < 0.5 ? p : q; // its visibility, and its point when one end has none
        if (p.isLabelled() && q.isLabelled()) {
            p.x += t * (q.x - p.x);
            p.y += t * (q.y - p.y);
            p.visibility = nearer.visibility;
        } else {
            p = nearer; // absent when the nearer keyframe has no point there
        }
        if (!p.isLabelled())
            continue;
        p.origin = Keypoint::Origin::Refit;
        p.confidence = 0.0f;
    }
    out.box = boundsOf(out.keypoints, objA.box);
    return out;
}

PoseInstance KeyframeFill::shifted(const PoseInstance &objA, const PoseInstance &objB, const PoseDetection &atA,
    const PoseDetection &atB, const PoseDetection &here, double t, double *priority)
{
    const PoseInstance line = interpolated(objA, objB, t);
    PoseInstance out = line;
    double parting = 0, leastSure = 1;
    for (size_t k = 0; k < out.keypoints.size(); ++k) {
        Keypoint &p = out.keypoints[k];
        if (!p.isLabelled() || k >= here.keypoints.size() || k >= atA.keypoints.size() || k >= atB.keypoints.size())
            continue;
        // The correction at each end (the person's point less the model's); where one end has
        // no point, the other end's correction throughout.
        const Keypoint &ka = objA.keypoints[k], &kb = objB.keypoints[k];
        QPointF dA, dB;
        if (ka.isLabelled())
            dA = QPointF(ka.x - atA.keypoints[k].x, ka.y - atA.keypoints[k].y);
        if (kb.isLabelled())
            dB = QPointF(kb.x - atB.keypoints[k].x, kb.y - atB.keypoints[k].y);
        if (!ka.isLabelled())
            dA = dB;
        if (!kb.isLabelled())
            dB = dA;
        const QPointF d = dA + t * (dB - dA);
        const double x = here.keypoints[k].x + d.x(), y = here.keypoints[k].y + d.y();
        parting = std::max(parting, std::hypot(x - p.x, y - p.y));
        leastSure = std::min(leastSure, here.keypoints[k].conf);
        p.x = x;
        p.y = y;
        p.confidence = float(std::clamp(here.keypoints[k].conf, 0.0, 1.0));
    }
    out.box = boundsOf(out.keypoints, line.box);
    *priority
        = std::max(*priority, std::max(std::min(1.0, parting / (kWrongFraction * diagonal(line))), 1.0 - leastSure));
    return out;
}

PoseInstance KeyframeFill::asObject(const PoseDetection &d)
{
    PoseInstance p;
    p.box = QRectF(QPointF(d.box.x1, d.box.y1), QPointF(d.box.x2, d.box.y2));
    for (const PoseKeypoint &k : d.keypoints)
        p.keypoints.push_back({ k.x, k.y, Keypoint::Visible, Keypoint::Origin::Model, float(k.conf) });
    return p;
}

} // namespace gp
