#pragma once

#include <vector>

namespace gp {

// Average precision per class as the Ultralytics validator computes it (ap_per_class):
// predictions of the whole dataset sorted by confidence, cumulative TP/FP, the
// precision envelope integrated at 101 recall points, and P/R read at the maximum of the
// smoothed mean F1 over a 1000-point confidence grid.
class AveragePrecision
{
public:
    enum class EndSentinel {
        Current, // 8.4.x: append (last recall, 0) and (1, 0)
        Legacy, // 8.3.x: append (1, 0) only
    };

    struct Result
    {
        std::vector<int> classes; // classes that have ground truth, ascending
        std::vector<std::vector<double>> ap; // [class][threshold]
        std::vector<double> precision; // per class, at the max-F1 confidence
        std::vector<double> recall;
        double meanPrecision() const;
        double meanRecall() const;
        double map50() const; // mean AP at the first threshold
        double map75() const; // at the sixth threshold (0.75)
        double map() const; // mean over classes and thresholds
        std::vector<double> apPerThreshold() const; // mean over classes
    };

    // tp[i][t] for prediction i; conf and predClass per prediction; targetClass per GT.
    static Result compute(const std::vector<std::vector<bool>> &tp, const std::vector<double> &conf,
        const std::vector<int> &predClass, const std::vector<int> &targetClass,
        EndSentinel sentinel = EndSentinel::Current);

    // AP of one precision/recall curve (recall ascending).
    static double computeAp(
        const std::vector<double> &recall, const std::vector<double> &precision, EndSentinel sentinel);
    // numpy.interp semantics (xp non-decreasing; duplicates resolved as numpy does).
    static double interp(
        double x, const std::vector<double> &xp, const std::vector<double> &fp, double left, double right);
};

} // namespace gp
