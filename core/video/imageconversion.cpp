#include "imageconversion_p.h"

#include <opencv2/imgproc.hpp>

namespace gp {

QImage toQImage(const cv::Mat &image)
{
    if (image.empty() || image.depth() != CV_8U)
        return QImage();
    cv::Mat rgb;
    const int code = image.channels() == 1 ? cv::COLOR_GRAY2RGB
        : image.channels() == 4            ? cv::COLOR_BGRA2RGB
                                           : cv::COLOR_BGR2RGB;
    cv::cvtColor(image, rgb, code);
    return QImage(rgb.data, rgb.cols, rgb.rows, int(rgb.step), QImage::Format_RGB888).copy();
}

cv::Mat toBgrMat(const QImage &image)
{
    if (image.isNull())
        return cv::Mat();
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    const cv::Mat view(
        rgb.height(), rgb.width(), CV_8UC3, const_cast<uchar *>(rgb.constBits()), size_t(rgb.bytesPerLine()));
    cv::Mat bgr;
    cv::cvtColor(view, bgr, cv::COLOR_RGB2BGR);
    return bgr;
}

} // namespace gp
