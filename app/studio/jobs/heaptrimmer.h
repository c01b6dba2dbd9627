#pragma once

#include <QObject>

#include <atomic>
#include <memory>

class QTimer;

// Every minute, hands the memory freed inside the C library's heaps back to the system
// (glibc's malloc_trim), on the jobs' pool, never on the GUI thread. Training, decoding and
// analysing all day free hundreds of MB in the heaps of the threads that did them; glibc
// keeps most of it for reuse, but scattered between live blocks it is rarely reused whole, so
// the resident memory climbed with each new peak: +24 % over a two-hour soak, where one trim
// gave back 146 MB of 710 (docs/RELIABILITY.md, "A day of use"). Without glibc it does nothing.
class HeapTrimmer : public QObject
{
    Q_OBJECT

public:
    static constexpr int kIntervalMs = 60 * 1000;

    explicit HeapTrimmer(QObject *parent = nullptr);
    ~HeapTrimmer() override;

    // Trims on the calling thread; false where the C library cannot.
    static bool trimNow();

    // At most two heaps (glibc arenas) for all threads, set before any thread starts. glibc
    // gives each new thread a heap of its own, up to eight per core, and each keeps what its
    // thread freed: a soak's studio held 560-620 MiB free in them beside 290 MiB in use, and
    // the trims gave little of it back. With two, the same soak held about 145 MiB free and
    // 590 MiB resident against 850, and training and prediction took the same CPU time
    // (docs/RELIABILITY.md, "A day of use"). False where the C library has no such setting.
    static bool limitArenas();

private:
    void trimInBackground();

    QTimer *m_timer;
    // Set while a trim runs, so a slow one is never doubled; shared with it, as it may
    // outlive this object.
    std::shared_ptr<std::atomic<bool>> m_running;
};
