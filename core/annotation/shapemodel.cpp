#include "shapemodel.h"

#include <opencv2/core.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

// Centroid at 0 and an RMS radius of 1; false for a degenerate shape (all points together).
bool normalise(std::vector<QPointF> *shape)
{
    QPointF c;
    for (const QPointF &p : *shape)
        c += p;
    c /= double(shape->size());
    double r2 = 0;
    for (QPointF &p : *shape) {
        p -= c;
        r2 += QPointF::dotProduct(p, p);
    }
    const double r = std::sqrt(r2 / double(shape->size()));
    if (!(r > 1e-9))
        return false;
    for (QPointF &p : *shape)
        p /= r;
    return true;
}

std::vector<QPointF> mapped(const Similarity &s, const std::vector<QPointF> &shape)
{
    std::vector<QPointF> out;
    out.reserve(shape.size());
    for (const QPointF &p : shape)
        out.push_back(s.map(p));
    return out;
}

} // namespace

ShapeModel ShapeModel::learn(const std::vector<std::vector<QPointF>> &shapes, int maxModes)
{
    ShapeModel m;
    if (shapes.empty())
        return m;
    const size_t n = shapes.front().size();
    std::vector<std::vector<QPointF>> aligned;
    for (const auto &s : shapes) {
        std::vector<QPointF> t = s;
        if (t.size() == n && n >= 2 && normalise(&t))
            aligned.push_back(std::move(t));
    }
    if (int(aligned.size()) < kMinShapes)
        return m;
    // Generalised Procrustes: align every shape to the mean, average, renormalise; a few
    // rounds settle it.
    std::vector<QPointF> mean = aligned.front();
    for (int round = 0; round < 8; ++round) {
        std::vector<QPointF> sum(n);
        for (auto &s : aligned) {
            s = mapped(Similarity::fit(s, mean), s);
            for (size_t i = 0; i < n; ++i)
                sum[i] += s[i];
        }
        for (QPointF &p : sum)
            p /= double(aligned.size());
        if (!normalise(&sum))
            return m;
        mean = sum;
    }
    for (auto &s : aligned)
        s = mapped(Similarity::fit(s, mean), s);

    // Principal components of the aligned shapes around the mean.
    const int dims = int(2 * n);
    cv::Mat cov = cv::Mat::zeros(dims, dims, CV_64F);
    for (const auto &s : aligned) {
        std::vector<double> d(static_cast<size_t>(dims));
        for (size_t i = 0; i < n; ++i) {
            d[2 * i] = s[i].x() - mean[i].x();
            d[2 * i + 1] = s[i].y() - mean[i].y();
        }
        for (int r = 0; r < dims; ++r)
            for (int c = 0; c < dims; ++c)
                cov.at<double>(r, c) += d[size_t(r)] * d[size_t(c)];
    }
    cov /= double(aligned.size());
    cv::Mat values, vectors;
    cv::eigen(cov, values, vectors); // descending
    const double total = cv::sum(values)[0];
    double explained = 0;
    for (int k = 0; k < dims && k < maxModes && total > 0; ++k) {
        const double v = values.at<double>(k);
        if (explained >= kExplained * total || v <= 1e-12)
            break;
        explained += v;
        std::vector<QPointF> mode(n);
        for (size_t i = 0; i < n; ++i)
            mode[i] = QPointF(vectors.at<double>(k, int(2 * i)), vectors.at<double>(k, int(2 * i + 1)));
        m.m_modes.push_back(std::move(mode));
        m.m_variances.push_back(v);
    }
    m.m_mean = mean;
    return m;
}

std::vector<ShapeModel> ShapeModel::learnParts(
    const std::vector<PoseInstance> &instances, const std::vector<std::vector<int>> &groups)
{
    std::vector<ShapeModel> out;
    for (const std::vector<int> &group : groups) {
        std::vector<std::vector<QPointF>> shapes;
        for (const PoseInstance &inst : instances) {
            std::vector<QPointF> shape;
            for (int k : group)
                if (size_t(k) < inst.keypoints.size() && inst.keypoints[size_t(k)].isLabelled())
                    shape.emplace_back(inst.keypoints[size_t(k)].x, inst.keypoints[size_t(k)].y);
            if (shape.size() == group.size())
                shapes.push_back(std::move(shape));
        }
        out.push_back(learn(shapes));
    }
    return out;
}

