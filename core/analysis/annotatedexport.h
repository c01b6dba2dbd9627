#pragma once

#include "canceltoken.h"
#include "outputoptions.h"
#include "posedetection.h"
#include "progress.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace gp {

class DetectionCache;

// Writes an analysed video with the current settings, in the command line's formats
// (PredictionWriter: annotated video, JSON Lines, CSV): the video is decoded once more,
// and each analysed frame is drawn with the tracks the temporal stage gave (TemporalReplay)
// — no network runs. Frames that were not analysed are left out. The files are written under
// hidden partial names (".<name>.partial.<ext>") and take their names only once the export
// has finished; a cancel or a failure removes them.
class AnnotatedExport
{
    Q_DECLARE_TR_FUNCTIONS(AnnotatedExport)

public:
    struct Result
    {
        qint64 frames = 0; // written
        bool cancelled = false;
        QString error;
    };

    // `tracks` has one entry per frame of `cache`. `keypointConf` hides keypoints below it
    // in the video. Progress counts frames read.
    static Result run(const QString &video, const DetectionCache &cache,
        const std::vector<std::vector<TrackedPose>> &tracks, const Skeleton &skeleton, const OutputOptions &output,
        double keypointConf, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
};

} // namespace gp
