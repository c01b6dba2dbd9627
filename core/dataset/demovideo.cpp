#include "demovideo_p.h"
#include "savefilecommit.h"

#include "gripperscene_p.h"
#include "scenariostyle_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

using Random = GripperScene::Random;

constexpr double kPi = 3.14159265358979323846;
constexpr std::uint64_t kVideoStream = 0x564944454f31ull;
constexpr std::uint64_t kNoiseStream = 0x4e4f495345ull;

double round2(double v)
{
    return std::round(v * 100.0) / 100.0;
}

// One robot's smooth motion: sinusoids of different periods around a base pose.
struct Track
{
    GripperScene::RobotPose base;
    GripperScene::Look look;
    bool rightInFront = false;
    double period[7] = {};
    double phase[7] = {};
    double ampX = 0, ampY = 0;
};

// An occluder that comes in from the edge of the frame, passes over a robot and leaves.
struct Sweep
{
    int track = 0;
    int gripper = 0; // the gripper it passes over: 0 left, 1 right
    int start = 0, end = 0; // frames, inclusive
    bool fromTop = true; // a hand reaching down, or a board pushed in from the side
    GripperScene::Occluder occluder;
};

// Where a robot leaves the frame for a while (the left robot, through the left edge).
struct Exit
{
    double from = 0.55, to = 0.9; // fractions of the video
};

double bump(double x, double from, double to)
{
    if (x <= from || x >= to)
        return 0.0;
    return 0.5 - 0.5 * std::cos(2 * kPi * (x - from) / (to - from));
}

GripperScene::RobotPose poseAt(const Track &t, double seconds, double progress, const Exit *exit)
{
    auto wave = [&](int i) { return std::sin(2 * kPi * seconds / t.period[i] + t.phase[i]); };
    GripperScene::RobotPose p = t.base;
    p.centre.x += t.ampX * wave(0);
    p.centre.y += t.ampY * wave(1);
    p.angle += 0.28 * wave(2);
    for (int i = 0; i < 2; ++i) {
        p.opening[i] = 0.5 + 0.5 * std::sin(2 * kPi * seconds / t.period[3] + t.phase[3] + 0.9 * i);
        p.tilt[i] = t.base.tilt[i] + 0.15 * wave(4 + i);
    }
    p.raise[0] += 0.3 * wave(6);
    p.raise[1] -= 0.3 * wave(6);
    if (exit) {
        // Slide out so that the left gripper leaves the frame entirely and comes back.
        const double b = bump(progress, exit->from, exit->to);
        const double target = -0.6 * p.scale;
        p.centre.x += (target - p.centre.x) * b;
    }
    return p;
}

Track randomTrack(cv::Size size, int index, int tracks, Random &rng, double light)
{
    Track t;
    const double minSide = std::min(size.width, size.height);
    t.base.centre = { size.width
                * (tracks == 1       ? 0.5
                        : index == 0 ? 0.3
                                     : 0.7)
            + rng.normal(0, 0.02 * size.width),
        size.height * rng.uniform(0.55, 0.65) };
    t.base.angle = rng.normal(0, 0.1);
    t.base.scale = minSide * rng.uniform(0.085, 0.1);
    t.base.spacing = rng.uniform(2.4, 3.0);
    for (int i = 0; i < 2; ++i) {
        t.base.tilt[i] = rng.uniform(0.05, 0.3);
        // Links that stay under their own robot, so the two robots read apart.
        t.base.armBend[i] = rng.uniform(0.1, 0.4);
        t.base.elbowBend[i] = rng.uniform(-0.4, 0.2);
    }
    t.base.armLength = rng.uniform(2.5, 3.5);
    t.base.fingerLength = rng.uniform(0.95, 1.2);
    t.look = GripperScene::randomLook(rng);
    t.look.lightAngle = light;
    t.rightInFront = rng.chance(0.5);
    for (int i = 0; i < 7; ++i) {
        t.period[i] = rng.uniform(2.5, 6.0);
        t.phase[i] = rng.uniform(0, 2 * kPi);
    }
    t.ampX = 0.05 * size.width;
    t.ampY = 0.05 * size.height;
    return t;
}

