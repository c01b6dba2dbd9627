#include "framereader.h"
#include "videoframe_p.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QThread>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gp {

struct FrameReader::Private
{
    cv::VideoCapture capture;
};

FrameReader::FrameReader()
    : d(std::make_unique<Private>())
{ }

FrameReader::~FrameReader() = default;
FrameReader::FrameReader(FrameReader &&) noexcept = default;
FrameReader &FrameReader::operator=(FrameReader &&) noexcept = default;

bool FrameReader::isImageFile(const QString &path)
{
    static const QStringList kExt { QStringLiteral("jpg"), QStringLiteral("jpeg"), QStringLiteral("png"),
        QStringLiteral("bmp"), QStringLiteral("tif"), QStringLiteral("tiff"), QStringLiteral("webp") };
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
        if (!d->capture.open(source.toInt())) {
            *error = tr("cannot open camera %1").arg(source);
            return false;
        }
    } else if (m_kind == Kind::Stream) {
        if (!d->capture.open(source.toStdString())) {
            *error = tr("cannot open stream %1").arg(source);
            return false;
        }
    } else if (m_kind == Kind::Images) {
        if (fi.isFile()) {
            m_images << fi.absoluteFilePath();
        } else {
            const QDir dir = fi.isDir() ? QDir(source) : fi.absoluteDir();
            const QStringList filters = fi.isDir() ? QStringList {} : QStringList { fi.fileName() };
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
        if (!d->capture.open(source.toStdString(), cv::CAP_FFMPEG) && !d->capture.open(source.toStdString())) {
            *error
                = tr("%1: cannot decode the video (unknown format, or the file is truncated or corrupt)").arg(source);
            return false;
        }
        const double count = d->capture.get(cv::CAP_PROP_FRAME_COUNT);
        m_frameCount = count > 0 && std::isfinite(count) ? qint64(std::llround(count)) : -1;
    }
    m_liveClock.start();
    const double fps = d->capture.get(cv::CAP_PROP_FPS);
    if (fps > 0 && std::isfinite(fps) && fps < 1000)
        m_fps = fps;
    m_width = int(d->capture.get(cv::CAP_PROP_FRAME_WIDTH));
    m_height = int(d->capture.get(cv::CAP_PROP_FRAME_HEIGHT));
    if (m_kind == Kind::VideoFile)
        grabFirst();
    return true;
}

void FrameReader::grabFirst()
{
    // The first frame's time anchors the table: some containers start at one frame's
    // duration (AVI), others later, and a seek before any read is told by it.
    bool ok = false;
    try {
        ok = d->capture.grab();
    } catch (const cv::Exception &) {
        ok = false;
    }
    if (!ok)
        return;
    m_grabbed = true;
    const double ts = d->capture.get(cv::CAP_PROP_POS_MSEC);
    if (std::isfinite(ts) && ts >= 0)
        noteTimestamp(0, ts);
}

void FrameReader::close()
{
    if (d->capture.isOpened())
        d->capture.release();
    m_images.clear();
    m_fps = 30.0;
    m_frameCount = -1;
    m_width = m_height = 0;
    m_next = m_read = m_failed = 0;
    m_ended = false;
    m_lastTimestamp = -1.0;
    m_timestamps.clear();
    m_extendTable = true;
    m_grabbed = false;
    m_problems.clear();
}

FrameReader::Status FrameReader::read(VideoFrame *frame, QString *message, bool pixels)
{
    if (m_ended)
        return Status::End;
    return m_kind == Kind::Images ? readImage(frame, message, pixels) : readVideo(frame, message, pixels);
}

void FrameReader::noteTimestamp(qint64 index, double ms)
{
    // The table is the sequential prefix: frames reached by a seek beyond it leave it alone.
    if (m_extendTable && index == qint64(m_timestamps.size()))
        m_timestamps.push_back(ms);
}

