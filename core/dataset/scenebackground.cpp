#include "scenebackground_p.h"

#include "scenecolour_p.h"
#include "scenepainter_p.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

constexpr double kPi = ScenePainter::kPi;
constexpr int kShift = ScenePainter::kShift;
constexpr double kFixedOne = ScenePainter::kFixedOne;

} // namespace

cv::Mat SceneBackground::random(cv::Size size, SceneRandom &rng)
{
    cv::Mat img(size, CV_8UC3);
    const cv::Rect all(0, 0, size.width, size.height);
    const cv::Scalar c0 = SceneColour::random(rng, 0.5, 40, 235), c1 = SceneColour::jitter(c0, 45, rng);
    switch (rng.integer(0, 3)) {
    case 0: // plain studio wall with a gradient and soft blotches
        paintGradient(img, all, c0, c1, rng.uniform(0, 2 * kPi), fractalNoise(size, 3, 3, rng), rng.uniform(4, 20));
        break;
    case 1: { // textured surface: concrete, fabric, foam
        const cv::Mat n = fractalNoise(size, rng.integer(4, 24), 4, rng);
        paintGradient(img, all, c0, c1, rng.uniform(0, 2 * kPi), n, rng.uniform(25, 70));
        break;
    }
    case 2: { // a table in front of a wall
        const int horizon = int(size.height * rng.uniform(0.15, 0.6));
        const cv::Rect wall(0, 0, size.width, horizon), table(0, horizon, size.width, size.height - horizon);
        paintGradient(img, wall, c0, c1, kPi, fractalNoise(size, 3, 2, rng), 8);
        const cv::Scalar top = SceneColour::random(rng, 0.6, 50, 210);
        if (rng.chance(0.5))
            paintWood(
                img, table, SceneColour::hsv(rng.uniform(20, 40), rng.uniform(0.35, 0.7), rng.uniform(90, 200)), rng);
        else
            paintGradient(img, table, top, SceneColour::scaled(top, 0.75), 0.0, fractalNoise(size, 12, 3, rng), 12);
        if (rng.chance(0.4)) { // a cutting mat's grid
            const double step = size.height * rng.uniform(0.04, 0.1);
            const cv::Scalar line = SceneColour::mixed(top, SceneColour::grey(255), 0.15);
            for (double x = 0; x < size.width; x += step)
                cv::line(img, cv::Point(int(x), horizon), cv::Point(int(x), size.height), line, 1, cv::LINE_AA);
            for (double y = horizon; y < size.height; y += step)
                cv::line(img, cv::Point(0, int(y)), cv::Point(size.width, int(y)), line, 1, cv::LINE_AA);
        }
        cv::line(img, cv::Point(0, horizon), cv::Point(size.width, horizon), SceneColour::scaled(c0, 0.5),
            std::max(1, size.height / 120), cv::LINE_AA);
        break;
    }
    default: { // a lab: wall, cabinets, a bright window
        paintGradient(img, all, c0, c1, kPi, fractalNoise(size, 4, 2, rng), 10);
        const int n = rng.integer(2, 6);
        for (int i = 0; i < n; ++i) {
            const int x = rng.integer(-size.width / 4, size.width), y = rng.integer(-size.height / 4, size.height);
            const cv::Rect r
                = cv::Rect(x, y, int(size.width * rng.uniform(0.1, 0.5)), int(size.height * rng.uniform(0.1, 0.6)))
                & all;
            if (r.empty())
                continue;
            const bool window = rng.chance(0.25);
            const cv::Scalar col
                = window ? SceneColour::grey(rng.uniform(215, 250)) : SceneColour::random(rng, 0.35, 50, 220);
            paintGradient(
                img, r, col, SceneColour::scaled(col, window ? 0.95 : 0.8), rng.uniform(0, 2 * kPi), cv::Mat(), 0);
            cv::rectangle(img, r, SceneColour::scaled(col, 0.6), std::max(1, size.height / 240), cv::LINE_AA);
        }
        break;
    }
    }
    paintClutter(img, rng);
    if (rng.chance(0.5))
        cv::GaussianBlur(img, img, cv::Size(), rng.uniform(0.5, 2.0) * std::max(0.3, size.height / 720.0));
    return img;
}

// Smooth noise in -1..1: random values on a coarse grid, interpolated.
cv::Mat SceneBackground::smoothNoise(cv::Size size, int cellsAcross, SceneRandom &rng)
{
    const int gw = std::max(2, cellsAcross),
              gh = std::max(2, int(std::lround(double(cellsAcross) * size.height / size.width)));
    cv::Mat grid(gh, gw, CV_32F);
    for (int y = 0; y < gh; ++y)
        for (int x = 0; x < gw; ++x)
            grid.at<float>(y, x) = float(rng.uniform(-1, 1));
    cv::Mat out;
    cv::resize(grid, out, size, 0, 0, cv::INTER_CUBIC);
    return out;
}

cv::Mat SceneBackground::fractalNoise(cv::Size size, int cells, int octaves, SceneRandom &rng)
{
    cv::Mat sum = cv::Mat::zeros(size, CV_32F);
    double amp = 1.0, total = 0.0;
    for (int o = 0; o < octaves; ++o) {
        cv::scaleAdd(smoothNoise(size, cells << o, rng), amp, sum, sum);
        total += amp;
        amp *= 0.5;
    }
    return sum * (1.0 / total);
}

