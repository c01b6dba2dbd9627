#include "scenariostyle_p.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

constexpr double kPi = 3.14159265358979323846;
// Display gamma: the exposure and the noise act on linear light.
constexpr double kDisplayGamma = 2.2;

uchar toByte(double v)
{
    return uchar(std::clamp(std::lround(v), 0L, 255L));
}

} // namespace

ScenarioStyle::LowLight ScenarioStyle::randomLowLight(SceneRandom &rng)
{
    LowLight l;
    // A few percent of the light up to a quarter, after the camera's gain: dark, but the
    // brightest parts still show (darker than this no camera is used for).
    l.exposure = rng.logUniform(0.03, 0.25);
    l.gamma = rng.uniform(1.0, 1.35);
    // Sodium and tungsten light cast orange; moonlight and LEDs blue; some footage is neutral.
    const double u = rng.uniform();
    if (u < 0.4)
        l.cast = { rng.uniform(0.55, 0.8), rng.uniform(0.85, 0.95), 1.0 };
    else if (u < 0.7)
        l.cast = { 1.0, rng.uniform(0.85, 0.95), rng.uniform(0.6, 0.85) };
    l.shotNoise = rng.uniform(3.0, 9.0);
    l.readNoise = rng.uniform(1.0, 4.0);
    return l;
}

void ScenarioStyle::applyLowLight(cv::Mat &bgr, const LowLight &l, std::uint64_t noiseSeed)
{
    SceneRandom rng(noiseSeed);
    // Per 8-bit input value: its linear light after the exposure and the cast.
    float linear[3][256];
    for (int c = 0; c < 3; ++c)
        for (int v = 0; v < 256; ++v)
            linear[c][v] = float(std::pow(v / 255.0, kDisplayGamma) * l.exposure * l.cast[c]);
    for (int y = 0; y < bgr.rows; ++y) {
        cv::Vec3b *px = bgr.ptr<cv::Vec3b>(y);
        for (int x = 0; x < bgr.cols; ++x)
            for (int c = 0; c < 3; ++c) {
                const double signal = linear[c][px[x][c]];
                // Shot noise has a variance proportional to the light caught.
                const double sd = std::sqrt(l.shotNoise * l.shotNoise * signal + l.readNoise * l.readNoise) / 255.0;
                const double noisy = std::max(0.0, signal + rng.normal(0.0, sd));
                px[x][c] = toByte(255.0 * std::pow(std::pow(noisy, 1.0 / kDisplayGamma), l.gamma));
            }
    }
}

cv::Point2d ScenarioStyle::randomDisplacement(cv::Size size, double maxPixelsPerFrame, SceneRandom &rng)
{
    const double scale = std::min(size.width, size.height) / 720.0;
    const double speed = rng.uniform(0.25, 1.0) * maxPixelsPerFrame * scale;
    const double shutter = rng.uniform(0.3, 1.0);
    const double angle = rng.uniform(0, 2 * kPi);
    return { std::cos(angle) * speed * shutter, std::sin(angle) * speed * shutter };
}

void ScenarioStyle::applyMotionBlur(cv::Mat &bgr, cv::Point2d d, const cv::Mat &mask)
{
    const double length = std::hypot(d.x, d.y);
    if (length < 1.0)
        return;
    // A line kernel through the centre, as long as the path, drawn with subpixel ends.
    const int side = 2 * int(std::ceil(length / 2)) + 1;
    cv::Mat kernel = cv::Mat::zeros(side, side, CV_32F);
    const cv::Point2d c(0.5 * (side - 1), 0.5 * (side - 1));
    constexpr int kShift = 4;
    auto fixed = [](cv::Point2d p) { return cv::Point(cvRound(p.x * (1 << kShift)), cvRound(p.y * (1 << kShift))); };
    cv::line(kernel, fixed(c - 0.5 * d), fixed(c + 0.5 * d), cv::Scalar(1.0), 1, cv::LINE_AA, kShift);
    kernel /= cv::sum(kernel)[0];
    if (mask.empty()) {
        cv::filter2D(bgr, bgr, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_REFLECT);
        return;
    }
    // The moving thing alone, smeared, over the picture where its smear is thin.
    cv::Mat alpha, thing, smearedAlpha, smeared;
    mask.convertTo(alpha, CV_32F, 1.0 / 255.0);
    cv::Mat image;
    bgr.convertTo(image, CV_32FC3);
    cv::Mat alpha3;
    cv::merge(std::vector<cv::Mat> { alpha, alpha, alpha }, alpha3);
    thing = image.mul(alpha3);
    cv::filter2D(thing, smeared, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_CONSTANT);
    cv::filter2D(alpha3, smearedAlpha, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_CONSTANT);
    // What showed behind it is unknown; the unmoved picture stands in for it.
    cv::Mat out = smeared + image.mul(cv::Scalar::all(1.0) - smearedAlpha);
    out.convertTo(bgr, CV_8UC3);
}

