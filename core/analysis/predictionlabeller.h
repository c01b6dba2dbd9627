#pragma once

#include "canceltoken.h"
#include "posedetection.h"
#include "poseinstance.h"
#include "progress.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace gp {

// Turns frames of a video into training data with the model's predictions as their labels
// ("Label this frame", "Send selected frames"): each frame is decoded exactly (the N-th frame
// of a sequential decode), written into a split's image folder under the frame importer's
// name, its predictions written as its Ultralytics label file, and the image marked "needs
// review" in the project's ReviewState. An image that exists is never overwritten, nor its
// label file, nor its review mark: it is counted and left alone.
class PredictionLabeller
{
    Q_DECLARE_TR_FUNCTIONS(PredictionLabeller)

public:
    struct Options
    {
        QString video;
        QString projectDir; // where labels/.review.json lives
        QString imagesDir; // e.g. <project>/images/train
        int keypointCount = 14;
        int keypointDims = 3;
        int maxObjects = 10;
        std::vector<qint64> frames;
        // The predictions per frame, in the order of `frames` (see fromTracks()).
        std::vector<std::vector<PoseDetection>> predictions;
        // Or the objects themselves, with each point's origin (KeyframeFill), in the order of
        // `frames`: written with their origins (PointOrigins) before the label file. When given,
        // `predictions` is not used.
        std::vector<std::vector<PoseInstance>> objects;
    };
    struct Result
    {
        QStringList written; // new images, each with its label file, marked needs review
        QStringList existing; // images that were there already (left alone)
        int failed = 0;
        bool cancelled = false;
        QString error; // the last failure (empty when none)
    };

    // What the screen shows as labels: the output keypoints of each track (smoothed, or
    // bridged) with the network's confidence; points inferred across an occlusion are
    // occluded. Bridged instances (the network saw nothing) are left out.
    static std::vector<PoseDetection> fromTracks(const std::vector<TrackedPose> &tracks);
    // Progress counts frames.
    static Result run(const Options &options, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
};

} // namespace gp
