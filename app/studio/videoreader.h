#pragma once

#include <QImage>
#include <QObject>
#include <QSize>
#include <QString>

#include <atomic>
#include <memory>

namespace cv {
class VideoCapture;
}

struct VideoInfo
{
    QString file;
    int frameCount = 0;
    double fps = 0.0;
    QSize size;
};

// Decodes a video with one cv::VideoCapture, owned by the thread this object lives on
// (move it to a QThread). Frame requests coalesce: while a frame is being decoded only
// the latest request is kept, so scrubbing never queues up stale decodes. Consecutive
// frames are read sequentially; any other frame is reached with CAP_PROP_POS_FRAMES.
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

    std::unique_ptr<cv::VideoCapture> m_capture;
    VideoInfo m_info;
    int m_nextIndex = 0; // the frame a plain read() returns
    std::atomic_int m_requested{-1};
    std::atomic_bool m_pending{false};
};