GripperScene::Occluder ScenarioStyle::heldObject(const GripperScene::Gripper &g, SceneRandom &rng)
{
    const auto kp = GripperScene::keypoints(g);
    const cv::Point2d grasp = kp[6];
    const double gap = cv::norm(kp[3] - kp[5]);
    GripperScene::Occluder o;
    o.kind = GripperScene::Occluder::Kind::Box;
    o.centre = grasp + cv::Point2d(rng.normal(0, 0.1 * g.scale), rng.normal(0, 0.1 * g.scale));
    o.angle = g.angle + rng.normal(0, 0.2);
    const double side = std::max(0.35 * g.scale, gap * rng.uniform(0.9, 1.5));
    o.size = { side, side * rng.uniform(0.7, 1.6) };
    o.colour = cv::Scalar(rng.uniform(40, 230), rng.uniform(40, 230), rng.uniform(40, 230));
    o.colour2 = cv::Scalar(rng.uniform(150, 240), rng.uniform(150, 240), rng.uniform(150, 240));
    o.variant = rng.uniform();
    return o;
}

GripperScene::Occluder ScenarioStyle::crossingArm(const GripperScene::Gripper &g, SceneRandom &rng)
{
    const auto kp = GripperScene::keypoints(g);
    GripperScene::Occluder o;
    o.kind = GripperScene::Occluder::Kind::Arm;
    o.centre = kp[size_t(rng.integer(0, 6))] + cv::Point2d(rng.normal(0, 0.3 * g.scale), rng.normal(0, 0.3 * g.scale));
    // Across the gripper rather than along it.
    o.angle = g.angle + 0.5 * kPi + rng.normal(0, 0.5);
    o.size = { g.scale * rng.uniform(0.45, 0.75), g.scale * rng.uniform(4.0, 7.0) };
    const double grey = rng.uniform(150, 235);
    o.colour = cv::Scalar(grey, grey, grey) + cv::Scalar(rng.normal(0, 10), rng.normal(0, 10), rng.normal(0, 10));
    o.colour2 = cv::Scalar(rng.uniform(40, 90), rng.uniform(40, 90), rng.uniform(40, 90));
    return o;
}

void ScenarioStyle::occlude(GripperScene &scene, SceneRandom &rng, double minCovered, double maxCovered)
{
    scene.clearOccluders();
    std::vector<GripperScene::Occluder> chosen;
    const auto &robots = scene.robots();
    for (size_t i = 0; i < robots.size(); ++i) {
        const int g = rng.integer(0, 1);
        const GripperScene::Gripper &gripper = robots[i].gripper[g];
        GripperScene::Occluder best;
        double bestMiss = 2.0;
        for (int attempt = 0; attempt < 12 && bestMiss > 0; ++attempt) {
            const double u = rng.uniform();
            const GripperScene::Occluder o = u < 0.35 ? heldObject(gripper, rng)
                : u < 0.7                             ? crossingArm(gripper, rng)
                                                      : GripperScene::randomOccluder(robots[i], rng);
            GripperScene trial = scene;
            trial.clearOccluders();
            for (const GripperScene::Occluder &c : chosen)
                trial.addOccluder(c);
            trial.addOccluder(o);
            const double covered = trial.render().covered[i][size_t(g)];
            const double miss = covered < minCovered ? minCovered - covered
                : covered > maxCovered               ? covered - maxCovered
                                                     : 0;
            if (miss < bestMiss) {
                bestMiss = miss;
                best = o;
            }
        }
        chosen.push_back(best);
    }
    for (const GripperScene::Occluder &o : chosen)
        scene.addOccluder(o);
}

} // namespace gp
