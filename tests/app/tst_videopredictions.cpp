// The Video workspace with a model: the analysis pass (a real, randomly initialised
// network) fills the cache and its sidecar and the overlay appears; a cache written by an
// earlier analysis is used at once when the video reopens; a smoothing slider changes the
// drawn points and the jitter strip; the worst-frames list ranks a frame with an injected
// jump first; frames sent to labelling get images and label files marked needs review, and
// nothing is ever overwritten; on a dark video an enhancement reaches the network in the
// analysis pass and in the live mode, applied to the frame before the letterbox.

#include "backgroundjob.h"
#include "datasetconfig.h"
#include "detectioncache.h"
#include "frameimporter.h"
#include "framereader.h"
#include "imageenhancement.h"
#include "keyframefill.h"
#include "labelfile.h"
#include "modelpanel.h"
#include "overlaypanel.h"
#include "pointorigins.h"
#include "poseoverlayview.h"
#include "predictioncontroller.h"
#include "predictionlabeller.h"
#include "predictor.h"
#include "project.h"
#include "reviewstate.h"
#include "sensitivecheckpoint.h"
#include "smoothingpanel.h"
#include "synthgenerator.h"
#include "timelinestrips.h"
#include "videoframe_p.h"
#include "videokeyframes.h"
#include "videotruth.h"
#include "videoworkspace.h"
#include "worstframespanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cmath>

using gp::DatasetConfig;
using gp::DetectionCache;
using gp::Enhancement;
using gp::FrameReader;
using gp::ImageEnhancement;
using gp::Keypoint;
using gp::PoseDetection;
using gp::PoseInstance;
using gp::Predictor;
using gp::PredictorOptions;
using gp::Project;
using gp::ReviewState;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::TrackedKeypoint;
using gp::TrackedPose;
using gp::VideoFrame;
using gp::VideoTruth;
using gp::WorstFrames;

// Background work can be slow on a loaded CI machine.
static constexpr int kSlowMachineMs = 120000;

namespace {

constexpr int kFrames = 30;
constexpr int kJumpFrame = 13;

QByteArray readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestVideoPredictions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void analysisFillsCacheAndOverlayAppears();
    void smoothingSliderChangesPointsAndJitter();
    void worstFramesRankInjectedJumpFirst();
    void sendFramesMarksNeedsReviewAndNeverOverwrites();
    void fillCarriesCorrectionsBetweenKeyframes();
    void enhancementShowsTheCorrectedFrameAndKeysTheCache();
    void enhancementReachesTheNetworkLiveAndInTheAnalysis();

private:
    // Opens the project with `model` and waits for the cache's tracks.
    void openWithModel(VideoWorkspace &ws, const QString &model);

    QTemporaryDir m_tmp;
    QString m_dir;
    QString m_video;
    QString m_model;
    std::shared_ptr<const Project> m_project;
};

void TestVideoPredictions::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_dir = m_tmp.filePath(QStringLiteral("project"));
    SynthOptions o;
    o.outDir = m_dir;
    o.count = 4;
    o.imageSize = QSize(320, 192);
    o.seed = 5;
    o.videoFrames = kFrames;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    m_video = QDir(m_dir).filePath(SynthGenerator::videoFileName());
    auto project = Project::open(m_dir, &error);
    QVERIFY2(project, qPrintable(error));
    m_project = std::make_shared<const Project>(*project);
}

void TestVideoPredictions::openWithModel(VideoWorkspace &ws, const QString &model)
{
    ws.resize(1200, 800);
    ws.show();
    ws.setProject(m_project);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    QSignalSpy tracks(ws.predictions(), &PredictionController::tracksChanged);
    ws.setModel(model);
    QVERIFY(ws.predictions()->hasAnalysis());
    QTRY_VERIFY_WITH_TIMEOUT(ws.predictions()->series().frameCount() == kFrames, kSlowMachineMs);
}

