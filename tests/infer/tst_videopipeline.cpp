// The five-stage pipeline with a stand-in detector (no network): exact frame indices
// through every stage, vid_stride, backpressure (bounded memory behind a slow stage),
// cancellation mid-video, a truncated file counted, latest-only dropping, JSON Lines with one
// line per frame (also frames without detections), CSV, the annotated video, and temporal
// settings changed while running.

#include "testvideo.h"
#include "videopipeline.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <mutex>
#include <thread>

using gp::FramePrediction;
using gp::PipelineOptions;
using gp::PipelineSummary;
using gp::PoseDetection;
using gp::PoseDetector;
using gp::TemporalOptions;
using gp::TrackedPose;
using gp::VideoPipeline;

// Background work (thumbnails, decoding, checks) can be slow on a loaded CI machine.
static constexpr int kSlowMachineMs = 60000;

namespace {

// One instance on even-barcode frames, none on odd ones; sleeps `delayMs` per batch, and
// with `jitter` 0, 7 or 14 ms more by the first frame's barcode, so that parallel workers
// finish their batches out of order.
PoseDetector fakeDetector(int delayMs = 0, std::atomic<int> *maxBatch = nullptr, bool jitter = false)
{
    return [delayMs, maxBatch, jitter](
               const std::vector<cv::Mat> &images, std::vector<std::vector<PoseDetection>> *results, QString *) {
        const int extra = jitter && !images.empty() ? 7 * (testvideo::readBarcode(images.front()) % 3) : 0;
        if (delayMs + extra > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs + extra));
        if (maxBatch && int(images.size()) > *maxBatch)
            *maxBatch = int(images.size());
        results->clear();
        for (const cv::Mat &m : images) {
            std::vector<PoseDetection> dets;
            const int code = testvideo::readBarcode(m);
            if (code % 2 == 0) {
                PoseDetection d;
                d.box = { 10.0 + code, 10.0, 40.0 + code, 40.0 };
                d.score = 0.9;
                for (int k = 0; k < 14; ++k)
                    d.keypoints.push_back({ 12.0 + code + 2 * k, 12.0 + k, 0.9 });
                dets.push_back(d);
            }
            results->push_back(dets);
        }
        return true;
    };
}

} // namespace

class TestVideoPipeline : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_clip;

