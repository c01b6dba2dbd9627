#include "frameimporter.h"
#include "savefilecommit.h"

#include "framereader.h"
#include "imageconversion_p.h"
#include "videoframe_p.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QSaveFile>

namespace gp {

QString FrameImporter::frameFileName(const QString &video, int frameIndex)
{
    return QStringLiteral("%1_%2.jpg")
        .arg(QFileInfo(video).completeBaseName())
        .arg(frameIndex, 6, 10, QLatin1Char('0'));
}

FrameImporter::Result FrameImporter::run(const Options &o, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    Result r;
    if (o.everyNth < 1) {
        r.error = tr("every N-th frame needs N of 1 or more, not %1").arg(o.everyNth);
        return r;
    }
    FrameReader reader;
    if (FrameReader::classify(o.video) != FrameReader::Kind::VideoFile || !reader.open(o.video, &r.error)) {
        r.error = tr("%1: cannot open the video").arg(QDir::toNativeSeparators(o.video));
        return r;
    }
    if (!QDir().mkpath(o.imagesDir)) {
        r.error = tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(o.imagesDir));
        return r;
    }
    const QDir dir(o.imagesDir);
    // Frames are read in order, so their indices are exact; only wanted frames are converted.
    for (int index = 0;; ++index) {
        if (cancel.isCancelled()) {
            r.cancelled = true;
            break;
        }
        if (o.lastFrame >= 0 && index > o.lastFrame)
            break;
        const bool wanted = index >= o.firstFrame && (index - o.firstFrame) % o.everyNth == 0;
        const QString file = wanted ? dir.filePath(frameFileName(o.video, index)) : QString();
        const bool exists = wanted && QFileInfo::exists(file);
        VideoFrame frame;
        QString message;
        const FrameReader::Status status = reader.read(&frame, &message, wanted && !exists);
        if (status == FrameReader::Status::End)
            break;
        ++r.framesRead;
        if (exists) {
            ++r.skippedExisting;
        } else if (wanted) {
            if (status != FrameReader::Status::Ok) {
                r.error = tr("%1: frame %2 does not decode").arg(QDir::toNativeSeparators(o.video)).arg(index);
                break;
            }
            QString written;
            bool existed = false;
            if (!writeFrame(gp::toQImage(frame.image), o.imagesDir, o.video, index, &written, &existed, &r.error,
                    o.jpegQuality))
                break;
            ++r.written;
            r.files << written;
        }
        progress.report(index + 1, reader.frameCount());
    }
    return r;
}

bool FrameImporter::writeFrame(const QImage &image, const QString &imagesDir, const QString &video, int frameIndex,
    QString *file, bool *existed, QString *error, int jpegQuality)
{
    *existed = false;
    *file = QDir(imagesDir).filePath(frameFileName(video, frameIndex));
    if (QFileInfo::exists(*file)) {
        *existed = true;
        return true;
    }
    if (image.isNull()) {
        *error = tr("no frame is shown");
        return false;
    }
    if (!QDir().mkpath(imagesDir)) {
        *error = tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(imagesDir));
        return false;
    }
    QSaveFile out(*file);
    QImageWriter writer(&out, "jpg");
    writer.setQuality(jpegQuality);
    if (!out.open(QIODevice::WriteOnly) || !writer.write(image) || !gp::commitSaveFile(out)) {
        *error = tr("%1: cannot write: %2").arg(QDir::toNativeSeparators(*file), out.errorString());
        return false;
    }
    return true;
}

} // namespace gp
