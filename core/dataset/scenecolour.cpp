#include "scenecolour_p.h"

#include <algorithm>
#include <cmath>

namespace gp {

cv::Scalar SceneColour::scaled(const cv::Scalar &c, double k)
{
    return { c[0] * k, c[1] * k, c[2] * k };
}

cv::Scalar SceneColour::mixed(const cv::Scalar &a, const cv::Scalar &b, double t)
{
    return { a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t };
}

uchar SceneColour::toByte(double v)
{
    return uchar(std::clamp(v + 0.5, 0.0, 255.0));
}

cv::Scalar SceneColour::hsv(double hueDeg, double sat, double val)
{
    // val in 0..255; converted by hand so that no OpenCV rounding table is involved.
    const double h = std::fmod(std::fmod(hueDeg, 360.0) + 360.0, 360.0) / 60.0;
    const double c = val * sat, x = c * (1.0 - std::fabs(std::fmod(h, 2.0) - 1.0)), m = val - c;
    double r = 0, g = 0, b = 0;
    switch (int(h)) {
    case 0:
        r = c, g = x;
        break;
    case 1:
        r = x, g = c;
        break;
    case 2:
        g = c, b = x;
        break;
    case 3:
        g = x, b = c;
        break;
    case 4:
        r = x, b = c;
        break;
    default:
        r = c, b = x;
        break;
    }
    return { b + m, g + m, r + m };
}

cv::Scalar SceneColour::jitter(const cv::Scalar &c, double amount, SceneRandom &rng)
{
    return { std::clamp(c[0] + rng.normal(0, amount), 0.0, 255.0), std::clamp(c[1] + rng.normal(0, amount), 0.0, 255.0),
        std::clamp(c[2] + rng.normal(0, amount), 0.0, 255.0) };
}

cv::Scalar SceneColour::grey(double v)
{
    return { v, v, v };
}

cv::Scalar SceneColour::random(SceneRandom &rng, double satMax, double vMin, double vMax)
{
    return hsv(rng.uniform(0, 360), rng.uniform(0, satMax), rng.uniform(vMin, vMax));
}

} // namespace gp
