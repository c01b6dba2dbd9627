#pragma once

#include "scenerandom.h"

#include "poseinstance.h"

#include <opencv2/core.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

namespace gp {

// One synthetic picture: a background, robots (each a humanoid robot's pair of parallel
// grippers on their wrist links) and occluders in front of them, drawn with OpenCV, and
// the ground truth of what was drawn. Used by SynthGenerator only: this header exposes
// OpenCV types, which gp_dataset links privately.
//
// Geometry is in label coordinates: continuous pixels where pixel (i, j) covers
// [i, i+1) x [j, j+1), the convention of Ultralytics and COCO labels.
class GripperScene
{
public:
    using Random = SceneRandom;

    static constexpr int kKeypointsPerGripper = 7;
    static constexpr int kKeypointsPerRobot = 2 * kKeypointsPerGripper;

    // One parallel gripper, in image pixels.
    struct Gripper
    {
        cv::Point2d wrist;
        double angle = 0.0; // direction wrist -> fingers, radians; 0 points up, clockwise positive
        double scale = 40.0; // palm width in pixels
        double opening = 0.5; // 0 closed .. 1 fully open
        double fingerLength = 1.0; // in palm widths
        double armLength = 3.0; // first wrist link, in palm widths
        double armBend = 0.0; // first link away from straight behind the palm, outwards positive
        double elbowBend = 0.0; // second link relative to the first, outwards positive
        int side = -1; // -1: the robot's left gripper, +1: its right one
    };

    // Colours (BGR) and surface of one robot.
    struct Look
    {
        cv::Scalar palm, finger, pad, arm, joint, accent;
        double gloss = 0.3; // 0 matte plastic .. 1 polished metal
        double lightAngle = 0.0; // direction the light comes from
        int detail = 0; // palm decoration variant
    };

    // How a robot holds its grippers; randomRobot() samples it, the demo video animates it.
    struct RobotPose
    {
        cv::Point2d centre;
        double angle = 0.0; // the whole robot; 0: arms come from below, grippers point up
        double scale = 40.0; // palm width in pixels
        double spacing = 3.0; // wrist to wrist, in palm widths
        double tilt[2] = { 0.2, 0.2 }; // left, right: inwards positive
        double raise[2] = { 0.0, 0.0 }; // along the robot's up axis, in palm widths
        double opening[2] = { 0.5, 0.5 };
        double armBend[2] = { 0.2, 0.2 };
        double elbowBend[2] = { 0.3, 0.3 };
        double armLength = 3.0;
        double fingerLength = 1.0;
        double perspective = 0.0; // relative size difference between the right and left gripper
    };

    struct Robot
    {
        Gripper gripper[2]; // left, right
        Look look;
        bool rightInFront = false;
    };

    struct Occluder
    {
        // Arm: another robot's wrist link crossing in front (size: width x length).
        enum class Kind { Box, Board, Cable, Hand, Arm };
        Kind kind = Kind::Box;
        cv::Point2d centre;
        double angle = 0.0;
        cv::Size2d size; // box/board: extent; hand: palm; cable: width x sag
        cv::Scalar colour, colour2; // main and secondary (tape, sleeve, highlight)
        std::vector<cv::Point2d> path; // cable: control points relative to centre
        double variant = 0.0; // small shape variations in [0, 1)
    };

    // Global image degradation so a model has to generalise: exposure, tint, blur, noise.
    struct Camera
    {
        double gain = 1.0;
        double bias = 0.0;
        cv::Scalar tint { 1.0, 1.0, 1.0 };
        double blurSigma = 0.0;
        int motionBlur = 0; // kernel length in pixels, 0 for none
        double motionAngle = 0.0;
        double noiseSigma = 0.0;
        double vignette = 0.0; // darkening at the corners, 0..1
    };

    struct Rendered
    {
        cv::Mat image; // BGR
        // One per robot that shows enough of itself, in the order robots were added.
        std::vector<PoseInstance> instances;
        std::vector<int> robotIndex; // which robot each instance is
        // Per robot, per gripper (left, right): the fraction of the gripper's drawn pixels
        // that the occluders cover.
        std::vector<std::array<double, 2>> covered;
        // What is on top at each pixel: 0 the background, kOccluderLayer an occluder,
        // otherwise the gripper whose layer layerOf names.
        cv::Mat layers;
        std::vector<std::array<uchar, 2>> layerOf; // per robot: left, right
    };
    static constexpr uchar kOccluderLayer = 255;

    explicit GripperScene(cv::Mat background);

    cv::Size size() const { return m_background.size(); }
    void addRobot(const Robot &robot) { m_robots.push_back(robot); }
    void addOccluder(const Occluder &occluder) { m_occluders.push_back(occluder); }
    void clearOccluders() { m_occluders.clear(); }
    const std::vector<Robot> &robots() const { return m_robots; }

    // Draws the scene on a copy of the background and measures visibility.
    Rendered render() const;

    // A complete random still: background, 0-2 robots placed mostly inside the frame,
    // occluders in front of some of them.
    static GripperScene randomStill(cv::Size size, Random &rng);
    static cv::Mat randomBackground(cv::Size size, Random &rng);
    static Look randomLook(Random &rng);
    static RobotPose randomPose(cv::Size size, double scale, Random &rng);
    static Robot makeRobot(const RobotPose &pose, const Look &look);
    // An occluder of random kind over a random part of `robot`.
    static Occluder randomOccluder(const Robot &robot, Random &rng);
    static Camera randomCamera(Random &rng);
    static void applyCamera(cv::Mat &image, const Camera &camera, std::uint64_t noiseSeed);

    // The 7 keypoints of a gripper in skeleton order: wrist, palm centre, finger 1 base,
    // finger 1 tip, finger 2 base, finger 2 tip, grasp centre. Finger 1 is the outer one.
    static std::array<cv::Point2d, kKeypointsPerGripper> keypoints(const Gripper &gripper);
    // Bounding box of the drawn gripper parts (palm, flange, rail, fingers; not the wrist
    // links, which run out of the picture), unclipped.
    static cv::Rect2d partsBox(const Robot &robot);

private:
    cv::Mat m_background;
    std::vector<Robot> m_robots;
    std::vector<Occluder> m_occluders;
};

} // namespace gp