FrameReader::Status FrameReader::readImage(VideoFrame *frame, QString *message, bool pixels)
{
    if (m_next >= m_images.size()) {
        m_ended = true;
        return Status::End;
    }
    const qint64 index = m_next++;
    const QString path = m_images.at(int(index));
    if (!pixels) {
        frame->index = index;
        frame->timestampMs = index * 1000.0 / m_fps;
        frame->image = cv::Mat();
        frame->path = path;
        return Status::Ok;
    }
    cv::Mat img = cv::imread(path.toStdString(), cv::IMREAD_COLOR);
    if (img.empty()) {
        ++m_failed;
        noteTimestamp(index, std::numeric_limits<double>::quiet_NaN());
        *message = tr("%1: the image does not decode; skipped").arg(path);
        m_problems << *message;
        return Status::Failed;
    }
    frame->index = index;
    frame->timestampMs = index * 1000.0 / m_fps;
    frame->image = img;
    frame->path = path;
    noteTimestamp(index, frame->timestampMs);
    m_width = img.cols;
    m_height = img.rows;
    ++m_read;
    return Status::Ok;
}

FrameReader::Status FrameReader::readVideo(VideoFrame *frame, QString *message, bool pixels)
{
    cv::Mat img;
    int failures = 0;
    const int retries = isLive() ? kLiveRetries : kFileRetries;
    while (true) {
        bool ok = false;
        try {
            if (m_grabbed) {
                // seek() left the frame grabbed: only its pixels are still to fetch.
                m_grabbed = false;
                ok = !pixels || (d->capture.retrieve(img) && !img.empty());
            } else {
                // grab() alone still decodes (the codec needs every frame) but skips the conversion.
                ok = pixels ? d->capture.read(img) && !img.empty() : d->capture.grab();
            }
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
    double ts = d->capture.get(cv::CAP_PROP_POS_MSEC);
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
                noteTimestamp(m_next + i, std::numeric_limits<double>::quiet_NaN());
            m_problems << tr("%1: %2 unreadable frame(s) before frame %3").arg(m_source).arg(lost).arg(m_next + lost);
            m_next += lost;
        }
    }
    if (isLive())
        ts = m_liveClock.nsecsElapsed() / 1e6; // cameras and streams: arrival time
    const qint64 index = m_next++;
    if (!std::isfinite(ts) || ts < 0 || (index > 0 && std::isfinite(m_lastTimestamp) && ts <= m_lastTimestamp))
        ts = index * 1000.0 / m_fps;
    m_lastTimestamp = ts;
    frame->index = index;
    frame->timestampMs = ts;
    frame->image = img;
    noteTimestamp(index, ts);
    if (!img.empty()) {
        m_width = img.cols;
        m_height = img.rows;
    }
    ++m_read;
    return Status::Ok;
}

bool FrameReader::seek(qint64 index, QString *error)
{
    if (!seekNear(index, error))
        return false;
    if (m_kind == Kind::Images || grabUntil(index))
        return true;
    // The container landed somewhere it misnamed, or the file ends early: decode from the
    // start (always exact).
    if (!rewind(error))
        return false;
    if (index == 0 || grabUntil(index))
        return true;
    *error = tr("%1: frame %2 cannot be reached (the file ends after frame %3)").arg(m_source).arg(index).arg(m_next);
    return false;
}

bool FrameReader::seekNear(qint64 index, QString *error)
{
    if (index < 0 || (m_frameCount >= 0 && index >= m_frameCount)) {
        *error = tr("%1: frame %2 is outside the source (%3 frames)").arg(m_source).arg(index).arg(m_frameCount);
        return false;
    }
    m_ended = false;
    if (m_kind == Kind::Images) {
        m_next = index;
        m_grabbed = false;
        return true;
    }
    if (isLive()) {
        *error = tr("%1: a live source cannot seek").arg(m_source);
        return false;
    }
    // Close ahead: decoding forward from here is cheaper than any container seek.
    if (index >= m_next && index - m_next <= kSequentialSeekLimit)
        return true;
    // Close to the start: from the start (exact, and as cheap as a container seek).
    if (index <= kSequentialSeekLimit)
        return rewind(error);
    // Far away or backwards: the container seeks near the frame, then the frame it landed
    // on is identified by its presentation time, and the rest is decoded forward. Where
    // it lands past the frame, it is asked for an earlier one.
    for (qint64 back : { 0, 8, 32, 128, 512 }) {
        const qint64 target = std::max<qint64>(0, index - back);
        bool landedOk = false;
        try {
            landedOk = d->capture.set(cv::CAP_PROP_POS_FRAMES, double(target)) && d->capture.grab();
        } catch (const cv::Exception &) {
            landedOk = false;
        }
        if (!landedOk)
            break;
        const double ts = d->capture.get(cv::CAP_PROP_POS_MSEC);
        const qint64 landed = indexOfTimestamp(ts);
        // A container lands on the frame asked for, or a little before it with a variable
        // frame rate; far before it is a failed seek that reports time 0 (seen with
        // B-frames near the end of a file): ask for an earlier frame then.
        if (landed >= 0 && landed <= index && target - landed <= kLandingSlack) {
            m_next = landed;
            m_grabbed = true;
            // Told by extrapolation beyond the table: the frames decoded from here do not
            // extend the table (a misidentified landing would corrupt it).
            m_extendTable = landed < qint64(m_timestamps.size());
            m_lastTimestamp
                = landed > 0 && landed <= qint64(m_timestamps.size()) ? m_timestamps[size_t(landed - 1)] : -1.0;
            return true;
        }
        if (target == 0)
            break;
    }
    // The container cannot seek reliably here: from the start.
    return rewind(error);
}

