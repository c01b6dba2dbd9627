#include "scenarioaugmenter.h"

#include "scenariostyle_p.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

constexpr double kPi = 3.14159265358979323846;
// The longest motion per frame of the fast-motion scenario (px at 720p), as the generator
// renders it: the augmentation covers the same range.
constexpr double kMaxMotionPerFrame = 60.0;

// A seed for the SceneRandom of one step, drawn from the sample's stream.
uint64_t stepSeed(AugmentRng &rng)
{
    return rng.below(~0ULL);
}

} // namespace

ScenarioAugmenter::ScenarioAugmenter(const TrainingConfig &config)
    : m_config(config)
{ }

void ScenarioAugmenter::apply(TrainSample &s, AugmentRng &rng) const
{
    if (s.image.empty())
        return;
    // Blur sizes are for a 640 px input, scaled to this one.
    const double scale = std::max(s.image.cols, s.image.rows) / 640.0;
    if (rng.chance(m_config.erasing) && !s.instances.empty()) {
        const size_t instance = size_t(rng.below(s.instances.size()));
        const double coverage = rng.uniform(0.2, 0.6);
        occlude(s, instance, coverage, stepSeed(rng));
    }
    if (rng.chance(m_config.blur))
        gaussianBlur(s, rng.uniform(0.5, 2.0) * scale);
    if (rng.chance(m_config.motionBlur)) {
        SceneRandom r(stepSeed(rng));
        const cv::Point2d d = ScenarioStyle::randomDisplacement(s.image.size(), kMaxMotionPerFrame, r);
        motionBlur(s, d.x, d.y);
    }
    if (rng.chance(m_config.lowLight))
        lowLight(s, stepSeed(rng));
    if (rng.chance(m_config.noise)) {
        const double sigma = rng.uniform(2.0, 10.0);
        gaussianNoise(s, sigma, stepSeed(rng));
    }
}

void ScenarioAugmenter::gaussianBlur(TrainSample &s, double sigma)
{
    if (sigma > 0)
        cv::GaussianBlur(s.image, s.image, cv::Size(), sigma, sigma, cv::BORDER_REFLECT);
}

void ScenarioAugmenter::motionBlur(TrainSample &s, double dx, double dy)
{
    // A whole-frame smear (camera or arm motion), centred so that the labels, which are
    // where things were half way through the exposure, stay where they are.
    ScenarioStyle::applyMotionBlur(s.image, cv::Point2d(dx, dy));
}

void ScenarioAugmenter::gaussianNoise(TrainSample &s, double sigma, uint64_t seed)
{
    SceneRandom r(seed);
    for (int y = 0; y < s.image.rows; ++y) {
        uchar *p = s.image.ptr<uchar>(y);
        for (int x = 0; x < s.image.cols * s.image.channels(); ++x)
            p[x] = cv::saturate_cast<uchar>(p[x] + r.normal(0.0, sigma));
    }
}

void ScenarioAugmenter::lowLight(TrainSample &s, uint64_t seed)
{
    SceneRandom r(seed);
    const ScenarioStyle::LowLight light = ScenarioStyle::randomLowLight(r);
    ScenarioStyle::applyLowLight(s.image, light, r.bits());
}

int ScenarioAugmenter::occlude(TrainSample &s, size_t instance, double coverage, uint64_t seed)
{
    if (instance >= s.instances.size() || s.image.empty())
        return 0;
    SceneRandom r(seed);
    PoseInstance &target = s.instances[instance];
    // Centred on one of its labelled points, so it covers part of the gripper, not the air
    // beside it.
    std::vector<const Keypoint *> labelled;
    for (const Keypoint &k : target.keypoints)
        if (k.isLabelled())
            labelled.push_back(&k);
    const QPointF c = labelled.empty() ? target.box.center()
                                       : QPointF(labelled[size_t(r.integer(0, int(labelled.size()) - 1))]->x,
                                           labelled[size_t(r.integer(0, int(labelled.size()) - 1))]->y);
    const double area = std::max(4.0, coverage * target.box.width() * target.box.height());
    const double angle = r.uniform(0, 180);
    cv::Mat mask = cv::Mat::zeros(s.image.size(), CV_8U);
    if (r.chance(0.5)) {
        // A held object or a hand: an ellipse.
        const double aspect = r.uniform(0.4, 1.0);
        const double a = std::sqrt(area / (kPi * aspect));
        cv::ellipse(mask,
            cv::RotatedRect(
                cv::Point2f(float(c.x()), float(c.y())), cv::Size2f(float(2 * a), float(2 * a * aspect)), float(angle)),
            cv::Scalar(255), cv::FILLED);
    } else {
        // An arm or a cable crossing: a bar.
        const double width = std::sqrt(area) * r.uniform(0.3, 0.6);
        const cv::RotatedRect bar(
            cv::Point2f(float(c.x()), float(c.y())), cv::Size2f(float(area / width), float(width)), float(angle));
        cv::Point2f corners[4];
        bar.points(corners);
        std::vector<cv::Point> poly;
        for (const cv::Point2f &p : corners)
            poly.emplace_back(cvRound(p.x), cvRound(p.y));
        cv::fillConvexPoly(mask, poly, cv::Scalar(255));
    }
    if (r.chance(0.5)) {
        // Texture from elsewhere in the picture: another object, as real occluders are.
        const int w = s.image.cols, h = s.image.rows;
        const int dx = int(r.uniform(0.25, 0.75) * w), dy = int(r.uniform(0.25, 0.75) * h);
        cv::Mat shifted;
        const cv::Mat m = (cv::Mat_<double>(2, 3) << 1, 0, -dx, 0, 1, -dy);
        cv::warpAffine(s.image, shifted, m, s.image.size(), cv::INTER_NEAREST, cv::BORDER_WRAP);
        shifted.copyTo(s.image, mask);
    } else {
        const cv::Scalar colour(r.uniform(0, 255), r.uniform(0, 255), r.uniform(0, 255));
        s.image.setTo(colour, mask);
    }
    // Points under it are occluded: labelled still (the loss keeps learning where they are),
    // but no longer visible. Points outside the image or unlabelled stay as they were.
    int changed = 0;
    for (PoseInstance &inst : s.instances)
        for (Keypoint &k : inst.keypoints) {
            const int x = int(std::floor(k.x)), y = int(std::floor(k.y));
            if (k.visibility == Keypoint::Visible && x >= 0 && y >= 0 && x < mask.cols && y < mask.rows
                && mask.at<uchar>(y, x)) {
                k.visibility = Keypoint::Occluded;
                ++changed;
            }
        }
    return changed;
}

} // namespace gp
