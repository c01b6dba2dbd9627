#include "poseevaluator.h"

#include "detectionmatcher.h"

#include <cmath>

namespace gp {

namespace {

MetricSet toMetricSet(const AveragePrecision::Result &r)
{
    MetricSet m;
    m.precision = r.meanPrecision();
    m.recall = r.meanRecall();
    m.map50 = r.map50();
    m.map75 = r.map75();
    m.map = r.map();
    m.apPerThreshold = r.apPerThreshold();
    return m;
}

} // namespace

void PoseEvaluator::ErrorSum::add(double px, double scaledErr, double oksTerm)
{
    ++count;
    pixel += px;
    scaled += scaledErr;
    oks += oksTerm;
}

KeypointErrorStats PoseEvaluator::ErrorSum::stats() const
{
    if (count == 0)
        return {};
    return { count, pixel / count, scaled / count, oks / count };
}

PoseEvaluator::PoseEvaluator(std::vector<double> sigmas, AveragePrecision::EndSentinel sentinel)
    : m_sigmas(std::move(sigmas))
    , m_sentinel(sentinel)
    , m_thresholds(DetectionMatcher::iouThresholds())
    , m_perKeypoint(m_sigmas.size())
    , m_perKeypointVisible(m_sigmas.size())
    , m_perKeypointOccluded(m_sigmas.size())
{ }

void PoseEvaluator::addImage(const EvalImage &image)
{
    ++m_images;
    const auto iou = DetectionMatcher::boxIou(image.truth, image.predictions);
    const auto oks = DetectionMatcher::oks(image.truth, image.predictions, m_sigmas);
    m_lastBoxTp = DetectionMatcher::match(iou, image.truth, image.predictions, m_thresholds);
    m_lastPoseTp = DetectionMatcher::match(oks, image.truth, image.predictions, m_thresholds);
    m_boxTp.insert(m_boxTp.end(), m_lastBoxTp.begin(), m_lastBoxTp.end());
    m_poseTp.insert(m_poseTp.end(), m_lastPoseTp.begin(), m_lastPoseTp.end());
    for (const EvalObject &p : image.predictions) {
        m_conf.push_back(p.conf);
        m_predClass.push_back(p.cls);
    }
    for (const EvalObject &t : image.truth)
        m_targetClass.push_back(t.cls);

    for (const auto &[g, p] :
        DetectionMatcher::matchedPairs(oks, image.truth, image.predictions, m_thresholds.front())) {
        const EvalObject &gt = image.truth[g];
        const EvalObject &pr = image.predictions[p];
        const double area = DetectionMatcher::oksArea(gt);
        for (size_t k = 0; k < gt.keypoints.size() && k < pr.keypoints.size() && k < m_sigmas.size(); ++k) {
            const EvalKeypoint &a = gt.keypoints[k];
            if (a.v == 0.0)
                continue;
            const double d = std::hypot(a.x - pr.keypoints[k].x, a.y - pr.keypoints[k].y);
            const double oksTerm = std::exp(-d * d / (std::pow(2 * m_sigmas[k], 2) * (area + 1e-7) * 2));
            const double scaled = d / std::sqrt(area + 1e-7);
            m_perKeypoint[k].add(d, scaled, oksTerm);
            (a.v >= 2.0 ? m_visible : m_occluded).add(d, scaled, oksTerm);
            (a.v >= 2.0 ? m_perKeypointVisible : m_perKeypointOccluded)[k].add(d, scaled, oksTerm);
        }
    }
}

PoseMetrics PoseEvaluator::result() const
{
    PoseMetrics m;
    m.box = toMetricSet(AveragePrecision::compute(m_boxTp, m_conf, m_predClass, m_targetClass, m_sentinel));
    m.pose = toMetricSet(AveragePrecision::compute(m_poseTp, m_conf, m_predClass, m_targetClass, m_sentinel));
    m.fitness = m.box.map + m.pose.map;
    m.images = m_images;
    m.instances = int(m_targetClass.size());
    for (size_t k = 0; k < m_perKeypoint.size(); ++k) {
        m.perKeypoint.push_back(m_perKeypoint[k].stats());
        m.perKeypointVisible.push_back(m_perKeypointVisible[k].stats());
        m.perKeypointOccluded.push_back(m_perKeypointOccluded[k].stats());
    }
    m.visible = m_visible.stats();
    m.occluded = m_occluded.stats();
    return m;
}

} // namespace gp