void TestVideoPredictions::analysisFillsCacheAndOverlayAppears()
{
    const QString sidecar = DetectionCache::sidecarFor(m_video);
    QFile::remove(sidecar);
    {
        VideoWorkspace ws;
        ws.resize(1200, 800);
        ws.show();
        ws.setProject(m_project);
        QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
        QVERIFY(!ws.imageView()->hasPrediction());
        // A randomly initialised network with conf 0 finds objects everywhere.
        ws.setModel(QStringLiteral("yolov8n-pose"));
        ws.modelPanel()->imgszBox()->setValue(64);
        ws.modelPanel()->confBox()->setValue(0.0);
        QVERIFY(ws.modelPanel()->analyseButton()->isEnabled());
        QSignalSpy finished(ws.predictions()->analysisJob(), &BackgroundJob::finished);
        QTest::mouseClick(ws.modelPanel()->analyseButton(), Qt::LeftButton);
        QVERIFY(ws.predictions()->analysisJob()->isRunning());
        QVERIFY(finished.wait(kSlowMachineMs));
        QVERIFY(ws.predictions()->hasAnalysis());
        QCOMPARE(ws.predictions()->cache()->analysedFrames(), qint64(kFrames));
        QVERIFY(ws.predictions()->cache()->hasCompleteTimestamps());
        QVERIFY(QFileInfo::exists(sidecar));
        // The temporal stage runs over the cache; then the overlay shows the frame's tracks.
        QTRY_VERIFY_WITH_TIMEOUT(ws.imageView()->hasPrediction(), kSlowMachineMs);
        QCOMPARE(ws.imageView()->prediction().size(), ws.predictions()->tracksAt(0).size());
        ws.seek(7);
        QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 7, kSlowMachineMs);
        QCOMPARE(ws.imageView()->prediction().size(), ws.predictions()->tracksAt(7).size());
        QVERIFY(!ws.imageView()->drawnPoints().empty() || ws.predictions()->tracksAt(7).empty());
    }
    // Reopened: the sidecar is used at once, no analysis runs.
    VideoWorkspace ws;
    ws.setProject(m_project);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    ws.modelPanel()->imgszBox()->setValue(64);
    ws.modelPanel()->confBox()->setValue(0.0);
    ws.modelPanel()->applySettings();
    ws.setModel(QStringLiteral("yolov8n-pose"));
    QVERIFY(ws.predictions()->hasAnalysis());
    QVERIFY(!ws.predictions()->analysisJob()->isRunning());
    QCOMPARE(ws.predictions()->cache()->analysedFrames(), qint64(kFrames));
    // Other settings: the cache is stale and is not shown.
    ws.modelPanel()->imgszBox()->setValue(96);
    ws.modelPanel()->applySettings();
    QVERIFY(!ws.predictions()->hasAnalysis());
    QVERIFY(ws.predictions()->cacheMessage().contains(QStringLiteral("other settings")));
    QFile::remove(sidecar);
}

