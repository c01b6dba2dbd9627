#include "traininghistory.h"

#include "resultscsv.h"

#include <algorithm>

TrainingHistory::TrainingHistory(QString name, QString runDir)
    : m_name(std::move(name))
    , m_runDir(std::move(runDir))
{ }

void TrainingHistory::clear()
{
    m_batches.clear();
    m_epochs.clear();
    m_startTimeMs.reset();
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
    // (time, position) knots, in time order.
    std::vector<std::pair<qint64, double>> knots;
    if (!m_batches.empty()) {
        for (const BatchPoint &p : m_batches)
            knots.emplace_back(p.timeMs, p.position);
    } else if (m_startTimeMs && !m_epochs.empty()) {
        knots.emplace_back(*m_startTimeMs, m_epochs.front().epoch);
        for (const EpochReport &e : m_epochs)
            knots.emplace_back(*m_startTimeMs + qint64(e.seconds * 1000), e.epoch + 1.0);
    }
    if (knots.empty() || timeMs < knots.front().first || timeMs > knots.back().first)
        return std::nullopt;
    auto hi = std::lower_bound(
        knots.begin(), knots.end(), timeMs, [](const std::pair<qint64, double> &k, qint64 t) { return k.first < t; });
    if (hi == knots.begin())
        return hi->second;
    const auto lo = hi - 1;
    const double span = double(hi->first - lo->first);
    const double f = span > 0 ? double(timeMs - lo->first) / span : 1.0;
    return lo->second + f * (hi->second - lo->second);
}
