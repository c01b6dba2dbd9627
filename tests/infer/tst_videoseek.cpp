// Frame-accurate random access (VideoDecoder over FrameReader): on files of several codecs
// and containers — OpenCV's MJPEG and mp4v, FFmpeg's H.264 with B-frames and key frames
// 4 s apart in MP4 and MKV, MPEG-4 part 2 with B-frames, and a variable frame rate — the
// frame shown for index N has the pixels of the N-th frame of a plain sequential decode.
// Also: the index pass gives the sequential timestamps, and the cache around the playhead
// serves steps back without decoding.

#include "framecache.h"
#include "framereader.h"
#include "testvideo.h"
#include "videodecoder.h"
#include "videoframe_p.h"

#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

using gp::FrameCache;
using gp::FrameReader;
using gp::VideoDecoder;
using gp::VideoFrame;

namespace {

// Every frame of `path` by a plain sequential decode (OpenCV alone, no seeking).
std::vector<QImage> sequential(const QString &path)
{
    std::vector<QImage> out;
    cv::VideoCapture cap(path.toStdString(), cv::CAP_FFMPEG);
    cv::Mat frame, rgb;
    while (cap.read(frame)) {
        cv::cvtColor(frame, rgb, cv::COLOR_BGR2RGB);
        out.push_back(QImage(rgb.data, rgb.cols, rgb.rows, int(rgb.step), QImage::Format_RGB888).copy());
    }
    return out;
}

int maxDiff(const QImage &a, const QImage &b)
{
    if (a.size() != b.size())
        return 1000;
    const QImage x = a.convertToFormat(QImage::Format_RGB888), y = b.convertToFormat(QImage::Format_RGB888);
    int m = 0;
    for (int r = 0; r < x.height(); ++r) {
        const uchar *p = x.constScanLine(r), *q = y.constScanLine(r);
        for (int i = 0; i < x.width() * 3; ++i)
            m = std::max(m, std::abs(int(p[i]) - int(q[i])));
    }
    return m;
}

bool ffmpeg(const QStringList &args, QString *error)
{
    QProcess p;
    p.start(QStringLiteral("ffmpeg"),
        QStringList {
            QStringLiteral("-hide_banner"), QStringLiteral("-loglevel"), QStringLiteral("error"), QStringLiteral("-y") }
            + args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        *error = QString::fromLocal8Bit(p.readAllStandardError());
        return false;
    }
    return true;
}

} // namespace

class TestVideoSeek : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void seekShowsSequentialFrame_data();
    void seekShowsSequentialFrame();
    void indexPassMatchesSequentialTimestamps();
    void cacheServesStepsBack();
    void cacheEvictsFarthestFirst();

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

void TestVideoSeek::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // OpenCV's own writer.
    const QString mjpg = m_dir.filePath(QStringLiteral("opencv-mjpg.avi"));
    const QString mp4v = m_dir.filePath(QStringLiteral("opencv-mp4v.mp4"));
    QVERIFY(testvideo::write(mjpg, 150, 25.0, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), cv::Size(160, 96)));
    QVERIFY(testvideo::write(mp4v, 150, 25.0, cv::VideoWriter::fourcc('m', 'p', '4', 'v'), cv::Size(160, 96)));
    m_files << mjpg << mp4v;
    // FFmpeg (Debian's ffmpeg package, installed by scripts/setup.sh): moving test
    // patterns, so every frame differs.
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("ffmpeg")).isEmpty(),
        "ffmpeg is needed to encode the B-frame test videos (scripts/setup.sh installs it)");
    const QString src = QStringLiteral("testsrc2=size=192x108:rate=30");
    const QString h264 = m_dir.filePath(QStringLiteral("h264-bframes-sparsekeys.mp4"));
    const QString mkv = m_dir.filePath(QStringLiteral("h264-bframes.mkv"));
    const QString mpeg4 = m_dir.filePath(QStringLiteral("mpeg4-bframes.avi"));
    const QString vfr = m_dir.filePath(QStringLiteral("h264-vfr.mp4"));
    QString error;
    QVERIFY2(ffmpeg({ "-f", "lavfi", "-i", src, "-frames:v", "300", "-c:v", "libx264", "-bf", "3", "-g", "120",
                        "-keyint_min", "120", "-sc_threshold", "0", "-pix_fmt", "yuv420p", h264 },
                 &error),
        qPrintable(error));
    QVERIFY2(ffmpeg({ "-i", h264, "-c", "copy", mkv }, &error), qPrintable(error));
    QVERIFY2(ffmpeg({ "-f", "lavfi", "-i", src, "-frames:v", "240", "-c:v", "mpeg4", "-bf", "2", "-g", "100", "-q:v",
                        "4", mpeg4 },
                 &error),
        qPrintable(error));
    // 20 frames dropped in the middle: the timestamps jump there.
    QVERIFY2(ffmpeg({ "-f", "lavfi", "-i", src, "-frames:v", "300", "-vf", "select='not(between(n\\,60\\,79))'",
                        "-fps_mode", "vfr", "-c:v", "libx264", "-bf", "3", "-g", "120", "-pix_fmt", "yuv420p", vfr },
                 &error),
        qPrintable(error));
    m_files << h264 << mkv << mpeg4 << vfr;
}

