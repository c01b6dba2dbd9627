#pragma once

#include "imageenhancement.h"
#include "posedetection.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace gp {

// The raw detections of every analysed frame of one video by one model, in memory and in a
// sidecar file beside the video, so that scrubbing after an analysis (or after reopening)
// shows predictions with no inference at all, and the temporal stage can be re-run over
// them when a smoothing setting moves.
//
// The sidecar is `<video file name>.gripperpose-predictions.bin` (e.g.
// `demo.mp4.gripperpose-predictions.bin`): a name no Ultralytics tool reads or writes. Its
// first line is a JSON header with the key below; a cache whose key does not match the
// video and model at hand (the video was re-encoded, the weights retrained, the image size
// changed) is stale and never shown. After the header, little-endian binary records, one
// per frame: flags (1 byte: analysed), timestamp (float64 ms), detection count (uint16),
// then per detection box x1 y1 x2 y2, score (float32), class (int32) and the keypoints
// (x, y, conf as float32). Written atomically.
class DetectionCache
{
    Q_DECLARE_TR_FUNCTIONS(DetectionCache)

public:
    // What the cached detections depend on.
    struct Key
    {
        QString video; // absolute path of the video
        qint64 videoSize = -1;
        qint64 videoMtimeMs = -1;
        QString model; // absolute path of the model file (or a model name)
        qint64 modelSize = -1;
        qint64 modelMtimeMs = -1;
        int imgsz = 640;
        double conf = 0.25;
        double iou = 0.7;
        Enhancement enhance = Enhancement::None; // a sidecar without it was made with none

        // Reads the sizes and modification times of both files (a model name has none).
        static Key of(const QString &video, const QString &model, int imgsz, double conf, double iou,
            Enhancement enhance = Enhancement::None);
        bool operator==(const Key &o) const;
        bool operator!=(const Key &o) const { return !(*this == o); }
        // Same video and model files; the settings (imgsz, conf, iou, enhance) may differ.
        bool sameFiles(const Key &o) const;
    };
    struct Frame
    {
        bool analysed = false;
        double timestampMs = 0.0;
        std::vector<PoseDetection> detections;
    };

    DetectionCache() = default;
    DetectionCache(Key key, qint64 frameCount, int keypointCount);

    static QString sidecarFor(const QString &video);

    const Key &key() const { return m_key; }
    qint64 frameCount() const { return qint64(m_frames.size()); }
    int keypointCount() const { return m_keypoints; }
    // nullptr outside the video; check `analysed`.
    const Frame *frame(qint64 index) const;
    bool isAnalysed(qint64 index) const;
    qint64 analysedFrames() const { return m_analysed; }
    // Stores one frame's detections (frames outside the video are ignored).
    void set(qint64 index, double timestampMs, std::vector<PoseDetection> detections);
    // The timestamps of the frames (NaN for frames not analysed), for the decoder's seek table.
    std::vector<double> timestamps() const;
    // True when every frame is analysed and the timestamps rise (a complete index).
    bool hasCompleteTimestamps() const;

    bool save(const QString &file, QString *error) const;
    // Reads `file`; false with *error (naming the file and what is wrong) when it is missing,
    // corrupt, or stale, i.e. its key differs from `expected`.
    static bool load(const QString &file, const Key &expected, DetectionCache *cache, QString *error);
    // Only the key of the sidecar `file` (nullopt when it cannot be read).
    static std::optional<Key> readKey(const QString &file);

    static constexpr const char *kSuffix = ".gripperpose-predictions.bin";

private:
    Key m_key;
    int m_keypoints = 0;
    qint64 m_analysed = 0;
    std::vector<Frame> m_frames;
};

} // namespace gp
