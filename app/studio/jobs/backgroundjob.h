#pragma once

#include "canceltoken.h"
#include "progress.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <any>
#include <atomic>
#include <memory>
#include <type_traits>

// One background job: a function that takes a gp::CancelToken and a gp::Progress (the
// convention of every long operation in core) runs on the jobs' thread pool; its progress and
// its end arrive as signals on the thread that owns the job (the GUI thread). Progress is
// polled a few times a second, so a worker may report as often as it likes without
// flooding the event loop. Destroying the job cancels it and waits for it.
class BackgroundJob : public QObject
{
    Q_OBJECT

public:
    explicit BackgroundJob(QObject *parent = nullptr);
    ~BackgroundJob() override;

    // Runs `work(cancel, progress)`; its return value (if any) is result<T>() after
    // finished(). A job still running is cancelled and waited for first, and its
    // finished() never arrives.
    template<typename Work> void start(Work work)
    {
        stop();
        auto state = std::make_shared<State>();
        m_state = state;
        m_clock.start();
        const gp::CancelToken cancel = m_cancel;
        const gp::Progress progress([state](int64_t done, int64_t total) {
            state->done.store(done);
            state->total.store(total);
            state->changed.store(true);
        });
        watch(QtConcurrent::run(pool(), [work = std::move(work), state, cancel, progress]() mutable {
            using R = std::invoke_result_t<Work &, const gp::CancelToken &, const gp::Progress &>;
            if constexpr (std::is_void_v<R>)
                work(cancel, progress);
            else
                state->result = work(cancel, progress);
        }));
        m_poll.start();
        Q_EMIT started();
    }

    // Asks the running job to stop; finished() follows when it has.
    void cancel();
    // Cancels, waits, and drops the result: no finished() for the job that was running.
    void stop();

    // From start() until finished() has been emitted (or stop()).
    bool isRunning() const { return m_running; }
    // cancel() was called since the last start().
    bool wasCancelled() const { return m_cancel.isCancelled(); }
    template<typename T> T result() const { return m_state ? std::any_cast<T>(m_state->result) : T(); }

    int64_t done() const { return m_state ? m_state->done.load() : 0; }
    int64_t total() const { return m_state ? m_state->total.load() : -1; }
    double elapsedSeconds() const { return m_clock.isValid() ? m_clock.elapsed() / 1000.0 : 0.0; }
    // Seconds left at the rate so far; negative while unknown.
    double etaSeconds() const;

    // The pool the jobs run on: their own, not Qt's global one. Qt 6.4's raster painting
    // splits an image's smooth scaling across the global pool and the GUI thread waits for
    // it, so a long job there (a 100,000-image listing) held a repaint for seconds.
    static QThreadPool *pool();

Q_SIGNALS:
    void started();
    // At most a few times a second while the job reports progress, and once at the end.
    void progressChanged(qint64 done, qint64 total);
    void finished();

private:
    struct State
    {
        std::atomic<int64_t> done { 0 };
        std::atomic<int64_t> total { -1 };
        std::atomic_bool changed { false };
        std::any result;
    };

    void poll();
    // A watcher of its own per job: dropping it drops the signals the job still had queued.
    void watch(const QFuture<void> &future);

    gp::CancelToken m_cancel;
    std::shared_ptr<State> m_state;
    QFutureWatcher<void> *m_watcher = nullptr;
    bool m_running = false;
    QTimer m_poll;
    QElapsedTimer m_clock;
};
