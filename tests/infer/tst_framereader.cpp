// The reader stage alone: exact frame indices and the timestamp table on a generated video,
// a truncated file reported and counted (not a crash), image folders with a broken image,
// and sources that do not exist.

#include "framereader.h"
#include "testvideo.h"
#include "videoframe_p.h"

#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/imgcodecs.hpp>

using gp::FrameReader;
using gp::VideoFrame;

class TestFrameReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactFrameIndices()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("clip.mp4"));
        QVERIFY(testvideo::write(path, 36, 25.0));
        FrameReader r;
        QString error;
        QVERIFY2(r.open(path, &error), qPrintable(error));
        QCOMPARE(r.kind(), FrameReader::Kind::VideoFile);
        QVERIFY(!r.isLive());
        QCOMPARE(r.frameCount(), qint64(36));
        QCOMPARE(r.fps(), 25.0);
        QCOMPARE(r.width(), 64);
        VideoFrame f;
        QString message;
        int n = 0;
        while (r.read(&f, &message) == FrameReader::Status::Ok) {
            QCOMPARE(f.index, qint64(n));
            QCOMPARE(testvideo::readBarcode(f.image), n);
            QVERIFY2(qAbs(f.timestampMs - n * 40.0) < 1.0, qPrintable(QString::number(f.timestampMs)));
            ++n;
        }
        QCOMPARE(n, 36);
        QCOMPARE(r.failedFrames(), qint64(0));
        QVERIFY(r.problems().isEmpty());
        QCOMPARE(r.timestamps().size(), size_t(36));
        for (size_t i = 1; i < r.timestamps().size(); ++i)
            QVERIFY(r.timestamps()[i] > r.timestamps()[i - 1]);
        QCOMPARE(r.read(&f, &message), FrameReader::Status::End);
    }

    void truncatedFileIsCounted_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("fourcc");
        QTest::newRow("mjpg-avi") << QStringLiteral("clip.avi") << cv::VideoWriter::fourcc('M', 'J', 'P', 'G');
        QTest::newRow("mp4v-avi") << QStringLiteral("clip2.avi") << cv::VideoWriter::fourcc('m', 'p', '4', 'v');
    }

    void truncatedFileIsCounted()
    {
        QFETCH(QString, name);
        QFETCH(int, fourcc);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QVERIFY(testvideo::write(path, 40, 30.0, fourcc, cv::Size(96, 64)));
        QVERIFY(testvideo::truncate(path, 0.5));
        FrameReader r;
        QString error;
        QVERIFY2(r.open(path, &error), qPrintable(error));
        QCOMPARE(r.frameCount(), qint64(40));
        VideoFrame f;
        QString message;
        int ok = 0;
        std::vector<std::pair<int, int>> frames; // index, barcode
        FrameReader::Status s;
        while ((s = r.read(&f, &message)) != FrameReader::Status::End) {
            if (s == FrameReader::Status::Ok) {
                frames.emplace_back(int(f.index), testvideo::readBarcode(f.image));
                ++ok;
            }
        }
        // The frame cut in the middle may decode as a damaged picture; the ones before it are
        // intact and numbered exactly.
        for (size_t i = 0; i + 1 < frames.size(); ++i)
            QCOMPARE(frames[i].second, frames[i].first);
        QVERIFY2(ok > 5 && ok < 40, qPrintable(QString::number(ok)));
        // Every frame the container announced is either read or counted as failed.
        QCOMPARE(r.framesRead() + r.failedFrames(), qint64(40));
        QVERIFY(r.failedFrames() > 0);
        QVERIFY(!r.problems().isEmpty());
        QVERIFY2(r.problems().last().contains(path) && r.problems().last().contains(QLatin1String("truncated")),
            qPrintable(r.problems().last()));
    }

    void cutBeforeTheIndexDoesNotOpen()
    {
        // An MP4 whose index (moov, written last) is cut off cannot be decoded at all: a
        // message naming the file, no crash.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("clip.mp4"));
        QVERIFY(testvideo::write(path, 20));
        QVERIFY(testvideo::truncate(path, 0.5));
        FrameReader r;
        QString error;
        QVERIFY(!r.open(path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
    }

    void imageFolderWithBrokenImage()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 4; ++i) {
            cv::Mat m(24, 32, CV_8UC3);
            testvideo::paintBarcode(m, i);
            QVERIFY(cv::imwrite(dir.filePath(QStringLiteral("f%1.png").arg(i)).toStdString(), m));
        }
        QFile bad(dir.filePath(QStringLiteral("f2.png")));
        QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
        bad.write("not a png");
        bad.close();
        for (const QString &source : { dir.path(), dir.filePath(QStringLiteral("f*.png")) }) {
            FrameReader r;
            QString error;
            QVERIFY2(r.open(source, &error), qPrintable(error));
            QCOMPARE(r.kind(), FrameReader::Kind::Images);
            QCOMPARE(r.frameCount(), qint64(4));
            VideoFrame f;
            QString message;
            QList<int> got;
            FrameReader::Status s;
            while ((s = r.read(&f, &message)) != FrameReader::Status::End) {
                if (s == FrameReader::Status::Ok) {
                    QCOMPARE(testvideo::readBarcode(f.image), int(f.index));
                    got << int(f.index);
                } else {
                    QVERIFY(message.contains(QLatin1String("f2.png")));
                }
            }
            QCOMPARE(got, (QList<int> { 0, 1, 3 }));
            QCOMPARE(r.failedFrames(), qint64(1));
        }
    }

    void missingSources()
    {
        FrameReader r;
        QString error;
        QVERIFY(!r.open(QStringLiteral("/nonexistent/clip.mp4"), &error));
        QVERIFY(error.contains(QLatin1String("/nonexistent/clip.mp4")));
        QVERIFY(!r.open(QStringLiteral("/nonexistent/*.png"), &error));
        QVERIFY(!r.open(QString(), &error));
    }
};

QTEST_GUILESS_MAIN(TestFrameReader)
#include "tst_framereader.moc"