bool FrameReader::rewind(QString *error)
{
    m_grabbed = false;
    m_ended = false;
    const QByteArray path = m_source.toLocal8Bit();
    if (!(d->capture.open(path.toStdString(), cv::CAP_FFMPEG) || d->capture.open(path.toStdString()))) {
        *error = tr("%1: cannot reopen the video").arg(m_source);
        return false;
    }
    m_next = 0;
    m_lastTimestamp = -1.0;
    m_extendTable = true;
    grabFirst();
    return true;
}

void FrameReader::setTimestampTable(std::vector<double> table)
{
    if (table.size() >= m_timestamps.size())
        m_timestamps = std::move(table);
}

bool FrameReader::indexTimestamps(const QString &file, std::vector<double> *table, QString *error,
    const gp::CancelToken &cancel, const gp::Progress &progress)
{
    FrameReader reader;
    if (!reader.open(file, error))
        return false;
    if (reader.kind() != Kind::VideoFile) {
        *error = tr("%1: only video files have a frame index").arg(file);
        return false;
    }
    VideoFrame frame;
    QString message;
    qint64 n = 0;
    // grab() alone: every frame is decoded (the codec needs them) but none is converted.
    while (reader.read(&frame, &message, false) != Status::End) {
        if (cancel.isCancelled()) {
            *error = tr("cancelled");
            return false;
        }
        if ((++n & 63) == 0)
            progress.report(n, reader.frameCount());
    }
    progress.report(n, reader.frameCount());
    *table = reader.timestamps();
    return true;
}

bool FrameReader::grabUntil(qint64 index)
{
    // m_next is the frame the next read() returns; m_grabbed says it is already grabbed.
    while (m_next < index || (m_next == index && !m_grabbed)) {
        if (m_grabbed) {
            m_grabbed = false;
            ++m_next;
            continue;
        }
        bool ok = false;
        try {
            ok = d->capture.grab();
        } catch (const cv::Exception &) {
            ok = false;
        }
        if (!ok)
            return false;
        if (m_next == index) {
            m_grabbed = true;
            break;
        }
        const double ts = d->capture.get(cv::CAP_PROP_POS_MSEC);
        noteTimestamp(m_next, ts);
        m_lastTimestamp = ts;
        ++m_next;
    }
    return true;
}

qint64 FrameReader::indexOfTimestamp(double ms) const
{
    if (!std::isfinite(ms))
        return -1;
    const double frameMs = 1000.0 / m_fps;
    // In the sequential table: the frame whose time it is (within a quarter frame).
    const auto it = std::lower_bound(m_timestamps.begin(), m_timestamps.end(), ms - frameMs / 4,
        [](double a, double b) { return !(a >= b); }); // NaN sorts first
    if (it != m_timestamps.end() && std::abs(*it - ms) <= frameMs / 4)
        return qint64(it - m_timestamps.begin());
    // Beyond the table: count frames at the nominal rate from its last entry.
    for (auto last = m_timestamps.rbegin(); last != m_timestamps.rend(); ++last)
        if (std::isfinite(*last) && ms > *last)
            return qint64(m_timestamps.rend() - last - 1) + qint64(std::llround((ms - *last) / frameMs));
    return m_timestamps.empty() ? qint64(std::llround(ms / frameMs)) : -1;
}

} // namespace gp
