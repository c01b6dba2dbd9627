#pragma once

// Internal header (OpenCV, through TrainSample in trainsample_p.h): core/train, its tests
// and benchmarks only.

#include "augmentrng.h"
#include "trainingconfig.h"
#include "trainsample_p.h"

#include <array>
#include <vector>

namespace gp {

// The training augmentations with Ultralytics' names and semantics: mosaic (4 images),
// random perspective (degrees, translate, scale, shear, perspective), mixup, HSV,
// horizontal flip with flip_idx (left and right keypoints swap), vertical flip and the
// letterbox. Keypoints pushed outside the image become absent (visibility 0); boxes that
// become too small are dropped as Ultralytics' box_candidates does.
class Augmenter
{
public:
    Augmenter(const TrainingConfig &config, std::vector<int> flipIdx);

    // Mosaic of four samples (each already resized so its long side is imgsz) on a
    // 2·imgsz canvas, followed by the random perspective down to imgsz.
    TrainSample mosaic(const std::array<TrainSample, 4> &samples, AugmentRng &rng) const;
    // Letterbox to imgsz × imgsz, then the random perspective (the path without mosaic).
    TrainSample letterboxAndPerspective(const TrainSample &sample, AugmentRng &rng) const;
    // Blends b into a with ratio Beta(32, 32); instances of both are kept.
    static TrainSample mixup(const TrainSample &a, const TrainSample &b, AugmentRng &rng);
    void hsv(TrainSample &s, AugmentRng &rng) const;
    void flips(TrainSample &s, AugmentRng &rng) const;

    // The geometric steps, exposed for tests. `m` is 3×3 (CV_64F). `scale`: the random scale
    // in `m`, which the size filter compares areas at (0: √|det| of m's linear part);
    // randomMatrix gives it in *scale.
    static TrainSample warp(const TrainSample &s, const cv::Mat &m, cv::Size out, bool perspective, double scale = 0);
    cv::Mat randomMatrix(cv::Size in, cv::Size out, AugmentRng &rng, double *scale = nullptr) const;
    static void flipHorizontal(TrainSample &s, const std::vector<int> &flipIdx);
    static void flipVertical(TrainSample &s);
    // scaleUp false: never enlarge (validation).
    static TrainSample letterbox(const TrainSample &s, int width, int height, bool scaleUp = true);
    // Long side to `imgsz`, aspect kept (Ultralytics' load_image).
    static TrainSample resizeLongSide(const TrainSample &s, int imgsz);

private:
    TrainingConfig m_config;
    std::vector<int> m_flipIdx;
};

} // namespace gp
