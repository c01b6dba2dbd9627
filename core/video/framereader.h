#pragma once

#include "canceltoken.h"
#include "progress.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace gp {

struct VideoFrame; // videoframe_p.h: the decoded image is a cv::Mat, for core's stages only

// The reader stage's source: a video file, a camera index ("0"), a stream URL
// ("rtsp://…"), an image, a folder of images or a glob ("frames/*.png"). Decodes with
// OpenCV, numbers frames exactly, keeps the frame→timestamp table, and counts what it could
// not read (a truncated file, an image that does not decode, a camera that disconnects)
// instead of failing. Not thread-safe: one reader per thread.
class FrameReader
{
    Q_DECLARE_TR_FUNCTIONS(FrameReader)

public:
    enum class Kind { VideoFile, Camera, Stream, Images };
    enum class Status { Ok, Failed, End };

    FrameReader();
    ~FrameReader();
    FrameReader(FrameReader &&) noexcept;
    FrameReader &operator=(FrameReader &&) noexcept;

    bool open(const QString &source, QString *error);
    // Ok: *frame filled. Failed: a frame that could not be read (counted, its index used,
    // *message says why); reading may go on. End: no more frames (for a truncated file the
    // missing frames are counted and *message says so). Without `pixels` the frame is
    // decoded but not converted (frame->image stays empty): faster for skipped frames.
    Status read(VideoFrame *frame, QString *message, bool pixels = true);
    // Makes the next read() return frame `index`, numbered as a sequential decode from the
    // start numbers it, whatever the container's key frames and B-frames (video files and
    // image lists; not live sources). False with *error when it cannot be reached.
    bool seek(qint64 index, QString *error);
    // Like seek(), but may stop short at an earlier frame (the key frame the container
    // landed on, or the start): position() <= index afterwards, and the caller reads the
    // frames up to `index` (a screen keeps them in its cache around the playhead).
    bool seekNear(qint64 index, QString *error);
    // The whole file's frame -> timestamp table (from indexTimestamps(), or a prediction
    // cache that stored it): with it, where a container seek landed is told exactly, also
    // for a variable frame rate. Ignored when shorter than what this reader has read.
    void setTimestampTable(std::vector<double> table);
    // The index pass: reads `file` from start to end without converting pixels and
    // returns the table of its frame timestamps as a sequential read numbers them. Progress
    // counts frames.
    static bool indexTimestamps(const QString &file, std::vector<double> *table, QString *error,
        const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
    // The frame the next read() returns.
    qint64 position() const { return m_next; }
    void close();

    Kind kind() const { return m_kind; }
    bool isLive() const { return m_kind == Kind::Camera || m_kind == Kind::Stream; }
    double fps() const { return m_fps; }
    // Frames the container announces (images: the file count); -1 when unknown (live).
    qint64 frameCount() const { return m_frameCount; }
    int width() const { return m_width; }
    int height() const { return m_height; }
    // Timestamps (ms) of the frames read so far, by frame index (NaN for failed frames).
    const std::vector<double> &timestamps() const { return m_timestamps; }
    qint64 framesRead() const { return m_read; }
    qint64 failedFrames() const { return m_failed; }
    QStringList problems() const { return m_problems; }
    QString source() const { return m_source; }

    static bool isImageFile(const QString &path);
    // What open() would take `source` for (without opening it).
    static Kind classify(const QString &source);

    // Reconnect attempts for a live source before it counts as disconnected.
    static constexpr int kLiveRetries = 5;
    // Consecutive failed reads inside a video file before the rest counts as truncated.
    static constexpr int kFileRetries = 3;
    // A seek this many frames ahead or fewer decodes forward rather than asking the container.
    static constexpr int kSequentialSeekLimit = 48;
    // How far before the frame asked for a container seek may land and still be believed.
    static constexpr int kLandingSlack = 64;

private:
    Status readVideo(VideoFrame *frame, QString *message, bool pixels);
    Status readImage(VideoFrame *frame, QString *message, bool pixels);
    void noteTimestamp(qint64 index, double ms);
    // Grabs forward until frame `index` is grabbed and the next read() returns it.
    bool grabUntil(qint64 index);
    // Reopens the file at frame 0 (the exact way back when a container seek cannot be trusted).
    bool rewind(QString *error);
    // Grabs frame 0 after opening, to note its timestamp (the next read() returns it).
    void grabFirst();
    // The sequential index of the frame shown at `ms` (-1 when it cannot be told).
    qint64 indexOfTimestamp(double ms) const;

    // The OpenCV decoder, behind a pointer so that this header stays free of OpenCV.
    struct Private;
    std::unique_ptr<Private> d;
    QString m_source;
    Kind m_kind = Kind::VideoFile;
    QStringList m_images;
    double m_fps = 30.0;
    qint64 m_frameCount = -1;
    int m_width = 0;
    int m_height = 0;
    qint64 m_next = 0;
    qint64 m_read = 0;
    qint64 m_failed = 0;
    bool m_ended = false;
    bool m_grabbed = false; // frame m_next is grabbed, not yet retrieved (after a seek)
    bool m_extendTable = true; // the position is known exactly: reads extend m_timestamps
    double m_lastTimestamp = -1.0;
    std::vector<double> m_timestamps;
    QElapsedTimer m_liveClock; // live sources: timestamps are the time since open()
    QStringList m_problems;
};

} // namespace gp
