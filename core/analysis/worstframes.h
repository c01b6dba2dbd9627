#pragma once

#include "posequality.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace gp {

// Ranks the frames of an analysed video by one criterion and picks the ones to label:
// the N worst, or N spread over the video (no two closer than the video's length over
// 2N frames, so one bad second does not fill the list).
class WorstFrames
{
    Q_DECLARE_TR_FUNCTIONS(WorstFrames)

public:
    enum class Criterion { LowConfidence, Jump, Jitter, TrackSwitch, Swap };

    struct Entry
    {
        qint64 frame = 0;
        double value = 0.0; // the criterion's measure at the frame (its unit: unit())
    };

    // The criterion's measure at `frame`; NaN where it does not apply.
    static double value(const QualitySeries &q, Criterion c, qint64 frame);
    // Whether `frame` is selected by `threshold`: confidence below it, or the measure above
    // it (track switch: any change).
    static bool selects(const QualitySeries &q, Criterion c, double threshold, qint64 frame);
    // How many frames the threshold selects.
    static qint64 count(const QualitySeries &q, Criterion c, double threshold);
    // The selected frames, worst first; at most `n` (n <= 0: all). `spread` keeps picks at
    // least frameCount / (2n) frames apart.
    static std::vector<Entry> rank(const QualitySeries &q, Criterion c, double threshold, int n, bool spread);

    static QString name(Criterion c);
    static QString unit(Criterion c);
    // A default threshold: 0.5 confidence, DeepLabCut's 20 px jump, 4 px jitter, 10 px swap.
    static double defaultThreshold(Criterion c);
    static std::vector<Criterion> all();
};

} // namespace gp
