#pragma once

// Internal header (OpenCV): the frames FrameReader decodes, for core's video stages and the
// tests; screens get QImage through VideoDecoder.

#include <QString>

#include <opencv2/core/mat.hpp>

namespace gp {

// One decoded frame; the image is shared read-only between the stages. It is the decoder's
// own cv::Mat (reference-counted, no pixel copy): the reader hands it on as decoded, each
// stage passes it by value (a header copy), and the inferrer and writer read it in place.
struct VideoFrame
{
    qint64 index = 0; // exact index in the source (decode order; for images: position in the list)
    double timestampMs = 0.0;
    cv::Mat image; // BGR, 8-bit
    qint64 decodedAtNs = 0; // monotonic clock (steady_clock) when the reader had it
    QString path; // the image file (image sources only)
};

} // namespace gp
