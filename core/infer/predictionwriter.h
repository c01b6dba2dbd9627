#pragma once

#include "posedetection.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QFile>
#include <QString>
#include <QStringList>

#include <opencv2/core/mat.hpp>
#include <opencv2/videoio.hpp>

#include <memory>

namespace gp {

struct OutputOptions
{
    QString videoPath;  // annotated video (mp4v); empty: none
    QString imageDir;   // annotated images, one file per frame (named after the source image); empty: none
    QString jsonPath;   // JSON Lines, one object per processed frame; empty: none
    QString csvPath;    // one row per instance and frame; empty: none
    bool showRaw = false;   // draw the raw network keypoints instead of the smoothed ones
    bool drawNames = false; // keypoint names next to the points
    double keypointConf = 0.5; // keypoints below this confidence are not drawn (unless bridged)
    double fps = 0.0;       // of the annotated video (0: the source's rate over vid_stride; 30 when unknown)
};

// The output stage: annotated video, JSON Lines and CSV, written frame by frame (files are
// flushed as they grow, so an interrupted run keeps what it processed).
class PredictionWriter
{
    Q_DECLARE_TR_FUNCTIONS(PredictionWriter)

public:
    PredictionWriter(Skeleton skeleton, OutputOptions options);
    ~PredictionWriter();

    // Opens the text files (the video opens at the first frame, when its size is known).
    bool open(QString *error);
    // image may be empty when no video is written.
    bool write(const FramePrediction &prediction, const cv::Mat &image, QString *error);
    void close();
    qint64 framesWritten() const { return m_frames; }

    // Draws boxes, skeleton edges (in the skeleton's side colours), keypoints and track ids.
    static void draw(cv::Mat &image, const FramePrediction &prediction, const Skeleton &skeleton, bool showRaw,
                     bool drawNames, double keypointConf = 0.5);
    // One JSON Lines object (no newline).
    static QByteArray toJsonLine(const FramePrediction &prediction);
    static QByteArray csvHeader(int keypoints);
    static QByteArray toCsvRows(const FramePrediction &prediction);

private:
    Skeleton m_skeleton;
    OutputOptions m_options;
    std::unique_ptr<QFile> m_json;
    std::unique_ptr<QFile> m_csv;
    bool m_csvHeader = false;
    cv::VideoWriter m_video;
    bool m_videoFailed = false;
    qint64 m_frames = 0;
};

} // namespace gp
