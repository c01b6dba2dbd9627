#include "videodecoder.h"

#include "framereader.h"
#include "imageconversion_p.h"
#include "videoframe_p.h"

#include <QFileInfo>

#include <algorithm>

namespace gp {

VideoDecoder::VideoDecoder() = default;

VideoDecoder::~VideoDecoder() = default;

bool VideoDecoder::open(const QString &file, QString *error)
{
    close();
    if (!QFileInfo(file).isFile()) {
        *error = tr("%1: no such file").arg(file);
        return false;
    }
    auto reader = std::make_unique<FrameReader>();
    if (FrameReader::classify(file) != FrameReader::Kind::VideoFile || !reader->open(file, error)) {
        if (error->isEmpty())
            *error = tr("%1: not a video this build can decode").arg(file);
        return false;
    }
    if (reader->frameCount() <= 0) {
        *error = tr("%1: the video reports no frames (truncated or a stream without an index)").arg(file);
        return false;
    }
    m_info.file = file;
    m_info.frameCount = reader->frameCount();
    m_info.fps = reader->fps();
    m_info.size = QSize(reader->width(), reader->height());
    m_reader = std::move(reader);
    return true;
}

bool VideoDecoder::openLive(const QString &source, QString *error)
{
    close();
    auto reader = std::make_unique<FrameReader>();
    if (!reader->open(source, error))
        return false;
    if (!reader->isLive()) {
        *error = tr("%1 is not a camera or a stream").arg(source);
        return false;
    }
    m_info.file = source;
    m_info.frameCount = -1;
    m_info.fps = reader->fps();
    m_info.size = QSize(reader->width(), reader->height());
    m_info.live = true;
    m_reader = std::move(reader);
    return true;
}

bool VideoDecoder::next(qint64 *index, QImage *image, QString *error)
{
    if (!m_reader) {
        *error = tr("no video is open");
        return false;
    }
    VideoFrame frame;
    QString message;
    const FrameReader::Status s = m_reader->read(&frame, &message);
    if (s != FrameReader::Status::Ok) {
        *error = message.isEmpty() ? tr("%1: no more frames").arg(m_info.file) : message;
        return false;
    }
    *index = frame.index;
    *image = gp::toQImage(frame.image);
    return true;
}

void VideoDecoder::close()
{
    m_reader.reset();
    m_cache.clear();
    m_lastImage = QImage();
    m_decoded = 0;
    m_info = VideoInfo();
}

bool VideoDecoder::frame(qint64 index, QImage *image, QString *error)
{
    if (!m_reader) {
        *error = tr("no video is open");
        return false;
    }
    if (index < 0 || index >= m_info.frameCount) {
        *error = tr("%1: frame %2 is past the last frame %3").arg(m_info.file).arg(index).arg(m_info.frameCount - 1);
        return false;
    }
    *image = m_cache.take(index);
    if (!image->isNull())
        return true;
    if (decodeTo(index, image, error))
        return true;
    // A frame read on the way did not decode: the exact path alone (FrameReader::seek).
    if (!m_reader->seek(index, error))
        return false;
    return decodeTo(index, image, error);
}

bool VideoDecoder::decodeTo(qint64 index, QImage *image, QString *error)
{
    // Frames just before the target are converted and kept (a step back then decodes
    // nothing), so a far seek asks the container for the first of them; earlier frames on
    // the way are only decoded.
    const int keep
        = m_lastImage.isNull() ? kKeepBehind : std::min(kKeepBehind, std::max(0, m_cache.capacityFor(m_lastImage) / 2));
    const qint64 pos = m_reader->position();
    const bool ahead = index >= pos && index - pos <= FrameReader::kSequentialSeekLimit;
    if (!m_reader->seekNear(ahead ? index : std::max<qint64>(0, index - keep), error))
        return false;
    VideoFrame frame;
    QString message;
    while (m_reader->position() <= index) {
        const bool pixels = index - m_reader->position() <= keep;
        if (m_reader->read(&frame, &message, pixels) != FrameReader::Status::Ok) {
            *error = message.isEmpty()
                ? tr("%1: frame %2 could not be decoded (the file may be truncated)").arg(m_info.file).arg(index)
                : message;
            return false;
        }
        ++m_decoded;
        if (frame.image.empty())
            continue;
        QImage decoded = gp::toQImage(frame.image);
        m_lastImage = decoded;
        m_cache.insert(frame.index, decoded);
        if (frame.index == index) {
            *image = decoded;
            m_cache.take(index);
            return true;
        }
    }
    *error = tr("%1: frame %2 could not be decoded (the file may be truncated)").arg(m_info.file).arg(index);
    return false;
}

void VideoDecoder::setTimestampTable(std::vector<double> table)
{
    if (m_reader)
        m_reader->setTimestampTable(std::move(table));
}

} // namespace gp
