#include "gripperscene.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

using Poly = std::vector<cv::Point2d>;

constexpr double kPi = 3.14159265358979323846;
constexpr uchar kOccluderLayer = GripperScene::kOccluderLayer;
// Sub-pixel precision of OpenCV's drawing: coordinates are fixed point with 4 fraction bits.
constexpr int kShift = 4;
constexpr double kFixedOne = 1 << kShift;

// Gripper proportions, in palm widths from the wrist along the gripper's axis. They are
// shared by the drawing and by the keypoints, so the labels sit on what is drawn.
constexpr double kPalmCentre = 0.47;
constexpr double kPalmLength = 0.62;
constexpr double kRailPosition = 0.83;
constexpr double kFingerBase = 0.86;
constexpr double kFingerWidth = 0.17;
constexpr double kMinOpening = 0.26; // finger centre to centre when closed
constexpr double kOpeningRange = 0.70;

double dot(cv::Point2d a, cv::Point2d b) { return a.x * b.x + a.y * b.y; }
double length(cv::Point2d a) { return std::sqrt(dot(a, a)); }
cv::Point2d unit(cv::Point2d a)
{
    const double n = length(a);
    return n > 0 ? a * (1.0 / n) : cv::Point2d(0, -1);
}
cv::Point2d rotate(cv::Point2d v, double a)
{
    const double c = std::cos(a), s = std::sin(a);
    return {v.x * c - v.y * s, v.x * s + v.y * c};
}
// Image y points down, so angle 0 is up and positive angles turn clockwise on screen.
cv::Point2d direction(double angle) { return {std::sin(angle), -std::cos(angle)}; }
cv::Point2d perpendicular(cv::Point2d u) { return {-u.y, u.x}; }

cv::Scalar scaled(const cv::Scalar &c, double k) { return {c[0] * k, c[1] * k, c[2] * k}; }
cv::Scalar mixed(const cv::Scalar &a, const cv::Scalar &b, double t)
{
    return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}
uchar toByte(double v) { return uchar(std::clamp(v + 0.5, 0.0, 255.0)); }

cv::Scalar hsv(double hueDeg, double sat, double val)
{
    // val in 0..255; converted by hand so that no OpenCV rounding table is involved.
    const double h = std::fmod(std::fmod(hueDeg, 360.0) + 360.0, 360.0) / 60.0;
    const double c = val * sat, x = c * (1.0 - std::fabs(std::fmod(h, 2.0) - 1.0)), m = val - c;
    double r = 0, g = 0, b = 0;
    switch (int(h)) {
    case 0: r = c, g = x; break;
    case 1: r = x, g = c; break;
    case 2: g = c, b = x; break;
    case 3: g = x, b = c; break;
    case 4: r = x, b = c; break;
    default: r = c, b = x; break;
    }
    return {b + m, g + m, r + m};
}

cv::Scalar jitter(const cv::Scalar &c, double amount, GripperScene::Random &rng)
{
    return {std::clamp(c[0] + rng.normal(0, amount), 0.0, 255.0), std::clamp(c[1] + rng.normal(0, amount), 0.0, 255.0),
            std::clamp(c[2] + rng.normal(0, amount), 0.0, 255.0)};
}

cv::Scalar grey(double v) { return {v, v, v}; }

// A rectangle with rounded corners, `len` along `axis` and `width` across it; convex, in order.
Poly roundedRect(cv::Point2d centre, cv::Point2d axis, double len, double width, double radius, int arc = 4)
{
    const cv::Point2d u = unit(axis), v = perpendicular(u);
    radius = std::clamp(radius, 0.0, 0.5 * std::min(len, width));
    const double hl = 0.5 * len - radius, hw = 0.5 * width - radius;
    const double sa[4] = {1, -1, -1, 1}, sb[4] = {1, 1, -1, -1};
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

Poly capsule(cv::Point2d a, cv::Point2d b, double width)
{
    return roundedRect((a + b) * 0.5, b - a, length(b - a) + width, width, 0.5 * width, 6);
}

Poly ellipse(cv::Point2d centre, double angle, double rx, double ry, int n = 28)
{
    Poly poly;
    poly.reserve(size_t(n));
    for (int i = 0; i < n; ++i) {
        const double t = 2 * kPi * i / n;
        poly.push_back(centre + rotate({rx * std::cos(t), ry * std::sin(t)}, angle));
    }
    return poly;
}

// Shading of a filled part: brightness varies linearly along `dir` (towards the light),
// plus a specular band at `highlight` for glossy surfaces. t runs -1..1 over `extent`.
struct Shade
{
    cv::Point2d origin;
    cv::Point2d dir{0, -1};
    double extent = 1.0;
    double contrast = 0.2;
    double gloss = 0.0;
    double highlight = 0.5;
};

cv::Rect pixelBounds(const Poly &poly, cv::Size size)
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

std::vector<cv::Point> fixedPoint(const Poly &poly, cv::Point origin)
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
void fillShaded(cv::Mat &image, cv::Mat *layers, uchar layer, const Poly &poly, const cv::Scalar &colour,
                const Shade &shade, double outline = 0.55)
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
                px[x][c] = toByte((v * a + px[x][c] * (255 - a)) / 255.0);
            }
            if (lay && a >= 128)
                lay[x] = layer;
        }
    }
    if (outline > 0 && r.width > 5 && r.height > 5) {
        cv::Mat roi = image(r);
        cv::polylines(roi, pts, true, scaled(colour, outline), 1, cv::LINE_AA, kShift);
    }
}

Shade flatShade(cv::Point2d centre, double lightAngle, double extent, double contrast, double gloss)
{
    return {centre, direction(lightAngle), extent, contrast, gloss, 0.55};
}

// A cylinder lit from the side: the light falls across the bar, not along it.
Shade barShade(cv::Point2d a, cv::Point2d b, double width, double lightAngle, double gloss)
{
    cv::Point2d n = perpendicular(unit(b - a));
    if (dot(n, direction(lightAngle)) < 0)
        n = -n;
    return {(a + b) * 0.5, n, 0.5 * width, 0.45, gloss, 0.45};
}

