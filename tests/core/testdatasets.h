#pragma once

// Small datasets written file by file for the dataset validation tests: images in the
// formats the checks tell apart, label lines, broken files, and the cache file Ultralytics
// writes, so that each test states exactly what is on disk.

#include "datasetconfig.h"
#include "skeleton.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QTest>

namespace testdatasets {

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    f.write(bytes);
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// An image of `size` encoded as `format` ("PNG", "JPEG", "BMP"), whatever the file is called.
inline QByteArray encodedImage(const char *format, QSize size = QSize(64, 48))
{
    QImage img(size, QImage::Format_RGB32);
    img.fill(QColor(90, 120, 150));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    img.save(&buffer, format);
    return bytes;
}

// A valid PNG of width × height, one bit per pixel so that even a huge one is small on
// disk (decoded by OpenCV it would take width × height × 3 bytes).
inline QByteArray monochromePng(int width, int height)
{
    QImage img(width, height, QImage::Format_Mono);
    img.fill(0);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    img.save(&buffer, "PNG");
    return bytes;
}

// One object with 14 visible keypoints at x (and y 0.5), normalised.
inline QByteArray labelLine(double x = 0.5, int keypoints = 14)
{
    QByteArray l = "0 0.5 0.5 0.5 0.5";
    for (int k = 0; k < keypoints; ++k)
        l += ' ' + QByteArray::number(x) + " 0.5 2";
    return l + '\n';
}

// `perSplit` PNG images with one object each in train and val, and a data.yaml for the
// default skeleton (no `path`: the yaml's folder).
inline QString makeDataset(const QString &root, int perSplit = 2)
{
    for (const char *split : { "train", "val" })
        for (int i = 0; i < perSplit; ++i) {
            writeFile(
                QStringLiteral("%1/images/%2/img%3.png").arg(root, QLatin1String(split)).arg(i), encodedImage("PNG"));
            writeFile(QStringLiteral("%1/labels/%2/img%3.txt").arg(root, QLatin1String(split)).arg(i), labelLine());
        }
    gp::DatasetConfig c;
    c.applySkeleton(gp::Skeleton::defaultGripper());
    QString error;
    const QString yaml = root + QStringLiteral("/data.yaml");
    if (!c.save(yaml, &error))
        qWarning() << error;
    return yaml;
}

inline gp::DatasetConfig loadConfig(const QString &yaml)
{
    gp::DatasetIssueList issues;
    const auto c = gp::DatasetConfig::load(yaml, &issues);
    return c ? *c : gp::DatasetConfig();
}

// What Ultralytics writes as labels/<split>.cache: numpy.save of a dict, i.e. a version 1.0
// .npy file of a 0-d object array (header per the NPY format specification) followed by
// the pickled dict (here an empty one, pickle protocol 4).
inline QByteArray ultralyticsCache()
{
    QByteArray header = "{'descr': '|O', 'fortran_order': False, 'shape': (), }";
    // Magic (6) + version (2) + length (2) + header, padded with spaces to a multiple of 64, ending in \n.
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray npy("\x93NUMPY\x01\x00", 8);
    npy += char(header.size() & 0xff);
    npy += char(header.size() >> 8);
    npy += header;
    npy += QByteArray("\x80\x04}\x94.", 5);
    return npy;
}

// A NumPy .npy file (what Ultralytics' np.load reads): its magic, version and a header
// holding the keys every .npy header has.
inline bool isNpyFile(const QByteArray &bytes)
{
    if (!bytes.startsWith(QByteArray("\x93NUMPY", 6)) || bytes.size() < 10)
        return false;
    const int length = uchar(bytes[8]) | (uchar(bytes[9]) << 8);
    const QByteArray header = bytes.mid(10, length);
    return header.size() == length && header.contains("'descr'") && header.contains("'shape'") && header.endsWith('\n');
}

} // namespace testdatasets
