#pragma once

#include "imageannotation.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace gp {

// Per-frame ground truth beside a video (`demo.mp4` -> `demo.json`), the format
// `gripperpose synth` writes:
//   {"fps": 30, "width": 1280, "height": 720, "video": "demo.mp4",
//    "frames": [{"frame": 0, "time": 0.0,
//                "instances": [{"track": 0, "box": [x1, y1, x2, y2],
//                               "keypoints": [[x, y, v], ...]}]}],
//    "occlusions": [{"track": 0, "start": 40, "end": 52}]}
// Coordinates are in video pixels. The one reader of this format: the app, the benchmarks
// and the tests all read it through this class.
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

    // Frames [start, end] (inclusive) in which `track` has a point hidden.
    struct Occlusion
    {
        int track = 0;
        int start = 0;
        int end = 0;
    };

    QString file() const { return m_file; }
    // The video the truth describes ("video", beside the sidecar; empty when not named).
    QString videoFile() const { return m_videoFile; }
    const std::vector<Occlusion> &occlusions() const { return m_occlusions; }
    double fps() const { return m_fps; }
    QSize size() const { return m_size; }
    int frameCount() const { return int(m_frames.size()); }
    // nullptr when the file has no entry for `frame`.
    const Frame *frame(int frame) const;
    // "track 3" for each instance of `frame`.
    QStringList captions(int frame) const;

private:
    QString m_file;
    QString m_videoFile;
    std::vector<Occlusion> m_occlusions;
    double m_fps = 0.0;
    QSize m_size;
    std::map<int, Frame> m_frames;
};

} // namespace gp