namespace {

// A cache as an analysis leaves it, made from the demo's ground truth: every instance
// detected with ±2 px of alternating noise, and one visible point of the first instance
// displaced by 80 px from kJumpFrame on. *jumpPoint is that point.
bool writeTruthCache(const QString &video, const QString &model, int *jumpPoint, QString *error)
{
    const auto truth = VideoTruth::load(VideoTruth::sidecarFor(video), 14, error);
    if (!truth)
        return false;
    const DetectionCache::Key key = DetectionCache::Key::of(video, model, 640, 0.25, 0.7);
    DetectionCache cache(key, kFrames, 14);
    *jumpPoint = -1;
    const auto &before = truth->frame(kJumpFrame - 1)->annotation.instances;
    const auto &at = truth->frame(kJumpFrame)->annotation.instances;
    for (int k = 0; k < 14 && *jumpPoint < 0 && !before.empty() && !at.empty(); ++k)
        if (before[0].keypoints[size_t(k)].visibility == 2 && at[0].keypoints[size_t(k)].visibility == 2)
            *jumpPoint = k;
    for (int f = 0; f < kFrames; ++f) {
        std::vector<PoseDetection> dets;
        const double noise = f % 2 ? 2.0 : -2.0;
        int i = 0;
        for (const PoseInstance &inst : truth->frame(f)->annotation.instances) {
            PoseDetection d;
            d.box = { inst.box.left(), inst.box.top(), inst.box.right(), inst.box.bottom() };
            d.score = 0.9;
            for (int k = 0; k < 14; ++k) {
                const Keypoint &p = inst.keypoints[size_t(k)];
                const double conf = p.visibility == 2 ? 0.95 : p.visibility == 1 ? 0.2 : 0.01;
                double x = p.x + noise, y = p.y - noise;
                if (i == 0 && k == *jumpPoint && f >= kJumpFrame)
                    x += 80.0;
                d.keypoints.push_back({ x, y, conf });
            }
            dets.push_back(d);
            ++i;
        }
        cache.set(f, f * 1000.0 / 30.0, dets);
    }
    return cache.save(DetectionCache::sidecarFor(video), error);
}

} // namespace

void TestVideoPredictions::smoothingSliderChangesPointsAndJitter()
{
    const QString model = m_tmp.filePath(QStringLiteral("trained.ckpt"));
    QFile m(model);
    QVERIFY(m.open(QIODevice::WriteOnly));
    m.write("weights");
    m.close();
    int jumpPoint = -1;
    QString error;
    QVERIFY2(writeTruthCache(m_video, model, &jumpPoint, &error), qPrintable(error));
    VideoWorkspace ws;
    openWithModel(ws, model);
    ws.seek(20);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 20, kSlowMachineMs);
    QVERIFY(ws.imageView()->hasPrediction());
    const std::vector<QPointF> before = ws.imageView()->drawnPoints();
    QVERIFY(!before.empty());
    const QImage stripsBefore = ws.strips()->stripImage();
    const int jitterRow = ws.strips()->rowOf(TimelineStrips::Row::Jitter);
    QVERIFY(!stripsBefore.isNull());
    // Heavier smoothing: a much lower min cutoff.
    QSignalSpy tracks(ws.predictions(), &PredictionController::tracksChanged);
    QSlider *cutoff = ws.smoothingPanel()->minCutoffSlider();
    cutoff->setValue(cutoff->minimum());
    QCOMPARE(ws.smoothingPanel()->options().filter.minCutoff, SmoothingPanel::sliderToMinCutoff(cutoff->minimum()));
    QVERIFY(tracks.wait(kSlowMachineMs));
    const std::vector<QPointF> after = ws.imageView()->drawnPoints();
    QCOMPARE(after.size(), before.size());
    double moved = 0;
    for (size_t i = 0; i < after.size(); ++i)
        moved = std::max(moved, QLineF(after[i], before[i]).length());
    QVERIFY2(moved > 0.5, qPrintable(QString::number(moved)));
    // The jitter strip changed (less jitter: greener somewhere).
    const QImage stripsAfter = ws.strips()->stripImage();
    int changed = 0;
    for (int x = 0; x < stripsAfter.width(); ++x)
        changed += stripsAfter.pixel(x, jitterRow) != stripsBefore.pixel(x, jitterRow);
    QVERIFY(changed > 0);
    // Raw points drawn: what the network gave, whatever the smoothing.
    ws.overlayPanel()->pointsBox()->setCurrentIndex(1);
    const auto &t = ws.predictions()->tracksAt(20);
    QCOMPARE(ws.imageView()->drawnPoints().front(),
        QPointF(t.front().keypoints.front().rawX, t.front().keypoints.front().rawY));
}

