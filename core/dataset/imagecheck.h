#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>

namespace gp {

// The verdict on one image file, judged by its content (never by its extension): the
// format its first bytes show, its size, whether it decodes completely.
struct ImageVerdict
{
    bool ok = false;
    QString format; // "jpeg", "png", "bmp", "webp", "tiff"; empty when not recognised
    QSize size; // as decoded (EXIF orientation applied), valid when ok
    QString problem; // why the image cannot be used, in words, when not ok
    bool decoded = false; // the verdict includes a complete decode
};

// The one image check that `check`, training and validation share: the same decoder
// (OpenCV's, which the trainer uses) and the same limits. An image is refused when
// - its first bytes are none of JPEG, PNG, BMP, WebP or TIFF;
// - it has more than kMaxPixels pixels (checked from its header before decoding);
// - a JPEG does not end with its end-of-image marker or a PNG with its IEND chunk
//   (decoders fill a truncated tail with grey and report nothing);
// - it does not decode.
class ImageCheck
{
    Q_DECLARE_TR_FUNCTIONS(ImageCheck)

public:
    // Pillow's decompression-bomb limit (2 × 89,478,485 pixels), above which Ultralytics
    // refuses an image too: both tools skip the same images. 13,000 × 13,000 is below it.
    static constexpr qint64 kMaxPixels = 178956970;

    enum class Depth {
        Decode, // everything, the complete decode included (check, training, validation)
        // Everything but the decode (format, header size, limit, tail): cheap, for listing
        // a folder; the size is the header's, before any EXIF rotation.
        Structure,
    };

    // Decodes the file completely (and forgets the pixels), or checks its structure only.
    static ImageVerdict inspect(const QString &file, Depth depth = Depth::Decode);
    // The format the first bytes of a file show; empty when none the trainer reads.
    static QString formatOf(const QByteArray &head);
    // What inspect() checks once the bytes are read, without decoding: format, the size in
    // the header against kMaxPixels, a complete tail. `headerSize` may be invalid (unknown).
    static QString structureProblem(const QByteArray &bytes, const QString &format, const QSize &headerSize);
};

} // namespace gp
