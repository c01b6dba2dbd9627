#include "prelabeller.h"

#include "datasetconfig.h"
#include "labelfile.h"
#include "pointorigins.h"
#include "posedetection.h"
#include "poseinstance.h"
#include "predictor.h"
#include "proposalrevision.h"

#include <QDir>
#include <QFileInfo>
#include <QSize>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>

namespace gp {

PoseInstance PreLabeller::toInstance(
    const PoseDetection &det, const QSize &size, int keypointCount, double occludedBelow)
{
    PoseInstance inst;
    inst.classId = 0;
    const QRectF image(0, 0, size.width(), size.height());
    inst.box = QRectF(QPointF(det.box.x1, det.box.y1), QPointF(det.box.x2, det.box.y2)).normalized() & image;
    inst.keypoints.resize(size_t(keypointCount));
    for (int k = 0; k < keypointCount && size_t(k) < det.keypoints.size(); ++k) {
        const PoseKeypoint &p = det.keypoints[size_t(k)];
        if (p.x < 0 || p.y < 0 || p.x > size.width() || p.y > size.height() || p.conf < kAbsentBelow)
            continue; // absent
        inst.keypoints[size_t(k)]
            = Keypoint { p.x, p.y, p.conf >= occludedBelow ? int(Keypoint::Visible) : int(Keypoint::Occluded),
                  Keypoint::Origin::Model, float(std::clamp(p.conf, 0.0, 1.0)) };
    }
    return inst;
}

bool PreLabeller::revise(const Options &o, const QString &file, const QSize &size,
    const std::vector<PoseInstance> &fresh, Result *r, QString *error)
{
    const QString labelFile = DatasetConfig::labelFileFor(file);
    LabelFile::Format format;
    format.keypointCount = o.keypointCount;
    format.keypointDims = o.keypointDims;
    DatasetIssueList issues;
    LabelFile::Outcome outcome;
    std::vector<PoseInstance> current = LabelFile::read(labelFile, size, format, &issues, QString(), &outcome);
    // A line that does not read would be lost by writing the file again.
    if (!outcome.usable()) {
        *error = tr("%1 has label lines that do not read; its labels were left as they are")
                     .arg(QDir::toNativeSeparators(labelFile));
        return false;
    }
    if (!PointOrigins::apply(o.projectDir, file, &current, true, error))
        return false;
    const ProposalRevision::Result revised = ProposalRevision::revise(current, fresh, o.skeleton, size, o.shapeModels);
    r->changedPoints += revised.changedPoints;
    if (revised.changedPoints == 0)
        return true;
    return PointOrigins::write(o.projectDir, file, revised.instances, error)
        && LabelFile::write(labelFile, revised.instances, size, o.keypointDims, error);
}

PreLabeller::Result PreLabeller::run(const Options &o, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    Result r;
    Predictor predictor;
    PredictorOptions po;
    po.model = o.model;
    po.imgsz = o.imgsz;
    po.conf = o.conf;
    po.iou = o.iou;
    po.maxDet = std::max(1, o.maxObjects);
    po.device = o.device;
    if (!predictor.load(po, &r.error))
        return r;
    if (predictor.spec().numKeypoints != o.keypointCount) {
        //: %1 is a file or model name; %2 and %3 are keypoint counts.
        r.error = tr("%1 predicts %2 keypoints, the project's skeleton has %3")
                      .arg(QFileInfo(o.model).fileName())
                      .arg(predictor.spec().numKeypoints)
                      .arg(o.keypointCount);
        return r;
    }
    const int total = int(o.images.size());
    for (int i = 0; i < total; ++i) {
        if (cancel.isCancelled()) {
            r.cancelled = true;
            break;
        }
        const QString &file = o.images[i];
        const QString labelFile = DatasetConfig::labelFileFor(file);
        const bool revising = QFileInfo::exists(labelFile) && o.revise.contains(file);
        if (QFileInfo::exists(labelFile) && !revising) {
            ++r.skippedLabelled;
        } else {
            const cv::Mat image = cv::imread(file.toStdString(), cv::IMREAD_COLOR);
            std::vector<std::vector<PoseDetection>> found;
            QString why;
            if (image.empty()) {
                ++r.failed;
                r.error = tr("%1 does not decode").arg(QFileInfo(file).fileName());
            } else if (!predictor.predict({ image }, &found, &why) || found.empty()) {
                ++r.failed;
                r.error = why;
            } else if (found.front().empty() && !revising) {
                ++r.nothingFound;
            } else {
                const QSize size(image.cols, image.rows);
                std::vector<PoseInstance> instances;
                for (const PoseDetection &d : found.front())
                    if (int(instances.size()) < o.maxObjects)
                        instances.push_back(toInstance(d, size, o.keypointCount));
                if (revising) {
                    if (revise(o, file, size, instances, &r, &why))
                        r.revised << file;
                    else {
                        ++r.failed;
                        r.error = why;
                    }
                }
                // A person may have started on this image meanwhile: theirs wins. The origins go
                // first: a label file is never on disk without them.
                else if (QFileInfo::exists(labelFile))
                    ++r.skippedLabelled;
                else if ((o.projectDir.isEmpty() || PointOrigins::write(o.projectDir, file, instances, &why))
                    && LabelFile::write(labelFile, instances, size, o.keypointDims, &why))
                    r.written << file;
                else {
                    ++r.failed;
                    r.error = why;
                }
            }
        }
        progress.report(i + 1, total);
    }
    return r;
}

} // namespace gp
