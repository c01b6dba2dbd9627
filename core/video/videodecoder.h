#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include "framecache.h"

#include <memory>
#include <vector>

namespace gp {

class FrameReader;

struct VideoInfo
{
    QString file;
    qint64 frameCount = 0; // as the container announces it (-1: a live source)
    double fps = 0.0;
    QSize size;
    bool live = false; // a camera or a stream: frames come in order, no seeking
};

// Random access to the frames of a video file as RGB images, for screens that scrub. Frame
// N is the N-th frame a sequential decode from the start yields (FrameReader::seek), the
// same numbering the frame importer, the prediction pipeline and the video ground truth
// use. Decoded frames are kept around the playhead (FrameCache): stepping back and forth
// near it, or playing, decodes each frame once; a far seek decodes forward from the key
// frame the container lands on and keeps the frames just before the target on the way.
// Not thread-safe: one decoder per thread.
class VideoDecoder
{
    Q_DECLARE_TR_FUNCTIONS(VideoDecoder)

public:
    VideoDecoder();
    ~VideoDecoder();

    // False with *error when the file is missing, does not decode or announces no frames.
    bool open(const QString &file, QString *error);
    // A camera ("0") or a stream URL, read in order with next().
    bool openLive(const QString &source, QString *error);
    void close();
    bool isOpen() const { return bool(m_reader); }
    // The next frame of a live source (its index counts from 0 at opening).
    bool next(qint64 *index, QImage *image, QString *error);
    const VideoInfo &info() const { return m_info; }
    // Decodes frame `index` (or takes it from the cache); false with *error when it cannot
    // be read.
    bool frame(qint64 index, QImage *image, QString *error);
    // See FrameReader::setTimestampTable (the index pass, or a prediction cache's table).
    void setTimestampTable(std::vector<double> table);
    FrameCache &cache() { return m_cache; }
    const FrameCache &cache() const { return m_cache; }
    // Frames decoded so far (cache misses and the frames decoded on the way to them).
    qint64 decodedFrames() const { return m_decoded; }

    // Frames before a seek's target that are kept on the way to it, at most.
    static constexpr int kKeepBehind = 16;

private:
    bool decodeTo(qint64 index, QImage *image, QString *error);

    std::unique_ptr<FrameReader> m_reader;
    VideoInfo m_info;
    FrameCache m_cache;
    QImage m_lastImage; // the size of a frame, for the cache's capacity
    qint64 m_decoded = 0;
};

} // namespace gp
