#include "augmenter.h"

#include "letterbox.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

constexpr double kPi = 3.14159265358979323846;
const cv::Scalar kPadColor(114, 114, 114);

QPointF apply(const cv::Mat &m, double x, double y, bool perspective)
{
    const double *r0 = m.ptr<double>(0), *r1 = m.ptr<double>(1), *r2 = m.ptr<double>(2);
    const double X = r0[0] * x + r0[1] * y + r0[2];
    const double Y = r1[0] * x + r1[1] * y + r1[2];
    const double W = perspective ? r2[0] * x + r2[1] * y + r2[2] : 1.0;
    return { X / W, Y / W };
}

// Points outside [0, w] × [0, h] are no longer labelled; coordinates are clipped.
void clipKeypoints(PoseInstance &inst, double w, double h)
{
    for (Keypoint &k : inst.keypoints) {
        if (k.x < 0 || k.y < 0 || k.x > w || k.y > h)
            k.visibility = Keypoint::Absent;
        k.x = std::clamp(k.x, 0.0, w);
        k.y = std::clamp(k.y, 0.0, h);
    }
}

QRectF clipBox(const QRectF &b, double w, double h)
{
    const double x1 = std::clamp(b.left(), 0.0, w), x2 = std::clamp(b.right(), 0.0, w);
    const double y1 = std::clamp(b.top(), 0.0, h), y2 = std::clamp(b.bottom(), 0.0, h);
    return QRectF(QPointF(x1, y1), QPointF(x2, y2));
}

void scaleInstances(std::vector<PoseInstance> &instances, double sx, double sy, double dx = 0, double dy = 0)
{
    for (PoseInstance &inst : instances) {
        inst.box = QRectF(
            inst.box.left() * sx + dx, inst.box.top() * sy + dy, inst.box.width() * sx, inst.box.height() * sy);
        for (Keypoint &k : inst.keypoints) {
            k.x = k.x * sx + dx;
            k.y = k.y * sy + dy;
        }
    }
}

} // namespace

Augmenter::Augmenter(const TrainingConfig &config, std::vector<int> flipIdx)
    : m_config(config)
    , m_flipIdx(std::move(flipIdx))
{ }

TrainSample Augmenter::resizeLongSide(const TrainSample &s, int imgsz)
{
    const int w0 = s.image.cols, h0 = s.image.rows;
    const double r = double(imgsz) / std::max(w0, h0);
    if (r == 1.0)
        return s;
    const int w = std::min(int(std::ceil(w0 * r)), imgsz), h = std::min(int(std::ceil(h0 * r)), imgsz);
    TrainSample out;
    cv::resize(s.image, out.image, cv::Size(w, h), 0, 0, cv::INTER_LINEAR);
    out.instances = s.instances;
    scaleInstances(out.instances, double(w) / w0, double(h) / h0);
    return out;
}

TrainSample Augmenter::letterbox(const TrainSample &s, int width, int height, bool scaleUp)
{
    const LetterboxTransform t = LetterboxTransform::make(s.image.cols, s.image.rows, width, height, scaleUp);
    TrainSample out;
    cv::Mat resized;
    if (t.resizedWidth != s.image.cols || t.resizedHeight != s.image.rows)
        cv::resize(s.image, resized, cv::Size(t.resizedWidth, t.resizedHeight), 0, 0, cv::INTER_LINEAR);
    else
        resized = s.image;
    cv::copyMakeBorder(
        resized, out.image, t.padTop, t.padBottom, t.padLeft, t.padRight, cv::BORDER_CONSTANT, kPadColor);
    out.instances = s.instances;
    scaleInstances(out.instances, double(t.resizedWidth) / s.image.cols, double(t.resizedHeight) / s.image.rows,
        t.padLeft, t.padTop);
    return out;
}

cv::Mat Augmenter::randomMatrix(cv::Size in, cv::Size out, AugmentRng &rng, double *scaleOut) const
{
    // M = T · S · R · P · C, as Ultralytics' RandomPerspective composes it.
    cv::Mat C = cv::Mat::eye(3, 3, CV_64F);
    C.at<double>(0, 2) = -in.width / 2.0;
    C.at<double>(1, 2) = -in.height / 2.0;
    cv::Mat P = cv::Mat::eye(3, 3, CV_64F);
    P.at<double>(2, 0) = rng.uniform(-m_config.perspective, m_config.perspective);
    P.at<double>(2, 1) = rng.uniform(-m_config.perspective, m_config.perspective);
    cv::Mat R = cv::Mat::eye(3, 3, CV_64F);
    const double angle = rng.uniform(-m_config.degrees, m_config.degrees);
    const double scale = rng.uniform(1 - m_config.scale, 1 + m_config.scale);
    if (scaleOut)
        *scaleOut = scale;
    cv::getRotationMatrix2D(cv::Point2f(0, 0), angle, scale).copyTo(R.rowRange(0, 2));
    cv::Mat S = cv::Mat::eye(3, 3, CV_64F);
    S.at<double>(0, 1) = std::tan(rng.uniform(-m_config.shear, m_config.shear) * kPi / 180);
    S.at<double>(1, 0) = std::tan(rng.uniform(-m_config.shear, m_config.shear) * kPi / 180);
    cv::Mat T = cv::Mat::eye(3, 3, CV_64F);
    T.at<double>(0, 2) = rng.uniform(0.5 - m_config.translate, 0.5 + m_config.translate) * out.width;
    T.at<double>(1, 2) = rng.uniform(0.5 - m_config.translate, 0.5 + m_config.translate) * out.height;
    return T * S * R * P * C;
}

