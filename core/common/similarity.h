#pragma once

#include <QPointF>

#include <cmath>
#include <vector>

namespace gp {

// A 2-D similarity transform (rotation, uniform scale, translation, no reflection):
// p -> (a x - b y + tx, b x + a y + ty), where a = s cos(angle) and b = s sin(angle).
struct Similarity
{
    double a = 1.0, b = 0.0, tx = 0.0, ty = 0.0;

    QPointF map(const QPointF &p) const { return { a * p.x() - b * p.y() + tx, b * p.x() + a * p.y() + ty }; }
    // The linear part alone: where a difference vector goes.
    QPointF mapVector(const QPointF &v) const { return { a * v.x() - b * v.y(), b * v.x() + a * v.y() }; }
    double scale() const { return std::hypot(a, b); }

    static Similarity translation(const QPointF &d) { return { 1.0, 0.0, d.x(), d.y() }; }
    // A rotation by `angle` (radians, counter-clockwise in x-right/y-up, so clockwise on screen)
    // and a scaling by `factor`, both about `centre`.
    static Similarity about(const QPointF &centre, double angle, double factor)
    {
        Similarity s { factor * std::cos(angle), factor * std::sin(angle), 0.0, 0.0 };
        const QPointF c = s.map(centre);
        s.tx = centre.x() - c.x();
        s.ty = centre.y() - c.y();
        return s;
    }

    // The least-squares similarity taking `from` onto `to` (same length): with one pair a
    // translation, with two the exact similarity, with more the closed-form fit (the centred
    // cross-covariance gives a and b; the centroids give the translation).
    static Similarity fit(const std::vector<QPointF> &from, const std::vector<QPointF> &to)
    {
        const size_t n = std::min(from.size(), to.size());
        if (n == 0)
            return {};
        QPointF cf, ct;
        for (size_t i = 0; i < n; ++i) {
            cf += from[i];
            ct += to[i];
        }
        cf /= double(n);
        ct /= double(n);
        if (n == 1)
            return translation(ct - cf);
        double sxx = 0, sab = 0, sba = 0;
        for (size_t i = 0; i < n; ++i) {
            const QPointF p = from[i] - cf, q = to[i] - ct;
            sxx += p.x() * p.x() + p.y() * p.y();
            sab += p.x() * q.x() + p.y() * q.y();
            sba += p.x() * q.y() - p.y() * q.x();
        }
        if (sxx <= 0.0)
            return translation(ct - cf);
        Similarity s { sab / sxx, sba / sxx, 0.0, 0.0 };
        const QPointF m = s.map(cf);
        s.tx = ct.x() - m.x();
        s.ty = ct.y() - m.y();
        return s;
    }
};

} // namespace gp