void strokePath(cv::Mat &image, cv::Mat *layers, uchar layer, const Poly &path, double width, const cv::Scalar &colour,
                const cv::Scalar &highlight)
{
    const std::vector<cv::Point> pts = fixedPoint(path, {0, 0});
    const int thick = std::max(1, int(std::lround(width)));
    cv::polylines(image, pts, false, colour, thick, cv::LINE_AA, kShift);
    if (layers)
        cv::polylines(*layers, pts, false, cv::Scalar(layer), thick, cv::LINE_8, kShift);
    if (width >= 4) {
        Poly shine = path;
        for (cv::Point2d &p : shine)
            p += cv::Point2d(-0.18 * width, -0.18 * width);
        cv::polylines(image, fixedPoint(shine, {0, 0}), false, highlight, std::max(1, int(std::lround(0.25 * width))),
                      cv::LINE_AA, kShift);
    }
}

Poly bezier(const std::vector<cv::Point2d> &c, int n = 32)
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

// The polygons of one gripper, built from the same numbers as its keypoints.
struct GripperParts
{
    Poly arm1, arm2, elbow, collar, flange, palm, rail;
    Poly finger[2], carriage[2], pad[2];
    cv::Point2d wrist, elbowPoint, farEnd, u, r;
    double scale = 1.0;
};

GripperParts gripperParts(const GripperScene::Gripper &g)
{
    const auto kp = GripperScene::keypoints(g);
    const double s = g.scale;
    GripperParts p;
    p.scale = s;
    p.u = direction(g.angle);
    p.r = perpendicular(p.u);
    p.wrist = g.wrist;
    // The wrist link leaves backwards, bent outwards (away from the other gripper), where
    // the robot's shoulder is.
    const cv::Point2d back1 = rotate(-p.u, -g.side * g.armBend);
    const cv::Point2d back2 = rotate(back1, -g.side * g.elbowBend);
    p.elbowPoint = g.wrist + back1 * (g.armLength * s);
    p.farEnd = p.elbowPoint + back2 * (16.0 * s);
    p.arm1 = capsule(g.wrist, p.elbowPoint, 0.50 * s);
    p.arm2 = capsule(p.elbowPoint, p.farEnd, 0.56 * s);
    p.elbow = ellipse(p.elbowPoint, 0, 0.40 * s, 0.40 * s);
    p.collar = roundedRect(g.wrist + back1 * (0.2 * s), back1, 0.09 * s, 0.56 * s, 0.02 * s);
    p.flange = roundedRect(g.wrist + p.u * (0.02 * s), p.u, 0.24 * s, 0.74 * s, 0.06 * s);
    p.palm = roundedRect(g.wrist + p.u * (kPalmCentre * s), p.u, kPalmLength * s, 1.0 * s, 0.13 * s);
    p.rail = roundedRect(g.wrist + p.u * (kRailPosition * s), p.u, 0.10 * s, 1.14 * s, 0.03 * s);
    for (int i = 0; i < 2; ++i) {
        const cv::Point2d base = kp[size_t(2 + 2 * i)], tip = kp[size_t(3 + 2 * i)];
        const cv::Point2d start = base - p.u * (0.04 * s);
        const double len = length(tip - start);
        p.finger[i] = roundedRect((start + tip) * 0.5, p.u, len, kFingerWidth * s, 0.045 * s);
        p.carriage[i] = roundedRect(base, p.u, 0.20 * s, 0.28 * s, 0.04 * s);
        // The rubber pad faces the other finger; finger 1 is the outer one.
        const cv::Point2d in = p.r * ((i == 0 ? -1.0 : 1.0) * g.side);
        const double padLen = 0.45 * g.fingerLength * s;
        p.pad[i] = roundedRect(tip - p.u * (0.5 * padLen + 0.05 * s) + in * ((0.5 * kFingerWidth + 0.025) * s), p.u,
                               padLen, 0.06 * s, 0.02 * s);
    }
    return p;
}

void extend(cv::Rect2d *box, bool *first, const Poly &poly)
{
    for (const cv::Point2d &p : poly) {
        if (*first) {
            *box = cv::Rect2d(p.x, p.y, 0, 0);
            *first = false;
            continue;
        }
        const double x0 = std::min(box->x, p.x), y0 = std::min(box->y, p.y);
        const double x1 = std::max(box->x + box->width, p.x), y1 = std::max(box->y + box->height, p.y);
        *box = cv::Rect2d(x0, y0, x1 - x0, y1 - y0);
    }
}

// The gripper itself (palm, flange, rail, fingers; not its wrist links), filled in `mask`.
void fillParts(cv::Mat &mask, const GripperScene::Gripper &g)
{
    const GripperParts p = gripperParts(g);
    for (const Poly *poly : {&p.flange, &p.palm, &p.rail, &p.finger[0], &p.finger[1], &p.carriage[0], &p.carriage[1],
                             &p.pad[0], &p.pad[1]})
        cv::fillConvexPoly(mask, fixedPoint(*poly, cv::Point(0, 0)), cv::Scalar(255), cv::LINE_8, kShift);
}

