#include "videoreader.h"

#include <QFileInfo>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <cmath>

VideoReader::VideoReader(QObject *parent)
    : QObject(parent)
{
}

VideoReader::~VideoReader() = default;

void VideoReader::open(const QString &file)
{
    close();
    if (!QFileInfo(file).isFile()) {
        Q_EMIT failed(tr("%1: no such file").arg(file));
        return;
    }
    auto capture = std::make_unique<cv::VideoCapture>();
    try {
        capture->open(file.toStdString(), cv::CAP_ANY);
    } catch (const cv::Exception &e) {
        Q_EMIT failed(QStringLiteral("%1: %2").arg(file, QString::fromStdString(e.what())));
        return;
    }
    if (!capture->isOpened()) {
        Q_EMIT failed(tr("%1: not a video this build can decode").arg(file));
        return;
    }
    VideoInfo info;
    info.file = file;
    info.frameCount = int(std::lround(capture->get(cv::CAP_PROP_FRAME_COUNT)));
    info.fps = capture->get(cv::CAP_PROP_FPS);
    if (!(info.fps > 0.0 && info.fps < 1000.0))
        info.fps = 30.0;
    info.size = QSize(int(capture->get(cv::CAP_PROP_FRAME_WIDTH)), int(capture->get(cv::CAP_PROP_FRAME_HEIGHT)));
    if (info.frameCount <= 0) {
        Q_EMIT failed(tr("%1: the video reports no frames (truncated or a stream without an index)").arg(file));
        return;
    }
    m_capture = std::move(capture);
    m_info = info;
    m_nextIndex = 0;
    Q_EMIT opened(info);
}

void VideoReader::close()
{
    m_capture.reset();
    m_info = VideoInfo();
    m_nextIndex = 0;
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
    if (!m_capture || index < 0)
        return;
    if (index >= m_info.frameCount) {
        Q_EMIT failed(tr("%1: frame %2 is past the last frame %3").arg(m_info.file).arg(index).arg(m_info.frameCount - 1));
        return;
    }
    cv::Mat frame;
    try {
        if (index != m_nextIndex)
            m_capture->set(cv::CAP_PROP_POS_FRAMES, double(index));
        if (!m_capture->read(frame) || frame.empty()) {
            m_nextIndex = -1; // position unknown: seek next time
            Q_EMIT failed(tr("%1: frame %2 could not be decoded (the file may be truncated)").arg(m_info.file).arg(index));
            return;
        }
    } catch (const cv::Exception &e) {
        m_nextIndex = -1;
        Q_EMIT failed(tr("%1: frame %2: %3").arg(m_info.file).arg(index).arg(QString::fromStdString(e.what())));
        return;
    }
    m_nextIndex = index + 1;
    cv::Mat rgb;
    if (frame.channels() == 1)
        cv::cvtColor(frame, rgb, cv::COLOR_GRAY2RGB);
    else if (frame.channels() == 4)
        cv::cvtColor(frame, rgb, cv::COLOR_BGRA2RGB);
    else
        cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
    const QImage image = QImage(rgb.data, rgb.cols, rgb.rows, int(rgb.step), QImage::Format_RGB888).copy();
    Q_EMIT frameReady(index, image);
}
