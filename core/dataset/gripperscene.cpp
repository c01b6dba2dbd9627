#include "gripperscene_p.h"

#include "scenebackground_p.h"
#include "scenecolour_p.h"
#include "scenepainter_p.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

using Poly = ScenePainter::Poly;

constexpr double kPi = ScenePainter::kPi;
constexpr uchar kOccluderLayer = GripperScene::kOccluderLayer;
constexpr int kShift = ScenePainter::kShift;

// Gripper proportions, in palm widths from the wrist along the gripper's axis. They are
// shared by the drawing and by the keypoints, so the labels sit on what is drawn.
constexpr double kPalmCentre = 0.47;
constexpr double kPalmLength = 0.62;
constexpr double kRailPosition = 0.83;
constexpr double kFingerBase = 0.86;
constexpr double kFingerWidth = 0.17;
constexpr double kMinOpening = 0.26; // finger centre to centre when closed
constexpr double kOpeningRange = 0.70;

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
    p.u = ScenePainter::direction(g.angle);
    p.r = ScenePainter::perpendicular(p.u);
    p.wrist = g.wrist;
    // The wrist link leaves backwards, bent outwards (away from the other gripper), where
    // the robot's shoulder is.
    const cv::Point2d back1 = ScenePainter::rotate(-p.u, -g.side * g.armBend);
    const cv::Point2d back2 = ScenePainter::rotate(back1, -g.side * g.elbowBend);
    p.elbowPoint = g.wrist + back1 * (g.armLength * s);
    p.farEnd = p.elbowPoint + back2 * (16.0 * s);
    p.arm1 = ScenePainter::capsule(g.wrist, p.elbowPoint, 0.50 * s);
    p.arm2 = ScenePainter::capsule(p.elbowPoint, p.farEnd, 0.56 * s);
    p.elbow = ScenePainter::ellipse(p.elbowPoint, 0, 0.40 * s, 0.40 * s);
    p.collar = ScenePainter::roundedRect(g.wrist + back1 * (0.2 * s), back1, 0.09 * s, 0.56 * s, 0.02 * s);
    p.flange = ScenePainter::roundedRect(g.wrist + p.u * (0.02 * s), p.u, 0.24 * s, 0.74 * s, 0.06 * s);
    p.palm = ScenePainter::roundedRect(g.wrist + p.u * (kPalmCentre * s), p.u, kPalmLength * s, 1.0 * s, 0.13 * s);
    p.rail = ScenePainter::roundedRect(g.wrist + p.u * (kRailPosition * s), p.u, 0.10 * s, 1.14 * s, 0.03 * s);
    for (int i = 0; i < 2; ++i) {
        const cv::Point2d base = kp[size_t(2 + 2 * i)], tip = kp[size_t(3 + 2 * i)];
        const cv::Point2d start = base - p.u * (0.04 * s);
        const double len = ScenePainter::length(tip - start);
        p.finger[i] = ScenePainter::roundedRect((start + tip) * 0.5, p.u, len, kFingerWidth * s, 0.045 * s);
        p.carriage[i] = ScenePainter::roundedRect(base, p.u, 0.20 * s, 0.28 * s, 0.04 * s);
        // The rubber pad faces the other finger; finger 1 is the outer one.
        const cv::Point2d in = p.r * ((i == 0 ? -1.0 : 1.0) * g.side);
        const double padLen = 0.45 * g.fingerLength * s;
        p.pad[i]
            = ScenePainter::roundedRect(tip - p.u * (0.5 * padLen + 0.05 * s) + in * ((0.5 * kFingerWidth + 0.025) * s),
                p.u, padLen, 0.06 * s, 0.02 * s);
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
    for (const Poly *poly : { &p.flange, &p.palm, &p.rail, &p.finger[0], &p.finger[1], &p.carriage[0], &p.carriage[1],
             &p.pad[0], &p.pad[1] })
        cv::fillConvexPoly(mask, ScenePainter::fixedPoint(*poly, cv::Point(0, 0)), cv::Scalar(255), cv::LINE_8, kShift);
}

