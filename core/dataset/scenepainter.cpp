#include "scenepainter_p.h"

#include "scenecolour_p.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

double ScenePainter::dot(cv::Point2d a, cv::Point2d b)
{
    return a.x * b.x + a.y * b.y;
}

double ScenePainter::length(cv::Point2d a)
{
    return std::sqrt(dot(a, a));
}

cv::Point2d ScenePainter::unit(cv::Point2d a)
{
    const double n = length(a);
    return n > 0 ? a * (1.0 / n) : cv::Point2d(0, -1);
}

cv::Point2d ScenePainter::rotate(cv::Point2d v, double a)
{
    const double c = std::cos(a), s = std::sin(a);
    return { v.x * c - v.y * s, v.x * s + v.y * c };
}

// Image y points down, so angle 0 is up and positive angles turn clockwise on screen.
cv::Point2d ScenePainter::direction(double angle)
{
    return { std::sin(angle), -std::cos(angle) };
}

cv::Point2d ScenePainter::perpendicular(cv::Point2d u)
{
    return { -u.y, u.x };
}

// A rectangle with rounded corners, `len` along `axis` and `width` across it; convex, in order.
ScenePainter::Poly ScenePainter::roundedRect(
    cv::Point2d centre, cv::Point2d axis, double len, double width, double radius, int arc)
{
    const cv::Point2d u = unit(axis), v = perpendicular(u);
    radius = std::clamp(radius, 0.0, 0.5 * std::min(len, width));
    const double hl = 0.5 * len - radius, hw = 0.5 * width - radius;
    const double sa[4] = { 1, -1, -1, 1 }, sb[4] = { 1, 1, -1, -1 };
    Poly poly;
    poly.reserve(size_t(4 * (arc + 1)));
    for (int k = 0; k < 4; ++k)
        for (int j = 0; j <= arc; ++j) {
            const double phi = (k + double(j) / arc) * 0.5 * kPi;
            const double a = sa[k] * hl + radius * std::cos(phi), b = sb[k] * hw + radius * std::sin(phi);
            poly.push_back(centre + u * a + v * b);
        }
    return poly;
}

ScenePainter::Poly ScenePainter::capsule(cv::Point2d a, cv::Point2d b, double width)
{
    return roundedRect((a + b) * 0.5, b - a, length(b - a) + width, width, 0.5 * width, 6);
}

ScenePainter::Poly ScenePainter::ellipse(cv::Point2d centre, double angle, double rx, double ry, int n)
{
    Poly poly;
    poly.reserve(size_t(n));
    for (int i = 0; i < n; ++i) {
        const double t = 2 * kPi * i / n;
        poly.push_back(centre + rotate({ rx * std::cos(t), ry * std::sin(t) }, angle));
    }
    return poly;
}

ScenePainter::Poly ScenePainter::bezier(const std::vector<cv::Point2d> &c, int n)
{
    Poly out;
    if (c.size() < 4)
        return c;
    for (int i = 0; i <= n; ++i) {
        const double t = double(i) / n, s = 1 - t;
        out.push_back(c[0] * (s * s * s) + c[1] * (3 * s * s * t) + c[2] * (3 * s * t * t) + c[3] * (t * t * t));
    }
    return out;
}

cv::Rect ScenePainter::pixelBounds(const Poly &poly, cv::Size size)
{
    double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
    for (const cv::Point2d &p : poly) {
        x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
    }
    if (!(x1 >= x0) || x1 < -1e6 || x0 > 1e6 || y1 < -1e6 || y0 > 1e6)
        return {};
    const cv::Rect r(cv::Point(int(std::floor(x0)) - 2, int(std::floor(y0)) - 2),
        cv::Point(int(std::ceil(x1)) + 2, int(std::ceil(y1)) + 2));
    return r & cv::Rect(0, 0, size.width, size.height);
}

std::vector<cv::Point> ScenePainter::fixedPoint(const Poly &poly, cv::Point origin)
{
    // Label coordinates have pixel centres at i + 0.5; OpenCV draws them at i.
    std::vector<cv::Point> pts;
    pts.reserve(poly.size());
    for (const cv::Point2d &p : poly)
        pts.emplace_back(cvRound((p.x - 0.5 - origin.x) * kFixedOne), cvRound((p.y - 0.5 - origin.y) * kFixedOne));
    return pts;
}

