#pragma once

#include "imageannotation.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>

// Per-frame ground truth beside a video (`demo.mp4` -> `demo.json`), the format
// `gripperpose synth` writes:
//   {"fps": 30, "width": 1280, "height": 720,
//    "frames": [{"frame": 0, "time": 0.0,
//                "instances": [{"track": 0, "box": [x1, y1, x2, y2],
//                               "keypoints": [[x, y, v], ...]}]}]}
// Coordinates are in video pixels.
class VideoTruth
{
    Q_DECLARE_TR_FUNCTIONS(VideoTruth)

public:
    struct Frame
    {
        double time = 0.0;
        ImageAnnotation annotation;
        std::vector<int> tracks; // one per instance
    };

    // The sidecar file of `videoFile` (same folder and base name, .json).
    static QString sidecarFor(const QString &videoFile);
    // Reads and checks the file; nothing with *error set when it is unusable.
    static std::optional<VideoTruth> load(const QString &jsonFile, int keypointCount, QString *error);

    QString file() const { return m_file; }
    double fps() const { return m_fps; }
    QSize size() const { return m_size; }
    int frameCount() const { return int(m_frames.size()); }
    // nullptr when the file has no entry for `frame`.
    const Frame *frame(int frame) const;
    // "track 3" for each instance of `frame`.
    QStringList captions(int frame) const;

private:
    QString m_file;
    double m_fps = 0.0;
    QSize m_size;
    std::map<int, Frame> m_frames;
};
