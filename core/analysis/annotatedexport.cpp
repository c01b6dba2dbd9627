#include "annotatedexport.h"

#include "detectioncache.h"
#include "framereader.h"
#include "predictionwriter_p.h"
#include "videoframe_p.h"

namespace gp {

AnnotatedExport::Result AnnotatedExport::run(const QString &video, const DetectionCache &cache,
    const std::vector<std::vector<TrackedPose>> &tracks, const Skeleton &skeleton, const OutputOptions &output,
    double keypointConf, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    Result r;
    if (qint64(tracks.size()) != cache.frameCount()) {
        r.error = tr("the tracks do not match the analysed video (%1 of %2 frames)")
                      .arg(tracks.size())
                      .arg(cache.frameCount());
        return r;
    }
    FrameReader reader;
    if (!reader.open(video, &r.error))
        return r;
    OutputOptions oo = output;
    if (oo.fps <= 0)
        oo.fps = reader.fps();
    oo.keypointConf = keypointConf;
    PredictionWriter writer(skeleton, oo);
    if (!writer.open(&r.error))
        return r;
    VideoFrame frame;
    QString message;
    const qint64 total = cache.frameCount();
    while (true) {
        if (cancel.isCancelled()) {
            r.cancelled = true;
            break;
        }
        // Frames outside the analysis are only decoded (not converted).
        const bool wanted = cache.isAnalysed(reader.position());
        const FrameReader::Status s = reader.read(&frame, &message, wanted);
        if (s == FrameReader::Status::End)
            break;
        progress.report(frame.index + 1, total);
        if (s != FrameReader::Status::Ok || !cache.isAnalysed(frame.index) || frame.image.empty())
            continue;
        FramePrediction p;
        p.frameIndex = frame.index;
        p.timestampMs = frame.timestampMs;
        p.width = frame.image.cols;
        p.height = frame.image.rows;
        p.detections = cache.frame(frame.index)->detections;
        p.tracked = true;
        p.tracks = tracks[size_t(frame.index)];
        if (!writer.write(p, frame.image, &r.error)) {
            writer.close();
            return r;
        }
        ++r.frames;
    }
    writer.close();
    return r;
}

} // namespace gp