void TestVideoPredictions::enhancementShowsTheCorrectedFrameAndKeysTheCache()
{
    const QString model = m_tmp.filePath(QStringLiteral("enhance.ckpt"));
    QFile m(model);
    QVERIFY(m.open(QIODevice::WriteOnly));
    m.write("weights");
    m.close();
    int jumpPoint = -1;
    QString error;
    QVERIFY2(writeTruthCache(m_video, model, &jumpPoint, &error), qPrintable(error)); // made with enhance=none
    VideoWorkspace ws;
    openWithModel(ws, model);
    ws.seek(3);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 3, kSlowMachineMs);
    const QImage original = ws.imageView()->image();
    QComboBox *box = ws.modelPanel()->enhanceBox();
    QCOMPARE(box->count(), 3);
    QCOMPARE(Enhancement(box->currentData().toInt()), Enhancement::None);
    // CLAHE: the frame on screen is what the model sees; the cache made without it is stale.
    box->setCurrentIndex(box->findData(int(Enhancement::Clahe)));
    QCOMPARE(ws.predictions()->enhancement(), Enhancement::Clahe);
    const QImage shown = ws.imageView()->image();
    QVERIFY(shown != original);
    QCOMPARE(shown, ImageEnhancement::apply(original, Enhancement::Clahe));
    QVERIFY(!ws.predictions()->hasAnalysis());
    QVERIFY2(ws.predictions()->cacheMessage().contains(QStringLiteral("enhance none")),
        qPrintable(ws.predictions()->cacheMessage()));
    // Stepping keeps showing corrected frames.
    ws.seek(4);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 4, kSlowMachineMs);
    QVERIFY(ws.imageView()->image() != original);
    // Back to none: the original pixels, and the cache that fits is shown again.
    box->setCurrentIndex(box->findData(int(Enhancement::None)));
    QVERIFY(ws.predictions()->hasAnalysis());
    ws.seek(3);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 3, kSlowMachineMs);
    QCOMPARE(ws.imageView()->image(), original);
    QFile::remove(DetectionCache::sidecarFor(m_video));
}

void TestVideoPredictions::worstFramesRankInjectedJumpFirst()
{
    const QString model = m_tmp.filePath(QStringLiteral("trained.ckpt"));
    int jumpPoint = -1;
    QString error;
    QVERIFY2(writeTruthCache(m_video, model, &jumpPoint, &error), qPrintable(error));
    QVERIFY(jumpPoint >= 0);
    VideoWorkspace ws;
    openWithModel(ws, model);
    WorstFramesPanel *panel = ws.worstFramesPanel();
    panel->setCriterion(WorstFrames::Criterion::Jump);
    QCOMPARE(panel->threshold(), 20.0); // DeepLabCut's default
    QVERIFY(panel->list()->count() > 0);
    QCOMPARE(panel->listedFrames().front(), qint64(kJumpFrame));
    QVERIFY(panel->countLabel()->text().contains(QString::number(panel->selectedCount())));
    // A lower threshold selects more frames, and the count says so at once.
    const qint64 at20 = panel->selectedCount();
    panel->setThreshold(0.5);
    QVERIFY(panel->selectedCount() > at20);
    panel->setThreshold(20.0);
    // A click shows the frame.
    QTest::mouseClick(
        panel->list()->viewport(), Qt::LeftButton, {}, panel->list()->visualItemRect(panel->list()->item(0)).center());
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), kJumpFrame, kSlowMachineMs);
}

