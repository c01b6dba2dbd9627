#pragma once

#include "posedetection.h"
#include "predictor.h"

#include <QImage>
#include <QString>

#include <memory>

namespace gp {

// The network on one frame on screen (the Video workspace's live mode): a Predictor that
// takes the QImage the screen shows. Loads on first use; use from one thread.
class LivePredictor
{
public:
    LivePredictor();
    ~LivePredictor();

    // Loads the model when the options differ from the loaded ones.
    bool ensureLoaded(const PredictorOptions &options, QString *error);
    bool isLoaded() const;
    int keypointCount() const;
    bool predict(const QImage &image, std::vector<PoseDetection> *detections, QString *error);

private:
    std::unique_ptr<Predictor> m_predictor;
    PredictorOptions m_options;
};

} // namespace gp
