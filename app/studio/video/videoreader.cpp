#include "videoreader.h"

VideoReader::VideoReader(QObject *parent)
    : QObject(parent)
{ }

VideoReader::~VideoReader() = default;

void VideoReader::open(const QString &file)
{
    QString error;
    if (!m_decoder.open(file, &error)) {
        Q_EMIT failed(error);
        return;
    }
    Q_EMIT opened(m_decoder.info());
}

void VideoReader::close()
{
    m_decoder.close();
}

void VideoReader::requestFrame(int index)
{
    m_requested.store(index);
    if (!m_pending.exchange(true))
        QMetaObject::invokeMethod(this, &VideoReader::decodeLatest, Qt::QueuedConnection);
}

void VideoReader::decodeLatest()
{
    m_pending.store(false);
    const int index = m_requested.load();
    if (!m_decoder.isOpen() || index < 0)
        return;
    QImage image;
    QString error;
    if (!m_decoder.frame(index, &image, &error)) {
        Q_EMIT failed(error);
        return;
    }
    Q_EMIT frameReady(index, image);
}