void drawGripper(cv::Mat &image, cv::Mat &layers, uchar layer, const GripperScene::Gripper &g,
                 const GripperScene::Look &look)
{
    const GripperParts p = gripperParts(g);
    const double s = p.scale, la = look.lightAngle, gloss = look.gloss;
    cv::Mat *lay = &layers;

    fillShaded(image, lay, layer, p.arm2, scaled(look.arm, 0.9), barShade(p.elbowPoint, p.farEnd, 0.56 * s, la, gloss));
    fillShaded(image, lay, layer, p.elbow, look.joint, flatShade(p.elbowPoint, la, 0.4 * s, 0.35, gloss));
    fillShaded(image, lay, layer, p.arm1, look.arm, barShade(g.wrist, p.elbowPoint, 0.5 * s, la, gloss));
    fillShaded(image, lay, layer, p.collar, look.accent, barShade(g.wrist, p.elbowPoint, 0.56 * s, la, 0.2), 0.7);
    fillShaded(image, lay, layer, p.flange, look.joint, barShade(g.wrist - p.r, g.wrist + p.r, 0.74 * s, la, gloss));

    const cv::Point2d palmCentre = g.wrist + p.u * (kPalmCentre * s);
    fillShaded(image, lay, layer, p.palm, look.palm, flatShade(palmCentre, la, 0.6 * s, 0.25, 0.7 * gloss));
    // Surface details, so the palm reads as a machined or moulded housing.
    const cv::Scalar dark = scaled(look.palm, 0.45);
    switch (look.detail) {
    case 1: // screws in the corners
        for (double a : {-0.2, 0.2})
            for (double b : {-0.38, 0.38})
                fillShaded(image, nullptr, 0, ellipse(palmCentre + p.u * (a * s) + p.r * (b * s), 0, 0.035 * s, 0.035 * s, 10),
                           grey(70), flatShade(palmCentre, la, 0.05 * s, 0.5, 0.5), 0);
        break;
    case 2: // a coloured band across the housing
        fillShaded(image, nullptr, 0, roundedRect(palmCentre - p.u * (0.12 * s), p.u, 0.1 * s, 0.98 * s, 0.01 * s),
                   look.accent, flatShade(palmCentre, la, 0.6 * s, 0.2, 0.3), 0);
        break;
    case 3: // vent slots
        for (double b : {-0.24, -0.08, 0.08, 0.24})
            fillShaded(image, nullptr, 0, roundedRect(palmCentre + p.r * (b * s), p.u, 0.3 * s, 0.05 * s, 0.02 * s), dark,
                       flatShade(palmCentre, la, 0.6 * s, 0.1, 0), 0);
        break;
    case 4: // a round status light
        fillShaded(image, nullptr, 0, ellipse(palmCentre - p.u * (0.1 * s), 0, 0.09 * s, 0.09 * s, 16), look.accent,
                   flatShade(palmCentre, la, 0.09 * s, 0.4, 0.6), 0.6);
        break;
    default:
        break;
    }
    fillShaded(image, lay, layer, p.rail, look.joint, flatShade(g.wrist, la, 0.6 * s, 0.3, gloss));

    const auto kp = GripperScene::keypoints(g);
    const cv::Point2d c = g.wrist + p.u * (kFingerBase * s);
    for (int i = 0; i < 2; ++i) {
        const cv::Point2d base = kp[size_t(2 + 2 * i)], tip = kp[size_t(3 + 2 * i)];
        fillShaded(image, lay, layer, p.finger[i], look.finger, barShade(base, tip, kFingerWidth * s, la, gloss));
        fillShaded(image, lay, layer, p.pad[i], look.pad, flatShade(tip, la, 0.3 * s, 0.2, 0.05), 0.7);
        fillShaded(image, lay, layer, p.carriage[i], scaled(look.joint, 1.15), flatShade(c, la, 0.2 * s, 0.35, gloss));
    }
}

void drawOccluder(cv::Mat &image, cv::Mat &layers, const GripperScene::Occluder &o, double lightAngle)
{
    using Kind = GripperScene::Occluder::Kind;
    const cv::Point2d u = direction(o.angle), r = perpendicular(u);
    const uchar L = kOccluderLayer;
    switch (o.kind) {
    case Kind::Box: {
        // A carton seen slightly from above: front face, top face, and maybe a tape strip.
        const double w = o.size.width, h = o.size.height, depth = 0.25 * std::min(w, h);
        const cv::Point2d off = rotate(cv::Point2d(0.7, -0.7), o.angle) * depth;
        const cv::Point2d a = o.centre + u * (0.5 * h) - r * (0.5 * w), b = o.centre + u * (0.5 * h) + r * (0.5 * w);
        const cv::Point2d c = o.centre - u * (0.5 * h) + r * (0.5 * w);
        fillShaded(image, &layers, L, {a, b, b + off, a + off}, scaled(o.colour, 1.18), flatShade(o.centre, lightAngle, w, 0.1, 0));
        fillShaded(image, &layers, L, {b, c, c + off, b + off}, scaled(o.colour, 0.78), flatShade(o.centre, lightAngle, w, 0.1, 0));
        fillShaded(image, &layers, L, roundedRect(o.centre, u, h, w, 0.02 * w), o.colour,
                   flatShade(o.centre, lightAngle, std::max(w, h), 0.15, 0));
        if (o.variant < 0.5)
            fillShaded(image, &layers, L, roundedRect(o.centre + r * ((o.variant - 0.25) * w), u, h, 0.18 * w, 0), o.colour2,
                       flatShade(o.centre, lightAngle, std::max(w, h), 0.15, 0.2), 0);
        break;
    }
    case Kind::Board: {
        const cv::Point2d a = o.centre - u * (0.5 * o.size.height), b = o.centre + u * (0.5 * o.size.height);
        fillShaded(image, &layers, L, capsule(a, b, o.size.width), o.colour,
                   barShade(a, b, o.size.width, lightAngle, o.variant * 0.6));
        break;
    }
    case Kind::Cable: {
        std::vector<cv::Point2d> ctrl;
        for (const cv::Point2d &p : o.path)
            ctrl.push_back(o.centre + rotate(p, o.angle));
        strokePath(image, &layers, L, bezier(ctrl), o.size.width, o.colour, o.colour2);
        break;
    }
    case Kind::Arm: {
        // A wrist link seen crossing: a shaded bar with a joint at its near end.
        const cv::Point2d a = o.centre - u * (0.5 * o.size.height), b = o.centre + u * (0.5 * o.size.height);
        fillShaded(image, &layers, L, capsule(a, b, o.size.width), o.colour, barShade(a, b, o.size.width, lightAngle, 0.4));
        fillShaded(image, &layers, L, ellipse(a, o.angle, 0.62 * o.size.width, 0.62 * o.size.width), o.colour2,
                   flatShade(a, lightAngle, 0.6 * o.size.width, 0.35, 0.4));
        break;
    }
    case Kind::Hand: {
        // Palm, four fingers and a thumb pointing along `angle`, with a sleeve behind.
        const double rx = 0.5 * o.size.width, ry = 0.5 * o.size.height;
        const cv::Point2d sleeveEnd = o.centre - u * (9.0 * ry);
        fillShaded(image, &layers, L, capsule(o.centre - u * (1.2 * ry), sleeveEnd, 2.0 * rx), o.colour2,
                   barShade(o.centre, sleeveEnd, 2.0 * rx, lightAngle, 0.05));
        const cv::Scalar skin = o.colour;
        fillShaded(image, &layers, L, ellipse(o.centre, o.angle, rx, ry), skin, flatShade(o.centre, lightAngle, ry, 0.2, 0.05));
        const double fw = 0.46 * rx;
        for (int i = 0; i < 4; ++i) {
            const double across = (-0.75 + 0.5 * i) * rx;
            const double len = ry * (0.95 + 0.25 * std::sin(3.0 * i + 7.0 * o.variant) - (i == 3 ? 0.25 : 0.0));
            const double curl = 0.15 * std::sin(5.0 * i + 11.0 * o.variant);
            const cv::Point2d a = o.centre + r * across + u * (0.6 * ry);
            const cv::Point2d b = a + rotate(u, curl) * len;
            fillShaded(image, &layers, L, capsule(a, b, fw), scaled(skin, 0.97 + 0.02 * i), barShade(a, b, fw, lightAngle, 0.05));
        }
        const cv::Point2d ta = o.centre - r * (0.8 * rx) - u * (0.1 * ry);
        const cv::Point2d tb = ta + rotate(u, -0.9 - 0.3 * o.variant) * (0.9 * ry);
        fillShaded(image, &layers, L, capsule(ta, tb, 1.1 * fw), scaled(skin, 0.95), barShade(ta, tb, fw, lightAngle, 0.05));
        break;
    }
    }
}

