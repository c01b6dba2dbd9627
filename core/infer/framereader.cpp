#include "framereader.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QThread>

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

bool FrameReader::isImageFile(const QString &path)
{
    static const QStringList kExt{QStringLiteral("jpg"), QStringLiteral("jpeg"), QStringLiteral("png"),
                                  QStringLiteral("bmp"), QStringLiteral("tif"),  QStringLiteral("tiff"),
                                  QStringLiteral("webp")};
    return kExt.contains(QFileInfo(path).suffix().toLower());
}

FrameReader::Kind FrameReader::classify(const QString &source)
{
    static const QRegularExpression kCamera(QStringLiteral("^\\d+$"));
    const QFileInfo fi(source);
    if (kCamera.match(source).hasMatch() && !fi.exists())
        return Kind::Camera;
    if (source.contains(QLatin1String("://")))
        return Kind::Stream;
    if (fi.isDir() || source.contains(QLatin1Char('*')) || source.contains(QLatin1Char('?'))
        || (fi.isFile() && isImageFile(source)))
        return Kind::Images;
    return Kind::VideoFile;
}

bool FrameReader::open(const QString &source, QString *error)
{
    close();
    m_source = source;
    if (source.isEmpty()) {
        *error = tr("no source given");
        return false;
    }
    const QFileInfo fi(source);
    m_kind = classify(source);
    if (m_kind == Kind::Camera) {
        if (!m_capture.open(source.toInt())) {
            *error = tr("cannot open camera %1").arg(source);
            return false;
        }
    } else if (m_kind == Kind::Stream) {
        if (!m_capture.open(source.toStdString())) {
            *error = tr("cannot open stream %1").arg(source);
            return false;
        }
    } else if (m_kind == Kind::Images) {
        if (fi.isFile()) {
            m_images << fi.absoluteFilePath();
        } else {
            const QDir dir = fi.isDir() ? QDir(source) : fi.absoluteDir();
            const QStringList filters = fi.isDir() ? QStringList{} : QStringList{fi.fileName()};
            for (const QFileInfo &f : dir.entryInfoList(filters, QDir::Files, QDir::Name))
                if (isImageFile(f.fileName()))
                    m_images << f.absoluteFilePath();
        }
        if (m_images.isEmpty()) {
            *error = tr("%1: no images found").arg(source);
            return false;
        }
        m_frameCount = m_images.size();
        return true;
    } else {
        if (!fi.exists()) {
            *error = tr("%1 does not exist").arg(source);
            return false;
        }
        if (!m_capture.open(source.toStdString(), cv::CAP_FFMPEG) && !m_capture.open(source.toStdString())) {
            *error = tr("%1: cannot decode the video (unknown format, or the file is truncated or corrupt)").arg(source);
            return false;
        }
        const double count = m_capture.get(cv::CAP_PROP_FRAME_COUNT);
        m_frameCount = count > 0 && std::isfinite(count) ? qint64(std::llround(count)) : -1;
    }
    m_liveClock.start();
    const double fps = m_capture.get(cv::CAP_PROP_FPS);
    if (fps > 0 && std::isfinite(fps) && fps < 1000)
        m_fps = fps;
    m_width = int(m_capture.get(cv::CAP_PROP_FRAME_WIDTH));
    m_height = int(m_capture.get(cv::CAP_PROP_FRAME_HEIGHT));
    return true;
}

void FrameReader::close()
{
    if (m_capture.isOpened())
        m_capture.release();
    m_images.clear();
    m_fps = 30.0;
    m_frameCount = -1;
    m_width = m_height = 0;
    m_next = m_read = m_failed = 0;
    m_ended = false;
    m_timestamps.clear();
    m_problems.clear();
}

FrameReader::Status FrameReader::read(VideoFrame *frame, QString *message)
{
    if (m_ended)
        return Status::End;
    return m_kind == Kind::Images ? readImage(frame, message) : readVideo(frame, message);
}

FrameReader::Status FrameReader::readImage(VideoFrame *frame, QString *message)
{
    if (m_next >= m_images.size()) {
        m_ended = true;
        return Status::End;
    }
    const qint64 index = m_next++;
    const QString path = m_images.at(int(index));
    cv::Mat img = cv::imread(path.toStdString(), cv::IMREAD_COLOR);
    if (img.empty()) {
        ++m_failed;
        m_timestamps.push_back(std::numeric_limits<double>::quiet_NaN());
        *message = tr("%1: the image does not decode; skipped").arg(path);
        m_problems << *message;
        return Status::Failed;
    }
    frame->index = index;
    frame->timestampMs = index * 1000.0 / m_fps;
    frame->image = img;
    frame->path = path;
    m_timestamps.push_back(frame->timestampMs);
    m_width = img.cols;
    m_height = img.rows;
    ++m_read;
    return Status::Ok;
}

FrameReader::Status FrameReader::readVideo(VideoFrame *frame, QString *message)
{
    cv::Mat img;
    int failures = 0;
    const int retries = isLive() ? kLiveRetries : kFileRetries;
    while (true) {
        bool ok = false;
        try {
            ok = m_capture.read(img) && !img.empty();
        } catch (const cv::Exception &) {
            ok = false;
        }
        if (ok)
            break;
        // The normal end of a file.
        if (!isLive() && (m_frameCount < 0 || m_next >= m_frameCount)) {
            m_ended = true;
            return Status::End;
        }
        if (++failures >= retries) {
            m_ended = true;
            if (isLive()) {
                ++m_failed;
                *message = tr("%1: the source stopped delivering frames (disconnected) after %2 frames")
                               .arg(m_source)
                               .arg(m_next);
            } else {
                const qint64 missing = m_frameCount - m_next;
                m_failed += missing;
                *message = tr("%1: truncated or corrupt: decoded %2 of %3 frames; %4 could not be read")
                               .arg(m_source)
                               .arg(m_next)
                               .arg(m_frameCount)
                               .arg(missing);
            }
            m_problems << *message;
            return Status::End;
        }
        if (isLive())
            QThread::msleep(50);
    }
    double ts = m_capture.get(cv::CAP_PROP_POS_MSEC);
    if (failures > 0 && !isLive()) {
        // Reads failed in the middle of the file. Whether frames were lost the frame's
        // presentation time tells (a decoder that drains at a cut end loses none).
        qint64 lost = failures;
        if (std::isfinite(ts) && ts > 0) {
            const qint64 ptsIndex = qint64(std::llround(ts * m_fps / 1000.0));
            lost = std::clamp<qint64>(ptsIndex - m_next, 0, failures);
        }
        if (lost > 0) {
            m_failed += lost;
            for (qint64 i = 0; i < lost; ++i)
                m_timestamps.push_back(std::numeric_limits<double>::quiet_NaN());
            m_problems << tr("%1: %2 unreadable frame(s) before frame %3").arg(m_source).arg(lost).arg(m_next + lost);
            m_next += lost;
        }
    }
    if (isLive())
        ts = m_liveClock.nsecsElapsed() / 1e6; // cameras and streams: arrival time
    const qint64 index = m_next++;
    const double previous = m_timestamps.empty() ? -1.0 : m_timestamps.back();
    if (!std::isfinite(ts) || ts < 0 || (index > 0 && std::isfinite(previous) && ts <= previous))
        ts = index * 1000.0 / m_fps;
    frame->index = index;
    frame->timestampMs = ts;
    frame->image = img;
    m_timestamps.push_back(ts);
    m_width = img.cols;
    m_height = img.rows;
    ++m_read;
    return Status::Ok;
}
