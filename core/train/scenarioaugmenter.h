#pragma once

// Internal header (OpenCV, through TrainSample in trainsample_p.h): core/train, its tests
// and benchmarks only.

#include "augmentrng.h"
#include "trainingconfig.h"
#include "trainsample_p.h"

namespace gp {

// The hard-scenario augmentations, each applied with its probability after mosaic/mixup and
// before HSV (where Ultralytics runs its Albumentations): `blur` (Gaussian), `motion_blur`
// (a line kernel of random length and direction, as fast arm motion smears), `low_light`
// (the exposure, tone curve, colour cast and sensor noise of dark footage, the same model
// the synthetic generator renders with), `noise` (Gaussian sensor noise) and `erasing`
// (an occluder pasted over part of one gripper; the points it covers become occluded, v=1,
// so the loss treats them as Ultralytics treats occluded labels). The photometric ones move
// no box or keypoint. A probability of 0 draws no random number, so the other
// augmentations see the same random stream whichever of these are off.
class ScenarioAugmenter
{
public:
    explicit ScenarioAugmenter(const TrainingConfig &config);

    void apply(TrainSample &s, AugmentRng &rng) const;

    // The single steps, exposed for tests; sizes are in pixels of the sample's image.
    static void gaussianBlur(TrainSample &s, double sigma);
    static void motionBlur(TrainSample &s, double dx, double dy);
    static void gaussianNoise(TrainSample &s, double sigma, uint64_t seed);
    static void lowLight(TrainSample &s, uint64_t seed);
    // Pastes an occluder over instance `instance`, covering about `coverage` of its box
    // (an ellipse or a rotated bar, filled with a patch cut from elsewhere in the image or a
    // flat colour); returns how many visible keypoints became occluded.
    static int occlude(TrainSample &s, size_t instance, double coverage, uint64_t seed);

private:
    TrainingConfig m_config;
};

} // namespace gp
