#pragma once

#include "canceltoken.h"
#include "imageannotation.h"
#include "progress.h"
#include "scenario.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

namespace gp {

// Options of `gripperpose synth`.
struct SynthOptions
{
    QString outDir;
    int count = 200; // images in train + val
    QSize imageSize { 1280, 720 };
    quint64 seed = 0;
    double valFraction = 0.2;
    int videoFrames = 180; // 0: no demo video
    double videoFps = 30.0;
    // What the pictures are like (`scenario=`): empty, the usual mix of mild degradations;
    // one scenario, every image and video hard that way; several ("mixed": all four), each
    // image one of them at random and one video per scenario. The hard ones are tagged in
    // scenarios.yaml.
    std::vector<Scenario> scenarios;
};

// Renders a humanoid robot's two parallel grippers (wrist link, palm, two fingers) at
// random 2-D poses, scales, finger openings and colours over varied backgrounds, with
// occluders (hidden points get visibility 1) and points outside the frame (visibility 0),
// 0-2 robots per image. Writes a complete Ultralytics pose dataset (images/, labels/,
// data.yaml, skeleton.json) and a short demo video with per-frame ground truth in JSON.
// Output is a pure function of the options: the same seed gives the same bytes (the
// encoded video aside, whose bytes belong to the codec; its frames and truth do not vary).
class SynthGenerator
{
    Q_DECLARE_TR_FUNCTIONS(SynthGenerator)

public:
    SynthGenerator(Skeleton skeleton, SynthOptions options);

    // Renders scene `index` (deterministic in seed and index); *labels (may be null) gets
    // its instances in pixels, the image size, and the path run() writes the image to.
    QImage renderImage(int index, ImageAnnotation *labels) const;

    // Writes everything under options.outDir: images/{train,val}/*.jpg, labels/..., then
    // data.yaml and skeleton.json, then the demo video and its ground truth. Progress is
    // reported after each image and each video frame (total = count + videoFrames).
    // Returns false with *error on bad options, I/O failure or cancellation ("Cancelled").
    bool run(QString *error, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {}) const;
    // run() into `<outDir>.partial`, renamed to outDir only when everything was written, so a
    // cancelled or failed run never leaves half a project where a project is expected. An
    // outDir that exists and is not empty is never touched.
    bool runAtomically(QString *error, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {}) const;

    // The scenario image `index` is rendered in (Normal when none is asked for).
    Scenario scenarioOf(int index) const;
    // The demo videos run() writes, one per scenario asked for ("videos/demo.mp4" for
    // Normal, "videos/demo_<scenario>.mp4" for the others; .avi where OpenCV has no MPEG-4).
    std::vector<Scenario> videoScenarios() const;
    static QString videoBaseName(Scenario scenario); // "demo", "demo_occlusion", ...

    // Relative paths inside outDir of what run() writes.
    static QString videoFileName(); // "videos/demo.mp4"
    static QString videoTruthFileName(); // "videos/demo.json"
    // Written instead of videoFileName() (Motion JPEG) where OpenCV has no MPEG-4
    // encoder; demo.json's "video" names the file that was written.
    static QString fallbackVideoFileName(); // "videos/demo.avi"
    // Where scene `index` is written: "images/<split>/<name>.jpg", the split following
    // valFraction (deterministic, spread evenly over the indices).
    QString imageFileName(int index) const;

private:
    Skeleton m_skeleton;
    SynthOptions m_options;
};

} // namespace gp
