#include "liveinferrer.h"

#include <QMutexLocker>

using gp::PoseDetection;
using gp::PredictorOptions;

LiveInferrer::LiveInferrer(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<std::vector<gp::PoseDetection>>();
}

LiveInferrer::~LiveInferrer() = default;

void LiveInferrer::request(qint64 frame, const QImage &image, const PredictorOptions &options)
{
    {
        QMutexLocker lock(&m_mutex);
        m_frame = frame;
        m_image = image;
        m_requestedAt = std::chrono::steady_clock::now();
        m_options = options;
    }
    if (!m_pending.exchange(true))
        QMetaObject::invokeMethod(this, &LiveInferrer::runLatest, Qt::QueuedConnection);
}

void LiveInferrer::runLatest()
{
    m_pending.store(false);
    qint64 frame;
    QImage image;
    PredictorOptions options;
    std::chrono::steady_clock::time_point requestedAt;
    {
        QMutexLocker lock(&m_mutex);
        frame = m_frame;
        image = m_image;
        requestedAt = m_requestedAt;
        options = m_options;
        m_image = QImage();
    }
    if (image.isNull())
        return;
    QString error;
    std::vector<PoseDetection> detections;
    // Loading a model is not a frame's latency: the time it took is left out.
    const auto loadStart = std::chrono::steady_clock::now();
    if (!m_predictor.ensureLoaded(options, &error)) {
        Q_EMIT failed(error);
        return;
    }
    const auto loaded = std::chrono::steady_clock::now();
    if (!m_predictor.predict(image, &detections, &error)) {
        Q_EMIT failed(error);
        return;
    }
    const auto done = std::chrono::steady_clock::now();
    Q_EMIT inferred(frame, detections,
        std::chrono::duration<double, std::milli>((done - requestedAt) - (loaded - loadStart)).count());
}
