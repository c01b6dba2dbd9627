#include "synthgenerator.h"
#include "savefilecommit.h"

#include "datasetconfig.h"
#include "demovideo_p.h"
#include "gripperscene_p.h"
#include "imageconversion_p.h"
#include "labelfile.h"
#include "scenariostyle_p.h"
#include "scenariotags.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

using Random = GripperScene::Random;

constexpr int kJpegQuality = 92;
// Separate random streams for the stills and the video, so changing one never moves the other.
constexpr std::uint64_t kStillStream = 0x5354494c4c53ull;
constexpr std::uint64_t kScenarioStream = 0x48415244ull;
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

// A still hard in `scenario`. The scenario's own random stream leaves the scene and the
// camera as they are without it.
Still renderStill(const SynthOptions &o, int index, Scenario scenario)
{
    Random rng(Random::mix(Random::mix(o.seed, kStillStream), std::uint64_t(index)));
    Random hard(Random::mix(Random::mix(o.seed, kScenarioStream), std::uint64_t(index)));
    GripperScene scene = GripperScene::randomStill(toCv(o.imageSize), rng);
    if (scenario == Scenario::Occlusion)
        ScenarioStyle::occlude(scene, hard);
    GripperScene::Rendered r = scene.render();
    GripperScene::Camera camera = GripperScene::randomCamera(rng);
    if (scenario == Scenario::FastMotion) {
        // Each robot moves its own way; the camera's own shake is left out.
        camera.motionBlur = 0;
        for (size_t k = 0; k < r.layerOf.size(); ++k) {
            const cv::Mat mask = (r.layers == r.layerOf[k][0]) | (r.layers == r.layerOf[k][1]);
            ScenarioStyle::applyMotionBlur(
                r.image, ScenarioStyle::randomDisplacement(r.image.size(), 60.0, hard), mask);
        }
    }
    GripperScene::applyCamera(r.image, camera, rng.bits());
    if (scenario == Scenario::LowLight)
        ScenarioStyle::applyLowLight(r.image, ScenarioStyle::randomLowLight(hard), hard.bits());
    return { r.image, std::move(r.instances) };
}

bool writeFile(const QString &file, const QByteArray &data, QString *error)
{
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !gp::commitSaveFile(f)) {
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

} // namespace

SynthGenerator::SynthGenerator(Skeleton skeleton, SynthOptions options)
    : m_skeleton(std::move(skeleton))
    , m_options(std::move(options))
{ }

Scenario SynthGenerator::scenarioOf(int index) const
{
    const std::vector<Scenario> &s = m_options.scenarios;
    if (s.size() <= 1)
        return s.empty() ? Scenario::Normal : s.front();
    Random rng(Random::mix(Random::mix(m_options.seed, kScenarioStream + 1), std::uint64_t(index)));
    return s[size_t(rng.integer(0, int(s.size()) - 1))];
}

std::vector<Scenario> SynthGenerator::videoScenarios() const
{
    return m_options.scenarios.empty() ? std::vector<Scenario> { Scenario::Normal } : m_options.scenarios;
}

QString SynthGenerator::videoBaseName(Scenario scenario)
{
    return scenario == Scenario::Normal ? QStringLiteral("demo") : QStringLiteral("demo_") + Scenarios::name(scenario);
}

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
    Still still = renderStill(m_options, index, scenarioOf(index));
    if (labels) {
        labels->imagePath = QDir(m_options.outDir).filePath(imageFileName(index));
        labels->imageSize = m_options.imageSize;
        labels->instances = std::move(still.instances);
    }
    return gp::toQImage(still.image);
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

    const std::vector<Scenario> videos = videoScenarios();
    const int total = o.count + o.videoFrames * int(videos.size());
    int done = 0;
    auto step = [&]() {
        progress.report(++done, total);
        if (cancel.isCancelled()) {
            *error = tr("Cancelled");
            return false;
        }
        return true;
    };

    ScenarioTags tags;
    tags.load(o.outDir, error); // a fresh folder: nothing to read
    const std::vector<int> jpegParams { cv::IMWRITE_JPEG_QUALITY, kJpegQuality };
    for (int i = 0; i < o.count; ++i) {
        const Scenario scenario = scenarioOf(i);
        if (scenario != Scenario::Normal)
            tags.addPattern(Scenarios::name(scenario), imageFileName(i));
        const Still still = renderStill(o, i, scenario);
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

    for (Scenario scenario : o.videoFrames > 0 ? videos : std::vector<Scenario>()) {
        DemoVideo::Options vo;
        vo.dir = out.filePath(QStringLiteral("videos"));
        vo.baseName = videoBaseName(scenario);
        vo.size = o.imageSize;
        vo.frames = o.videoFrames;
        vo.fps = o.videoFps;
        vo.seed = o.seed;
        vo.scenario = scenario;
        QString written;
        if (!DemoVideo::write(vo, step, &written, error))
            return false;
        if (scenario != Scenario::Normal)
            tags.addPattern(Scenarios::name(scenario), out.relativeFilePath(written));
    }
    return tags.isEmpty() || tags.save(error);
}

} // namespace gp
