#include "predictionlabeller.h"

#include "datasetconfig.h"
#include "frameimporter.h"
#include "labelfile.h"
#include "pointorigins.h"
#include "poseinstance.h"
#include "prelabeller.h"
#include "reviewstate.h"
#include "videodecoder.h"

#include <QFileInfo>

#include <algorithm>

namespace gp {

std::vector<PoseDetection> PredictionLabeller::fromTracks(const std::vector<TrackedPose> &tracks)
{
    std::vector<PoseDetection> out;
    for (const TrackedPose &t : tracks) {
        if (t.bridged)
            continue;
        PoseDetection d;
        d.box = t.box;
        d.score = t.score;
        d.cls = t.cls;
        for (const TrackedKeypoint &k : t.keypoints)
            d.keypoints.push_back({ k.x, k.y, k.inferred ? std::min(k.conf, 0.25) : k.conf });
        out.push_back(std::move(d));
    }
    return out;
}

PredictionLabeller::Result PredictionLabeller::run(
    const Options &o, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    Result r;
    const bool withObjects = !o.objects.empty();
    if (o.frames.size() != (withObjects ? o.objects.size() : o.predictions.size())) {
        r.error = tr("%1 frames but %2 prediction lists").arg(o.frames.size()).arg(o.predictions.size());
        return r;
    }
    VideoDecoder decoder;
    if (!decoder.open(o.video, &r.error))
        return r;
    // Frames in file order: each decode continues from the last.
    std::vector<size_t> order(o.frames.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return o.frames[a] < o.frames[b]; });
    const int total = int(order.size());
    for (int n = 0; n < total; ++n) {
        if (cancel.isCancelled()) {
            r.cancelled = true;
            break;
        }
        const size_t i = order[size_t(n)];
        const qint64 frame = o.frames[i];
        QImage image;
        QString why, file;
        bool existed = false;
        if (!decoder.frame(frame, &image, &why)
            || !FrameImporter::writeFrame(image, o.imagesDir, o.video, int(frame), &file, &existed, &why)) {
            ++r.failed;
            r.error = why;
        } else if (existed) {
            r.existing << file;
        } else {
            const QString labelFile = DatasetConfig::labelFileFor(file);
            std::vector<PoseInstance> instances;
            if (withObjects)
                instances = o.objects[i];
            else
                for (const PoseDetection &d : o.predictions[i])
                    if (int(instances.size()) < o.maxObjects)
                        // A bridged point's score is capped below 0.5 (fromTracks): it is occluded.
                        instances.push_back(PreLabeller::toInstance(d, image.size(), o.keypointCount, 0.5));
            // A label file without its image (left by a person): theirs wins, the image stays new.
            // The origins go first: a label file is never on disk without them.
            if (QFileInfo::exists(labelFile)) {
                r.existing << file;
            } else if ((!withObjects || PointOrigins::write(o.projectDir, file, instances, &why))
                && LabelFile::write(labelFile, instances, image.size(), o.keypointDims, &why)) {
                r.written << file;
            } else {
                ++r.failed;
                r.error = why;
            }
        }
        progress.report(n + 1, total);
    }
    if (!r.written.isEmpty()) {
        ReviewState review;
        QString why;
        // A review file that does not parse is not replaced by one that forgets its marks.
        if (!review.load(o.projectDir, &why) || (review.add(r.written), !review.save(&why)))
            r.error = tr("The frames were written, but their \"needs review\" marks were not: %1").arg(why);
    }
    return r;
}

} // namespace gp
