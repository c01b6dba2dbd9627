#pragma once

#include "telemetrybackendreport.h"
#include "telemetrycsvwriter.h"
#include "telemetrysample.h"
#include "telemetrysources.h"

#include <QObject>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

namespace gp {

// Samples GPU and host figures on its own thread, once a second by default, so that a
// slow vendor library (nvmlInit can take seconds) never stalls the caller. Each sample is
// kept in an in-memory history, appended to telemetry.csv in the run folder when one is
// set, and delivered through sampled(): receivers on other threads (the GUI) get it
// queued, as a copy. Connect before start().
class TelemetrySampler : public QObject
{
    Q_OBJECT

public:
    static constexpr std::chrono::milliseconds kDefaultInterval { 1000 };
    // A day at one sample a second.
    static constexpr size_t kDefaultHistoryLimit = 24 * 3600;

    explicit TelemetrySampler(TelemetrySources sources, QObject *parent = nullptr);
    ~TelemetrySampler() override;

    void setInterval(std::chrono::milliseconds interval);
    std::chrono::milliseconds interval() const;
    // The oldest samples are dropped beyond this many.
    void setHistoryLimit(size_t samples);

    // From the next sample on, appends to <runFolder>/telemetry.csv (which a resumed run
    // continues); an empty folder stops writing. False, with the reason, when the file
    // cannot be opened.
    bool setRunFolder(const QString &runFolder, QString *error);
    QString csvPath() const;

    void start();
    // Stops and joins the worker; samples already emitted may still be queued to receivers.
    void stop();
    bool isRunning() const;

    std::vector<TelemetrySample> history() const;
    std::optional<TelemetrySample> latest() const;
    // The backend in use; `backend` is empty until the worker has opened one.
    TelemetryBackendReport report() const;

Q_SIGNALS:
    void backendChosen(const gp::TelemetryBackendReport &report);
    void sampled(const gp::TelemetrySample &sample);
    // Writing telemetry.csv failed (disk full, folder removed); writing stops.
    void writeFailed(const QString &message);

private:
    void run();

    const TelemetrySources m_sources;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::thread m_thread;
    bool m_stopping = false;
    std::chrono::milliseconds m_interval = kDefaultInterval;
    quint64 m_intervalChanges = 0;
    size_t m_historyLimit = kDefaultHistoryLimit;
    std::deque<TelemetrySample> m_history;
    TelemetryBackendReport m_report;
    TelemetryCsvWriter m_csv;
};

} // namespace gp
