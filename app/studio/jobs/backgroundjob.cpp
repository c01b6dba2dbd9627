#include "backgroundjob.h"

#include <QThread>

#include <algorithm>

namespace {
// How often progress reaches the GUI: often enough to look live, rarely enough to cost nothing.
constexpr int kPollMs = 100;

// At least four threads, so that a decode the user waits for does not queue behind two long
// listings on a 2-core machine.
struct JobPool : QThreadPool
{
    JobPool() { setMaxThreadCount(std::max(4, QThread::idealThreadCount())); }
};
} // namespace

QThreadPool *BackgroundJob::pool()
{
    // One for the process, as Qt's global pool is.
    static JobPool jobs;
    return &jobs;
}

BackgroundJob::BackgroundJob(QObject *parent)
    : QObject(parent)
{
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &BackgroundJob::poll);
}

BackgroundJob::~BackgroundJob()
{
    m_cancel.cancel();
    if (m_watcher)
        m_watcher->waitForFinished();
}

void BackgroundJob::watch(const QFuture<void> &future)
{
    m_watcher = new QFutureWatcher<void>(this);
    m_running = true;
    connect(m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        m_running = false;
        m_poll.stop();
        poll();
        Q_EMIT finished();
    });
    m_watcher->setFuture(future);
}

void BackgroundJob::cancel()
{
    if (m_running)
        m_cancel.cancel();
}

void BackgroundJob::stop()
{
    if (m_watcher) {
        m_cancel.cancel();
        m_watcher->waitForFinished();
        // Its signals still queued go nowhere; deleted later, as this may run inside one.
        disconnect(m_watcher, nullptr, this, nullptr);
        m_watcher->deleteLater();
        m_watcher = nullptr;
    }
    m_running = false;
    m_poll.stop();
    // A fresh token: the old job may still hold the cancelled one.
    m_cancel = gp::CancelToken();
}

double BackgroundJob::etaSeconds() const
{
    const int64_t d = done(), t = total();
    const double secs = elapsedSeconds();
    if (d <= 0 || t <= 0 || d > t || secs <= 0)
        return -1.0;
    return secs / double(d) * double(t - d);
}

void BackgroundJob::poll()
{
    if (m_state && m_state->changed.exchange(false))
        Q_EMIT progressChanged(m_state->done.load(), m_state->total.load());
}
