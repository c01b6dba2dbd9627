#include "videodecoder.h"

#include "framereader.h"
#include "imageconversion_p.h"

#include <QFileInfo>

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

void VideoDecoder::close()
{
    m_reader.reset();
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
    if (!m_reader->seek(index, error))
        return false;
    VideoFrame frame;
    QString message;
    if (m_reader->read(&frame, &message) != FrameReader::Status::Ok || frame.index != index) {
        *error = message.isEmpty()
            ? tr("%1: frame %2 could not be decoded (the file may be truncated)").arg(m_info.file).arg(index)
            : message;
        return false;
    }
    *image = gp::toQImage(frame.image);
    return true;
}