// Smooth noise in -1..1: random values on a coarse grid, interpolated.
cv::Mat smoothNoise(cv::Size size, int cellsAcross, GripperScene::Random &rng)
{
    const int gw = std::max(2, cellsAcross), gh = std::max(2, int(std::lround(double(cellsAcross) * size.height / size.width)));
    cv::Mat grid(gh, gw, CV_32F);
    for (int y = 0; y < gh; ++y)
        for (int x = 0; x < gw; ++x)
            grid.at<float>(y, x) = float(rng.uniform(-1, 1));
    cv::Mat out;
    cv::resize(grid, out, size, 0, 0, cv::INTER_CUBIC);
    return out;
}

cv::Mat fractalNoise(cv::Size size, int cells, int octaves, GripperScene::Random &rng)
{
    cv::Mat sum = cv::Mat::zeros(size, CV_32F);
    double amp = 1.0, total = 0.0;
    for (int o = 0; o < octaves; ++o) {
        cv::scaleAdd(smoothNoise(size, cells << o, rng), amp, sum, sum);
        total += amp;
        amp *= 0.5;
    }
    return sum * (1.0 / total);
}

cv::Scalar randomColour(GripperScene::Random &rng, double satMax, double vMin, double vMax)
{
    return hsv(rng.uniform(0, 360), rng.uniform(0, satMax), rng.uniform(vMin, vMax));
}

// Writes c0..c1 along a direction, modulated by `noise` (may be empty).
void paintGradient(cv::Mat &img, cv::Rect area, const cv::Scalar &c0, const cv::Scalar &c1, double angle, const cv::Mat &noise,
                   double noiseAmp)
{
    const cv::Point2d d = direction(angle);
    const cv::Point2d centre(area.x + 0.5 * area.width, area.y + 0.5 * area.height);
    const double ext = 0.5 * (std::fabs(d.x) * area.width + std::fabs(d.y) * area.height) + 1e-6;
    for (int y = area.y; y < area.y + area.height; ++y) {
        cv::Vec3b *px = img.ptr<cv::Vec3b>(y);
        const float *n = noise.empty() ? nullptr : noise.ptr<float>(y);
        for (int x = area.x; x < area.x + area.width; ++x) {
            const double t = std::clamp(0.5 + 0.5 * ((x - centre.x) * d.x + (y - centre.y) * d.y) / ext, 0.0, 1.0);
            const double nz = n ? noiseAmp * n[x] : 0.0;
            for (int c = 0; c < 3; ++c)
                px[x][c] = toByte(c0[c] + (c1[c] - c0[c]) * t + nz);
        }
    }
}

void paintWood(cv::Mat &img, cv::Rect area, const cv::Scalar &colour, GripperScene::Random &rng)
{
    const cv::Mat warp = fractalNoise(img.size(), 4, 3, rng);
    const double freq = rng.uniform(0.05, 0.15) * 720.0 / std::max(1, img.rows), along = rng.uniform(-0.15, 0.15);
    const double amp = 12.0 * img.rows / 720.0;
    for (int y = area.y; y < area.y + area.height; ++y) {
        cv::Vec3b *px = img.ptr<cv::Vec3b>(y);
        const float *w = warp.ptr<float>(y);
        for (int x = area.x; x < area.x + area.width; ++x) {
            const double g = 0.5 + 0.5 * std::sin((y + along * x + amp * w[x]) * freq);
            const double k = 0.82 + 0.22 * g * g;
            for (int c = 0; c < 3; ++c)
                px[x][c] = toByte(colour[c] * k);
        }
    }
}

