#pragma once

#include "trainerevents.h"

#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace gp {

// What the dashboard plots for one run: each batch's losses and learning rates as the
// trainer reported them, and each epoch's report. Filled from the trainer's events while a
// run trains here, or from results.csv (epochs only) for a run seen from outside. Positions
// are fractional epochs: batch b of n in epoch e ends at e + (b + 1) / n, epoch e's row sits
// at e + 1, so per-batch and per-epoch curves share one axis.
class TrainingHistory
{
public:
    struct BatchPoint
    {
        double position = 0; // fractional epoch at the end of the batch
        qint64 timeMs = 0; // wall clock (ms since 1970, UTC) when it was reported
        gp::PoseLossItems loss; // the batch's own
        gp::PoseLossItems running; // mean over the epoch so far
        std::array<double, 3> lr {};
        double imagesPerSecond = 0;
    };

    explicit TrainingHistory(QString name = {}, QString runDir = {});

    const QString &name() const { return m_name; }
    const QString &runDir() const { return m_runDir; }
    void setRunDir(const QString &runDir) { m_runDir = runDir; }

    void clear();
    void addBatch(const BatchReport &batch, qint64 timeMs);
    // Replaces the report of the same epoch if there is one (a resumed run repeats it).
    void addEpoch(const EpochReport &epoch);
    void setEpochs(std::vector<EpochReport> epochs);
    // A run resumed at `epoch`, batch `firstBatch` of `batches`: what lies beyond that point
    // (from before the stop) is dropped, so the curves continue from where they were.
    void resumeAt(int epoch, int firstBatch, int batches);

    const std::vector<BatchPoint> &batches() const { return m_batches; }
    // How many times batches were dropped (clear(), resumeAt()): with the same count and at
    // least as many batches, the earlier batches are those a plot saw, so it may add just the
    // new ones (a resumed run can repeat the batch, even the time, where the old one ended).
    quint64 batchesCut() const { return m_batchesCut; }
    const std::vector<EpochReport> &epochs() const { return m_epochs; }
    bool isEmpty() const { return m_batches.empty() && m_epochs.empty(); }
    // Index into epochs() of the best epoch (highest fitness, as the trainer picks it); -1 if none.
    int bestEpochIndex() const;
    static double position(int epoch, int batch, int batches);

    // When the training clock started, for mapping the epochs' `seconds` to wall time
    // without batch points (a run read from results.csv).
    void setStartTime(qint64 timeMs) { m_startTimeMs = timeMs; }
    // The fractional epoch the run was at, at wall time `timeMs`: interpolated between the
    // batches' times (or, without batches, the epochs' ends); nothing outside the run.
    std::optional<double> positionAt(qint64 timeMs) const;

private:
    QString m_name;
    QString m_runDir;
    std::vector<BatchPoint> m_batches;
    std::vector<EpochReport> m_epochs;
    std::optional<qint64> m_startTimeMs;
    quint64 m_batchesCut = 0;
};

} // namespace gp
