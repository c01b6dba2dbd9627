#pragma once

#include <QPointF>
#include <QRectF>

namespace gp {

// The letterbox resize that prediction, validation and training share: scale the source
// image by gain (keeping the aspect ratio), pad it to the network size with grey (114),
// and the inverse mapping from network pixels back to source pixels. Plain struct; the
// image operation itself lives in postprocess (OpenCV, torch-internal).
struct LetterboxTransform
{
    int srcWidth = 0;
    int srcHeight = 0;
    int dstWidth = 0;
    int dstHeight = 0;
    int resizedWidth = 0; // round(srcWidth * gain)
    int resizedHeight = 0;
    double gain = 1.0;
    int padLeft = 0;
    int padTop = 0;
    int padRight = 0;
    int padBottom = 0;

    // Ultralytics' LetterBox: gain = min(dstH / srcH, dstW / srcW) (at most 1 unless
    // scaleUp); with autoStride > 0 the padding is reduced to a multiple of it (rectangular
    // inference) and dstWidth/dstHeight shrink accordingly; center splits the padding.
    static LetterboxTransform make(int srcWidth, int srcHeight, int dstWidth, int dstHeight, bool scaleUp = true,
        bool center = true, int autoStride = 0);
    static LetterboxTransform make(int srcWidth, int srcHeight, int imgsz)
    {
        return make(srcWidth, srcHeight, imgsz, imgsz);
    }

    bool isIdentity() const { return gain == 1.0 && padLeft == 0 && padTop == 0; }

    QPointF toLetterbox(const QPointF &src) const { return { src.x() * gain + padLeft, src.y() * gain + padTop }; }
    QPointF toSource(const QPointF &dst) const { return { (dst.x() - padLeft) / gain, (dst.y() - padTop) / gain }; }
    void toSource(double *x, double *y) const
    {
        *x = (*x - padLeft) / gain;
        *y = (*y - padTop) / gain;
    }
    QRectF toLetterbox(const QRectF &src) const
    {
        return { toLetterbox(src.topLeft()), toLetterbox(src.bottomRight()) };
    }
    // Clipped to the source image when clip is set (as Ultralytics' scale_boxes).
    QRectF toSource(const QRectF &dst, bool clip = true) const;
};

} // namespace gp
