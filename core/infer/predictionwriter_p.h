#pragma once

// Internal header (OpenCV): the writer of the video pipeline and of AnnotatedExport, for core
// and the benchmarks. Its options, OutputOptions, are public (outputoptions.h).

#include "outputoptions.h"
#include "posedetection.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <opencv2/core/mat.hpp>

#include <memory>

class QFile;

namespace gp {

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
    // The OpenCV encoder, behind a pointer: only the .cpp includes videoio.
    struct Private;
    std::unique_ptr<Private> d;
    bool m_videoFailed = false;
    qint64 m_frames = 0;
};

} // namespace gp
