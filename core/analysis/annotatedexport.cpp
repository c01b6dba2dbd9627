#include "annotatedexport.h"

#include "detectioncache.h"
#include "framereader.h"
#include "predictionwriter_p.h"
#include "videoframe_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace gp {

namespace {

// The hidden name an output is written under until the export finishes: the extension kept
// (the video's container is chosen by it), "partial" in the name so that no one takes it for done.
QString partialName(const QString &path)
{
    if (path.isEmpty())
        return {};
    const QFileInfo fi(path);
    return fi.dir().filePath(QLatin1Char('.') + fi.completeBaseName() + QStringLiteral(".partial")
        + (fi.suffix().isEmpty() ? QString() : QLatin1Char('.') + fi.suffix()));
}

// Puts a finished output in place: rename() replaces the old file in one step where the system
// can (POSIX); elsewhere the old one is removed first.
bool putInPlace(const QString &partial, const QString &path, QString *error)
{
    if (std::rename(QFile::encodeName(partial).constData(), QFile::encodeName(path).constData()) == 0)
        return true;
    if (QFile::exists(path) && QFile::remove(path) && QFile::rename(partial, path))
        return true;
    *error = AnnotatedExport::tr("%1: cannot be put in place of %2")
                 .arg(QDir::toNativeSeparators(partial), QDir::toNativeSeparators(path));
    return false;
}

} // namespace

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
    // Written under partial names and put in place only once complete: a kill, a failure or a
    // cancel midway never leaves a short video or JSON that looks like a finished export.
    const std::vector<std::pair<QString, QString>> outputs { { partialName(output.videoPath), output.videoPath },
        { partialName(output.jsonPath), output.jsonPath }, { partialName(output.csvPath), output.csvPath } };
    oo.videoPath = outputs[0].first;
    oo.jsonPath = outputs[1].first;
    oo.csvPath = outputs[2].first;
    auto dropPartials = [&] {
        for (const auto &[partial, path] : outputs)
            if (!partial.isEmpty())
                QFile::remove(partial);
    };
    PredictionWriter writer(skeleton, oo);
    if (!writer.open(&r.error)) {
        writer.close();
        dropPartials();
        return r;
    }
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
            dropPartials();
            return r;
        }
        ++r.frames;
    }
    writer.close();
    if (r.cancelled) {
        dropPartials();
        return r;
    }
    for (const auto &[partial, path] : outputs)
        if (!partial.isEmpty() && QFile::exists(partial) && !putInPlace(partial, path, &r.error)) {
            dropPartials();
            return r;
        }
    return r;
}

} // namespace gp