void paintClutter(cv::Mat &img, GripperScene::Random &rng)
{
    const int n = rng.integer(0, 9);
    const double side = std::min(img.cols, img.rows);
    for (int i = 0; i < n; ++i) {
        const cv::Point2d c(rng.uniform(0, img.cols), rng.uniform(0, img.rows));
        const double size = side * rng.logUniform(0.04, 0.35), angle = rng.uniform(0, 2 * kPi), la = rng.uniform(0, 2 * kPi);
        const cv::Scalar col = randomColour(rng, 0.7, 30, 230);
        switch (rng.integer(0, 5)) {
        case 0: // a box or a panel
            fillShaded(img, nullptr, 0, roundedRect(c, direction(angle), size, size * rng.uniform(0.3, 1.0), size * 0.05), col,
                       flatShade(c, la, size, 0.2, 0), 0.7);
            break;
        case 1: // a disc, a cup seen from above, a roll of tape
            fillShaded(img, nullptr, 0, ellipse(c, angle, 0.5 * size, 0.5 * size * rng.uniform(0.5, 1.0)), col,
                       flatShade(c, la, 0.5 * size, 0.3, rng.uniform(0, 0.4)), 0.7);
            break;
        case 2: { // a bar like a tool handle or another machine's link: a hard negative
            const cv::Point2d a = c - direction(angle) * size, b = c + direction(angle) * size;
            const double w = side * rng.uniform(0.02, 0.07);
            fillShaded(img, nullptr, 0, capsule(a, b, w), col, barShade(a, b, w, la, rng.uniform(0, 0.7)), 0.6);
            break;
        }
        case 3: { // a loose cable lying around
            std::vector<cv::Point2d> ctrl;
            for (int k = 0; k < 4; ++k)
                ctrl.push_back(c + cv::Point2d(rng.uniform(-size, size), rng.uniform(-size, size)));
            strokePath(img, nullptr, 0, bezier(ctrl), std::max(1.0, side * rng.uniform(0.004, 0.015)), col, scaled(col, 1.4));
            break;
        }
        case 4: { // an irregular convex piece
            std::vector<cv::Point2d> pts;
            for (int k = 0; k < 7; ++k)
                pts.push_back(c + direction(angle + k * 2 * kPi / 7) * (0.5 * size * rng.uniform(0.6, 1.0)));
            fillShaded(img, nullptr, 0, pts, col, flatShade(c, la, size, 0.25, 0), 0.6);
            break;
        }
        default: { // shelf edge or table seam: a long straight line
            const cv::Point2d d = direction(angle) * (2.0 * side);
            cv::line(img, cv::Point(cvRound((c - d).x * kFixedOne), cvRound((c - d).y * kFixedOne)),
                     cv::Point(cvRound((c + d).x * kFixedOne), cvRound((c + d).y * kFixedOne)), col,
                     std::max(1, int(side * rng.uniform(0.002, 0.01))), cv::LINE_AA, kShift);
            break;
        }
        }
    }
}

} // namespace

GripperScene::GripperScene(cv::Mat background) : m_background(std::move(background)) {}

std::array<cv::Point2d, GripperScene::kKeypointsPerGripper> GripperScene::keypoints(const Gripper &g)
{
    const double s = g.scale;
    const cv::Point2d u = direction(g.angle), r = perpendicular(u);
    const cv::Point2d centre = g.wrist + u * (kFingerBase * s);
    const double half = 0.5 * (kMinOpening + kOpeningRange * std::clamp(g.opening, 0.0, 1.0)) * s;
    // Finger 1 is on the outer side (away from the robot's other gripper) for both
    // grippers, so a horizontal flip maps a left gripper's finger 1 onto a right one's.
    const cv::Point2d base1 = centre + r * (g.side * half), base2 = centre - r * (g.side * half);
    const cv::Point2d tip1 = base1 + u * (g.fingerLength * s), tip2 = base2 + u * (g.fingerLength * s);
    return {g.wrist, g.wrist + u * (kPalmCentre * s), base1, tip1, base2, tip2, (tip1 + tip2) * 0.5};
}

cv::Rect2d GripperScene::partsBox(const Robot &robot)
{
    cv::Rect2d box;
    bool first = true;
    for (const Gripper &g : robot.gripper) {
        const GripperParts p = gripperParts(g);
        for (const Poly *poly : {&p.flange, &p.palm, &p.rail, &p.finger[0], &p.finger[1], &p.carriage[0], &p.carriage[1],
                                 &p.pad[0], &p.pad[1]})
            extend(&box, &first, *poly);
    }
    return box;
}

GripperScene::Rendered GripperScene::render() const
{
    Rendered out;
    out.image = m_background.clone();
    const int w = out.image.cols, h = out.image.rows;
    cv::Mat layers = cv::Mat::zeros(out.image.size(), CV_8U);

    // Each gripper (with its own wrist link) is one depth layer, drawn back to front.
    std::vector<std::array<uchar, 2>> layerOf(m_robots.size());
    int next = 1;
    for (size_t i = 0; i < m_robots.size(); ++i) {
        const Robot &robot = m_robots[i];
        const int order[2] = {robot.rightInFront ? 0 : 1, robot.rightInFront ? 1 : 0};
        for (int g : order) {
            layerOf[i][size_t(g)] = uchar(std::min(next++, int(kOccluderLayer) - 1));
            drawGripper(out.image, layers, layerOf[i][size_t(g)], robot.gripper[g], robot.look);
        }
    }
    // How much of each gripper (its palm and fingers, not its links) the occluders cover:
    // its visible pixels before and after them.
    out.covered.resize(m_robots.size(), {0.0, 0.0});
    std::vector<std::array<cv::Mat, 2>> parts(m_occluders.empty() ? 0 : m_robots.size());
    std::vector<std::array<int, 2>> before(parts.size());
    for (size_t i = 0; i < parts.size(); ++i)
        for (size_t g = 0; g < 2; ++g) {
            parts[i][g] = cv::Mat::zeros(layers.size(), CV_8U);
            fillParts(parts[i][g], m_robots[i].gripper[g]);
            before[i][g] = cv::countNonZero((layers == layerOf[i][g]) & parts[i][g]);
        }
    const double light = m_robots.empty() ? 0.0 : m_robots.front().look.lightAngle;
    for (const Occluder &o : m_occluders)
        drawOccluder(out.image, layers, o, light);
    for (size_t i = 0; i < parts.size(); ++i)
        for (size_t g = 0; g < 2; ++g) {
            const int after = cv::countNonZero((layers == layerOf[i][g]) & parts[i][g]);
            out.covered[i][g] = before[i][g] > 0 ? 1.0 - double(after) / before[i][g] : 0.0;
        }

    const cv::Rect2d frame(0, 0, w, h);
    for (size_t i = 0; i < m_robots.size(); ++i) {
        const Robot &robot = m_robots[i];
        PoseInstance inst;
        inst.classId = 0;
        bool anyLabelled = false;
        for (int g = 0; g < 2; ++g)
            for (const cv::Point2d &p : keypoints(robot.gripper[g])) {
                Keypoint k;
                if (p.x >= 0 && p.x < w && p.y >= 0 && p.y < h) {
                    k.x = p.x;
                    k.y = p.y;
                    // Hidden when something drawn after this gripper covers the point.
                    const uchar top = layers.at<uchar>(int(p.y), int(p.x));
                    k.visibility = top > layerOf[i][size_t(g)] ? Keypoint::Occluded : Keypoint::Visible;
                    anyLabelled = true;
                }
                inst.keypoints.push_back(k);
            }
        const cv::Rect2d box = partsBox(robot) & frame;
        if (!anyLabelled || box.width < 1.0 || box.height < 1.0)
            continue;
        inst.box = QRectF(box.x, box.y, box.width, box.height);
        out.instances.push_back(std::move(inst));
        out.robotIndex.push_back(int(i));
    }
    out.layers = layers;
    out.layerOf = layerOf;
    return out;
}

