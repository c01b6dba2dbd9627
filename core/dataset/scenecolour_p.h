#pragma once

// Internal to core (OpenCV types): the colours of the synthetic scenes.

#include "scenerandom.h"

#include <opencv2/core.hpp>

namespace gp {

// Colours (BGR, 0..255 per channel as cv::Scalar) for GripperScene, SceneBackground and
// ScenePainter: mixing, shading, random picks. Computed by hand, not with OpenCV's colour
// conversions, so that a seed draws the same picture with every OpenCV version.
class SceneColour
{
public:
    static cv::Scalar scaled(const cv::Scalar &c, double k);
    // a + (b - a) * t, per channel.
    static cv::Scalar mixed(const cv::Scalar &a, const cv::Scalar &b, double t);
    // Rounded and clamped to a byte.
    static uchar toByte(double v);
    // hueDeg in degrees, sat 0..1, val 0..255.
    static cv::Scalar hsv(double hueDeg, double sat, double val);
    // Each channel moved by a normal amount of standard deviation `amount`, clamped.
    static cv::Scalar jitter(const cv::Scalar &c, double amount, SceneRandom &rng);
    static cv::Scalar grey(double v);
    // Any hue, saturation up to satMax, value in vMin..vMax.
    static cv::Scalar random(SceneRandom &rng, double satMax, double vMin, double vMax);
};

} // namespace gp