void TestVideoPredictions::sendFramesMarksNeedsReviewAndNeverOverwrites()
{
    const QString model = m_tmp.filePath(QStringLiteral("trained.ckpt"));
    int jumpPoint = -1;
    QString error;
    QVERIFY2(writeTruthCache(m_video, model, &jumpPoint, &error), qPrintable(error));
    VideoWorkspace ws;
    openWithModel(ws, model);
    WorstFramesPanel *panel = ws.worstFramesPanel();
    panel->setCriterion(WorstFrames::Criterion::Jitter);
    panel->setThreshold(0.0);
    panel->setCount(3);
    const std::vector<qint64> frames = panel->framesToSend();
    QCOMPARE(frames.size(), size_t(3));
    QSignalSpy sent(&ws, &VideoWorkspace::framesSent);
    QSignalSpy review(&ws, &VideoWorkspace::framesSentForReview);
    QSignalSpy added(&ws, &VideoWorkspace::frameAdded);
    QTest::mouseClick(panel->sendButton(), Qt::LeftButton);
    QVERIFY(sent.wait(kSlowMachineMs));
    QCOMPARE(sent.at(0).at(0).toInt(), 3);
    QCOMPARE(review.count(), 1);
    const QStringList files = review.at(0).at(0).toStringList();
    QCOMPARE(files.size(), 3);
    QCOMPARE(added.count(), 1);
    QVERIFY(files.contains(added.at(0).at(0).toString()));
    ReviewState state;
    QVERIFY(state.load(m_dir, &error));
    QMap<QString, QByteArray> contents;
    for (const QString &f : files) {
        QVERIFY(f.startsWith(m_project->config().imagesDir(QStringLiteral("train"))));
        QVERIFY(state.contains(f));
        const QByteArray label = readAll(DatasetConfig::labelFileFor(f));
        QVERIFY(!label.isEmpty());
        contents[f] = readAll(f) + label;
    }
    // Again: nothing is overwritten.
    sent.clear();
    QTest::mouseClick(panel->sendButton(), Qt::LeftButton);
    QVERIFY(sent.wait(kSlowMachineMs));
    QCOMPARE(sent.at(0).at(0).toInt(), 0);
    QCOMPARE(sent.at(0).at(1).toInt(), 3);
    for (const QString &f : files)
        QCOMPARE(readAll(f) + readAll(DatasetConfig::labelFileFor(f)), contents[f]);
    // "Label this frame" (E) on a new frame: written with its labels, marked for review.
    const qint64 fresh = std::find(frames.begin(), frames.end(), 0) == frames.end() ? 0 : 1;
    ws.seek(int(fresh));
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), int(fresh), kSlowMachineMs);
    review.clear();
    ws.setFocus();
    QTest::keyClick(&ws, Qt::Key_E);
    QCOMPARE(review.count(), 1);
    const QString one = review.at(0).at(0).toStringList().value(0);
    QVERIFY(QFileInfo::exists(DatasetConfig::labelFileFor(one)));
    QVERIFY(state.load(m_dir, &error));
    QVERIFY(state.contains(one));
}