void drawGripper(
    cv::Mat &image, cv::Mat &layers, uchar layer, const GripperScene::Gripper &g, const GripperScene::Look &look)
{
    const GripperParts p = gripperParts(g);
    const double s = p.scale, la = look.lightAngle, gloss = look.gloss;
    cv::Mat *lay = &layers;

    ScenePainter::fillShaded(image, lay, layer, p.arm2, SceneColour::scaled(look.arm, 0.9),
        ScenePainter::barShade(p.elbowPoint, p.farEnd, 0.56 * s, la, gloss));
    ScenePainter::fillShaded(
        image, lay, layer, p.elbow, look.joint, ScenePainter::flatShade(p.elbowPoint, la, 0.4 * s, 0.35, gloss));
    ScenePainter::fillShaded(
        image, lay, layer, p.arm1, look.arm, ScenePainter::barShade(g.wrist, p.elbowPoint, 0.5 * s, la, gloss));
    ScenePainter::fillShaded(image, lay, layer, p.collar, look.accent,
        ScenePainter::barShade(g.wrist, p.elbowPoint, 0.56 * s, la, 0.2), 0.7);
    ScenePainter::fillShaded(image, lay, layer, p.flange, look.joint,
        ScenePainter::barShade(g.wrist - p.r, g.wrist + p.r, 0.74 * s, la, gloss));

    const cv::Point2d palmCentre = g.wrist + p.u * (kPalmCentre * s);
    ScenePainter::fillShaded(
        image, lay, layer, p.palm, look.palm, ScenePainter::flatShade(palmCentre, la, 0.6 * s, 0.25, 0.7 * gloss));
    // Surface details, so the palm reads as a machined or moulded housing.
    const cv::Scalar dark = SceneColour::scaled(look.palm, 0.45);
    switch (look.detail) {
    case 1: // screws in the corners
        for (double a : { -0.2, 0.2 })
            for (double b : { -0.38, 0.38 })
                ScenePainter::fillShaded(image, nullptr, 0,
                    ScenePainter::ellipse(palmCentre + p.u * (a * s) + p.r * (b * s), 0, 0.035 * s, 0.035 * s, 10),
                    SceneColour::grey(70), ScenePainter::flatShade(palmCentre, la, 0.05 * s, 0.5, 0.5), 0);
        break;
    case 2: // a coloured band across the housing
        ScenePainter::fillShaded(image, nullptr, 0,
            ScenePainter::roundedRect(palmCentre - p.u * (0.12 * s), p.u, 0.1 * s, 0.98 * s, 0.01 * s), look.accent,
            ScenePainter::flatShade(palmCentre, la, 0.6 * s, 0.2, 0.3), 0);
        break;
    case 3: // vent slots
        for (double b : { -0.24, -0.08, 0.08, 0.24 })
            ScenePainter::fillShaded(image, nullptr, 0,
                ScenePainter::roundedRect(palmCentre + p.r * (b * s), p.u, 0.3 * s, 0.05 * s, 0.02 * s), dark,
                ScenePainter::flatShade(palmCentre, la, 0.6 * s, 0.1, 0), 0);
        break;
    case 4: // a round status light
        ScenePainter::fillShaded(image, nullptr, 0,
            ScenePainter::ellipse(palmCentre - p.u * (0.1 * s), 0, 0.09 * s, 0.09 * s, 16), look.accent,
            ScenePainter::flatShade(palmCentre, la, 0.09 * s, 0.4, 0.6), 0.6);
        break;
    default:
        break;
    }
    ScenePainter::fillShaded(
        image, lay, layer, p.rail, look.joint, ScenePainter::flatShade(g.wrist, la, 0.6 * s, 0.3, gloss));

    const auto kp = GripperScene::keypoints(g);
    const cv::Point2d c = g.wrist + p.u * (kFingerBase * s);
    for (int i = 0; i < 2; ++i) {
        const cv::Point2d base = kp[size_t(2 + 2 * i)], tip = kp[size_t(3 + 2 * i)];
        ScenePainter::fillShaded(image, lay, layer, p.finger[i], look.finger,
            ScenePainter::barShade(base, tip, kFingerWidth * s, la, gloss));
        ScenePainter::fillShaded(
            image, lay, layer, p.pad[i], look.pad, ScenePainter::flatShade(tip, la, 0.3 * s, 0.2, 0.05), 0.7);
        ScenePainter::fillShaded(image, lay, layer, p.carriage[i], SceneColour::scaled(look.joint, 1.15),
            ScenePainter::flatShade(c, la, 0.2 * s, 0.35, gloss));
    }
}