TrainSample Augmenter::warp(const TrainSample &s, const cv::Mat &m, cv::Size out, bool perspective, double scale)
{
    TrainSample r;
    if (perspective)
        cv::warpPerspective(s.image, r.image, m, out, cv::INTER_LINEAR, cv::BORDER_CONSTANT, kPadColor);
    else
        cv::warpAffine(s.image, r.image, m.rowRange(0, 2), out, cv::INTER_LINEAR, cv::BORDER_CONSTANT, kPadColor);
    // The size filter compares areas at the random scale (Ultralytics' box_candidates), not at
    // the matrix's own √|det|, which shear changes a little.
    if (scale <= 0)
        scale = std::sqrt(std::abs(cv::determinant(m(cv::Rect(0, 0, 2, 2)))));
    const double w = out.width, h = out.height;
    for (const PoseInstance &inst : s.instances) {
        PoseInstance n = inst;
        double x1 = 1e18, y1 = 1e18, x2 = -1e18, y2 = -1e18;
        for (const QPointF &c :
            { inst.box.topLeft(), inst.box.topRight(), inst.box.bottomLeft(), inst.box.bottomRight() }) {
            const QPointF p = apply(m, c.x(), c.y(), perspective);
            x1 = std::min(x1, p.x());
            y1 = std::min(y1, p.y());
            x2 = std::max(x2, p.x());
            y2 = std::max(y2, p.y());
        }
        n.box = clipBox(QRectF(QPointF(x1, y1), QPointF(x2, y2)), w, h);
        for (Keypoint &k : n.keypoints) {
            const QPointF p = apply(m, k.x, k.y, perspective);
            k.x = p.x();
            k.y = p.y();
        }
        clipKeypoints(n, w, h);
        // Ultralytics' box_candidates: > 2 px each side, > 10 % of the scaled area, aspect < 100.
        constexpr double kEps = 1e-16;
        const double w1 = inst.box.width() * scale, h1 = inst.box.height() * scale;
        const double w2 = n.box.width(), h2 = n.box.height();
        const double ar = std::max(w2 / (h2 + kEps), h2 / (w2 + kEps));
        if (w2 > 2 && h2 > 2 && w2 * h2 / (w1 * h1 + kEps) > 0.1 && ar < 100)
            r.instances.push_back(std::move(n));
    }
    return r;
}

TrainSample Augmenter::mosaic(const std::array<TrainSample, 4> &samples, AugmentRng &rng) const
{
    const int s = m_config.imgsz;
    TrainSample canvas;
    canvas.image = cv::Mat(2 * s, 2 * s, CV_8UC3, kPadColor);
    const int xc = int(rng.uniform(s / 2.0, 1.5 * s)), yc = int(rng.uniform(s / 2.0, 1.5 * s));
    for (int i = 0; i < 4; ++i) {
        const TrainSample &t = samples[size_t(i)];
        const int w = t.image.cols, h = t.image.rows;
        int x1a, y1a, x2a, y2a, x1b, y1b, x2b, y2b;
        if (i == 0) { // top left
            x1a = std::max(xc - w, 0), y1a = std::max(yc - h, 0), x2a = xc, y2a = yc;
            x1b = w - (x2a - x1a), y1b = h - (y2a - y1a), x2b = w, y2b = h;
        } else if (i == 1) { // top right
            x1a = xc, y1a = std::max(yc - h, 0), x2a = std::min(xc + w, 2 * s), y2a = yc;
            x1b = 0, y1b = h - (y2a - y1a), x2b = std::min(w, x2a - x1a), y2b = h;
        } else if (i == 2) { // bottom left
            x1a = std::max(xc - w, 0), y1a = yc, x2a = xc, y2a = std::min(2 * s, yc + h);
            x1b = w - (x2a - x1a), y1b = 0, x2b = w, y2b = std::min(y2a - y1a, h);
        } else { // bottom right
            x1a = xc, y1a = yc, x2a = std::min(xc + w, 2 * s), y2a = std::min(2 * s, yc + h);
            x1b = 0, y1b = 0, x2b = std::min(w, x2a - x1a), y2b = std::min(y2a - y1a, h);
        }
        if (x2a > x1a && y2a > y1a)
            t.image(cv::Rect(x1b, y1b, x2b - x1b, y2b - y1b))
                .copyTo(canvas.image(cv::Rect(x1a, y1a, x2a - x1a, y2a - y1a)));
        std::vector<PoseInstance> moved = t.instances;
        scaleInstances(moved, 1, 1, x1a - x1b, y1a - y1b);
        for (PoseInstance &inst : moved) {
            inst.box = clipBox(inst.box, 2 * s, 2 * s);
            clipKeypoints(inst, 2 * s, 2 * s);
            if (inst.box.width() > 0 && inst.box.height() > 0)
                canvas.instances.push_back(std::move(inst));
        }
    }
    double scale = 1.0;
    const cv::Mat m = randomMatrix(canvas.image.size(), cv::Size(s, s), rng, &scale);
    return warp(canvas, m, cv::Size(s, s), m_config.perspective != 0.0, scale);
}