void TestVideoPredictions::fillCarriesCorrectionsBetweenKeyframes()
{
    const QString model = m_tmp.filePath(QStringLiteral("trained.ckpt"));
    int jumpPoint = -1;
    QString error;
    QVERIFY2(writeTruthCache(m_video, model, &jumpPoint, &error), qPrintable(error));
    // No frame of this video in the dataset yet.
    const QDir images(m_project->config().imagesDir(QStringLiteral("train")));
    const QString base = QFileInfo(m_video).completeBaseName();
    ReviewState state;
    QVERIFY(state.load(m_dir, &error));
    for (const QString &f : images.entryList({ base + QStringLiteral("_*.jpg") }, QDir::Files)) {
        QFile::remove(DatasetConfig::labelFileFor(images.filePath(f)));
        QFile::remove(images.filePath(f));
        state.remove(images.filePath(f));
    }
    QVERIFY(state.save(&error));
    VideoWorkspace ws;
    openWithModel(ws, model);
    // Nothing to fill from yet: said, nothing written.
    QVERIFY(!ws.fillBetweenKeyframes(QStringLiteral("train"), &error));
    QVERIFY2(error.contains(QStringLiteral("at least two frames")), qPrintable(error));

    // A person labelled frames 20 and 26 (the truth there) and accepted them.
    const auto truth = VideoTruth::load(VideoTruth::sidecarFor(m_video), 14, &error);
    QVERIFY(truth);
    for (int f : { 20, 26 }) {
        ws.seek(f);
        QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), f, kSlowMachineMs);
        const QString file = ws.addCurrentFrame(&error);
        QVERIFY2(!file.isEmpty(), qPrintable(error));
        QVERIFY(gp::LabelFile::write(
            DatasetConfig::labelFileFor(file), truth->frame(f)->annotation.instances, QImage(file).size(), 3, &error));
        QVERIFY(state.load(m_dir, &error));
        state.remove(file);
        QVERIFY(state.save(&error));
    }
    int unreadable = 0;
    const auto keyframes = gp::VideoKeyframes::collect(
        m_project->config(), m_dir, QStringLiteral("train"), m_video, &unreadable, &error);
    QCOMPARE(int(keyframes.size()), 2);
    // What the fill should write: the same computation over the same tracks.
    const auto expected = gp::KeyframeFill::fill(
        keyframes, [&](qint64 f) { return gp::PredictionLabeller::fromTracks(ws.predictions()->tracksAt(f)); },
        QSizeF(ws.videoInfo().size));
    QCOMPARE(int(expected.size()), 5);

    QSignalSpy sent(&ws, &VideoWorkspace::framesSent);
    QSignalSpy order(&ws, &VideoWorkspace::reviewOrder);
    QTest::mouseClick(ws.fillButton(), Qt::LeftButton);
    QVERIFY(sent.wait(kSlowMachineMs));
    QCOMPARE(sent.at(0).at(0).toInt(), 5);
    QCOMPARE(order.count(), 1);
    const QStringList files = order.at(0).at(0).toStringList();
    QCOMPARE(files.size(), 5);
    // The neediest frame first.
    double most = -1;
    qint64 neediest = -1;
    for (const auto &[f, frame] : expected)
        if (frame.reviewPriority > most) {
            most = frame.reviewPriority;
            neediest = f;
        }
    QCOMPARE(files.first(), images.filePath(gp::FrameImporter::frameFileName(m_video, int(neediest))));
    QVERIFY(state.load(m_dir, &error));
    for (const auto &[f, frame] : expected) {
        const QString file = images.filePath(gp::FrameImporter::frameFileName(m_video, int(f)));
        QVERIFY(files.contains(file));
        QVERIFY(state.contains(file));
        gp::DatasetIssueList issues;
        std::vector<PoseInstance> written = gp::LabelFile::read(
            DatasetConfig::labelFileFor(file), QImage(file).size(), m_project->config().labelFormat(), &issues);
        QVERIFY(gp::PointOrigins::apply(m_dir, file, &written, true, &error));
        QCOMPARE(written.size(), frame.objects.size());
        for (size_t i = 0; i < written.size(); ++i)
            for (size_t k = 0; k < written[i].keypoints.size(); ++k) {
                const Keypoint &w = written[i].keypoints[k], &e = frame.objects[i].keypoints[k];
                QCOMPARE(w.isLabelled(), e.isLabelled());
                if (!w.isLabelled())
                    continue;
                // Label files keep 6 decimals of the normalised coordinate: 320 × 5e-7 px.
                QVERIFY2(std::abs(w.x - e.x) < 1e-3 && std::abs(w.y - e.y) < 1e-3,
                    qPrintable(QStringLiteral("frame %1 object %2 point %3: written %4,%5 expected %6,%7")
                                   .arg(f)
                                   .arg(i)
                                   .arg(k)
                                   .arg(w.x)
                                   .arg(w.y)
                                   .arg(e.x)
                                   .arg(e.y)));
                QCOMPARE(w.origin, Keypoint::Origin::Refit);
            }
    }
    if (qEnvironmentVariableIsSet("GP_SCREENSHOT_DIR")) {
        ws.resize(1366, 768);
        QTest::qWait(200);
        ws.grab().save(qEnvironmentVariable("GP_SCREENSHOT_DIR") + QStringLiteral("/video-fill.png"));
    }
    // Again: the frames are there, nothing is overwritten.
    const QByteArray before = readAll(DatasetConfig::labelFileFor(files.first()));
    sent.clear();
    QVERIFY(ws.fillBetweenKeyframes(QStringLiteral("train"), &error));
    QVERIFY(sent.wait(kSlowMachineMs));
    QCOMPARE(sent.at(0).at(0).toInt(), 0);
    QCOMPARE(readAll(DatasetConfig::labelFileFor(files.first())), before);
}

