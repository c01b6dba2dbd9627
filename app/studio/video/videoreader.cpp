#include "videoreader.h"

#include <QTimer>

#include <algorithm>
#include <cmath>

VideoReader::VideoReader(QObject *parent)
    : QObject(parent)
{ }

VideoReader::~VideoReader() = default;

void VideoReader::open(const QString &file)
{
    if (m_liveTimer)
        m_liveTimer->stop();
    QString error;
    if (!m_decoder.open(file, &error)) {
        Q_EMIT failed(error);
        return;
    }
    Q_EMIT opened(m_decoder.info());
}

void VideoReader::openLive(const QString &source)
{
    QString error;
    if (!m_decoder.openLive(source, &error)) {
        Q_EMIT failed(error);
        return;
    }
    if (!m_liveTimer) {
        // Created here, on the reader's thread, so that it fires there.
        m_liveTimer = new QTimer(this);
        connect(m_liveTimer, &QTimer::timeout, this, &VideoReader::readLive);
    }
    m_liveTimer->setInterval(std::max(1, int(std::lround(1000.0 / std::max(1.0, m_decoder.info().fps)))));
    Q_EMIT opened(m_decoder.info());
    m_liveTimer->start();
}

void VideoReader::setLiveRunning(bool running)
{
    if (!m_liveTimer || !m_decoder.info().live)
        return;
    running ? m_liveTimer->start() : m_liveTimer->stop();
}

void VideoReader::readLive()
{
    qint64 index = 0;
    QImage image;
    QString error;
    if (!m_decoder.next(&index, &image, &error)) {
        m_liveTimer->stop();
        Q_EMIT failed(error);
        return;
    }
    Q_EMIT frameReady(int(index), image);
}

void VideoReader::close()
{
    if (m_liveTimer)
        m_liveTimer->stop();
    m_decoder.close();
}

void VideoReader::setTimestampTable(const std::vector<double> &table)
{
    m_decoder.setTimestampTable(table);
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