void drawOccluder(cv::Mat &image, cv::Mat &layers, const GripperScene::Occluder &o, double lightAngle)
{
    using Kind = GripperScene::Occluder::Kind;
    const cv::Point2d u = ScenePainter::direction(o.angle), r = ScenePainter::perpendicular(u);
    const uchar L = kOccluderLayer;
    switch (o.kind) {
    case Kind::Box: {
        // A carton seen slightly from above: front face, top face, and maybe a tape strip.
        const double w = o.size.width, h = o.size.height, depth = 0.25 * std::min(w, h);
        const cv::Point2d off = ScenePainter::rotate(cv::Point2d(0.7, -0.7), o.angle) * depth;
        const cv::Point2d a = o.centre + u * (0.5 * h) - r * (0.5 * w), b = o.centre + u * (0.5 * h) + r * (0.5 * w);
        const cv::Point2d c = o.centre - u * (0.5 * h) + r * (0.5 * w);
        ScenePainter::fillShaded(image, &layers, L, { a, b, b + off, a + off }, SceneColour::scaled(o.colour, 1.18),
            ScenePainter::flatShade(o.centre, lightAngle, w, 0.1, 0));
        ScenePainter::fillShaded(image, &layers, L, { b, c, c + off, b + off }, SceneColour::scaled(o.colour, 0.78),
            ScenePainter::flatShade(o.centre, lightAngle, w, 0.1, 0));
        ScenePainter::fillShaded(image, &layers, L, ScenePainter::roundedRect(o.centre, u, h, w, 0.02 * w), o.colour,
            ScenePainter::flatShade(o.centre, lightAngle, std::max(w, h), 0.15, 0));
        if (o.variant < 0.5)
            ScenePainter::fillShaded(image, &layers, L,
                ScenePainter::roundedRect(o.centre + r * ((o.variant - 0.25) * w), u, h, 0.18 * w, 0), o.colour2,
                ScenePainter::flatShade(o.centre, lightAngle, std::max(w, h), 0.15, 0.2), 0);
        break;
    }
    case Kind::Board: {
        const cv::Point2d a = o.centre - u * (0.5 * o.size.height), b = o.centre + u * (0.5 * o.size.height);
        ScenePainter::fillShaded(image, &layers, L, ScenePainter::capsule(a, b, o.size.width), o.colour,
            ScenePainter::barShade(a, b, o.size.width, lightAngle, o.variant * 0.6));
        break;
    }
    case Kind::Cable: {
        std::vector<cv::Point2d> ctrl;
        for (const cv::Point2d &p : o.path)
            ctrl.push_back(o.centre + ScenePainter::rotate(p, o.angle));
        ScenePainter::strokePath(image, &layers, L, ScenePainter::bezier(ctrl), o.size.width, o.colour, o.colour2);
        break;
    }
    case Kind::Arm: {
        // A wrist link seen crossing: a shaded bar with a joint at its near end.
        const cv::Point2d a = o.centre - u * (0.5 * o.size.height), b = o.centre + u * (0.5 * o.size.height);
        ScenePainter::fillShaded(image, &layers, L, ScenePainter::capsule(a, b, o.size.width), o.colour,
            ScenePainter::barShade(a, b, o.size.width, lightAngle, 0.4));
        ScenePainter::fillShaded(image, &layers, L,
            ScenePainter::ellipse(a, o.angle, 0.62 * o.size.width, 0.62 * o.size.width), o.colour2,
            ScenePainter::flatShade(a, lightAngle, 0.6 * o.size.width, 0.35, 0.4));
        break;
    }
    case Kind::Hand: {
        // Palm, four fingers and a thumb pointing along `angle`, with a sleeve behind.
        const double rx = 0.5 * o.size.width, ry = 0.5 * o.size.height;
        const cv::Point2d sleeveEnd = o.centre - u * (9.0 * ry);
        ScenePainter::fillShaded(image, &layers, L,
            ScenePainter::capsule(o.centre - u * (1.2 * ry), sleeveEnd, 2.0 * rx), o.colour2,
            ScenePainter::barShade(o.centre, sleeveEnd, 2.0 * rx, lightAngle, 0.05));
        const cv::Scalar skin = o.colour;
        ScenePainter::fillShaded(image, &layers, L, ScenePainter::ellipse(o.centre, o.angle, rx, ry), skin,
            ScenePainter::flatShade(o.centre, lightAngle, ry, 0.2, 0.05));
        const double fw = 0.46 * rx;
        for (int i = 0; i < 4; ++i) {
            const double across = (-0.75 + 0.5 * i) * rx;
            const double len = ry * (0.95 + 0.25 * std::sin(3.0 * i + 7.0 * o.variant) - (i == 3 ? 0.25 : 0.0));
            const double curl = 0.15 * std::sin(5.0 * i + 11.0 * o.variant);
            const cv::Point2d a = o.centre + r * across + u * (0.6 * ry);
            const cv::Point2d b = a + ScenePainter::rotate(u, curl) * len;
            ScenePainter::fillShaded(image, &layers, L, ScenePainter::capsule(a, b, fw),
                SceneColour::scaled(skin, 0.97 + 0.02 * i), ScenePainter::barShade(a, b, fw, lightAngle, 0.05));
        }
        const cv::Point2d ta = o.centre - r * (0.8 * rx) - u * (0.1 * ry);
        const cv::Point2d tb = ta + ScenePainter::rotate(u, -0.9 - 0.3 * o.variant) * (0.9 * ry);
        ScenePainter::fillShaded(image, &layers, L, ScenePainter::capsule(ta, tb, 1.1 * fw),
            SceneColour::scaled(skin, 0.95), ScenePainter::barShade(ta, tb, fw, lightAngle, 0.05));
        break;
    }
    }
}

} // namespace