namespace {

// Gamma correction by its definition (ImageEnhancement's documentation): every channel
// through v^gamma, with the gamma that takes the mean Rec. 601 luminance to 0.5.
cv::Mat gammaByDefinition(const cv::Mat &bgr)
{
    cv::Mat grey;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    const double mean = cv::mean(grey)[0] / 255.0;
    const double gamma = std::clamp(std::log(0.5) / std::log(mean), 0.2, 1.0);
    cv::Mat out = bgr.clone();
    for (auto it = out.begin<cv::Vec3b>(); it != out.end<cv::Vec3b>(); ++it)
        for (int c = 0; c < 3; ++c)
            (*it)[c] = uchar(std::lround(255.0 * std::pow((*it)[c] / 255.0, gamma)));
    return out;
}

double largestDifference(const std::vector<PoseDetection> &a, const std::vector<PoseDetection> &b)
{
    if (a.size() != b.size())
        return INFINITY;
    double d = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        d = std::max({ d, std::abs(a[i].score - b[i].score), std::abs(a[i].box.x1 - b[i].box.x1),
            std::abs(a[i].box.y2 - b[i].box.y2) });
        for (size_t k = 0; k < a[i].keypoints.size(); ++k)
            d = std::max({ d, std::abs(a[i].keypoints[k].x - b[i].keypoints[k].x),
                std::abs(a[i].keypoints[k].y - b[i].keypoints[k].y) });
    }
    return d;
}

} // namespace

