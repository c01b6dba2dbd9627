#include "letterbox.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

// Python's round() on the values used here (x.4 / x.6 style offsets; no exact halves).
int roundHalfEven(double v)
{
    const double r = std::nearbyint(v); // default rounding mode: to nearest, ties to even
    return int(r);
}

} // namespace

LetterboxTransform LetterboxTransform::make(
    int srcWidth, int srcHeight, int dstWidth, int dstHeight, bool scaleUp, bool center, int autoStride)
{
    LetterboxTransform t;
    t.srcWidth = srcWidth;
    t.srcHeight = srcHeight;
    if (srcWidth <= 0 || srcHeight <= 0 || dstWidth <= 0 || dstHeight <= 0) {
        t.dstWidth = dstWidth;
        t.dstHeight = dstHeight;
        return t;
    }
    double r = std::min(double(dstHeight) / srcHeight, double(dstWidth) / srcWidth);
    if (!scaleUp)
        r = std::min(r, 1.0);
    t.gain = r;
    t.resizedWidth = roundHalfEven(srcWidth * r);
    t.resizedHeight = roundHalfEven(srcHeight * r);
    double dw = dstWidth - t.resizedWidth;
    double dh = dstHeight - t.resizedHeight;
    if (autoStride > 0) {
        dw = std::fmod(dw, double(autoStride));
        dh = std::fmod(dh, double(autoStride));
    }
    if (center) {
        dw /= 2.0;
        dh /= 2.0;
        t.padTop = roundHalfEven(dh - 0.1);
        t.padBottom = roundHalfEven(dh + 0.1);
        t.padLeft = roundHalfEven(dw - 0.1);
        t.padRight = roundHalfEven(dw + 0.1);
    } else {
        t.padTop = 0;
        t.padLeft = 0;
        t.padBottom = roundHalfEven(dh + 0.1);
        t.padRight = roundHalfEven(dw + 0.1);
    }
    t.dstWidth = t.resizedWidth + t.padLeft + t.padRight;
    t.dstHeight = t.resizedHeight + t.padTop + t.padBottom;
    return t;
}

QRectF LetterboxTransform::toSource(const QRectF &dst, bool clip) const
{
    QPointF a = toSource(dst.topLeft());
    QPointF b = toSource(dst.bottomRight());
    if (clip) {
        a.setX(std::clamp(a.x(), 0.0, double(srcWidth)));
        a.setY(std::clamp(a.y(), 0.0, double(srcHeight)));
        b.setX(std::clamp(b.x(), 0.0, double(srcWidth)));
        b.setY(std::clamp(b.y(), 0.0, double(srcHeight)));
    }
    return { a, b };
}

} // namespace gp