cv::Mat GripperScene::randomBackground(cv::Size size, Random &rng)
{
    cv::Mat img(size, CV_8UC3);
    const cv::Rect all(0, 0, size.width, size.height);
    const cv::Scalar c0 = randomColour(rng, 0.5, 40, 235), c1 = jitter(c0, 45, rng);
    switch (rng.integer(0, 3)) {
    case 0: // plain studio wall with a gradient and soft blotches
        paintGradient(img, all, c0, c1, rng.uniform(0, 2 * kPi), fractalNoise(size, 3, 3, rng), rng.uniform(4, 20));
        break;
    case 1: { // textured surface: concrete, fabric, foam
        const cv::Mat n = fractalNoise(size, rng.integer(4, 24), 4, rng);
        paintGradient(img, all, c0, c1, rng.uniform(0, 2 * kPi), n, rng.uniform(25, 70));
        break;
    }
    case 2: { // a table in front of a wall
        const int horizon = int(size.height * rng.uniform(0.15, 0.6));
        const cv::Rect wall(0, 0, size.width, horizon), table(0, horizon, size.width, size.height - horizon);
        paintGradient(img, wall, c0, c1, kPi, fractalNoise(size, 3, 2, rng), 8);
        const cv::Scalar top = randomColour(rng, 0.6, 50, 210);
        if (rng.chance(0.5))
            paintWood(img, table, hsv(rng.uniform(20, 40), rng.uniform(0.35, 0.7), rng.uniform(90, 200)), rng);
        else
            paintGradient(img, table, top, scaled(top, 0.75), 0.0, fractalNoise(size, 12, 3, rng), 12);
        if (rng.chance(0.4)) { // a cutting mat's grid
            const double step = size.height * rng.uniform(0.04, 0.1);
            const cv::Scalar line = mixed(top, grey(255), 0.15);
            for (double x = 0; x < size.width; x += step)
                cv::line(img, cv::Point(int(x), horizon), cv::Point(int(x), size.height), line, 1, cv::LINE_AA);
            for (double y = horizon; y < size.height; y += step)
                cv::line(img, cv::Point(0, int(y)), cv::Point(size.width, int(y)), line, 1, cv::LINE_AA);
        }
        cv::line(img, cv::Point(0, horizon), cv::Point(size.width, horizon), scaled(c0, 0.5),
                 std::max(1, size.height / 120), cv::LINE_AA);
        break;
    }
    default: { // a lab: wall, cabinets, a bright window
        paintGradient(img, all, c0, c1, kPi, fractalNoise(size, 4, 2, rng), 10);
        const int n = rng.integer(2, 6);
        for (int i = 0; i < n; ++i) {
            const int x = rng.integer(-size.width / 4, size.width), y = rng.integer(-size.height / 4, size.height);
            const cv::Rect r = cv::Rect(x, y, int(size.width * rng.uniform(0.1, 0.5)), int(size.height * rng.uniform(0.1, 0.6))) & all;
            if (r.empty())
                continue;
            const bool window = rng.chance(0.25);
            const cv::Scalar col = window ? grey(rng.uniform(215, 250)) : randomColour(rng, 0.35, 50, 220);
            paintGradient(img, r, col, scaled(col, window ? 0.95 : 0.8), rng.uniform(0, 2 * kPi), cv::Mat(), 0);
            cv::rectangle(img, r, scaled(col, 0.6), std::max(1, size.height / 240), cv::LINE_AA);
        }
        break;
    }
    }
    paintClutter(img, rng);
    if (rng.chance(0.5))
        cv::GaussianBlur(img, img, cv::Size(), rng.uniform(0.5, 2.0) * std::max(0.3, size.height / 720.0));
    return img;
}

