#include "traininghistory.h"

#include "resultscsv.h"

#include <algorithm>

namespace gp {

TrainingHistory::TrainingHistory(QString name, QString runDir)
    : m_name(std::move(name))
    , m_runDir(std::move(runDir))
{ }

void TrainingHistory::clear()
{
    m_batches.clear();
    m_epochs.clear();
    m_startTimeMs.reset();
    ++m_batchesCut;
}

double TrainingHistory::position(int epoch, int batch, int batches)
{
    return epoch + double(batch + 1) / std::max(1, batches);
}

void TrainingHistory::addBatch(const BatchReport &batch, qint64 timeMs)
{
    BatchPoint p;
    p.position = position(batch.epoch, batch.batch, batch.batches);
    p.timeMs = timeMs;
    p.loss = batch.batchLoss;
    p.running = batch.loss;
    p.lr = batch.lr;
    p.imagesPerSecond = batch.imagesPerSecond;
    m_batches.push_back(p);
}

void TrainingHistory::addEpoch(const EpochReport &epoch)
{
    auto it
        = std::find_if(m_epochs.begin(), m_epochs.end(), [&](const EpochReport &e) { return e.epoch >= epoch.epoch; });
    if (it != m_epochs.end() && it->epoch == epoch.epoch)
        *it = epoch;
    else
        m_epochs.insert(it, epoch);
}

void TrainingHistory::setEpochs(std::vector<EpochReport> epochs)
{
    m_epochs = std::move(epochs);
}

void TrainingHistory::resumeAt(int epoch, int firstBatch, int batches)
{
    const double from = epoch + double(firstBatch) / std::max(1, batches);
    m_batches.erase(std::remove_if(m_batches.begin(), m_batches.end(),
                        [&](const BatchPoint &p) { return p.position > from + 1e-9; }),
        m_batches.end());
    ++m_batchesCut;
    m_epochs.erase(
        std::remove_if(m_epochs.begin(), m_epochs.end(), [&](const EpochReport &e) { return e.epoch >= epoch; }),
        m_epochs.end());
}

int TrainingHistory::bestEpochIndex() const
{
    int best = -1;
    double bestFitness = -1.0;
    for (size_t i = 0; i < m_epochs.size(); ++i) {
        const double f = ResultsCsv::fitness(m_epochs[i]);
        if (f > bestFitness) {
            bestFitness = f;
            best = int(i);
        }
    }
    return best;
}

std::optional<double> TrainingHistory::positionAt(qint64 timeMs) const
{
    // Batches are reported in time order: a binary search, as the sparklines place every
    // telemetry sample of a long run on each redraw.
    if (!m_batches.empty()) {
        if (timeMs < m_batches.front().timeMs || timeMs > m_batches.back().timeMs)
            return std::nullopt;
        const auto hi = std::lower_bound(
            m_batches.begin(), m_batches.end(), timeMs, [](const BatchPoint &p, qint64 t) { return p.timeMs < t; });
        if (hi == m_batches.begin())
            return hi->position;
        const auto lo = hi - 1;
        const double span = double(hi->timeMs - lo->timeMs);
        const double f = span > 0 ? double(timeMs - lo->timeMs) / span : 1.0;
        return lo->position + f * (hi->position - lo->position);
    }
    if (!m_startTimeMs || m_epochs.empty())
        return std::nullopt;
    // Without batches: the epochs' ends, `seconds` after the start.
    qint64 t0 = *m_startTimeMs;
    double p0 = m_epochs.front().epoch;
    if (timeMs < t0)
        return std::nullopt;
    for (const EpochReport &e : m_epochs) {
        const qint64 t1 = *m_startTimeMs + qint64(e.seconds * 1000);
        const double p1 = e.epoch + 1.0;
        if (timeMs <= t1)
            return t1 > t0 ? p0 + double(timeMs - t0) / double(t1 - t0) * (p1 - p0) : p1;
        t0 = t1;
        p0 = p1;
    }
    return std::nullopt;
}

} // namespace gp