// Places a sweep's occluder for `frame`, on its way to or from `target`.
GripperScene::Occluder sweepAt(const Sweep &s, int frame, cv::Point2d target, cv::Size size)
{
    GripperScene::Occluder o = s.occluder;
    const double p = s.end > s.start ? double(frame - s.start) / (s.end - s.start) : 0.5;
    // 0 outside the frame, 1 over the robot; it lingers there for the middle of the sweep.
    const double reach = std::min(1.0, 1.6 * std::sin(kPi * std::clamp(p, 0.0, 1.0)));
    if (s.fromTop) {
        const cv::Point2d outside(target.x, -1.5 * o.size.height);
        o.centre = outside + (target - outside) * reach;
    } else {
        // The board's far end stays outside the frame: it is pushed in along its length.
        const bool left = target.x < 0.5 * size.width;
        const double half = 0.5 * o.size.height;
        const double outsideX = left ? -half - 2 : size.width + half + 2;
        o.centre = { outsideX + (target.x - outsideX) * reach, target.y };
    }
    return o;
}

std::vector<Sweep> planSweeps(const std::vector<Track> &tracks, int frames, double fps, Random &rng)
{
    std::vector<Sweep> sweeps;
    const int len = std::max(2, std::min(std::clamp(int(std::lround(0.55 * fps)), 10, 20), frames / 3));
    for (size_t k = 0; k < tracks.size(); ++k) {
        Sweep s;
        s.track = int(k);
        s.start = std::clamp(int(std::lround(frames * (k == 0 ? 0.12 : 0.45))), 0, std::max(0, frames - len));
        s.end = std::min(frames - 1, s.start + len - 1);
        s.fromTop = k % 2 == 1;
        s.gripper = rng.integer(0, 1);
        const double sc = tracks[k].base.scale;
        GripperScene::Occluder &o = s.occluder;
        if (s.fromTop) {
            o.kind = GripperScene::Occluder::Kind::Hand;
            o.angle = kPi; // fingers down, sleeve up out of the frame
            o.size = { 1.5 * sc, 1.7 * sc };
            o.colour = cv::Scalar(130, 160, 210);
            o.colour2 = cv::Scalar(rng.uniform(60, 160), rng.uniform(40, 120), rng.uniform(20, 80));
            o.variant = rng.uniform();
        } else {
            o.kind = GripperScene::Occluder::Kind::Board;
            o.angle = 0.5 * kPi + rng.normal(0, 0.1);
            o.size = { 0.9 * sc, 12.0 * sc };
            o.colour = cv::Scalar(rng.uniform(40, 200), rng.uniform(40, 200), rng.uniform(40, 200));
            o.variant = rng.uniform();
        }
        sweeps.push_back(s);
    }
    return sweeps;
}

nlohmann::json instanceJson(int track, const PoseInstance &inst)
{
    nlohmann::json kps = nlohmann::json::array();
    for (const Keypoint &k : inst.keypoints)
        kps.push_back({ round2(k.x), round2(k.y), k.visibility });
    const QRectF &b = inst.box;
    return { { "track", track },
        { "box", { round2(b.left()), round2(b.top()), round2(b.right()), round2(b.bottom()) } }, { "keypoints", kps } };
}

// What makes the video hard in its scenario: the occluders of each frame, the motion blur
// of the moving robots and the darkening.
class Style
{
public:
    Style(Scenario scenario, std::vector<Track> &tracks, int frames, double fps, cv::Size size, Random &rng)
        : m_scenario(scenario)
        , m_fps(fps)
    {
        m_sweeps = planSweeps(tracks, frames, fps, rng);
        if (scenario == Scenario::FastMotion) {
            // Arms swinging fast: the centre moves by up to about 60 px per frame at 30 fps
            // on 720p (2 pi x amplitude / period, along both axes at once).
            const double minSide = std::min(size.width, size.height);
            for (Track &t : tracks) {
                for (double &p : t.period)
                    p = rng.uniform(0.9, 1.6);
                t.ampX = rng.uniform(0.15, 0.3) * minSide;
                t.ampY = 0.6 * t.ampX;
            }
            m_shutter = rng.uniform(0.5, 1.0);
        } else if (scenario == Scenario::LowLight) {
            m_light = ScenarioStyle::randomLowLight(rng);
        } else if (scenario == Scenario::Occlusion) {
            // An object held by one gripper of the first robot for a third of the video, and
            // the other robot's gripper crossed by an arm for another third.
            m_heldGripper = rng.integer(0, 1);
            m_held = { int(frames * 0.15), int(frames * 0.5) };
            m_crossGripper = rng.integer(0, 1);
            m_cross = { int(frames * 0.55), int(frames * 0.9) };
            m_heldSeed = rng.bits();
            m_crossSeed = rng.bits();
        }
    }