TrainSample Augmenter::letterboxAndPerspective(const TrainSample &sample, AugmentRng &rng) const
{
    const int s = m_config.imgsz;
    const TrainSample boxed = letterbox(sample, s, s);
    double scale = 1.0;
    const cv::Mat m = randomMatrix(boxed.image.size(), boxed.image.size(), rng, &scale);
    return warp(boxed, m, boxed.image.size(), m_config.perspective != 0.0, scale);
}

TrainSample Augmenter::mixup(const TrainSample &a, const TrainSample &b, AugmentRng &rng)
{
    const double r = rng.beta(32.0, 32.0);
    TrainSample out;
    // Ultralytics blends in float and truncates (astype(uint8)); addWeighted would round.
    out.image.create(a.image.size(), a.image.type());
    CV_Assert(a.image.isContinuous() && b.image.isContinuous() && b.image.size() == a.image.size());
    const uchar *pa = a.image.ptr<uchar>(), *pb = b.image.ptr<uchar>();
    uchar *po = out.image.ptr<uchar>();
    for (size_t i = 0, n = a.image.total() * a.image.elemSize(); i < n; ++i)
        po[i] = uchar(pa[i] * r + pb[i] * (1 - r));
    out.instances = a.instances;
    out.instances.insert(out.instances.end(), b.instances.begin(), b.instances.end());
    return out;
}

void Augmenter::hsv(TrainSample &s, AugmentRng &rng) const
{
    if (m_config.hsvH == 0 && m_config.hsvS == 0 && m_config.hsvV == 0)
        return;
    const double rh = rng.uniform(-1, 1) * m_config.hsvH;
    const double rs = rng.uniform(-1, 1) * m_config.hsvS;
    const double rv = rng.uniform(-1, 1) * m_config.hsvV;
    cv::Mat lut(1, 256, CV_8UC3);
    for (int x = 0; x < 256; ++x) {
        // OpenCV's 8-bit hue is 0..179: shift it around the circle. Every table entry is
        // truncated, not rounded, as Ultralytics' astype(uint8) does (rounding would brighten
        // every augmented image by half a level on average).
        const int hue = int(std::fmod(std::fmod(x + rh * 180, 180) + 180, 180));
        lut.at<cv::Vec3b>(0, x) = cv::Vec3b(
            uchar(hue), uchar(std::clamp(x * (rs + 1), 0.0, 255.0)), uchar(std::clamp(x * (rv + 1), 0.0, 255.0)));
    }
    cv::Mat hsvImage;
    cv::cvtColor(s.image, hsvImage, cv::COLOR_BGR2HSV);
    cv::LUT(hsvImage, lut, hsvImage);
    cv::cvtColor(hsvImage, s.image, cv::COLOR_HSV2BGR);
}

void Augmenter::flipHorizontal(TrainSample &s, const std::vector<int> &flipIdx)
{
    cv::flip(s.image, s.image, 1);
    const double w = s.image.cols;
    for (PoseInstance &inst : s.instances) {
        inst.box
            = QRectF(QPointF(w - inst.box.right(), inst.box.top()), QPointF(w - inst.box.left(), inst.box.bottom()));
        const size_t n = inst.keypoints.size();
        // The dataset check refuses a flip_idx that is not a permutation of the keypoints;
        // one that still does not fit here leaves every point at its index rather than read
        // out of bounds.
        const bool fits = flipIdx.size() == n
            && std::all_of(flipIdx.begin(), flipIdx.end(), [&](int i) { return i >= 0 && size_t(i) < n; });
        std::vector<Keypoint> flipped(n);
        for (size_t k = 0; k < n; ++k) {
            Keypoint p = inst.keypoints[fits ? size_t(flipIdx[k]) : k];
            p.x = w - p.x;
            flipped[k] = p;
        }
        inst.keypoints = std::move(flipped);
    }
}

void Augmenter::flipVertical(TrainSample &s)
{
    cv::flip(s.image, s.image, 0);
    const double h = s.image.rows;
    for (PoseInstance &inst : s.instances) {
        inst.box
            = QRectF(QPointF(inst.box.left(), h - inst.box.bottom()), QPointF(inst.box.right(), h - inst.box.top()));
        for (Keypoint &k : inst.keypoints)
            k.y = h - k.y;
    }
}

void Augmenter::flips(TrainSample &s, AugmentRng &rng) const
{
    if (rng.chance(m_config.flipud))
        flipVertical(s);
    if (rng.chance(m_config.fliplr))
        flipHorizontal(s, m_flipIdx);
}

} // namespace gp
