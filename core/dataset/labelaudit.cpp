#include "labelaudit.h"

#include "boxgeometry.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

bool outside(const QRectF &r, double x, double y, double tol)
{
    return x < r.left() - tol || x > r.right() + tol || y < r.top() - tol || y > r.bottom() + tol;
}

double iou(const QRectF &a, const QRectF &b)
{
    const QRectF x = a.normalized(), y = b.normalized();
    return gp::boxIou({ x.left(), x.top(), x.right(), x.bottom() }, { y.left(), y.top(), y.right(), y.bottom() });
}

} // namespace

std::vector<LabelAudit::Finding> LabelAudit::audit(const ImageAnnotation &a, const Skeleton &skeleton, const Options &o)
{
    std::vector<Finding> out;
    const QRectF image(0, 0, a.imageSize.width(), a.imageSize.height());
    const auto &points = skeleton.points();
    for (size_t i = 0; i < a.instances.size(); ++i) {
        const PoseInstance &inst = a.instances[i];
        Finding outImage { Kind::OutOfImage, int(i), -1, -1, 0 };
        Finding outBox { Kind::PointOutsideBox, int(i), -1, -1, 0 };
        double sx[2] = { 0, 0 }, sy[2] = { 0, 0 };
        int n[2] = { 0, 0 };
        int root[2] = { -1, -1 }; // each side's first skeleton point
        for (size_t k = 0; k < inst.keypoints.size(); ++k) {
            const Keypoint &kp = inst.keypoints[k];
            if (!kp.isLabelled())
                continue;
            if (!image.isEmpty() && outside(image, kp.x, kp.y, o.tolerance)) {
                if (outImage.count++ == 0)
                    outImage.keypoint = int(k);
            }
            if (inst.box.isValid() && outside(inst.box, kp.x, kp.y, o.tolerance)) {
                if (outBox.count++ == 0)
                    outBox.keypoint = int(k);
            }
            if (k < points.size() && points[k].side != Skeleton::Side::Center) {
                const int s = points[k].side == Skeleton::Side::Left ? 0 : 1;
                sx[s] += kp.x;
                sy[s] += kp.y;
                ++n[s];
            }
        }
        if (outImage.count > 0)
            out.push_back(outImage);
        if (outBox.count > 0)
            out.push_back(outBox);
        for (size_t k = 0; k < points.size(); ++k)
            if (points[k].side != Skeleton::Side::Center) {
                int &r = root[points[k].side == Skeleton::Side::Left ? 0 : 1];
                if (r < 0)
                    r = int(k);
            }
        if (n[0] >= o.minSidePoints && n[1] >= o.minSidePoints) {
            double fx = 0, fy = 0;
            int sides = 0;
            for (int s = 0; s < 2; ++s) {
                if (root[s] < 0 || size_t(root[s]) >= inst.keypoints.size()
                    || !inst.keypoints[size_t(root[s])].isLabelled())
                    continue;
                fx += sx[s] / n[s] - inst.keypoints[size_t(root[s])].x;
                fy += sy[s] / n[s] - inst.keypoints[size_t(root[s])].y;
                ++sides;
            }
            const double ax = sx[0] / n[0] - sx[1] / n[1], ay = sy[0] / n[0] - sy[1] / n[1];
            const double norm = std::hypot(fx, fy) * std::hypot(ax, ay);
            if (sides > 0 && norm > 0) {
                const double sine = (fx * ay - fy * ax) / norm * (o.mirrored ? -1.0 : 1.0);
                if (sine > o.swapSine)
                    out.push_back(Finding { Kind::LeftRightSwapped, int(i), -1, -1, 0 });
            }
        }
    }
    for (size_t i = 1; i < a.instances.size(); ++i) {
        const PoseInstance &b = a.instances[i];
        for (size_t j = 0; j < i; ++j) {
            const PoseInstance &p = a.instances[j];
            if (iou(b.box, p.box) < o.duplicateIou)
                continue;
            double dist = 0;
            int common = 0;
            const size_t nk = std::min(b.keypoints.size(), p.keypoints.size());
            for (size_t k = 0; k < nk; ++k)
                if (b.keypoints[k].isLabelled() && p.keypoints[k].isLabelled()) {
                    dist += std::hypot(b.keypoints[k].x - p.keypoints[k].x, b.keypoints[k].y - p.keypoints[k].y);
                    ++common;
                }
            const double diag = std::hypot(b.box.width(), b.box.height());
            if (common == 0 || dist / common <= o.duplicateDistance * diag) {
                out.push_back(Finding { Kind::DuplicateInstance, int(i), int(j), -1, 0 });
                break;
            }
        }
    }
    return out;
}

QString LabelAudit::kindName(Kind kind)
{
    switch (kind) {
    case Kind::OutOfImage:
        return tr("Outside the image");
    case Kind::PointOutsideBox:
        return tr("Point outside its box");
    case Kind::LeftRightSwapped:
        return tr("Left and right swapped?");
    case Kind::DuplicateInstance:
        return tr("Duplicate object");
    }
    return {};
}

QString LabelAudit::describe(const Finding &f, const Skeleton &skeleton)
{
    const QString point = f.keypoint >= 0 && f.keypoint < skeleton.keypointCount()
        ? skeleton.points()[size_t(f.keypoint)].name
        : QString::number(f.keypoint);
    switch (f.kind) {
    case Kind::OutOfImage:
        //: %1 is the object's number, %2 a keypoint name; %n how many other points.
        return f.count > 1 ? tr("Object %1: %2 and %n more point(s) lie outside the image", nullptr, f.count - 1)
                                 .arg(f.instance + 1)
                                 .arg(point)
                           : tr("Object %1: %2 lies outside the image").arg(f.instance + 1).arg(point);
    case Kind::PointOutsideBox:
        //: %1 is the object's number, %2 a keypoint name; %n how many other points.
        return f.count > 1 ? tr("Object %1: %2 and %n more point(s) lie outside its box", nullptr, f.count - 1)
                                 .arg(f.instance + 1)
                                 .arg(point)
                           : tr("Object %1: %2 lies outside its box").arg(f.instance + 1).arg(point);
    case Kind::LeftRightSwapped:
        //: %1 is the object's number. Seen along the fingers, the left gripper should be on the left.
        return tr("Object %1: its left and right sides look mirrored; left and right may be swapped (F swaps them)")
            .arg(f.instance + 1);
    case Kind::DuplicateInstance:
        //: %1 and %2 are object numbers.
        return tr("Object %1 repeats object %2 (same box and points)").arg(f.instance + 1).arg(f.other + 1);
    }
    return {};
}

std::vector<LabelAudit::DatasetFinding> LabelAudit::auditDataset(
    const DatasetConfig &config, const Skeleton &skeleton, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    std::vector<std::pair<QString, QStringList>> splits;
    int64_t total = 0;
    for (const QString &split : config.splits()) {
        splits.emplace_back(split, config.imageFiles(split));
        total += splits.back().second.size();
    }
    std::vector<DatasetFinding> out;
    int64_t done = 0;
    for (const auto &[split, files] : splits) {
        for (const QString &file : files) {
            if (cancel.isCancelled())
                return out;
            progress.report(++done, total);
            if (!QFileInfo::exists(DatasetConfig::labelFileFor(file)))
                continue;
            DatasetIssueList ignored;
            const ImageAnnotation a = config.loadAnnotation(file, &ignored);
            for (const Finding &f : audit(a, skeleton))
                out.push_back({ file, split, f });
        }
    }
    return out;
}

} // namespace gp