// Fills a convex polygon with shading and an anti-aliased edge, and marks the pixels it
// mostly covers with `layer` in `layers` (which decides what hides which keypoint).
void ScenePainter::fillShaded(cv::Mat &image, cv::Mat *layers, uchar layer, const Poly &poly, const cv::Scalar &colour,
    const Shade &shade, double outline)
{
    const cv::Rect r = pixelBounds(poly, image.size());
    if (r.empty())
        return;
    cv::Mat mask = cv::Mat::zeros(r.size(), CV_8U);
    const std::vector<cv::Point> pts = fixedPoint(poly, r.tl());
    cv::fillConvexPoly(mask, pts, cv::Scalar(255), cv::LINE_AA, kShift);
    const double inv = 1.0 / std::max(shade.extent, 1e-6);
    for (int y = 0; y < r.height; ++y) {
        const uchar *m = mask.ptr<uchar>(y);
        cv::Vec3b *px = image.ptr<cv::Vec3b>(r.y + y) + r.x;
        uchar *lay = layers ? layers->ptr<uchar>(r.y + y) + r.x : nullptr;
        const double py = r.y + y + 0.5 - shade.origin.y;
        for (int x = 0; x < r.width; ++x) {
            const int a = m[x];
            if (!a)
                continue;
            const double pxl = r.x + x + 0.5 - shade.origin.x;
            const double t = std::clamp((pxl * shade.dir.x + py * shade.dir.y) * inv, -1.2, 1.2);
            const double k = 1.0 + shade.contrast * t;
            const double d = t - shade.highlight;
            const double spec = shade.gloss > 0 ? shade.gloss * 170.0 * std::exp(-d * d * 12.0) : 0.0;
            for (int c = 0; c < 3; ++c) {
                const double v = std::clamp(colour[c] * k + spec, 0.0, 255.0);
                px[x][c] = SceneColour::toByte((v * a + px[x][c] * (255 - a)) / 255.0);
            }
            if (lay && a >= 128)
                lay[x] = layer;
        }
    }
    if (outline > 0 && r.width > 5 && r.height > 5) {
        cv::Mat roi = image(r);
        cv::polylines(roi, pts, true, SceneColour::scaled(colour, outline), 1, cv::LINE_AA, kShift);
    }
}

ScenePainter::Shade ScenePainter::flatShade(
    cv::Point2d centre, double lightAngle, double extent, double contrast, double gloss)
{
    return { centre, direction(lightAngle), extent, contrast, gloss, 0.55 };
}

// A cylinder lit from the side: the light falls across the bar, not along it.
ScenePainter::Shade ScenePainter::barShade(cv::Point2d a, cv::Point2d b, double width, double lightAngle, double gloss)
{
    cv::Point2d n = perpendicular(unit(b - a));
    if (dot(n, direction(lightAngle)) < 0)
        n = -n;
    return { (a + b) * 0.5, n, 0.5 * width, 0.45, gloss, 0.45 };
}

void ScenePainter::strokePath(cv::Mat &image, cv::Mat *layers, uchar layer, const Poly &path, double width,
    const cv::Scalar &colour, const cv::Scalar &highlight)
{
    const std::vector<cv::Point> pts = fixedPoint(path, { 0, 0 });
    const int thick = std::max(1, int(std::lround(width)));
    cv::polylines(image, pts, false, colour, thick, cv::LINE_AA, kShift);
    if (layers)
        cv::polylines(*layers, pts, false, cv::Scalar(layer), thick, cv::LINE_8, kShift);
    if (width >= 4) {
        Poly shine = path;
        for (cv::Point2d &p : shine)
            p += cv::Point2d(-0.18 * width, -0.18 * width);
        cv::polylines(image, fixedPoint(shine, { 0, 0 }), false, highlight, std::max(1, int(std::lround(0.25 * width))),
            cv::LINE_AA, kShift);
    }
}

} // namespace gp
