#include "worstframes.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace gp {

double WorstFrames::value(const QualitySeries &q, Criterion c, qint64 frame)
{
    if (frame < 0 || frame >= q.frameCount())
        return std::nan("");
    const size_t i = size_t(frame);
    switch (c) {
    case Criterion::LowConfidence:
        return q.confidence[i];
    case Criterion::Jump:
        return q.jump[i];
    case Criterion::Jitter:
        return q.jitter[i];
    case Criterion::TrackSwitch:
        return std::isnan(q.confidence[i]) ? std::nan("") : double(q.trackChange[i]);
    case Criterion::Swap:
        return q.swap[i];
    }
    return std::nan("");
}

bool WorstFrames::selects(const QualitySeries &q, Criterion c, double threshold, qint64 frame)
{
    const double v = value(q, c, frame);
    if (std::isnan(v))
        return false;
    switch (c) {
    case Criterion::LowConfidence:
        return v < threshold;
    case Criterion::TrackSwitch:
        return v > 0.5;
    default:
        return v > threshold;
    }
}

qint64 WorstFrames::count(const QualitySeries &q, Criterion c, double threshold)
{
    qint64 n = 0;
    for (qint64 i = 0; i < q.frameCount(); ++i)
        n += selects(q, c, threshold, i) ? 1 : 0;
    return n;
}

std::vector<WorstFrames::Entry> WorstFrames::rank(
    const QualitySeries &q, Criterion c, double threshold, int n, bool spread)
{
    std::vector<Entry> selected;
    for (qint64 i = 0; i < q.frameCount(); ++i)
        if (selects(q, c, threshold, i))
            selected.push_back({ i, value(q, c, i) });
    // Worst first: the lowest confidence, else the largest measure; ties by frame.
    const bool ascending = c == Criterion::LowConfidence;
    std::stable_sort(selected.begin(), selected.end(),
        [&](const Entry &a, const Entry &b) { return ascending ? a.value < b.value : a.value > b.value; });
    if (n <= 0 || (int(selected.size()) <= n && !spread))
        return selected;
    if (!spread) {
        selected.resize(size_t(n));
        return selected;
    }
    const qint64 gap = std::max<qint64>(1, q.frameCount() / (2 * qint64(n)));
    std::vector<Entry> picked;
    for (const Entry &e : selected) {
        const bool near = std::any_of(
            picked.begin(), picked.end(), [&](const Entry &p) { return std::llabs(p.frame - e.frame) < gap; });
        if (!near)
            picked.push_back(e);
        if (int(picked.size()) == n)
            break;
    }
    return picked;
}

QString WorstFrames::name(Criterion c)
{
    switch (c) {
    case Criterion::LowConfidence:
        return tr("Low confidence");
    case Criterion::Jump:
        return tr("Jump");
    case Criterion::Jitter:
        return tr("Jitter");
    case Criterion::TrackSwitch:
        return tr("Track switch");
    case Criterion::Swap:
        return tr("Left/right swap");
    }
    return {};
}

QString WorstFrames::unit(Criterion c)
{
    //: Unit after a number of pixels.
    return c == Criterion::LowConfidence || c == Criterion::TrackSwitch ? QString() : tr("px");
}

double WorstFrames::defaultThreshold(Criterion c)
{
    switch (c) {
    case Criterion::LowConfidence:
        return 0.5;
    case Criterion::Jump:
        return 20.0;
    case Criterion::Jitter:
        return 4.0;
    case Criterion::TrackSwitch:
        return 0.5;
    case Criterion::Swap:
        return 10.0;
    }
    return 0.0;
}

std::vector<WorstFrames::Criterion> WorstFrames::all()
{
    return { Criterion::LowConfidence, Criterion::Jump, Criterion::Jitter, Criterion::TrackSwitch, Criterion::Swap };
}

} // namespace gp