    void addOccluders(GripperScene &scene, int f, cv::Size size) const
    {
        for (const Sweep &s : m_sweeps)
            if (f >= s.start && f <= s.end)
                scene.addOccluder(sweepAt(
                    s, f, GripperScene::keypoints(scene.robots()[size_t(s.track)].gripper[s.gripper])[1], size));
        if (m_scenario != Scenario::Occlusion || scene.robots().size() < 2)
            return;
        if (f >= m_held[0] && f <= m_held[1]) {
            // The same object every frame, carried with the gripper.
            Random rng(m_heldSeed);
            scene.addOccluder(ScenarioStyle::heldObject(scene.robots()[0].gripper[m_heldGripper], rng));
        }
        if (f >= m_cross[0] && f <= m_cross[1]) {
            Random rng(m_crossSeed);
            GripperScene::Occluder arm = ScenarioStyle::crossingArm(scene.robots()[1].gripper[m_crossGripper], rng);
            // It sweeps across: in from one side, over the gripper, out the other.
            const double p = double(f - m_cross[0]) / std::max(1, m_cross[1] - m_cross[0]);
            const cv::Point2d across(std::cos(arm.angle), std::sin(arm.angle));
            arm.centre += across * ((p - 0.5) * 2.0 * arm.size.width * 4.0);
            scene.addOccluder(arm);
        }
    }

    void blurMotion(
        GripperScene::Rendered &r, const std::vector<Track> &tracks, int f, int frames, const Exit *exit) const
    {
        if (m_scenario != Scenario::FastMotion)
            return;
        for (size_t k = 0; k < tracks.size() && k < r.layerOf.size(); ++k) {
            // Where the robot was when the shutter opened and closed.
            auto at = [&](double frame) {
                const double fraction = frames > 1 ? frame / (frames - 1) : 0.0;
                return poseAt(tracks[k], frame / m_fps, fraction, k == 0 ? exit : nullptr).centre;
            };
            const cv::Point2d d = at(f + 0.5 * m_shutter) - at(f - 0.5 * m_shutter);
            cv::Mat mask = (r.layers == r.layerOf[k][0]) | (r.layers == r.layerOf[k][1]);
            ScenarioStyle::applyMotionBlur(r.image, d, mask);
        }
    }

    void darken(cv::Mat &image, std::uint64_t noiseSeed) const
    {
        if (m_scenario == Scenario::LowLight)
            ScenarioStyle::applyLowLight(image, m_light, noiseSeed);
    }

private:
    Scenario m_scenario;
    double m_fps;
    std::vector<Sweep> m_sweeps;
    double m_shutter = 0.0;
    ScenarioStyle::LowLight m_light;
    int m_heldGripper = 0, m_crossGripper = 0;
    std::array<int, 2> m_held { -1, -1 }, m_cross { -1, -1 };
    std::uint64_t m_heldSeed = 0, m_crossSeed = 0;
};

} // namespace

