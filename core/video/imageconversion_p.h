#pragma once

// Internal to core (OpenCV types): the one conversion between OpenCV's BGR matrices and
// Qt's images, for every place where decoded frames meet Qt.

#include <QImage>

#include <opencv2/core/mat.hpp>

namespace gp {

// A detached RGB888 image of an 8-bit BGR, BGRA or grey matrix (null for an empty one).
QImage toQImage(const cv::Mat &image);
// A BGR 8-bit matrix of any QImage (empty for a null one); owns its pixels.
cv::Mat toBgrMat(const QImage &image);

} // namespace gp
