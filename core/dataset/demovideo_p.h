#pragma once

// Internal to core (OpenCV in its implementation): the demo video of `gripperpose synth`,
// two robots moving smoothly over a fixed background with occluders passing, written with
// its per-frame ground truth (VideoTruth reads it). Each scenario has its own style: held
// objects and crossing arms covering the grippers, fast motion with motion blur along the
// true motion, or low light with noise.

#include "scenario.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>

#include <cstdint>
#include <functional>

namespace gp {

class DemoVideo
{
    Q_DECLARE_TR_FUNCTIONS(DemoVideo)

public:
    struct Options
    {
        QString dir; // the videos/ folder
        QString baseName; // "demo": demo.mp4 (demo.avi where OpenCV has no MPEG-4 encoder) and demo.json
        QSize size { 1280, 720 };
        int frames = 180;
        double fps = 30.0;
        std::uint64_t seed = 0;
        Scenario scenario = Scenario::Normal;
    };

    // Writes the video and its truth; `step` is called after each frame and returns false
    // to cancel. *written gets the video's path. False with *error on failure.
    static bool write(const Options &options, const std::function<bool()> &step, QString *written, QString *error);
};

} // namespace gp