GripperScene::Look GripperScene::randomLook(Random &rng)
{
    static constexpr double kPlasticHues[] = {25, 35, 50, 205, 215, 0, 170, 280};
    Look look;
    const bool metallic = rng.chance(0.45);
    auto plastic = [&]() {
        const double u = rng.uniform();
        if (u < 0.3)
            return grey(rng.uniform(200, 240)); // white housings are the most common
        if (u < 0.5)
            return grey(rng.uniform(30, 70));
        return hsv(kPlasticHues[rng.integer(0, 7)] + rng.normal(0, 6), rng.uniform(0.5, 0.9), rng.uniform(120, 230));
    };
    auto metal = [&]() {
        const double v = rng.uniform(120, 215);
        return cv::Scalar(v + rng.uniform(0, 10), v + rng.uniform(-3, 5), v - rng.uniform(0, 8));
    };
    look.palm = jitter(metallic ? metal() : plastic(), 6, rng);
    const double f = rng.uniform();
    look.finger = jitter(f < 0.45 ? metal() : f < 0.75 ? grey(rng.uniform(25, 60)) : look.palm, 6, rng);
    look.pad = rng.chance(0.65) ? grey(rng.uniform(20, 50)) : hsv(rng.chance(0.5) ? 20 : 210, 0.8, rng.uniform(120, 200));
    const double a = rng.uniform();
    look.arm = jitter(a < 0.45 ? look.palm : a < 0.75 ? grey(rng.uniform(40, 90)) : metal(), 8, rng);
    look.joint = grey(rng.uniform(40, 95));
    look.accent = hsv(kPlasticHues[rng.integer(0, 7)], rng.uniform(0.7, 1.0), rng.uniform(170, 255));
    look.gloss = metallic ? rng.uniform(0.35, 0.85) : rng.uniform(0.05, 0.35);
    look.lightAngle = rng.uniform(0, 2 * kPi);
    look.detail = rng.integer(0, 4);
    return look;
}

GripperScene::RobotPose GripperScene::randomPose(cv::Size size, double scale, Random &rng)
{
    RobotPose p;
    // Mostly arms from below (the robot's own camera, or a robot reaching forward), some
    // from above (a robot facing the camera and reaching down).
    p.angle = rng.chance(0.78) ? std::clamp(rng.normal(0, 0.3), -0.9, 0.9) : kPi + std::clamp(rng.normal(0, 0.35), -1.0, 1.0);
    p.scale = scale;
    // Place the grippers, not the wrists (which trail them by about a palm width); near
    // the border often enough that parts leave the frame.
    const double lo = rng.chance(0.7) ? 0.1 : -0.05;
    const cv::Point2d target(rng.uniform(lo, 1.0 - lo) * size.width, rng.uniform(lo, 1.0 - lo) * size.height);
    p.centre = target - direction(p.angle) * scale;
    p.spacing = rng.uniform(1.8, 4.2);
    const bool together = rng.chance(0.3);
    for (int i = 0; i < 2; ++i) {
        p.tilt[i] = rng.chance(0.85) ? rng.uniform(-0.25, 0.6) : rng.uniform(-1.0, 1.4);
        p.raise[i] = std::clamp(rng.normal(0, 0.35), -1.0, 1.0);
        p.opening[i] = together && i == 1 ? p.opening[0] : rng.uniform();
        p.armBend[i] = rng.uniform(-0.2, 0.8);
        p.elbowBend[i] = rng.uniform(-0.4, 1.0);
    }
    p.armLength = rng.uniform(1.6, 4.0);
    p.fingerLength = rng.uniform(0.75, 1.35);
    p.perspective = std::clamp(rng.normal(0, 0.06), -0.15, 0.15);
    return p;
}

GripperScene::Robot GripperScene::makeRobot(const RobotPose &pose, const Look &look)
{
    Robot robot;
    robot.look = look;
    for (int i = 0; i < 2; ++i) {
        Gripper &g = robot.gripper[i];
        g.side = i == 0 ? -1 : 1;
        const cv::Point2d local(g.side * 0.5 * pose.spacing * pose.scale, -pose.raise[i] * pose.scale);
        g.wrist = pose.centre + rotate(local, pose.angle);
        g.angle = pose.angle - g.side * pose.tilt[i];
        g.scale = pose.scale * (1.0 + 0.5 * g.side * pose.perspective);
        g.opening = pose.opening[i];
        g.fingerLength = pose.fingerLength;
        g.armLength = pose.armLength;
        g.armBend = pose.armBend[i];
        g.elbowBend = pose.elbowBend[i];
    }
    return robot;
}

GripperScene::Occluder GripperScene::randomOccluder(const Robot &robot, Random &rng)
{
    const Gripper &g = robot.gripper[rng.integer(0, 1)];
    const auto kp = keypoints(g);
    const double s = g.scale;
    Occluder o;
    o.centre = kp[size_t(rng.integer(0, kKeypointsPerGripper - 1))] + cv::Point2d(rng.normal(0, 0.3 * s), rng.normal(0, 0.3 * s));
    o.angle = rng.uniform(0, 2 * kPi);
    o.variant = rng.uniform();
    const double u = rng.uniform();
    if (u < 0.3) {
        o.kind = Occluder::Kind::Box;
        o.size = {s * rng.uniform(0.5, 1.4), s * rng.uniform(0.5, 1.4)};
        o.colour = rng.chance(0.6) ? hsv(rng.uniform(25, 38), rng.uniform(0.35, 0.6), rng.uniform(120, 200))
                                   : randomColour(rng, 0.8, 60, 230);
        o.colour2 = rng.chance(0.5) ? hsv(30, 0.3, 210) : grey(rng.uniform(180, 240));
    } else if (u < 0.5) {
        o.kind = Occluder::Kind::Board;
        o.size = {s * rng.uniform(0.25, 0.7), s * rng.uniform(3, 8)};
        o.colour = randomColour(rng, 0.7, 40, 220);
    } else if (u < 0.75) {
        o.kind = Occluder::Kind::Cable;
        o.size = {std::max(1.5, s * rng.uniform(0.08, 0.2)), 0};
        o.colour = rng.chance(0.6) ? grey(rng.uniform(15, 50)) : randomColour(rng, 0.9, 80, 220);
        o.colour2 = scaled(o.colour, 1.8) + grey(30);
        const double span = s * rng.uniform(2.5, 5);
        o.path = {{-span, rng.normal(0, 0.5 * s)}, {-span / 3, rng.normal(0, s)}, {span / 3, rng.normal(0, s)},
                  {span, rng.normal(0, 0.5 * s)}};
    } else {
        o.kind = Occluder::Kind::Hand;
        o.size = {s * rng.uniform(0.7, 1.0), s * rng.uniform(0.8, 1.15)};
        static constexpr double kSkin[][3] = {{150, 180, 225}, {120, 150, 200}, {80, 110, 160}, {60, 80, 120}};
        const auto &k = kSkin[rng.integer(0, 3)];
        // Bare skin or a work glove.
        o.colour = rng.chance(0.7) ? jitter(cv::Scalar(k[0], k[1], k[2]), 8, rng) : randomColour(rng, 0.8, 40, 200);
        o.colour2 = randomColour(rng, 0.6, 30, 200);
    }
    return o;
}

