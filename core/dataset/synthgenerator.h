#pragma once

#include "imageannotation.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include <atomic>
#include <functional>

// Options of `gripperpose synth`.
struct SynthOptions
{
    QString outDir;
    int count = 200;                 // images in train + val
    QSize imageSize{1280, 720};
    quint64 seed = 0;
    double valFraction = 0.2;
    int videoFrames = 180;           // 0: no demo video
    double videoFps = 30.0;
};

// Renders a humanoid robot's two parallel grippers (wrist link, palm, two fingers) at
// random 2-D poses, scales, finger openings and colours over varied backgrounds, with
// occluders (hidden points get visibility 1) and points outside the frame (visibility 0),
// 0-2 robots per image. Writes a complete Ultralytics pose dataset (images/, labels/,
// data.yaml, skeleton.json) and a short demo video with per-frame ground truth in JSON.
// Output is a pure function of the options: the same seed gives the same bytes.
class SynthGenerator
{
    Q_DECLARE_TR_FUNCTIONS(SynthGenerator)

public:
    // Called after each item; return false to cancel.
    using Progress = std::function<bool(int done, int total)>;

    SynthGenerator(Skeleton skeleton, SynthOptions options);

    // Renders scene `index` (deterministic in seed and index).
    QImage renderImage(int index, ImageAnnotation *labels) const;

    // Writes everything under options.outDir. Returns false with *error on I/O failure
    // or cancellation.
    bool run(const Progress &progress, QString *error) const;

    // Relative paths inside outDir of what run() writes.
    static QString videoFileName();      // "videos/demo.mp4"
    static QString videoTruthFileName(); // "videos/demo.json"

private:
    Skeleton m_skeleton;
    SynthOptions m_options;
};
