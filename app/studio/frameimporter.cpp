#include "frameimporter.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QSaveFile>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

QString FrameImporter::frameFileName(const QString &video, int frameIndex)
{
    return QStringLiteral("%1_%2.jpg").arg(QFileInfo(video).completeBaseName()).arg(frameIndex, 6, 10, QLatin1Char('0'));
}

FrameImporter::Result FrameImporter::run(const Options &o, const std::atomic_bool *cancel, const Progress &progress)
{
    Result r;
    if (o.everyNth < 1) {
        r.error = tr("every N-th frame needs N of 1 or more, not %1").arg(o.everyNth);
        return r;
    }
    cv::VideoCapture capture(o.video.toStdString());
    if (!capture.isOpened()) {
        r.error = tr("%1: cannot open the video").arg(QDir::toNativeSeparators(o.video));
        return r;
    }
    if (!QDir().mkpath(o.imagesDir)) {
        r.error = tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(o.imagesDir));
        return r;
    }
    const double reported = capture.get(cv::CAP_PROP_FRAME_COUNT);
    const int frameCount = reported > 0 ? int(reported) : -1;
    const QDir dir(o.imagesDir);
    cv::Mat frame, rgb;
    // Sequential grab() keeps the indices exact where seeking would land on key frames.
    for (int index = 0;; ++index) {
        if (cancel && cancel->load()) {
            r.cancelled = true;
            break;
        }
        if (o.lastFrame >= 0 && index > o.lastFrame)
            break;
        if (!capture.grab())
            break;
        ++r.framesRead;
        const bool wanted = index >= o.firstFrame && (index - o.firstFrame) % o.everyNth == 0;
        if (wanted) {
            const QString file = dir.filePath(frameFileName(o.video, index));
            if (QFileInfo::exists(file)) {
                ++r.skippedExisting;
            } else {
                if (!capture.retrieve(frame) || frame.empty()) {
                    r.error = tr("%1: frame %2 does not decode").arg(QDir::toNativeSeparators(o.video)).arg(index);
                    break;
                }
                cv::cvtColor(frame, rgb, frame.channels() == 1 ? cv::COLOR_GRAY2RGB : cv::COLOR_BGR2RGB);
                const QImage image(rgb.data, rgb.cols, rgb.rows, int(rgb.step), QImage::Format_RGB888);
                QSaveFile out(file);
                QImageWriter writer(&out, "jpg");
                writer.setQuality(o.jpegQuality);
                if (!out.open(QIODevice::WriteOnly) || !writer.write(image) || !out.commit()) {
                    r.error = tr("%1: cannot write: %2").arg(QDir::toNativeSeparators(file), out.errorString());
                    break;
                }
                ++r.written;
                r.files << file;
            }
        }
        if (progress)
            progress(index, frameCount);
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
    if (!out.open(QIODevice::WriteOnly) || !writer.write(image) || !out.commit()) {
        *error = tr("%1: cannot write: %2").arg(QDir::toNativeSeparators(*file), out.errorString());
        return false;
    }
    return true;
}
