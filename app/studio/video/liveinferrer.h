#pragma once

#include "livepredictor.h"
#include "posedetection.h"
#include "predictor.h"

#include <QImage>
#include <QMutex>
#include <QObject>

#include <atomic>
#include <chrono>
#include <vector>

// The live mode's worker: runs the network on the frame on screen, on the thread it lives
// on (move it to a QThread). Requests coalesce: while a frame is being inferred only the
// latest request is kept, so scrubbing or playing never queues stale frames. The time it
// reports runs from the request (the frame on screen) to the result, waiting included.
class LiveInferrer : public QObject
{
    Q_OBJECT

public:
    explicit LiveInferrer(QObject *parent = nullptr);
    ~LiveInferrer() override;

    // Thread-safe. The model loads at the first request after the options change.
    void request(qint64 frame, const QImage &image, const gp::PredictorOptions &options);

Q_SIGNALS:
    void inferred(qint64 frame, const std::vector<gp::PoseDetection> &detections, double milliseconds);
    void failed(const QString &message);

private:
    void runLatest();

    gp::LivePredictor m_predictor;
    QMutex m_mutex; // guards the request below
    qint64 m_frame = -1;
    QImage m_image;
    std::chrono::steady_clock::time_point m_requestedAt;
    gp::PredictorOptions m_options;
    std::atomic_bool m_pending { false };
};
