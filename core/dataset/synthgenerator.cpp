#include "synthgenerator.h"

#include "datasetconfig.h"
#include "gripperscene.h"
#include "labelfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cmath>

namespace {

using Random = GripperScene::Random;

constexpr int kJpegQuality = 92;
constexpr double kPi = 3.14159265358979323846;
// Separate random streams for the stills and the video, so changing one never moves the other.
constexpr std::uint64_t kStillStream = 0x5354494c4c53ull;
constexpr std::uint64_t kVideoStream = 0x564944454f31ull;
constexpr int kMinImageSide = 32;

cv::Size toCv(const QSize &s)
{
    return { s.width(), s.height() };
}

int valCount(const SynthOptions &o)
{
    if (o.count < 2 || o.valFraction <= 0)
        return 0;
    const int n = int(std::lround(o.count * std::min(o.valFraction, 1.0)));
    // A split that was asked for is never empty, and train always keeps one image.
    return std::clamp(n, 1, o.count - 1);
}

bool isVal(const SynthOptions &o, int index)
{
    // Spread the val images evenly: index i is val when floor(i * nVal / n) steps up.
    const qint64 nVal = valCount(o), n = std::max(1, o.count);
    return (qint64(index + 1) * nVal) / n > (qint64(index) * nVal) / n;
}

struct Still
{
    cv::Mat image;
    std::vector<PoseInstance> instances;
};

Still renderStill(const SynthOptions &o, int index)
{
    Random rng(Random::mix(Random::mix(o.seed, kStillStream), std::uint64_t(index)));
    const GripperScene scene = GripperScene::randomStill(toCv(o.imageSize), rng);
    GripperScene::Rendered r = scene.render();
    GripperScene::applyCamera(r.image, GripperScene::randomCamera(rng), rng.bits());
    return { r.image, std::move(r.instances) };
}

QImage toQImage(const cv::Mat &bgr)
{
    QImage out(bgr.cols, bgr.rows, QImage::Format_RGB888);
    for (int y = 0; y < bgr.rows; ++y) {
        const cv::Vec3b *src = bgr.ptr<cv::Vec3b>(y);
        uchar *dst = out.scanLine(y);
        for (int x = 0; x < bgr.cols; ++x) {
            dst[3 * x] = src[x][2];
            dst[3 * x + 1] = src[x][1];
            dst[3 * x + 2] = src[x][0];
        }
    }
    return out;
}

bool writeFile(const QString &file, const QByteArray &data, QString *error)
{
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        *error = SynthGenerator::tr("%1: cannot write: %2").arg(file, f.errorString());
        return false;
    }
    return true;
}

bool makeDir(const QString &dir, QString *error)
{
    if (QDir().mkpath(dir))
        return true;
    *error = SynthGenerator::tr("%1: cannot create the folder").arg(dir);
    return false;
}

double round2(double v)
{
    return std::round(v * 100.0) / 100.0;
}

// --- the demo video -------------------------------------------------------------------

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

} // namespace

SynthGenerator::SynthGenerator(Skeleton skeleton, SynthOptions options)
    : m_skeleton(std::move(skeleton))
    , m_options(std::move(options))
{ }

QString SynthGenerator::videoFileName()
{
    return QStringLiteral("videos/demo.mp4");
}
QString SynthGenerator::videoTruthFileName()
{
    return QStringLiteral("videos/demo.json");
}
QString SynthGenerator::fallbackVideoFileName()
{
    return QStringLiteral("videos/demo.avi");
}

QString SynthGenerator::imageFileName(int index) const
{
    return QStringLiteral("images/%1/synth_%2.jpg")
        .arg(isVal(m_options, index) ? QStringLiteral("val") : QStringLiteral("train"))
        .arg(index, 6, 10, QLatin1Char('0'));
}

QImage SynthGenerator::renderImage(int index, ImageAnnotation *labels) const
{
    Still still = renderStill(m_options, index);
    if (labels) {
        labels->imagePath = QDir(m_options.outDir).filePath(imageFileName(index));
        labels->imageSize = m_options.imageSize;
        labels->instances = std::move(still.instances);
    }
    return toQImage(still.image);
}

bool SynthGenerator::runAtomically(QString *error, const gp::CancelToken &cancel, const gp::Progress &progress) const
{
    const QString finalDir = QDir::cleanPath(QFileInfo(m_options.outDir).absoluteFilePath());
    const QString partialDir = finalDir + QStringLiteral(".partial");
    QDir(partialDir).removeRecursively();
    SynthOptions o = m_options;
    o.outDir = partialDir;
    if (!SynthGenerator(m_skeleton, o).run(error, cancel, progress)) {
        QDir(partialDir).removeRecursively();
        return false;
    }
    // Never delete what someone put there: only an empty folder is replaced.
    if (QFileInfo::exists(finalDir) && !QDir().rmdir(finalDir)) {
        *error = tr("%1 already exists and is not empty; the new project is in %2").arg(finalDir, partialDir);
        return false;
    }
    if (!QDir().rename(partialDir, finalDir)) {
        *error = tr("%1: cannot rename to %2").arg(partialDir, finalDir);
        return false;
    }
    return true;
}