// Writes c0..c1 along a direction, modulated by `noise` (may be empty).
void SceneBackground::paintGradient(cv::Mat &img, cv::Rect area, const cv::Scalar &c0, const cv::Scalar &c1,
    double angle, const cv::Mat &noise, double noiseAmp)
{
    const cv::Point2d d = ScenePainter::direction(angle);
    const cv::Point2d centre(area.x + 0.5 * area.width, area.y + 0.5 * area.height);
    const double ext = 0.5 * (std::fabs(d.x) * area.width + std::fabs(d.y) * area.height) + 1e-6;
    for (int y = area.y; y < area.y + area.height; ++y) {
        cv::Vec3b *px = img.ptr<cv::Vec3b>(y);
        const float *n = noise.empty() ? nullptr : noise.ptr<float>(y);
        for (int x = area.x; x < area.x + area.width; ++x) {
            const double t = std::clamp(0.5 + 0.5 * ((x - centre.x) * d.x + (y - centre.y) * d.y) / ext, 0.0, 1.0);
            const double nz = n ? noiseAmp * n[x] : 0.0;
            for (int c = 0; c < 3; ++c)
                px[x][c] = SceneColour::toByte(c0[c] + (c1[c] - c0[c]) * t + nz);
        }
    }
}

void SceneBackground::paintWood(cv::Mat &img, cv::Rect area, const cv::Scalar &colour, SceneRandom &rng)
{
    const cv::Mat warp = fractalNoise(img.size(), 4, 3, rng);
    const double freq = rng.uniform(0.05, 0.15) * 720.0 / std::max(1, img.rows), along = rng.uniform(-0.15, 0.15);
    const double amp = 12.0 * img.rows / 720.0;
    for (int y = area.y; y < area.y + area.height; ++y) {
        cv::Vec3b *px = img.ptr<cv::Vec3b>(y);
        const float *w = warp.ptr<float>(y);
        for (int x = area.x; x < area.x + area.width; ++x) {
            const double g = 0.5 + 0.5 * std::sin((y + along * x + amp * w[x]) * freq);
            const double k = 0.82 + 0.22 * g * g;
            for (int c = 0; c < 3; ++c)
                px[x][c] = SceneColour::toByte(colour[c] * k);
        }
    }
}

void SceneBackground::paintClutter(cv::Mat &img, SceneRandom &rng)
{
    const int n = rng.integer(0, 9);
    const double side = std::min(img.cols, img.rows);
    for (int i = 0; i < n; ++i) {
        const cv::Point2d c(rng.uniform(0, img.cols), rng.uniform(0, img.rows));
        const double size = side * rng.logUniform(0.04, 0.35), angle = rng.uniform(0, 2 * kPi),
                     la = rng.uniform(0, 2 * kPi);
        const cv::Scalar col = SceneColour::random(rng, 0.7, 30, 230);
        switch (rng.integer(0, 5)) {
        case 0: // a box or a panel
            ScenePainter::fillShaded(img, nullptr, 0,
                ScenePainter::roundedRect(
                    c, ScenePainter::direction(angle), size, size * rng.uniform(0.3, 1.0), size * 0.05),
                col, ScenePainter::flatShade(c, la, size, 0.2, 0), 0.7);
            break;
        case 1: // a disc, a cup seen from above, a roll of tape
            ScenePainter::fillShaded(img, nullptr, 0,
                ScenePainter::ellipse(c, angle, 0.5 * size, 0.5 * size * rng.uniform(0.5, 1.0)), col,
                ScenePainter::flatShade(c, la, 0.5 * size, 0.3, rng.uniform(0, 0.4)), 0.7);
            break;
        case 2: { // a bar like a tool handle or another machine's link: a hard negative
            const cv::Point2d a = c - ScenePainter::direction(angle) * size,
                              b = c + ScenePainter::direction(angle) * size;
            const double w = side * rng.uniform(0.02, 0.07);
            ScenePainter::fillShaded(img, nullptr, 0, ScenePainter::capsule(a, b, w), col,
                ScenePainter::barShade(a, b, w, la, rng.uniform(0, 0.7)), 0.6);
            break;
        }
        case 3: { // a loose cable lying around
            std::vector<cv::Point2d> ctrl;
            for (int k = 0; k < 4; ++k)
                ctrl.push_back(c + cv::Point2d(rng.uniform(-size, size), rng.uniform(-size, size)));
            ScenePainter::strokePath(img, nullptr, 0, ScenePainter::bezier(ctrl),
                std::max(1.0, side * rng.uniform(0.004, 0.015)), col, SceneColour::scaled(col, 1.4));
            break;
        }
        case 4: { // an irregular convex piece
            std::vector<cv::Point2d> pts;
            for (int k = 0; k < 7; ++k)
                pts.push_back(
                    c + ScenePainter::direction(angle + k * 2 * kPi / 7) * (0.5 * size * rng.uniform(0.6, 1.0)));
            ScenePainter::fillShaded(img, nullptr, 0, pts, col, ScenePainter::flatShade(c, la, size, 0.25, 0), 0.6);
            break;
        }
        default: { // shelf edge or table seam: a long straight line
            const cv::Point2d d = ScenePainter::direction(angle) * (2.0 * side);
            cv::line(img, cv::Point(cvRound((c - d).x * kFixedOne), cvRound((c - d).y * kFixedOne)),
                cv::Point(cvRound((c + d).x * kFixedOne), cvRound((c + d).y * kFixedOne)), col,
                std::max(1, int(side * rng.uniform(0.002, 0.01))), cv::LINE_AA, kShift);
            break;
        }
        }
    }
}

} // namespace gp
