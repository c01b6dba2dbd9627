// The Video workspace: VideoReader decodes the frame asked for (compared with a
// sequential decode), the workspace opens the project's demo video with its ground truth,
// scrubs with the slider and the step buttons, and plays to the end.

#include "imageview.h"
#include "poseoverlayview.h"
#include "project.h"
#include "synthgenerator.h"
#include "videoreader.h"
#include "videotimeline.h"
#include "videotruth.h"
#include "videoworkspace.h"

#include <QCheckBox>
#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QToolButton>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

using gp::Project;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::VideoInfo;
using gp::VideoTruth;

// Background work (thumbnails, decoding, checks) can be slow on a loaded CI machine.
static constexpr int kSlowMachineMs = 60000;

namespace {

constexpr int kFrames = 24;

double meanAbsDiff(const QImage &a, const QImage &b)
{
    if (a.size() != b.size())
        return 1e9;
    const QImage x = a.convertToFormat(QImage::Format_RGB888);
    const QImage y = b.convertToFormat(QImage::Format_RGB888);
    double sum = 0;
    for (int r = 0; r < x.height(); ++r) {
        const uchar *p = x.constScanLine(r);
        const uchar *q = y.constScanLine(r);
        for (int i = 0; i < x.width() * 3; ++i)
            sum += std::abs(int(p[i]) - int(q[i]));
    }
    return sum / (x.width() * x.height() * 3.0);
}

} // namespace

class TestVideoWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readerSeeksFrameAccurately();
    void readerReportsMissingFile();
    void truthParsesAndRejects();
    void opensProjectVideoWithGroundTruth();
    void scrubsWithSliderAndButtons();
    void togglesGroundTruth();
    void playsToTheEnd();
    void seeksBFrameVideoFrameAccurately();
    void loopsTheRangeAtSpeed();

private:
    QTemporaryDir m_tmp;
    QString m_dir;
    std::vector<QImage> m_sequential;
};

void TestVideoWorkspace::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_dir = m_tmp.filePath(QStringLiteral("project"));
    SynthOptions o;
    o.outDir = m_dir;
    o.count = 4;
    o.imageSize = QSize(320, 192);
    o.seed = 3;
    o.videoFrames = kFrames;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));

    cv::VideoCapture cap(QDir(m_dir).filePath(SynthGenerator::videoFileName()).toStdString());
    QVERIFY(cap.isOpened());
    cv::Mat frame, rgb;
    while (cap.read(frame)) {
        cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
        m_sequential.push_back(QImage(rgb.data, rgb.cols, rgb.rows, int(rgb.step), QImage::Format_RGB888).copy());
    }
    QCOMPARE(int(m_sequential.size()), kFrames);
}

void TestVideoWorkspace::readerSeeksFrameAccurately()
{
    QThread thread;
    auto *reader = new VideoReader;
    reader->moveToThread(&thread);
    connect(&thread, &QThread::finished, reader, &QObject::deleteLater);
    thread.start();
    QSignalSpy opened(reader, &VideoReader::opened);
    QSignalSpy frames(reader, &VideoReader::frameReady);
    QSignalSpy failed(reader, &VideoReader::failed);
    const QString file = QDir(m_dir).filePath(SynthGenerator::videoFileName());
    QMetaObject::invokeMethod(
        reader, [reader, file] { reader->open(file); }, Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, kSlowMachineMs);
    const auto info = opened.at(0).at(0).value<VideoInfo>();
    QCOMPARE(info.frameCount, kFrames);
    QCOMPARE(info.size, QSize(320, 192));

    // Backwards, forwards, repeated and consecutive frames.
    for (int index : { 17, 3, 3, 22, 0, 11, 12, 13, 5, kFrames - 1 }) {
        frames.clear();
        reader->requestFrame(index);
        QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 1, kSlowMachineMs);
        QCOMPARE(frames.at(0).at(0).toInt(), index);
        const QImage image = frames.at(0).at(1).value<QImage>();
        const double diff = meanAbsDiff(image, m_sequential[size_t(index)]);
        QVERIFY2(diff < 0.5, qPrintable(QStringLiteral("frame %1 differs by %2").arg(index).arg(diff)));
    }
    QCOMPARE(failed.count(), 0);

    // Requests made while decoding coalesce: the last one always arrives.
    frames.clear();
    for (int i = 0; i < kFrames; ++i)
        reader->requestFrame(i);
    QTRY_VERIFY_WITH_TIMEOUT(!frames.isEmpty() && frames.last().at(0).toInt() == kFrames - 1, kSlowMachineMs);
    QVERIFY(frames.count() <= kFrames);

    thread.quit();
    thread.wait();
}