bool SynthGenerator::run(QString *error, const gp::CancelToken &cancel, const gp::Progress &progress) const
{
    QString dummy;
    if (!error)
        error = &dummy;
    const SynthOptions &o = m_options;
    if (o.outDir.isEmpty()) {
        *error = tr("No output folder given");
        return false;
    }
    if (o.imageSize.width() < kMinImageSide || o.imageSize.height() < kMinImageSide) {
        *error = tr("The image size %1x%2 is too small; both sides must be at least %3 pixels")
                     .arg(o.imageSize.width())
                     .arg(o.imageSize.height())
                     .arg(kMinImageSide);
        return false;
    }
    if (o.count < 0 || o.videoFrames < 0 || !(o.valFraction >= 0 && o.valFraction <= 1)
        || (o.videoFrames > 0 && !(o.videoFps > 0))) {
        *error = tr("Invalid options: count and frames must not be negative, the val fraction must be in [0, 1] and "
                    "the frame rate positive");
        return false;
    }
    if (m_skeleton.keypointCount() != GripperScene::kKeypointsPerRobot) {
        *error = tr("The generator draws the %1-keypoint gripper skeleton; skeleton \"%2\" has %3 keypoints")
                     .arg(GripperScene::kKeypointsPerRobot)
                     .arg(m_skeleton.name())
                     .arg(m_skeleton.keypointCount());
        return false;
    }

    const QDir out(o.outDir);
    for (const char *sub : { "images/train", "images/val", "labels/train", "labels/val" })
        if (!makeDir(out.filePath(QString::fromLatin1(sub)), error))
            return false;

    const int total = o.count + o.videoFrames;
    int done = 0;
    auto step = [&]() {
        progress.report(++done, total);
        if (cancel.isCancelled()) {
            *error = tr("Cancelled");
            return false;
        }
        return true;
    };

    const std::vector<int> jpegParams { cv::IMWRITE_JPEG_QUALITY, kJpegQuality };
    for (int i = 0; i < o.count; ++i) {
        const Still still = renderStill(o, i);
        const QString image = out.filePath(imageFileName(i));
        std::vector<uchar> jpeg;
        if (!cv::imencode(".jpg", still.image, jpeg, jpegParams)) {
            *error = tr("%1: cannot encode the image").arg(image);
            return false;
        }
        if (!writeFile(image, QByteArray(reinterpret_cast<const char *>(jpeg.data()), qsizetype(jpeg.size())), error))
            return false;
        if (!LabelFile::write(DatasetConfig::labelFileFor(image), still.instances, o.imageSize, 3, error))
            return false;
        if (!step())
            return false;
    }

    DatasetConfig config;
    config.path = QStringLiteral(".");
    config.train = QStringLiteral("images/train");
    config.val = QStringLiteral("images/val");
    config.applySkeleton(m_skeleton);
    config.names = QStringList { QStringLiteral("gripper") };
    if (!config.save(out.filePath(QStringLiteral("data.yaml")), error))
        return false;
    if (!m_skeleton.save(out.filePath(QStringLiteral("skeleton.json")), error))
        return false;

    if (o.videoFrames == 0)
        return true;

    // The demo video: two robots moving smoothly over a fixed background, each passed
    // over once by an occluder; the left one leaves through the left edge for a while.
    const cv::Size size = toCv(o.imageSize);
    const int frames = o.videoFrames;
    Random rng(Random::mix(o.seed, kVideoStream));
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
    const std::vector<Sweep> sweeps = planSweeps(tracks, frames, o.videoFps, rng);
    const Exit exit;

    if (!makeDir(out.filePath(QStringLiteral("videos")), error))
        return false;
    QString videoName = videoFileName();
    QString videoPath = out.filePath(videoName);
    QFile::remove(videoPath);
    QFile::remove(out.filePath(fallbackVideoFileName()));
    cv::VideoWriter writer(
        QFile::encodeName(videoPath).toStdString(), cv::VideoWriter::fourcc('m', 'p', '4', 'v'), o.videoFps, size);
    if (!writer.isOpened()) {
        videoName = fallbackVideoFileName();
        videoPath = out.filePath(videoName);
        writer.open(
            QFile::encodeName(videoPath).toStdString(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), o.videoFps, size);
    }
    if (!writer.isOpened()) {
        *error = tr("%1: cannot open a video writer (neither MPEG-4 nor Motion JPEG)").arg(videoPath);
        return false;
    }

    nlohmann::json framesJson = nlohmann::json::array();
    // Per track, the frames in which at least one keypoint is hidden.
    std::vector<std::vector<bool>> hidden(tracks.size(), std::vector<bool>(size_t(frames), false));
    for (int f = 0; f < frames; ++f) {
        const double seconds = f / o.videoFps, fraction = frames > 1 ? double(f) / (frames - 1) : 0.0;
        GripperScene scene(background);
        for (size_t k = 0; k < tracks.size(); ++k) {
            GripperScene::Robot robot = GripperScene::makeRobot(
                poseAt(tracks[k], seconds, fraction, k == 0 ? &exit : nullptr), tracks[k].look);
            robot.rightInFront = tracks[k].rightInFront;
            scene.addRobot(robot);
        }
        for (const Sweep &s : sweeps)
            if (f >= s.start && f <= s.end)
                scene.addOccluder(sweepAt(
                    s, f, GripperScene::keypoints(scene.robots()[size_t(s.track)].gripper[s.gripper])[1], size));
        GripperScene::Rendered r = scene.render();
        GripperScene::applyCamera(
            r.image, camera, Random::mix(Random::mix(o.seed, kVideoStream), std::uint64_t(f) + 1));
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

    const nlohmann::json truth = { { "video", QFileInfo(videoName).fileName().toStdString() }, { "fps", o.videoFps },
        { "width", size.width }, { "height", size.height }, { "keypoints", GripperScene::kKeypointsPerRobot },
        { "frames", framesJson }, { "occlusions", occlusions } };
    return writeFile(out.filePath(videoTruthFileName()), QByteArray::fromStdString(truth.dump()), error);
}