GripperScene::GripperScene(cv::Mat background)
    : m_background(std::move(background))
{ }

std::array<cv::Point2d, GripperScene::kKeypointsPerGripper> GripperScene::keypoints(const Gripper &g)
{
    const double s = g.scale;
    const cv::Point2d u = ScenePainter::direction(g.angle), r = ScenePainter::perpendicular(u);
    const cv::Point2d centre = g.wrist + u * (kFingerBase * s);
    const double half = 0.5 * (kMinOpening + kOpeningRange * std::clamp(g.opening, 0.0, 1.0)) * s;
    // Finger 1 is on the outer side (away from the robot's other gripper) for both
    // grippers, so a horizontal flip maps a left gripper's finger 1 onto a right one's.
    const cv::Point2d base1 = centre + r * (g.side * half), base2 = centre - r * (g.side * half);
    const cv::Point2d tip1 = base1 + u * (g.fingerLength * s), tip2 = base2 + u * (g.fingerLength * s);
    return { g.wrist, g.wrist + u * (kPalmCentre * s), base1, tip1, base2, tip2, (tip1 + tip2) * 0.5 };
}

cv::Rect2d GripperScene::partsBox(const Robot &robot)
{
    cv::Rect2d box;
    bool first = true;
    for (const Gripper &g : robot.gripper) {
        const GripperParts p = gripperParts(g);
        for (const Poly *poly : { &p.flange, &p.palm, &p.rail, &p.finger[0], &p.finger[1], &p.carriage[0],
                 &p.carriage[1], &p.pad[0], &p.pad[1] })
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
        const int order[2] = { robot.rightInFront ? 0 : 1, robot.rightInFront ? 1 : 0 };
        for (int g : order) {
            layerOf[i][size_t(g)] = uchar(std::min(next++, int(kOccluderLayer) - 1));
            drawGripper(out.image, layers, layerOf[i][size_t(g)], robot.gripper[g], robot.look);
        }
    }
    // How much of each gripper (its palm and fingers, not its links) the occluders cover:
    // its visible pixels before and after them.
    out.covered.resize(m_robots.size(), { 0.0, 0.0 });
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
    return SceneBackground::random(size, rng);
}