private Q_SLOTS:
    void initTestCase()
    {
        m_clip = m_dir.filePath(QStringLiteral("clip.mp4"));
        QVERIFY(testvideo::write(m_clip, 30));
    }

    void exactIndicesThroughAllStages_data()
    {
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("workers");
        QTest::newRow("every frame, batch 1") << 1 << 1 << 1;
        QTest::newRow("every frame, batch 4") << 1 << 4 << 1;
        QTest::newRow("stride 3, batch 2") << 3 << 2 << 1;
        // Batches finish out of order on three workers and are put back in order.
        QTest::newRow("every frame, batch 1, 3 workers") << 1 << 1 << 3;
        QTest::newRow("every frame, batch 2, 3 workers") << 1 << 2 << 3;
        QTest::newRow("stride 2, batch 3, 2 workers") << 2 << 3 << 2;
    }

    void exactIndicesThroughAllStages()
    {
        QFETCH(int, stride);
        QFETCH(int, batch);
        QFETCH(int, workers);
        std::atomic<int> maxBatch { 0 };
        std::mutex mutex;
        std::vector<std::pair<qint64, int>> seen; // frame index, barcode of the image
        PipelineOptions o;
        o.source = m_clip;
        o.vidStride = stride;
        o.batch = batch;
        o.workers = workers;
        o.detector = fakeDetector(0, &maxBatch, /*jitter=*/workers > 1);
        o.onFrame = [&](const FramePrediction &p, const cv::Mat &image) {
            std::lock_guard<std::mutex> lock(mutex);
            seen.emplace_back(p.frameIndex, testvideo::readBarcode(image));
        };
        PipelineSummary s;
        QString error;
        QVERIFY2(VideoPipeline::run(o, &s, &error), qPrintable(error));
        const int expected = (30 + stride - 1) / stride;
        QCOMPARE(int(seen.size()), expected);
        for (int i = 0; i < expected; ++i) {
            QCOMPARE(seen[size_t(i)].first, qint64(i * stride));
            QCOMPARE(seen[size_t(i)].second, i * stride);
        }
        QCOMPARE(s.framesRead, qint64(30));
        QCOMPARE(s.processed, qint64(expected));
        QCOMPARE(s.dropped, qint64(30 - expected));
        QCOMPARE(s.failed, qint64(0));
        QVERIFY(!s.cancelled);
        QCOMPARE(s.workers, workers);
        QCOMPARE(s.batch, batch);
        QVERIFY(maxBatch <= batch);
        if (batch > 1)
            QVERIFY(maxBatch > 1);
        QCOMPARE(s.stages.size(), size_t(5));
        QCOMPARE(s.stages[0].name, QStringLiteral("reader"));
        QCOMPARE(s.stages[1].dropped, qint64(30 - expected));
        QCOMPARE(s.stages[2].in, qint64(expected));
        QCOMPARE(s.stages[4].out, qint64(expected));
    }

    void targetRate()
    {
        // 30 fps video sampled at 10 fps: every third frame.
        PipelineOptions o;
        o.source = m_clip;
        o.targetFps = 10.0;
        o.detector = fakeDetector();
        std::vector<qint64> seen;
        o.onFrame = [&](const FramePrediction &p, const cv::Mat &) { seen.push_back(p.frameIndex); };
        PipelineSummary s;
        QString error;
        QVERIFY2(VideoPipeline::run(o, &s, &error), qPrintable(error));
        QCOMPARE(seen, (std::vector<qint64> { 0, 3, 6, 9, 12, 15, 18, 21, 24, 27 }));
        QCOMPARE(s.dropped, qint64(20));
    }

    void backpressureBoundsMemory()
    {
        // A slow detector: the reader may run ahead by the queues' capacity only.
        PipelineOptions o;
        o.source = m_clip;
        o.queueCapacity = 2;
        o.detector = fakeDetector(15);
        VideoPipeline p;
        QString error;
        QVERIFY2(p.start(o, &error), qPrintable(error));
        qint64 maxAhead = 0;
        while (p.isRunning()) {
            const auto st = p.stats();
            maxAhead = std::max(maxAhead, st[0].out - st[2].in);
            QTest::qWait(5);
        }
        const PipelineSummary s = p.wait();
        QCOMPARE(s.processed, qint64(30));
        // Two queues of 2 between reader and inferrer, plus one frame in the sampler's hands
        // and one the inferrer has taken but not yet counted.
        QVERIFY2(maxAhead <= 2 * 2 + 2, qPrintable(QString::number(maxAhead)));
        QVERIFY(maxAhead >= 2); // it did run ahead (the queues filled up)
        QVERIFY(s.stages[2].busyMs >= 30 * 15 * 0.9);
    }

    void cancelMidVideo()
    {
        PipelineOptions o;
        o.source = m_clip;
        o.detector = fakeDetector(20);
        VideoPipeline p;
        QString error;
        QVERIFY2(p.start(o, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(p.processedFrames() >= 3, kSlowMachineMs);
        QElapsedTimer clock;
        clock.start();
        p.cancel();
        const PipelineSummary s = p.wait();
        QVERIFY(clock.elapsed() < 2000);
        QVERIFY(s.cancelled);
        QVERIFY(s.error.isEmpty());
        QVERIFY2(s.processed >= 3 && s.processed < 30, qPrintable(QString::number(s.processed)));
        QVERIFY(!p.isRunning());
    }

    void destructorCancels()
    {
        PipelineOptions o;
        o.source = m_clip;
        o.detector = fakeDetector(20);
        auto p = std::make_unique<VideoPipeline>();
        QString error;
        QVERIFY(p->start(o, &error));
        p.reset(); // must not hang or crash
    }

    void truncatedFileCountedNotCrashed()
    {
        const QString path = m_dir.filePath(QStringLiteral("cut.avi"));
        QVERIFY(testvideo::write(path, 40, 30.0, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), cv::Size(96, 64)));
        QVERIFY(testvideo::truncate(path, 0.5));
        PipelineOptions o;
        o.source = path;
        o.detector = fakeDetector();
        o.output.jsonPath = m_dir.filePath(QStringLiteral("cut.jsonl"));
        PipelineSummary s;
        QString error;
        QVERIFY2(VideoPipeline::run(o, &s, &error), qPrintable(error));
        QVERIFY(s.failed > 0);
        QCOMPARE(s.processed + s.failed, qint64(40));
        QVERIFY(!s.problems.isEmpty());
        QFile f(o.output.jsonPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('\n'), int(s.processed));
    }

    void outputsOneLinePerFrame()
    {
        PipelineOptions o;
        o.source = m_clip;
        o.detector = fakeDetector();
        o.output.jsonPath = m_dir.filePath(QStringLiteral("out/p.jsonl"));
        o.output.csvPath = m_dir.filePath(QStringLiteral("out/p.csv"));
        o.output.videoPath = m_dir.filePath(QStringLiteral("out/p.mp4"));
        PipelineSummary s;
        QString error;
        QVERIFY2(VideoPipeline::run(o, &s, &error), qPrintable(error));
        QFile json(o.output.jsonPath);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = json.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 30);
        for (int i = 0; i < 30; ++i) {
            QJsonParseError pe;
            const QJsonObject obj = QJsonDocument::fromJson(lines[i], &pe).object();
            QCOMPARE(pe.error, QJsonParseError::NoError);
            QCOMPARE(obj.value(QStringLiteral("frame")).toInt(), i);
            QCOMPARE(obj.value(QStringLiteral("width")).toInt(), 64);
            const QJsonArray inst = obj.value(QStringLiteral("instances")).toArray();
            // Odd frames have no detection; with max_gap the track is bridged there.
            if (i % 2 == 0) {
                QCOMPARE(inst.size(), 1);
                const QJsonObject t = inst[0].toObject();
                QCOMPARE(t.value(QStringLiteral("track")).toInt(), 1);
                QCOMPARE(t.value(QStringLiteral("keypoints")).toArray().size(), 14);
                QCOMPARE(t.value(QStringLiteral("inferred")).toArray().size(), 14);
                QVERIFY(!t.value(QStringLiteral("bridged")).toBool());
            } else {
                QCOMPARE(inst.size(), 1);
                QVERIFY(inst[0].toObject().value(QStringLiteral("bridged")).toBool());
            }
        }
        QFile csv(o.output.csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = csv.readAll().trimmed().split('\n');
        QCOMPARE(rows.size(), 1 + 30);
        QCOMPARE(rows[0].split(',').size(), 9 + 14 * 6);
        QVERIFY(rows[0].startsWith(
            "frame,timestamp_ms,track,x1,y1,x2,y2,score,class,k0_x,k0_y,k0_conf,k0_raw_x,k0_raw_y,k0_inferred"));
        QCOMPARE(rows[1].split(',').size(), 9 + 14 * 6);
        cv::VideoCapture cap(o.output.videoPath.toStdString());
        QVERIFY(cap.isOpened());
        QCOMPARE(int(cap.get(cv::CAP_PROP_FRAME_COUNT)), 30);
    }

    void withoutTemporalStage()
    {
        PipelineOptions o;
        o.source = m_clip;
        o.detector = fakeDetector();
        o.temporal = false;
        int withDetections = 0;
        o.onFrame = [&](const FramePrediction &p, const cv::Mat &) {
            QVERIFY(!p.tracked);
            withDetections += p.detections.empty() ? 0 : 1;
        };
        PipelineSummary s;
        QString error;
        QVERIFY(VideoPipeline::run(o, &s, &error));
        QCOMPARE(withDetections, 15);
    }

    void latestOnlyDropsRatherThanFallsBehind()
    {
        PipelineOptions o;
        o.source = m_clip;
        o.latestOnly = true;
        o.queueCapacity = 1;
        o.detector = fakeDetector(25);
        PipelineSummary s;
        QString error;
        QVERIFY2(VideoPipeline::run(o, &s, &error), qPrintable(error));
        QVERIFY2(s.dropped > 0, qPrintable(QString::number(s.dropped)));
        QCOMPARE(s.processed + s.dropped, qint64(30));
    }

    void temporalOptionsChangeWhileRunning()
    {
        PipelineOptions o;
        o.source = m_clip;
        o.detector = fakeDetector(5);
        o.temporalOptions.maxGap = 5;
        std::atomic<int> bridged { 0 };
        o.onFrame = [&](const FramePrediction &p, const cv::Mat &) {
            for (const TrackedPose &t : p.tracks)
                bridged += t.bridged ? 1 : 0;
        };
        VideoPipeline p;
        QString error;
        QVERIFY(p.start(o, &error));
        TemporalOptions off = o.temporalOptions;
        off.maxGap = 0; // no more bridging from the next frame on
        p.setTemporalOptions(off);
        const PipelineSummary s = p.wait();
        QCOMPARE(s.processed, qint64(30));
        QVERIFY2(bridged < 15, qPrintable(QString::number(bridged)));
    }

    void badSourceAndModel()
    {
        VideoPipeline p;
        PipelineOptions o;
        QString error;
        o.source = m_dir.filePath(QStringLiteral("missing.mp4"));
        o.detector = fakeDetector();
        QVERIFY(!p.start(o, &error));
        QVERIFY(error.contains(QLatin1String("missing.mp4")));
        o.source = m_clip;
        o.detector = nullptr;
        o.predictor.model = m_dir.filePath(QStringLiteral("nothing.ckpt"));
        QVERIFY(!p.start(o, &error));
        QVERIFY(error.contains(QLatin1String("nothing.ckpt")));
    }

    void failingDetectorCountsFrames_data()
    {
        QTest::addColumn<int>("workers");
        QTest::newRow("one worker") << 1;
        QTest::newRow("two workers") << 2;
    }

    void failingDetectorCountsFrames()
    {
        // A failed batch holds its place: the frames after it still come out, in order.
        QFETCH(int, workers);
        std::vector<qint64> seen;
        PipelineOptions o;
        o.source = m_clip;
        o.batch = 5;
        o.workers = workers;
        o.onFrame = [&seen](const FramePrediction &p, const cv::Mat &) { seen.push_back(p.frameIndex); };
        o.detector = [](const std::vector<cv::Mat> &images, std::vector<std::vector<PoseDetection>> *r, QString *e) {
            if (testvideo::readBarcode(images.front()) == 10) { // frames 10-14
                *e = QStringLiteral("out of memory");
                return false;
            }
            r->assign(images.size(), {});
            return true;
        };
        PipelineSummary s;
        QString error;
        QVERIFY(VideoPipeline::run(o, &s, &error));
        QCOMPARE(s.failed, qint64(5));
        QCOMPARE(s.processed, qint64(25));
        QCOMPARE(int(seen.size()), 25);
        for (size_t i = 0; i < seen.size(); ++i)
            QCOMPARE(seen[i], qint64(i < 10 ? i : i + 5));
        QVERIFY(s.problems.join(QLatin1Char('\n')).contains(QLatin1String("out of memory")));
    }
};

QTEST_GUILESS_MAIN(TestVideoPipeline)
#include "tst_videopipeline.moc"
