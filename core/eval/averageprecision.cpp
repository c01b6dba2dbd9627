#include "averageprecision.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace gp {

namespace {

constexpr double kEps = 1e-16;
constexpr int kCurvePoints = 1000;

double mean(const std::vector<double> &v)
{
    return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}

// Box filter of the given fraction, padded with the end values (the reference's smooth()).
std::vector<double> smooth(const std::vector<double> &y, double fraction)
{
    const int nf = int(std::round(double(y.size()) * fraction * 2)) / 2 + 1;
    const int pad = nf / 2;
    std::vector<double> padded;
    padded.insert(padded.end(), size_t(pad), y.front());
    padded.insert(padded.end(), y.begin(), y.end());
    padded.insert(padded.end(), size_t(pad), y.back());
    std::vector<double> out;
    for (size_t i = 0; i + size_t(nf) <= padded.size(); ++i) {
        double s = 0;
        for (int j = 0; j < nf; ++j)
            s += padded[i + size_t(j)];
        out.push_back(s / nf);
    }
    return out;
}

} // namespace

double AveragePrecision::interp(
    double x, const std::vector<double> &xp, const std::vector<double> &fp, double left, double right)
{
    const size_t n = xp.size();
    if (n == 0)
        return left;
    if (x < xp.front())
        return left;
    if (x > xp.back())
        return right;
    // The last index j with xp[j] <= x.
    const size_t j = size_t(std::upper_bound(xp.begin(), xp.end(), x) - xp.begin()) - 1;
    if (j == n - 1 || xp[j] == x)
        return fp[j];
    const double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
    return slope * (x - xp[j]) + fp[j];
}

double AveragePrecision::computeAp(
    const std::vector<double> &recall, const std::vector<double> &precision, EndSentinel sentinel)
{
    std::vector<double> mrec { 0.0 }, mpre { 1.0 };
    mrec.insert(mrec.end(), recall.begin(), recall.end());
    mpre.insert(mpre.end(), precision.begin(), precision.end());
    if (sentinel == EndSentinel::Current) {
        mrec.push_back(recall.empty() ? 0.0 : recall.back());
        mpre.push_back(0.0);
    }
    mrec.push_back(1.0);
    mpre.push_back(0.0);
    // Precision envelope: running maximum from the right.
    for (size_t i = mpre.size() - 1; i > 0; --i)
        mpre[i - 1] = std::max(mpre[i - 1], mpre[i]);
    // Trapezoidal integral of the envelope sampled at 101 recall points.
    constexpr int kPoints = 101;
    double ap = 0.0, prevX = 0.0, prevY = interp(0.0, mrec, mpre, mpre.front(), mpre.back());
    for (int i = 1; i < kPoints; ++i) {
        const double x = double(i) / (kPoints - 1);
        const double y = interp(x, mrec, mpre, mpre.front(), mpre.back());
        ap += (x - prevX) * (y + prevY) / 2;
        prevX = x;
        prevY = y;
    }
    return ap;
}

AveragePrecision::Result AveragePrecision::compute(const std::vector<std::vector<bool>> &tp,
    const std::vector<double> &conf, const std::vector<int> &predClass, const std::vector<int> &targetClass,
    EndSentinel sentinel)
{
    Result r;
    const size_t nThr = tp.empty() ? 10 : tp.front().size();
    std::vector<size_t> order(conf.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return conf[a] > conf[b]; });

    std::map<int, int> targets;
    for (int c : targetClass)
        ++targets[c];
    std::vector<double> grid(kCurvePoints);
    for (int i = 0; i < kCurvePoints; ++i)
        grid[size_t(i)] = double(i) / (kCurvePoints - 1);

    std::vector<std::vector<double>> pCurves, rCurves;
    for (const auto &[cls, nLabels] : targets) {
        r.classes.push_back(cls);
        r.ap.emplace_back(nThr, 0.0);
        std::vector<double> pCurve(kCurvePoints, 0.0), rCurve(kCurvePoints, 0.0);
        std::vector<size_t> mine;
        for (size_t i : order)
            if (predClass[i] == cls)
                mine.push_back(i);
        if (!mine.empty()) {
            // Cumulative counts per threshold, predictions by decreasing confidence.
            std::vector<std::vector<double>> recall(nThr), precision(nThr);
            std::vector<double> negConf;
            for (size_t t = 0; t < nThr; ++t) {
                double tpc = 0, fpc = 0;
                for (size_t i : mine) {
                    tp[i][t] ? ++tpc : ++fpc;
                    recall[t].push_back(tpc / (nLabels + kEps));
                    precision[t].push_back(tpc / (tpc + fpc));
                }
                r.ap.back()[t] = computeAp(recall[t], precision[t], sentinel);
            }
            for (size_t i : mine)
                negConf.push_back(-conf[i]);
            for (int k = 0; k < kCurvePoints; ++k) {
                rCurve[size_t(k)] = interp(-grid[size_t(k)], negConf, recall[0], 0.0, recall[0].back());
                pCurve[size_t(k)] = interp(-grid[size_t(k)], negConf, precision[0], 1.0, precision[0].back());
            }
        }
        pCurves.push_back(pCurve);
        rCurves.push_back(rCurve);
    }
    if (r.classes.empty())
        return r;
    std::vector<double> meanF1(kCurvePoints, 0.0);
    for (size_t c = 0; c < pCurves.size(); ++c)
        for (int k = 0; k < kCurvePoints; ++k) {
            const double p = pCurves[c][size_t(k)], rc = rCurves[c][size_t(k)];
            meanF1[size_t(k)] += 2 * p * rc / (p + rc + kEps) / double(pCurves.size());
        }
    const std::vector<double> smoothed = smooth(meanF1, 0.1);
    const size_t best = size_t(std::max_element(smoothed.begin(), smoothed.end()) - smoothed.begin());
    for (size_t c = 0; c < pCurves.size(); ++c) {
        r.precision.push_back(pCurves[c][best]);
        r.recall.push_back(rCurves[c][best]);
    }
    return r;
}

double AveragePrecision::Result::meanPrecision() const
{
    return mean(precision);
}

double AveragePrecision::Result::meanRecall() const
{
    return mean(recall);
}

std::vector<double> AveragePrecision::Result::apPerThreshold() const
{
    std::vector<double> out(ap.empty() ? 0 : ap.front().size(), 0.0);
    for (const auto &row : ap)
        for (size_t t = 0; t < row.size(); ++t)
            out[t] += row[t] / double(ap.size());
    return out;
}

double AveragePrecision::Result::map50() const
{
    const auto a = apPerThreshold();
    return a.empty() ? 0.0 : a.front();
}

double AveragePrecision::Result::map75() const
{
    const auto a = apPerThreshold();
    return a.size() > 5 ? a[5] : 0.0;
}

double AveragePrecision::Result::map() const
{
    return mean(apPerThreshold());
}

} // namespace gp
