#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include <memory>

class FrameReader;

struct VideoInfo
{
    QString file;
    qint64 frameCount = 0; // as the container announces it
    double fps = 0.0;
    QSize size;
};

// Random access to the frames of a video file as RGB images, for screens that scrub. Frame
// N is the N-th frame a sequential decode from the start yields (FrameReader::seek), the
// same numbering the frame importer, the prediction pipeline and the video ground truth
// use. Not thread-safe: one decoder per thread.
class VideoDecoder
{
    Q_DECLARE_TR_FUNCTIONS(VideoDecoder)

public:
    VideoDecoder();
    ~VideoDecoder();

    // False with *error when the file is missing, does not decode or announces no frames.
    bool open(const QString &file, QString *error);
    void close();
    bool isOpen() const { return bool(m_reader); }
    const VideoInfo &info() const { return m_info; }
    // Decodes frame `index`; false with *error when it cannot be read.
    bool frame(qint64 index, QImage *image, QString *error);

private:
    std::unique_ptr<FrameReader> m_reader;
    VideoInfo m_info;
};
