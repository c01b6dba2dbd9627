#pragma once

// Internal to core (OpenCV types): the drawing primitives of the synthetic scenes.

#include <opencv2/core.hpp>

#include <vector>

namespace gp {

// Convex polygons in label coordinates (pixel (i, j) covers [i, i+1) x [j, j+1)), filled
// with shading and an anti-aliased edge at OpenCV's sub-pixel precision, and the plane
// geometry they are built from; used by GripperScene (grippers, occluders) and
// SceneBackground (clutter).
class ScenePainter
{
public:
    using Poly = std::vector<cv::Point2d>;

    static constexpr double kPi = 3.14159265358979323846;
    // Sub-pixel precision of OpenCV's drawing: coordinates are fixed point with 4 fraction bits.
    static constexpr int kShift = 4;
    static constexpr double kFixedOne = 1 << kShift;

    // Shading of a filled part: brightness varies linearly along `dir` (towards the light),
    // plus a specular band at `highlight` for glossy surfaces. t runs -1..1 over `extent`.
    struct Shade
    {
        cv::Point2d origin;
        cv::Point2d dir { 0, -1 };
        double extent = 1.0;
        double contrast = 0.2;
        double gloss = 0.0;
        double highlight = 0.5;
    };

    static double dot(cv::Point2d a, cv::Point2d b);
    static double length(cv::Point2d a);
    // a scaled to length 1 (straight up for a zero vector).
    static cv::Point2d unit(cv::Point2d a);
    static cv::Point2d rotate(cv::Point2d v, double a);
    // The unit vector of `angle`: image y points down, so angle 0 is up and positive angles
    // turn clockwise on screen.
    static cv::Point2d direction(double angle);
    static cv::Point2d perpendicular(cv::Point2d u);

    // A rectangle with rounded corners, `len` along `axis` and `width` across it; convex, in order.
    static Poly roundedRect(cv::Point2d centre, cv::Point2d axis, double len, double width, double radius, int arc = 4);
    // A bar from a to b with round ends.
    static Poly capsule(cv::Point2d a, cv::Point2d b, double width);
    static Poly ellipse(cv::Point2d centre, double angle, double rx, double ry, int n = 28);
    // The cubic Bezier curve of the first four points of `c` (c itself when shorter).
    static Poly bezier(const std::vector<cv::Point2d> &c, int n = 32);
    // The polygon in OpenCV's fixed-point pixel coordinates, relative to `origin`.
    static std::vector<cv::Point> fixedPoint(const Poly &poly, cv::Point origin);

    // Fills a convex polygon with shading and an anti-aliased edge, and marks the pixels it
    // mostly covers with `layer` in `layers` (which decides what hides which keypoint).
    static void fillShaded(cv::Mat &image, cv::Mat *layers, uchar layer, const Poly &poly, const cv::Scalar &colour,
        const Shade &shade, double outline = 0.55);
    static Shade flatShade(cv::Point2d centre, double lightAngle, double extent, double contrast, double gloss);
    // A cylinder lit from the side: the light falls across the bar, not along it.
    static Shade barShade(cv::Point2d a, cv::Point2d b, double width, double lightAngle, double gloss);
    // An open path (a cable) `width` thick, with a highlight along it when it is wide enough.
    static void strokePath(cv::Mat &image, cv::Mat *layers, uchar layer, const Poly &path, double width,
        const cv::Scalar &colour, const cv::Scalar &highlight);

private:
    // The pixels a polygon can touch, clipped to `size`.
    static cv::Rect pixelBounds(const Poly &poly, cv::Size size);
};

} // namespace gp
