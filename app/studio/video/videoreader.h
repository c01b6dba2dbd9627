#pragma once

#include "videodecoder.h"

#include <QImage>
#include <QObject>
#include <QString>

#include <atomic>

// A VideoDecoder on the thread this object lives on (move it to a QThread). Frame
// requests coalesce: while a frame is being decoded only the latest request is kept, so
// scrubbing never queues up stale decodes.
class VideoReader : public QObject
{
    Q_OBJECT

public:
    explicit VideoReader(QObject *parent = nullptr);
    ~VideoReader() override;

    // Thread-safe: may be called from any thread.
    void requestFrame(int index);

public Q_SLOTS:
    void open(const QString &file);
    void close();

Q_SIGNALS:
    void opened(const VideoInfo &info);
    void failed(const QString &message);
    // `image` is a detached RGB image, safe to hand to another thread.
    void frameReady(int index, const QImage &image);

private:
    void decodeLatest();

    VideoDecoder m_decoder;
    std::atomic_int m_requested { -1 };
    std::atomic_bool m_pending { false };
};
