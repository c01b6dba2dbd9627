#include "livepredictor.h"

#include "imageconversion_p.h"

#include <opencv2/core/mat.hpp>

namespace gp {

LivePredictor::LivePredictor() = default;

LivePredictor::~LivePredictor() = default;

bool LivePredictor::ensureLoaded(const PredictorOptions &o, QString *error)
{
    if (m_predictor && m_predictor->isLoaded() && m_options.model == o.model && m_options.imgsz == o.imgsz
        && m_options.device == o.device) {
        m_predictor->setThresholds(o.conf, o.iou);
        m_predictor->setEnhancement(o.enhance);
        m_options = o;
        return true;
    }
    m_predictor = std::make_unique<Predictor>();
    if (!m_predictor->load(o, error)) {
        m_predictor.reset();
        return false;
    }
    m_options = o;
    return true;
}

bool LivePredictor::isLoaded() const
{
    return m_predictor && m_predictor->isLoaded();
}

int LivePredictor::keypointCount() const
{
    return isLoaded() ? m_predictor->spec().numKeypoints : 0;
}

bool LivePredictor::predict(const QImage &image, std::vector<PoseDetection> *detections, QString *error)
{
    if (!isLoaded()) {
        *error = Predictor::tr("no model is loaded");
        return false;
    }
    std::vector<std::vector<PoseDetection>> results;
    if (!m_predictor->predict({ gp::toBgrMat(image) }, &results, error) || results.empty())
        return false;
    *detections = std::move(results.front());
    return true;
}

} // namespace gp
