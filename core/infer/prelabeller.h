#pragma once

#include "canceltoken.h"
#include "progress.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "shapemodel.h"
#include "skeleton.h"

#include <vector>

class QSize;

namespace gp {
struct PoseInstance;

struct PoseDetection;

// Labels images with a trained model as a starting point for a person: each image without
// a label file is run through a Predictor and its detections are written as its label file.
// An image that has a label file (labelled by hand, or empty on purpose) is never written:
// the check is made again just before each write. Run it on a worker thread; it makes its
// own Predictor there.
class PreLabeller
{
    Q_DECLARE_TR_FUNCTIONS(PreLabeller)

public:
    struct Options
    {
        QString model; // checkpoint, weight file or model name (see PredictorOptions)
        int imgsz = 640;
        double conf = 0.25;
        double iou = 0.7; // NMS: a weak model's duplicates go at a lower IoU
        int maxObjects = 10; // per image, the most confident
        int keypointCount = 14;
        int keypointDims = 3;
        QString device; // see PredictorOptions
        QStringList images; // absolute paths
        // The project folder: where each written image's point origins go (PointOrigins);
        // empty, none are recorded.
        QString projectDir;
        // Images with labels that a person is still reviewing, whose proposals a newer model
        // may revise (ProposalRevision: a person's points never move); any other image with a
        // label file is never written.
        QStringList revise;
        Skeleton skeleton = Skeleton::defaultGripper(); // the project's (its part groups), for revising
        std::vector<ShapeModel> shapeModels; // the project's, for revising; may be empty
    };
    struct Result
    {
        QStringList written; // images that got a label file
        int skippedLabelled = 0; // had a label file already (and was not to be revised)
        QStringList revised; // images under review whose proposals the model revised
        int changedPoints = 0; // proposals moved, added or removed by revising
        int nothingFound = 0; // no detection: left unlabelled
        int failed = 0; // did not decode or write
        bool cancelled = false;
        QString error; // the model did not load (nothing done), or the last failure
    };

    // Every point inside the image is a Model proposal with the network's score as its
    // confidence; points outside are absent (0); the box is clipped to the image. The score says
    // whether a point is labelled at all (the keypoint-objectness loss learns v > 0 against
    // v = 0, occluded and visible alike), so it cannot tell occluded from visible: a point is
    // visible (2) unless its score is below `occludedBelow`, for callers whose scores do mean
    // occlusion (the video's temporal stage lowers the score of the points it bridges).
    // Below this score the network says a point is not there (out of the frame, or hidden so
    // that no label would place it): Ultralytics draws no keypoint under it either.
    static constexpr double kAbsentBelow = 0.25;
    static PoseInstance toInstance(
        const PoseDetection &detection, const QSize &imageSize, int keypointCount, double occludedBelow = 0.0);
    // Progress counts images.
    static Result run(const Options &options, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});

private:
    // One image under review: its labels and origins revised with `fresh` and written again
    // (origins first) when a proposal changed.
    static bool revise(const Options &options, const QString &file, const QSize &size,
        const std::vector<PoseInstance> &fresh, Result *result, QString *error);
};

} // namespace gp
