#include "imagecheck.h"

#include "imagecheck_p.h"

#include <QBuffer>
#include <QFile>
#include <QImageReader>

#include <opencv2/imgcodecs.hpp>

#include <algorithm>

namespace gp {

namespace {

bool startsWith(const QByteArray &bytes, const char *magic, int size, int at = 0)
{
    return bytes.size() >= at + size && bytes.mid(at, size) == QByteArray::fromRawData(magic, size);
}

} // namespace

QString ImageCheck::formatOf(const QByteArray &head)
{
    if (startsWith(head, "\xff\xd8\xff", 3))
        return QStringLiteral("jpeg");
    if (startsWith(head, "\x89PNG\r\n\x1a\n", 8))
        return QStringLiteral("png");
    if (startsWith(head, "BM", 2) && head.size() >= 26)
        return QStringLiteral("bmp");
    if (startsWith(head, "RIFF", 4) && startsWith(head, "WEBP", 4, 8))
        return QStringLiteral("webp");
    if (startsWith(head, "II*\0", 4) || startsWith(head, "MM\0*", 4))
        return QStringLiteral("tiff");
    return QString();
}

QString ImageCheck::structureProblem(const QByteArray &bytes, const QString &format, const QSize &headerSize)
{
    if (format.isEmpty())
        return tr("not an image the trainer reads: its first bytes are none of JPEG, PNG, BMP, WebP or TIFF");
    if (headerSize.isValid() && qint64(headerSize.width()) * headerSize.height() > kMaxPixels)
        return tr("%1 × %2 pixels is more than the limit of %3 megapixels")
            .arg(headerSize.width())
            .arg(headerSize.height())
            .arg(kMaxPixels / 1000000);
    if (format == QLatin1String("jpeg")) {
        // Padding after the end-of-image marker is harmless; a missing marker is a cut file.
        int end = int(bytes.size());
        while (end > 0 && bytes[end - 1] == '\0')
            --end;
        if (end < 4 || bytes.mid(end - 2, 2) != QByteArray("\xff\xd9", 2))
            return tr("the JPEG file is truncated (it does not end with the end-of-image marker)");
    } else if (format == QLatin1String("png")) {
        if (!bytes.endsWith(QByteArray("IEND\xae\x42\x60\x82", 8)))
            return tr("the PNG file is truncated (it does not end with the IEND chunk)");
    }
    return QString();
}

namespace {

// The checks before decoding, on an open file: format from the first bytes, the size in the
// header against the limit, a complete tail. With `bytes` the whole file is read into it;
// without, only as much of the end as the tail check needs. False with verdict->problem set.
bool checkStructure(QFile &f, ImageVerdict *verdict, QSize *headerSize, QByteArray *bytes)
{
    verdict->format = ImageCheck::formatOf(f.peek(32));
    if (!verdict->format.isEmpty()) {
        // The header alone, before anything is decoded: the pixel limit must hold before the
        // decoder allocates. Qt reads the header of every format it has a plugin for.
        QImageReader header(&f, verdict->format.toLatin1());
        *headerSize = header.size();
        f.seek(0);
    }
    if (verdict->format.isEmpty()
        || (headerSize->isValid() && qint64(headerSize->width()) * headerSize->height() > ImageCheck::kMaxPixels)) {
        verdict->problem = ImageCheck::structureProblem(QByteArray(), verdict->format, *headerSize);
        return false;
    }
    QByteArray tail;
    if (!bytes) {
        // The end of the file is enough, unless it is all padding.
        constexpr qint64 kTail = 64 * 1024;
        f.seek(std::max<qint64>(0, f.size() - kTail));
        tail = f.read(kTail);
        if (f.size() > kTail && tail.count('\0') == tail.size())
            tail = (f.seek(0), f.readAll());
    } else {
        *bytes = f.readAll();
    }
    verdict->problem = ImageCheck::structureProblem(bytes ? *bytes : tail, verdict->format, *headerSize);
    return verdict->problem.isEmpty();
}

} // namespace

cv::Mat decodeImage(const QString &file, ImageVerdict *verdict)
{
    *verdict = ImageVerdict();
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        verdict->problem = ImageCheck::tr("cannot be read: %1").arg(f.errorString());
        return {};
    }
    QSize headerSize;
    QByteArray bytes;
    if (!checkStructure(f, verdict, &headerSize, &bytes))
        return {};
    cv::Mat image;
    try {
        const cv::Mat raw(1, int(bytes.size()), CV_8UC1, const_cast<char *>(bytes.constData()));
        image = cv::imdecode(raw, cv::IMREAD_COLOR);
    } catch (const cv::Exception &e) {
        verdict->problem = ImageCheck::tr("the image does not decode: %1").arg(QString::fromStdString(e.err));
        return {};
    }
    if (image.empty()) {
        verdict->problem = ImageCheck::tr("the image does not decode");
        return {};
    }
    // Formats whose header Qt cannot read are held to the same limit once decoded.
    if (qint64(image.cols) * image.rows > ImageCheck::kMaxPixels) {
        verdict->problem = ImageCheck::structureProblem(QByteArray(), verdict->format, QSize(image.cols, image.rows));
        return {};
    }
    verdict->ok = true;
    verdict->decoded = true;
    verdict->size = QSize(image.cols, image.rows);
    return image;
}

ImageVerdict ImageCheck::inspect(const QString &file, Depth depth)
{
    ImageVerdict verdict;
    if (depth == Depth::Decode) {
        gp::decodeImage(file, &verdict);
        return verdict;
    }
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        verdict.problem = tr("cannot be read: %1").arg(f.errorString());
        return verdict;
    }
    QSize headerSize;
    if (!checkStructure(f, &verdict, &headerSize, nullptr))
        return verdict;
    // A format whose header Qt cannot read is decoded after all: its size is needed.
    if (!headerSize.isValid()) {
        f.close();
        gp::decodeImage(file, &verdict);
        return verdict;
    }
    verdict.ok = true;
    verdict.size = headerSize;
    return verdict;
}

} // namespace gp
