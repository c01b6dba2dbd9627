#pragma once

#include "videodecoder.h"

#include <QImage>
#include <QObject>
#include <QString>

#include <atomic>
#include <vector>

class QTimer;

// A VideoDecoder on the thread this object lives on (move it to a QThread). Frame
// requests coalesce: while a frame is being decoded only the latest request is kept, so
// scrubbing never queues up stale decodes. A camera or a stream is read continuously
// while it runs, each frame emitted as it comes.
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
    void openLive(const QString &source);
    // Starts or stops reading a live source.
    void setLiveRunning(bool running);
    void close();
    // The whole file's timestamp table (FrameReader::setTimestampTable).
    void setTimestampTable(const std::vector<double> &table);

Q_SIGNALS:
    void opened(const gp::VideoInfo &info);
    void failed(const QString &message);
    // `image` is a detached RGB image, safe to hand to another thread.
    void frameReady(int index, const QImage &image);

private:
    void decodeLatest();
    void readLive();

    gp::VideoDecoder m_decoder;
    QTimer *m_liveTimer = nullptr;
    std::atomic_int m_requested { -1 };
    std::atomic_bool m_pending { false };
};
