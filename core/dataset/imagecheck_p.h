#pragma once

// Internal to the torch-free core: the decoding half of ImageCheck, for the code that needs
// the pixels (the training data loader), so that it decodes exactly as `check` judged.

#include "imagecheck.h"

#include <opencv2/core/mat.hpp>

namespace gp {

// The image as 8-bit BGR, or an empty matrix with verdict->problem set. Applies every
// check of ImageCheck::inspect.
cv::Mat decodeImage(const QString &file, ImageVerdict *verdict);

} // namespace gp