void TestVideoPredictions::enhancementReachesTheNetworkLiveAndInTheAnalysis()
{
    // The demo video at a quarter of its brightness (MJPEG: every decoder gives the same pixels).
    const QString dark = m_tmp.filePath(QStringLiteral("dark.avi"));
    std::vector<cv::Mat> frames; // as a sequential decode gives them back
    {
        FrameReader in;
        QString error;
        QVERIFY2(in.open(m_video, &error), qPrintable(error));
        cv::VideoWriter out;
        VideoFrame f;
        QString message;
        for (int i = 0; i < 4 && in.read(&f, &message) == FrameReader::Status::Ok; ++i) {
            cv::Mat scaled;
            f.image.convertTo(scaled, -1, 0.25);
            if (!out.isOpened())
                QVERIFY(out.open(dark.toStdString(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 30.0, scaled.size()));
            out.write(scaled);
        }
        out.release();
        FrameReader back;
        QVERIFY2(back.open(dark, &error), qPrintable(error));
        while (back.read(&f, &message) == FrameReader::Status::Ok)
            frames.push_back(f.image.clone());
        QCOMPARE(frames.size(), size_t(4));
        cv::Mat grey;
        cv::cvtColor(frames[1], grey, cv::COLOR_BGR2GRAY);
        QVERIFY(cv::mean(grey)[0] < 0.25 * 255); // dark: gamma will brighten it
    }
    // What the network gives on each frame as it is, and corrected here by the definition.
    const QString model = m_tmp.filePath(QStringLiteral("sensitive.ckpt"));
    testsupport::writeSensitiveCheckpoint(model);
    PredictorOptions po;
    po.model = model;
    po.imgsz = 64;
    po.conf = 0.0;
    po.device = QStringLiteral("cpu");
    Predictor reference;
    QString error;
    QVERIFY2(reference.load(po, &error), qPrintable(error));
    std::vector<std::vector<PoseDetection>> onDark, onCorrected;
    for (const cv::Mat &f : frames) {
        std::vector<std::vector<PoseDetection>> r;
        QVERIFY2(reference.predict({ f }, &r, &error), qPrintable(error));
        onDark.push_back(r.front());
        QVERIFY2(reference.predict({ gammaByDefinition(f) }, &r, &error), qPrintable(error));
        onCorrected.push_back(r.front());
        QVERIFY(!onCorrected.back().empty());
    }

    VideoWorkspace ws;
    ws.resize(1200, 800);
    ws.show();
    ws.openVideo(dark);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    ws.modelPanel()->imgszBox()->setValue(64);
    ws.modelPanel()->confBox()->setValue(0.0);
    ws.modelPanel()->applySettings();
    ws.setModel(model);
    QComboBox *box = ws.modelPanel()->enhanceBox();
    box->setCurrentIndex(box->findData(int(Enhancement::Gamma)));
    QCOMPARE(ws.predictions()->enhancement(), Enhancement::Gamma);

    // Live: the frame on screen, inferred on the worker, is the corrected frame.
    ws.seek(1);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 1, kSlowMachineMs);
    QTest::mouseClick(
        ws.modelPanel()->liveBox(), Qt::LeftButton, {}, QPoint(8, ws.modelPanel()->liveBox()->height() / 2));
    QVERIFY(ws.modelPanel()->liveBox()->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(ws.imageView()->statusText().contains(QStringLiteral("live")), kSlowMachineMs);
    // The frame's latency, and the median and 95th percentile over the frames since live mode began.
    QVERIFY2(ws.imageView()->statusText().contains(
                 QRegularExpression(QStringLiteral("p50 \\d+ ms, p95 \\d+ ms over [1-9]"))),
        qPrintable(ws.imageView()->statusText()));
    QVERIFY(ws.predictions()->liveLatency().count() >= 1);
    if (qEnvironmentVariableIsSet("GP_SCREENSHOT_DIR")) {
        ws.resize(1366, 768);
        QTest::qWait(200);
        ws.grab().save(qEnvironmentVariable("GP_SCREENSHOT_DIR") + QStringLiteral("/video-live.png"));
    }
    std::vector<PoseDetection> live;
    for (const TrackedPose &t : ws.imageView()->prediction()) {
        PoseDetection d;
        d.box = t.rawBox;
        d.score = t.score;
        for (const TrackedKeypoint &k : t.keypoints)
            d.keypoints.push_back({ k.rawX, k.rawY, k.conf });
        live.push_back(d);
    }
    QVERIFY2(largestDifference(live, onCorrected[1]) < 1e-3,
        qPrintable(QString::number(largestDifference(live, onCorrected[1]))));
    QVERIFY(largestDifference(live, onDark[1]) > 1e-2);
    QTest::mouseClick(
        ws.modelPanel()->liveBox(), Qt::LeftButton, {}, QPoint(8, ws.modelPanel()->liveBox()->height() / 2));
    QVERIFY(!ws.modelPanel()->liveBox()->isChecked());

    // The analysis pass: every cached frame is what the network gives on the corrected frame.
    QSignalSpy finished(ws.predictions()->analysisJob(), &BackgroundJob::finished);
    QTest::mouseClick(ws.modelPanel()->analyseButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kSlowMachineMs));
    const DetectionCache *cache = ws.predictions()->cache();
    QVERIFY(cache);
    QCOMPARE(cache->key().enhance, Enhancement::Gamma);
    QCOMPARE(cache->analysedFrames(), qint64(frames.size()));
    for (size_t i = 0; i < frames.size(); ++i) {
        const DetectionCache::Frame *f = cache->frame(qint64(i));
        QVERIFY(f);
        const double d = largestDifference(f->detections, onCorrected[i]);
        QVERIFY2(d < 1e-3, qPrintable(QStringLiteral("frame %1: %2").arg(i).arg(d)));
        QVERIFY(largestDifference(f->detections, onDark[i]) > 1e-2);
    }
    QFile::remove(DetectionCache::sidecarFor(dark));
}

QTEST_MAIN(TestVideoPredictions)
#include "tst_videopredictions.moc"