void TestVideoWorkspace::readerReportsMissingFile()
{
    VideoWorkspace ws;
    QSignalSpy failed(&ws, &VideoWorkspace::videoFailed);
    ws.openVideo(m_tmp.filePath(QStringLiteral("missing.mp4")));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kSlowMachineMs);
    QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("missing.mp4")));
    QVERIFY(!ws.isBusy());
}

void TestVideoWorkspace::truthParsesAndRejects()
{
    QString error;
    const auto truth = VideoTruth::load(QDir(m_dir).filePath(SynthGenerator::videoTruthFileName()), 14, &error);
    QVERIFY2(truth, qPrintable(error));
    QCOMPARE(truth->frameCount(), kFrames);
    QCOMPARE(truth->size(), QSize(320, 192));
    QVERIFY(truth->frame(0));
    QVERIFY(!truth->frame(kFrames));
    QCOMPARE(VideoTruth::sidecarFor(QStringLiteral("/a/b/demo.mp4")), QStringLiteral("/a/b/demo.json"));

    const QString bad = m_tmp.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        R"({"fps": 30, "width": 10, "height": 10, "frames": [{"frame": 0, "instances": [{"track": 1, "box": [0, 0, 5, 5], "keypoints": [[1, 1, 2]]}]}]})");
    f.close();
    QVERIFY(!VideoTruth::load(bad, 14, &error));
    QVERIFY2(error.contains(QStringLiteral("frames[0]")) && error.contains(QStringLiteral("14")), qPrintable(error));
}

void TestVideoWorkspace::opensProjectVideoWithGroundTruth()
{
    QString error;
    auto project = Project::open(m_dir, &error);
    QVERIFY2(project, qPrintable(error));
    VideoWorkspace ws;
    ws.resize(800, 600);
    ws.show();
    QSignalSpy shown(&ws, &VideoWorkspace::frameShown);
    ws.setProject(std::make_shared<const Project>(*project));
    QTRY_COMPARE_WITH_TIMEOUT(ws.videoInfo().frameCount, kFrames, kSlowMachineMs);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    QVERIFY(!ws.isBusy());
    QVERIFY(ws.hasGroundTruth());
    QVERIFY(ws.groundTruthBox()->isEnabled());
    QCOMPARE(ws.timeline()->frameCount(), kFrames);
    QCOMPARE(ws.imageView()->imageSize(), QSize(320, 192));
    QCOMPARE(ws.imageView()->annotation(), ws.groundTruth()->frame(0)->annotation);
}

void TestVideoWorkspace::scrubsWithSliderAndButtons()
{
    QString error;
    auto project = Project::open(m_dir, &error);
    QVERIFY(project);
    VideoWorkspace ws;
    ws.resize(800, 600);
    ws.show();
    ws.setProject(std::make_shared<const Project>(*project));
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);

    ws.timeline()->slider()->setValue(9);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 9, kSlowMachineMs);
    QCOMPARE(ws.imageView()->annotation(), ws.groundTruth()->frame(9)->annotation);
    QVERIFY(meanAbsDiff(ws.imageView()->image(), m_sequential[9]) < 0.5);

    QToolButton *next = ws.timeline()->nextButton();
    QToolButton *prev = ws.timeline()->previousButton();
    QTest::mouseClick(next, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 10, kSlowMachineMs);
    QTest::mouseClick(prev, Qt::LeftButton);
    QTest::mouseClick(prev, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 8, kSlowMachineMs);
    QCOMPARE(ws.timeline()->currentFrame(), 8);
    QVERIFY(meanAbsDiff(ws.imageView()->image(), m_sequential[8]) < 0.5);
}

void TestVideoWorkspace::togglesGroundTruth()
{
    QString error;
    auto project = Project::open(m_dir, &error);
    QVERIFY(project);
    VideoWorkspace ws;
    ws.show();
    ws.setProject(std::make_shared<const Project>(*project));
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    ws.seek(5);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 5, kSlowMachineMs);
    const auto &truth = ws.groundTruth()->frame(5)->annotation;
    QCOMPARE(ws.imageView()->annotation(), truth);
    ws.groundTruthBox()->setChecked(false);
    QVERIFY(ws.imageView()->annotation().instances.empty());
    ws.groundTruthBox()->setChecked(true);
    QCOMPARE(ws.imageView()->annotation(), truth);
}