bool DemoVideo::write(const Options &o, const std::function<bool()> &step, QString *written, QString *error)
{
    const cv::Size size(o.size.width(), o.size.height());
    const int frames = o.frames;
    // Each style draws from its own stream: the normal video is the same whatever else is made.
    const std::uint64_t stream = Random::mix(o.seed, kVideoStream + std::uint64_t(o.scenario));
    Random rng(stream);
    const cv::Mat background = GripperScene::randomBackground(size, rng);
    GripperScene::Camera camera = GripperScene::randomCamera(rng);
    camera.motionBlur = 0;
    camera.blurSigma = std::min(camera.blurSigma, 0.8);
    camera.noiseSigma = std::min(camera.noiseSigma, 4.0);
    camera.gain = std::clamp(camera.gain, 0.85, 1.15);
    const double light = rng.uniform(0, 2 * kPi);
    std::vector<Track> tracks;
    for (int k = 0; k < 2; ++k)
        tracks.push_back(randomTrack(size, k, 2, rng, light));
    Style style(o.scenario, tracks, frames, o.fps, size, rng);
    const Exit exit;

    if (!QDir().mkpath(o.dir)) {
        *error = tr("%1: cannot create the folder").arg(o.dir);
        return false;
    }
    const QDir out(o.dir);
    QString videoName = o.baseName + QStringLiteral(".mp4");
    QString videoPath = out.filePath(videoName);
    QFile::remove(videoPath);
    QFile::remove(out.filePath(o.baseName + QStringLiteral(".avi")));
    cv::VideoWriter writer(
        QFile::encodeName(videoPath).toStdString(), cv::VideoWriter::fourcc('m', 'p', '4', 'v'), o.fps, size);
    if (!writer.isOpened()) {
        videoName = o.baseName + QStringLiteral(".avi");
        videoPath = out.filePath(videoName);
        writer.open(
            QFile::encodeName(videoPath).toStdString(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), o.fps, size);
    }
    *written = videoPath;
    if (!writer.isOpened()) {
        *error = tr("%1: cannot open a video writer (neither MPEG-4 nor Motion JPEG)").arg(videoPath);
        return false;
    }

    nlohmann::json framesJson = nlohmann::json::array();
    // Per track, the frames in which at least one keypoint is hidden.
    std::vector<std::vector<bool>> hidden(tracks.size(), std::vector<bool>(size_t(frames), false));
    for (int f = 0; f < frames; ++f) {
        const double seconds = f / o.fps, fraction = frames > 1 ? double(f) / (frames - 1) : 0.0;
        GripperScene scene(background);
        for (size_t k = 0; k < tracks.size(); ++k) {
            GripperScene::Robot robot = GripperScene::makeRobot(
                poseAt(tracks[k], seconds, fraction, k == 0 ? &exit : nullptr), tracks[k].look);
            robot.rightInFront = tracks[k].rightInFront;
            scene.addRobot(robot);
        }
        style.addOccluders(scene, f, size);
        GripperScene::Rendered r = scene.render();
        style.blurMotion(r, tracks, f, frames, &exit);
        GripperScene::applyCamera(r.image, camera, Random::mix(stream, std::uint64_t(f) + 1));
        style.darken(r.image, Random::mix(stream ^ kNoiseStream, std::uint64_t(f) + 1));
        writer.write(r.image);

        nlohmann::json instances = nlohmann::json::array();
        for (size_t i = 0; i < r.instances.size(); ++i) {
            const int track = r.robotIndex[i];
            instances.push_back(instanceJson(track, r.instances[i]));
            for (const Keypoint &k : r.instances[i].keypoints)
                if (k.visibility == Keypoint::Occluded)
                    hidden[size_t(track)][size_t(f)] = true;
        }
        framesJson.push_back({ { "frame", f }, { "time", seconds }, { "instances", instances } });
        if (!step()) {
            *error = tr("Cancelled");
            writer.release();
            return false;
        }
    }
    writer.release();

    // A truncated or unreadable video is an error here rather than a surprise later.
    {
        cv::VideoCapture check(QFile::encodeName(videoPath).toStdString());
        const double count = check.isOpened() ? check.get(cv::CAP_PROP_FRAME_COUNT) : -1.0;
        if (!check.isOpened() || (count > 0 && int(std::lround(count)) != frames)) {
            *error = tr("%1: the video was written with %2 frames but reads back with %3")
                         .arg(videoPath)
                         .arg(frames)
                         .arg(check.isOpened() ? QString::number(count) : tr("none"));
            return false;
        }
    }

    nlohmann::json occlusions = nlohmann::json::array();
    for (size_t k = 0; k < hidden.size(); ++k)
        for (int f = 0; f < frames; ++f) {
            if (!hidden[k][size_t(f)] || (f > 0 && hidden[k][size_t(f - 1)]))
                continue;
            int end = f;
            while (end + 1 < frames && hidden[k][size_t(end + 1)])
                ++end;
            occlusions.push_back({ { "track", int(k) }, { "start", f }, { "end", end } });
        }

    const nlohmann::json truth = { { "video", QFileInfo(videoName).fileName().toStdString() }, { "fps", o.fps },
        { "width", size.width }, { "height", size.height }, { "keypoints", GripperScene::kKeypointsPerRobot },
        { "frames", framesJson }, { "occlusions", occlusions } };
    const QString truthFile = out.filePath(o.baseName + QStringLiteral(".json"));
    const QByteArray text = QByteArray::fromStdString(truth.dump());
    QSaveFile f(truthFile);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !gp::commitSaveFile(f)) {
        *error = tr("%1: cannot write: %2").arg(truthFile, f.errorString());
        return false;
    }
    return true;
}

} // namespace gp
