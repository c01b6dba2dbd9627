#pragma once

// Internal to core (OpenCV types): what makes a picture hard in each scenario, for the
// synthetic generator (stills and demo videos) and for the training augmentations, so the
// two degrade images the same way.

#include "gripperscene_p.h"
#include "scenerandom.h"

#include <opencv2/core.hpp>

#include <cstdint>

namespace gp {

class ScenarioStyle
{
public:
    // A dark exposure: the scene's light scaled down to a few percent in linear light,
    // a steeper tone curve, a colour cast, and sensor noise that grows with the signal
    // (shot noise) on top of a floor (read noise), then quantised back to 8 bits.
    struct LowLight
    {
        double exposure = 1.0; // of the linear light kept (0.03 .. 0.25 in the scenario)
        double gamma = 1.0; // applied after the exposure; > 1 crushes the shadows
        cv::Scalar cast { 1, 1, 1 }; // BGR gains
        double shotNoise = 0.0; // standard deviation at full scale, in 8-bit steps
        double readNoise = 0.0; // in 8-bit steps
    };

    static LowLight randomLowLight(SceneRandom &rng);
    static void applyLowLight(cv::Mat &bgr, const LowLight &light, std::uint64_t noiseSeed);

    // Motion blur of something that moved by `displacement` pixels while the shutter was
    // open, centred on where it was half way (where its labels are). Only where `mask` is
    // non-zero (all of the image when empty): the moving thing smears over what is behind it.
    static void applyMotionBlur(cv::Mat &bgr, cv::Point2d displacement, const cv::Mat &mask = cv::Mat());
    // A random displacement for fast arm motion: up to `maxPixelsPerFrame` at 720p (scaled to
    // `size`), times a shutter that is open for 30 to 100 % of the frame.
    static cv::Point2d randomDisplacement(cv::Size size, double maxPixelsPerFrame, SceneRandom &rng);

    // Replaces the scene's occluders with ones that cover one gripper of each robot by
    // `minCovered` to `maxCovered` of its pixels: an object held between its fingers, the
    // other arm crossing in front, or a hand or board. Renders to measure; gives up on a
    // robot after a number of tries (it then keeps the closest try).
    static void occlude(GripperScene &scene, SceneRandom &rng, double minCovered = 0.2, double maxCovered = 0.7);
    // An object held between the gripper's fingers, in front of them.
    static GripperScene::Occluder heldObject(const GripperScene::Gripper &gripper, SceneRandom &rng);
    // Another robot's wrist link crossing in front of the gripper.
    static GripperScene::Occluder crossingArm(const GripperScene::Gripper &gripper, SceneRandom &rng);
};

} // namespace gp