void TestVideoSeek::seekShowsSequentialFrame_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("indexed");
    for (const QString &f : m_files) {
        const QByteArray name = QFileInfo(f).fileName().toUtf8();
        QTest::newRow(name.constData()) << f << false;
        QTest::newRow((name + " indexed").constData()) << f << true;
    }
}

void TestVideoSeek::seekShowsSequentialFrame()
{
    QFETCH(QString, file);
    QFETCH(bool, indexed);
    const std::vector<QImage> truth = sequential(file);
    QVERIFY(truth.size() >= 100);
    VideoDecoder decoder;
    QString error;
    QVERIFY2(decoder.open(file, &error), qPrintable(error));
    QCOMPARE(decoder.info().frameCount, qint64(truth.size()));
    if (indexed) {
        std::vector<double> table;
        QVERIFY2(FrameReader::indexTimestamps(file, &table, &error), qPrintable(error));
        decoder.setTimestampTable(table);
    }
    // A small cache, so that most seeks decode.
    decoder.cache().setBudget(4 * truth.front().sizeInBytes());
    const int n = int(truth.size());
    QList<int> order { n - 1, 0, n / 2, n / 2, n / 2 + 1, n / 2 - 1, 3, n - 2, 1 };
    QRandomGenerator rng(42);
    for (int i = 0; i < 40; ++i)
        order << int(rng.bounded(n));
    for (int index : order) {
        QImage image;
        QVERIFY2(decoder.frame(index, &image, &error), qPrintable(error));
        const int diff = maxDiff(image, truth[size_t(index)]);
        QVERIFY2(
            diff == 0, qPrintable(QStringLiteral("%1: frame %2 differs by up to %3").arg(file).arg(index).arg(diff)));
    }
}

void TestVideoSeek::indexPassMatchesSequentialTimestamps()
{
    for (const QString &file : m_files) {
        FrameReader r;
        QString error;
        QVERIFY2(r.open(file, &error), qPrintable(error));
        VideoFrame f;
        QString message;
        while (r.read(&f, &message, false) == FrameReader::Status::Ok) { }
        std::vector<double> table;
        int reports = 0;
        QVERIFY2(FrameReader::indexTimestamps(file, &table, &error, {}, [&](int64_t, int64_t) { ++reports; }),
            qPrintable(error));
        QCOMPARE(table, r.timestamps());
        QVERIFY(reports > 0);
    }
    // The VFR file's table shows the gap of the dropped frames (20 frames at 30 fps).
    std::vector<double> table;
    QString error;
    QVERIFY(FrameReader::indexTimestamps(m_files.last(), &table, &error));
    QCOMPARE(table.size(), size_t(300));
    QVERIFY2(table[60] - table[59] > 600.0, qPrintable(QString::number(table[60] - table[59])));
    // Cancelled: no table.
    gp::CancelToken cancel;
    cancel.cancel();
    QVERIFY(!FrameReader::indexTimestamps(m_files.first(), &table, &error, cancel));
}

void TestVideoSeek::cacheServesStepsBack()
{
    const QString file = m_files.at(2); // H.264, key frames 120 frames apart
    const std::vector<QImage> truth = sequential(file);
    VideoDecoder decoder;
    QString error;
    QVERIFY(decoder.open(file, &error));
    QImage image;
    QVERIFY(decoder.frame(200, &image, &error));
    const qint64 decoded = decoder.decodedFrames();
    // The frames just before the target were kept on the way from the key frame.
    for (int index = 199; index >= 200 - VideoDecoder::kKeepBehind; --index) {
        QVERIFY(decoder.frame(index, &image, &error));
        QCOMPARE(maxDiff(image, truth[size_t(index)]), 0);
    }
    QCOMPARE(decoder.decodedFrames(), decoded);
    // Playing on from the target decodes one frame per frame.
    QVERIFY(decoder.frame(201, &image, &error));
    QCOMPARE(decoder.decodedFrames(), decoded + 1);
    QCOMPARE(maxDiff(image, truth[201]), 0);
}

void TestVideoSeek::cacheEvictsFarthestFirst()
{
    QImage frame(10, 10, QImage::Format_RGB888);
    frame.fill(Qt::red);
    FrameCache cache(5 * frame.sizeInBytes());
    QCOMPARE(cache.capacityFor(frame), 5);
    cache.take(50);
    for (int i : { 40, 48, 49, 50, 51, 60 })
        cache.insert(i, frame);
    // Six frames do not fit five: the farthest from 50 (frame 40) went.
    QCOMPARE(cache.size(), 5);
    QVERIFY(!cache.contains(40));
    QVERIFY(cache.contains(60));
    QVERIFY(!cache.take(49).isNull());
    cache.insert(47, frame); // playhead 49: 60 is farthest now
    QVERIFY(!cache.contains(60));
    QCOMPARE(cache.bytes(), 5 * frame.sizeInBytes());
}

QTEST_GUILESS_MAIN(TestVideoSeek)
#include "tst_videoseek.moc"
