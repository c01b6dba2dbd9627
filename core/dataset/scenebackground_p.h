#pragma once

// Internal to core (OpenCV types): the backgrounds of the synthetic scenes.

#include "scenerandom.h"

#include <opencv2/core.hpp>

namespace gp {

// What is behind the robots of a synthetic picture (GripperScene::randomBackground): a
// studio wall, a textured surface, a table in front of a wall or a lab, with clutter on
// it (boxes, discs, bars, cables: hard negatives), sometimes out of focus.
class SceneBackground
{
public:
    static cv::Mat random(cv::Size size, SceneRandom &rng);

private:
    // Smooth noise in -1..1: random values on a coarse grid, interpolated.
    static cv::Mat smoothNoise(cv::Size size, int cellsAcross, SceneRandom &rng);
    // Octaves of smoothNoise, each twice as fine and half as strong.
    static cv::Mat fractalNoise(cv::Size size, int cells, int octaves, SceneRandom &rng);
    // Writes c0..c1 along a direction, modulated by `noise` (may be empty).
    static void paintGradient(cv::Mat &img, cv::Rect area, const cv::Scalar &c0, const cv::Scalar &c1, double angle,
        const cv::Mat &noise, double noiseAmp);
    // Wood grain in `colour`.
    static void paintWood(cv::Mat &img, cv::Rect area, const cv::Scalar &colour, SceneRandom &rng);
    // 0 to 9 objects anywhere in the picture.
    static void paintClutter(cv::Mat &img, SceneRandom &rng);
};

} // namespace gp
