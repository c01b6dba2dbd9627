#pragma once

// Small generated videos for the reader and pipeline tests: every frame carries its index
// as a barcode, so a decoded frame tells which frame it is.

#include <QFile>
#include <QString>

#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include <cmath>

namespace testvideo {

// Frame i carries i in binary: 8 vertical stripes (bit 7 on the left), dark for 0 and light
// for 1, below a thin textured strip. Robust to codec colour shifts.
inline void paintBarcode(cv::Mat &m, int index)
{
    const int w = m.cols / 8;
    for (int b = 0; b < 8; ++b) {
        const bool on = (index >> (7 - b)) & 1;
        m(cv::Rect(b * w, 0, w, m.rows)).setTo(cv::Scalar::all(on ? 210 : 40));
    }
}

// The frame index a decoded frame carries (0..255).
inline int readBarcode(const cv::Mat &bgr)
{
    const int w = bgr.cols / 8;
    int index = 0;
    for (int b = 0; b < 8; ++b) {
        const cv::Scalar s = cv::mean(bgr(cv::Rect(b * w + 1, 8, w - 2, bgr.rows - 8)));
        if ((s[0] + s[1] + s[2]) / 3.0 > 125.0)
            index |= 1 << (7 - b);
    }
    return index;
}

inline bool write(const QString &path, int frames, double fps = 30.0,
    int fourcc = cv::VideoWriter::fourcc('m', 'p', '4', 'v'), cv::Size size = cv::Size(64, 48))
{
    cv::VideoWriter w(path.toStdString(), fourcc, fps, size);
    if (!w.isOpened())
        return false;
    for (int i = 0; i < frames; ++i) {
        cv::Mat m(size, CV_8UC3);
        paintBarcode(m, i);
        // A little texture so the frames have some bytes.
        cv::randu(m(cv::Rect(0, 0, size.width, 4)), 0, 255);
        w.write(m);
    }
    w.release();
    return true;
}

// Keeps the first `fraction` of the file's bytes.
inline bool truncate(const QString &path, double fraction)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite))
        return false;
    return f.resize(qint64(f.size() * fraction));
}

} // namespace testvideo