GripperScene::Look GripperScene::randomLook(Random &rng)
{
    static constexpr double kPlasticHues[] = { 25, 35, 50, 205, 215, 0, 170, 280 };
    Look look;
    const bool metallic = rng.chance(0.45);
    auto plastic = [&]() {
        const double u = rng.uniform();
        if (u < 0.3)
            return SceneColour::grey(rng.uniform(200, 240)); // white housings are the most common
        if (u < 0.5)
            return SceneColour::grey(rng.uniform(30, 70));
        return SceneColour::hsv(
            kPlasticHues[rng.integer(0, 7)] + rng.normal(0, 6), rng.uniform(0.5, 0.9), rng.uniform(120, 230));
    };
    auto metal = [&]() {
        const double v = rng.uniform(120, 215);
        return cv::Scalar(v + rng.uniform(0, 10), v + rng.uniform(-3, 5), v - rng.uniform(0, 8));
    };
    look.palm = SceneColour::jitter(metallic ? metal() : plastic(), 6, rng);
    const double f = rng.uniform();
    look.finger = SceneColour::jitter(f < 0.45 ? metal()
            : f < 0.75                         ? SceneColour::grey(rng.uniform(25, 60))
                                               : look.palm,
        6, rng);
    look.pad = rng.chance(0.65) ? SceneColour::grey(rng.uniform(20, 50))
                                : SceneColour::hsv(rng.chance(0.5) ? 20 : 210, 0.8, rng.uniform(120, 200));
    const double a = rng.uniform();
    look.arm = SceneColour::jitter(a < 0.45 ? look.palm
            : a < 0.75                      ? SceneColour::grey(rng.uniform(40, 90))
                                            : metal(),
        8, rng);
    look.joint = SceneColour::grey(rng.uniform(40, 95));
    look.accent = SceneColour::hsv(kPlasticHues[rng.integer(0, 7)], rng.uniform(0.7, 1.0), rng.uniform(170, 255));
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
    p.angle = rng.chance(0.78) ? std::clamp(rng.normal(0, 0.3), -0.9, 0.9)
                               : kPi + std::clamp(rng.normal(0, 0.35), -1.0, 1.0);
    p.scale = scale;
    // Place the grippers, not the wrists (which trail them by about a palm width); near
    // the border often enough that parts leave the frame.
    const double lo = rng.chance(0.7) ? 0.1 : -0.05;
    const cv::Point2d target(rng.uniform(lo, 1.0 - lo) * size.width, rng.uniform(lo, 1.0 - lo) * size.height);
    p.centre = target - ScenePainter::direction(p.angle) * scale;
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
        g.wrist = pose.centre + ScenePainter::rotate(local, pose.angle);
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
    o.centre = kp[size_t(rng.integer(0, kKeypointsPerGripper - 1))]
        + cv::Point2d(rng.normal(0, 0.3 * s), rng.normal(0, 0.3 * s));
    o.angle = rng.uniform(0, 2 * kPi);
    o.variant = rng.uniform();
    const double u = rng.uniform();
    if (u < 0.3) {
        o.kind = Occluder::Kind::Box;
        o.size = { s * rng.uniform(0.5, 1.4), s * rng.uniform(0.5, 1.4) };
        o.colour = rng.chance(0.6)
            ? SceneColour::hsv(rng.uniform(25, 38), rng.uniform(0.35, 0.6), rng.uniform(120, 200))
            : SceneColour::random(rng, 0.8, 60, 230);
        o.colour2 = rng.chance(0.5) ? SceneColour::hsv(30, 0.3, 210) : SceneColour::grey(rng.uniform(180, 240));
    } else if (u < 0.5) {
        o.kind = Occluder::Kind::Board;
        o.size = { s * rng.uniform(0.25, 0.7), s * rng.uniform(3, 8) };
        o.colour = SceneColour::random(rng, 0.7, 40, 220);
    } else if (u < 0.75) {
        o.kind = Occluder::Kind::Cable;
        o.size = { std::max(1.5, s * rng.uniform(0.08, 0.2)), 0 };
        o.colour = rng.chance(0.6) ? SceneColour::grey(rng.uniform(15, 50)) : SceneColour::random(rng, 0.9, 80, 220);
        o.colour2 = SceneColour::scaled(o.colour, 1.8) + SceneColour::grey(30);
        const double span = s * rng.uniform(2.5, 5);
        o.path = { { -span, rng.normal(0, 0.5 * s) }, { -span / 3, rng.normal(0, s) }, { span / 3, rng.normal(0, s) },
            { span, rng.normal(0, 0.5 * s) } };
    } else {
        o.kind = Occluder::Kind::Hand;
        o.size = { s * rng.uniform(0.7, 1.0), s * rng.uniform(0.8, 1.15) };
        static constexpr double kSkin[][3]
            = { { 150, 180, 225 }, { 120, 150, 200 }, { 80, 110, 160 }, { 60, 80, 120 } };
        const auto &k = kSkin[rng.integer(0, 3)];
        // Bare skin or a work glove.
        o.colour = rng.chance(0.7) ? SceneColour::jitter(cv::Scalar(k[0], k[1], k[2]), 8, rng)
                                   : SceneColour::random(rng, 0.8, 40, 200);
        o.colour2 = SceneColour::random(rng, 0.6, 30, 200);
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
    c.tint = { 1 + rng.normal(0, 0.05), 1 + rng.normal(0, 0.03), 1 + rng.normal(0, 0.05) };
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
        const cv::Point2d d = ScenePainter::direction(camera.motionAngle) * (0.5 * (motion - 1));
        const cv::Point2d c(0.5 * (motion - 1), 0.5 * (motion - 1));
        cv::line(kernel, cv::Point(cvRound(c.x - d.x), cvRound(c.y - d.y)),
            cv::Point(cvRound(c.x + d.x), cvRound(c.y + d.y)), cv::Scalar(1.0));
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
                px[x][c] = SceneColour::toByte(px[x][c] * g * camera.tint[c] + camera.bias + n);
            }
        }
    }
}

} // namespace gp