GripperScene GripperScene::randomStill(cv::Size size, Random &rng)
{
    GripperScene scene(randomBackground(size, rng));
    const double u = rng.uniform();
    const int robots = u < 0.1 ? 0 : u < 0.6 ? 1 : 2;
    const double minSide = std::min(size.width, size.height), light = rng.uniform(0, 2 * kPi);
    const cv::Rect2d frame(0, 0, size.width, size.height);
    std::vector<cv::Rect2d> placed;
    for (int i = 0; i < robots; ++i) {
        Look look = randomLook(rng);
        look.lightAngle = light + rng.normal(0, 0.2);
        // Mostly inside the frame, so every drawn robot is labelled; partly outside often
        // enough that out-of-frame keypoints (visibility 0) are common.
        for (int attempt = 0; attempt < 30; ++attempt) {
            const double scale = rng.logUniform(0.06, 0.2) * minSide * (robots == 2 ? 0.8 : 1.0);
            Robot robot = makeRobot(randomPose(size, scale, rng), look);
            robot.rightInFront = rng.chance(0.5);
            const cv::Rect2d box = partsBox(robot);
            if ((box & frame).area() < 0.6 * box.area())
                continue;
            bool clash = false;
            for (const cv::Rect2d &b : placed)
                clash = clash || (box & b).area() > 0.25 * std::min(box.area(), b.area());
            if (clash)
                continue;
            placed.push_back(box);
            scene.addRobot(robot);
            break;
        }
    }
    for (const Robot &robot : scene.robots()) {
        if (rng.chance(0.5))
            scene.addOccluder(randomOccluder(robot, rng));
        if (rng.chance(0.15))
            scene.addOccluder(randomOccluder(robot, rng));
    }
    return scene;
}

GripperScene::Camera GripperScene::randomCamera(Random &rng)
{
    Camera c;
    c.gain = rng.uniform(0.72, 1.28);
    c.bias = rng.normal(0, 10);
    c.tint = {1 + rng.normal(0, 0.05), 1 + rng.normal(0, 0.03), 1 + rng.normal(0, 0.05)};
    c.blurSigma = rng.chance(0.45) ? rng.uniform(0.4, 1.4) : 0.0;
    c.motionBlur = rng.chance(0.12) ? rng.integer(3, 9) : 0;
    c.motionAngle = rng.uniform(0, kPi);
    c.noiseSigma = rng.uniform(0, 7);
    c.vignette = rng.chance(0.3) ? rng.uniform(0.1, 0.45) : 0.0;
    return c;
}

void GripperScene::applyCamera(cv::Mat &image, const Camera &camera, std::uint64_t noiseSeed)
{
    // Blur lengths are meant for 720p; smaller frames get proportionally less.
    const double k = std::max(0.35, std::min(image.cols, image.rows) / 720.0);
    const int motion = int(std::lround(camera.motionBlur * k));
    if (motion >= 3) {
        cv::Mat kernel = cv::Mat::zeros(motion, motion, CV_32F);
        const cv::Point2d d = direction(camera.motionAngle) * (0.5 * (motion - 1));
        const cv::Point2d c(0.5 * (motion - 1), 0.5 * (motion - 1));
        cv::line(kernel, cv::Point(cvRound(c.x - d.x), cvRound(c.y - d.y)), cv::Point(cvRound(c.x + d.x), cvRound(c.y + d.y)),
                 cv::Scalar(1.0));
        kernel /= cv::sum(kernel)[0];
        cv::filter2D(image, image, -1, kernel);
    }
    if (camera.blurSigma * k > 0.3)
        cv::GaussianBlur(image, image, cv::Size(), camera.blurSigma * k);

    cv::Mat vignette;
    if (camera.vignette > 0) {
        cv::Mat small(std::max(2, image.rows / 16), std::max(2, image.cols / 16), CV_32F);
        for (int y = 0; y < small.rows; ++y)
            for (int x = 0; x < small.cols; ++x) {
                const double dx = 2.0 * x / (small.cols - 1) - 1, dy = 2.0 * y / (small.rows - 1) - 1;
                small.at<float>(y, x) = float(1.0 - camera.vignette * 0.5 * (dx * dx + dy * dy));
            }
        cv::resize(small, vignette, image.size(), 0, 0, cv::INTER_LINEAR);
    }

    Random rng(noiseSeed);
    const double sigma = camera.noiseSigma;
    // Sum of four bytes: close enough to a normal for sensor noise, and cheap.
    constexpr double kByteSumScale = 1.0 / 147.8;
    for (int y = 0; y < image.rows; ++y) {
        cv::Vec3b *px = image.ptr<cv::Vec3b>(y);
        const float *v = vignette.empty() ? nullptr : vignette.ptr<float>(y);
        for (int x = 0; x < image.cols; ++x) {
            const double g = camera.gain * (v ? v[x] : 1.0f);
            std::uint64_t bitsA = 0, bitsB = 0;
            if (sigma > 0) {
                bitsA = rng.bits();
                bitsB = rng.bits();
            }
            for (int c = 0; c < 3; ++c) {
                double n = 0;
                if (sigma > 0) {
                    const std::uint64_t b = c < 2 ? bitsA >> (32 * c) : bitsB;
                    n = sigma * kByteSumScale
                        * (double((b & 0xff) + ((b >> 8) & 0xff) + ((b >> 16) & 0xff) + ((b >> 24) & 0xff)) - 510.0);
                }
                px[x][c] = toByte(px[x][c] * g * camera.tint[c] + camera.bias + n);
            }
        }
    }
}

} // namespace gp
