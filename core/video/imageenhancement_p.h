#pragma once

// Internal to core (OpenCV types): ImageEnhancement on a decoded BGR matrix, the one
// implementation that predict, val and the Video workspace run before letterboxing.

#include "imageenhancement.h"

#include <opencv2/core/mat.hpp>

namespace gp {

// The corrected image (8-bit BGR). Enhancement::None returns `bgr` itself (shared pixels);
// otherwise a new matrix, `bgr` untouched.
cv::Mat enhanced(const cv::Mat &bgr, Enhancement e);

} // namespace gp