void TestVideoWorkspace::playsToTheEnd()
{
    QString error;
    auto project = Project::open(m_dir, &error);
    QVERIFY(project);
    VideoWorkspace ws;
    ws.show();
    ws.setProject(std::make_shared<const Project>(*project));
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    QSignalSpy shown(&ws, &VideoWorkspace::frameShown);
    QTest::mouseClick(ws.timeline()->playButton(), Qt::LeftButton);
    QVERIFY(ws.isPlaying());
    QVERIFY(ws.timeline()->isPlaying());
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), kFrames - 1, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!ws.isPlaying(), kSlowMachineMs);
    QVERIFY(!ws.timeline()->isPlaying());
    // Every frame in order, none skipped.
    QCOMPARE(shown.count(), kFrames - 1);
    for (int i = 0; i < shown.count(); ++i)
        QCOMPARE(shown.at(i).at(0).toInt(), i + 1);
}

void TestVideoWorkspace::seeksBFrameVideoFrameAccurately()
{
    // H.264 with B-frames and key frames 90 frames apart (Debian's ffmpeg, installed by
    // scripts/setup.sh): random seeks show the frame a sequential decode numbers N.
    const QString file = m_tmp.filePath(QStringLiteral("bframes.mp4"));
    QProcess ffmpeg;
    ffmpeg.start(QStringLiteral("ffmpeg"),
        { "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x96:rate=30", "-frames:v",
            "200", "-c:v", "libx264", "-bf", "3", "-g", "90", "-sc_threshold", "0", "-pix_fmt", "yuv420p", file });
    QVERIFY2(ffmpeg.waitForFinished(60000) && ffmpeg.exitCode() == 0, ffmpeg.readAllStandardError().constData());
    std::vector<QImage> sequential;
    cv::VideoCapture cap(file.toStdString());
    cv::Mat frame, rgb;
    while (cap.read(frame)) {
        cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
        sequential.push_back(QImage(rgb.data, rgb.cols, rgb.rows, int(rgb.step), QImage::Format_RGB888).copy());
    }
    QCOMPARE(int(sequential.size()), 200);
    VideoWorkspace ws;
    ws.show();
    ws.openVideo(file);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    for (int index : { 199, 150, 3, 91, 89, 90, 120, 0, 178, 64, 65 }) {
        ws.seek(index);
        QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), index, kSlowMachineMs);
        QCOMPARE(meanAbsDiff(ws.imageView()->image(), sequential[size_t(index)]), 0.0);
    }
    // Shift+Right steps 10 frames, Left one back.
    ws.setFocus();
    QTest::keyClick(&ws, Qt::Key_Right, Qt::ShiftModifier);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 75, kSlowMachineMs);
    QTest::keyClick(&ws, Qt::Key_Left);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 74, kSlowMachineMs);
    QCOMPARE(meanAbsDiff(ws.imageView()->image(), sequential[74]), 0.0);
    // Jump to a time: 2.5 s at 30 fps is frame 75.
    QCOMPARE(VideoTimeline::parsePosition(QStringLiteral("0:02.5"), 30.0, 200), 75);
    QCOMPARE(VideoTimeline::parsePosition(QStringLiteral("2.5s"), 30.0, 200), 75);
    QCOMPARE(VideoTimeline::parsePosition(QStringLiteral("120"), 30.0, 200), 120);
    QCOMPARE(VideoTimeline::parsePosition(QStringLiteral("9999"), 30.0, 200), 199);
    QCOMPARE(VideoTimeline::parsePosition(QStringLiteral("soon"), 30.0, 200), -1);
}

void TestVideoWorkspace::loopsTheRangeAtSpeed()
{
    QString error;
    auto project = Project::open(m_dir, &error);
    QVERIFY(project);
    VideoWorkspace ws;
    ws.show();
    ws.setProject(std::make_shared<const Project>(*project));
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 0, kSlowMachineMs);
    ws.timeline()->setSpeed(4.0);
    QCOMPARE(ws.timeline()->speed(), 4.0);
    ws.timeline()->setLoopRange(5, 8);
    ws.timeline()->setLooping(true);
    ws.seek(5);
    QTRY_COMPARE_WITH_TIMEOUT(ws.shownFrame(), 5, kSlowMachineMs);
    QSignalSpy shown(&ws, &VideoWorkspace::frameShown);
    ws.play();
    // Around the loop twice: 6 7 8 5 6 7 8 5.
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() >= 8, kSlowMachineMs);
    ws.pause();
    const int expected[] = { 6, 7, 8, 5, 6, 7, 8, 5 };
    for (int i = 0; i < 8; ++i)
        QCOMPARE(shown.at(i).at(0).toInt(), expected[i]);
}

QTEST_MAIN(TestVideoWorkspace)
#include "tst_videoworkspace.moc"
