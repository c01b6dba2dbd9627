#include "telemetrysampler.h"

#include "telemetrycsv.h"
#include "telemetrymonitor.h"

#include <QDir>

namespace gp {

TelemetrySampler::TelemetrySampler(TelemetrySources sources, QObject *parent)
    : QObject(parent)
    , m_sources(std::move(sources))
{
    qRegisterMetaType<gp::TelemetrySample>();
    qRegisterMetaType<gp::TelemetryBackendReport>();
}

TelemetrySampler::~TelemetrySampler()
{
    stop();
}

void TelemetrySampler::setInterval(std::chrono::milliseconds interval)
{
    std::lock_guard lock(m_mutex);
    m_interval = std::max(interval, std::chrono::milliseconds(1));
    ++m_intervalChanges; // the worker's current wait is measured again with the new interval
    m_wake.notify_all();
}

std::chrono::milliseconds TelemetrySampler::interval() const
{
    std::lock_guard lock(m_mutex);
    return m_interval;
}

void TelemetrySampler::setHistoryLimit(size_t samples)
{
    std::lock_guard lock(m_mutex);
    m_historyLimit = std::max<size_t>(samples, 1);
    while (m_history.size() > m_historyLimit)
        m_history.pop_front();
}

bool TelemetrySampler::setRunFolder(const QString &runFolder, QString *error)
{
    std::lock_guard lock(m_mutex);
    m_csv.close();
    if (runFolder.isEmpty())
        return true;
    return m_csv.open(QDir(runFolder).filePath(QLatin1String(TelemetryCsv::kFileName)), error);
}

QString TelemetrySampler::csvPath() const
{
    std::lock_guard lock(m_mutex);
    return m_csv.isOpen() ? m_csv.path() : QString();
}

void TelemetrySampler::start()
{
    if (m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = false;
    }
    m_thread = std::thread([this] { run(); });
}

void TelemetrySampler::stop()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

bool TelemetrySampler::isRunning() const
{
    return m_thread.joinable();
}

std::vector<TelemetrySample> TelemetrySampler::history() const
{
    std::lock_guard lock(m_mutex);
    return { m_history.begin(), m_history.end() };
}

std::optional<TelemetrySample> TelemetrySampler::latest() const
{
    std::lock_guard lock(m_mutex);
    return m_history.empty() ? std::nullopt : std::optional<TelemetrySample>(m_history.back());
}

TelemetryBackendReport TelemetrySampler::report() const
{
    std::lock_guard lock(m_mutex);
    return m_report;
}

void TelemetrySampler::run()
{
    // Opened here, not in the constructor: opening a vendor library may take seconds.
    TelemetryMonitor monitor(m_sources);
    {
        std::lock_guard lock(m_mutex);
        m_report = monitor.report();
    }
    Q_EMIT backendChosen(monitor.report());

    using Clock = std::chrono::steady_clock;
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        const Clock::time_point taken = Clock::now();
        lock.unlock();
        const TelemetrySample sample = monitor.sample();
        lock.lock();
        m_history.push_back(sample);
        while (m_history.size() > m_historyLimit)
            m_history.pop_front();
        QString error;
        if (m_csv.isOpen() && !m_csv.append(sample, &error)) {
            m_csv.close();
            lock.unlock();
            Q_EMIT writeFailed(error);
            lock.lock();
        }
        lock.unlock();
        Q_EMIT sampled(sample);
        lock.lock();
        // Measured from when the sample was taken, so the time a sample takes does not add
        // up into drift; a changed interval applies to the wait in progress.
        for (quint64 seen = m_intervalChanges;; seen = m_intervalChanges) {
            const auto woken = [&] { return m_stopping || m_intervalChanges != seen; };
            if (!m_wake.wait_until(lock, taken + m_interval, woken) || m_stopping)
                break;
        }
    }
}

} // namespace gp