std::vector<QPointF> ShapeModel::project(const std::vector<QPointF> &shape) const
{
    if (!isValid() || shape.size() != m_mean.size())
        return shape;
    const size_t n = shape.size();
    std::vector<QPointF> model = m_mean;
    Similarity pose;
    // Alternate the pose (the model shape onto `shape`) and the coefficients (`shape` taken
    // into the model's frame); a few rounds settle it.
    for (int round = 0; round < 5; ++round) {
        pose = Similarity::fit(model, shape);
        const Similarity back = Similarity::fit(shape, model);
        const std::vector<QPointF> y = mapped(back, shape);
        model = m_mean;
        for (size_t k = 0; k < m_modes.size(); ++k) {
            double b = 0;
            for (size_t i = 0; i < n; ++i)
                b += QPointF::dotProduct(y[i] - m_mean[i], m_modes[k][i]);
            const double limit = kPlausible * std::sqrt(m_variances[k]);
            b = std::clamp(b, -limit, limit);
            for (size_t i = 0; i < n; ++i)
                model[i] += b * m_modes[k][i];
        }
    }
    return mapped(Similarity::fit(model, shape), model);
}

std::vector<QPointF> ShapeModel::fit(const std::vector<QPointF> &base, const std::vector<int> &fixed,
    const std::vector<QPointF> &targets, double noise) const
{
    const size_t n = base.size();
    if (!isValid() || n != m_mean.size() || fixed.empty() || fixed.size() != targets.size())
        return base;
    // The modes in the base's frame: the mean mapped onto the base fixes rotation and scale.
    const Similarity toBase = Similarity::fit(m_mean, base);
    const int modes = std::min(modeCount(), std::max(0, 2 * int(fixed.size()) - 4));
    std::vector<std::vector<QPointF>> phi(static_cast<size_t>(modes), std::vector<QPointF>(n));
    for (int k = 0; k < modes; ++k)
        for (size_t i = 0; i < n; ++i)
            phi[size_t(k)][i] = toBase.mapVector(m_modes[size_t(k)][i]);

    std::vector<double> b(static_cast<size_t>(modes), 0.0);
    auto shapeOf = [&](const std::vector<double> &coef) {
        std::vector<QPointF> s = base;
        for (int k = 0; k < modes; ++k)
            for (size_t i = 0; i < n; ++i)
                s[i] += coef[size_t(k)] * phi[size_t(k)][i];
        return s;
    };
    auto fixedOf = [&](const std::vector<QPointF> &s) {
        std::vector<QPointF> out;
        for (int i : fixed)
            out.push_back(s[size_t(i)]);
        return out;
    };
    Similarity t = Similarity::fit(fixedOf(base), targets);
    // Alternate: the modes' coefficients given the similarity, then the similarity given the shape.
    for (int round = 0; round < 20 && modes > 0; ++round) {
        cv::Mat a(int(2 * fixed.size()), modes, CV_64F), r(int(2 * fixed.size()), 1, CV_64F);
        for (size_t j = 0; j < fixed.size(); ++j) {
            const size_t i = size_t(fixed[j]);
            const QPointF res = targets[j] - t.map(base[i]);
            r.at<double>(int(2 * j)) = res.x();
            r.at<double>(int(2 * j + 1)) = res.y();
            for (int k = 0; k < modes; ++k) {
                const QPointF col = t.mapVector(phi[size_t(k)][i]);
                a.at<double>(int(2 * j), k) = col.x();
                a.at<double>(int(2 * j + 1), k) = col.y();
            }
        }
        cv::Mat lhs = a.t() * a, rhs = a.t() * r;
        // A coefficient is in the mean's normalised units (phi carries the base's scale, t the
        // rest), where the learned shapes spread it with its variance: least squares in pixels
        // against that prior, i.e. ridge with noise^2 / variance.
        for (int k = 0; k < modes; ++k)
            lhs.at<double>(k, k) += noise * noise / std::max(m_variances[size_t(k)], 1e-12);
        cv::Mat x;
        if (!cv::solve(lhs, rhs, x, cv::DECOMP_CHOLESKY))
            break;
        for (int k = 0; k < modes; ++k)
            b[size_t(k)] = x.at<double>(k);
        t = Similarity::fit(fixedOf(shapeOf(b)), targets);
    }
    return mapped(t, shapeOf(b));
}

} // namespace gp
