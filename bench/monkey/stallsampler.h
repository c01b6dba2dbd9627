#pragma once

#include <QStringList>

#include <atomic>
#include <thread>

#include <pthread.h>

// Where the GUI thread spends a long stretch of work: a watcher thread reads the GUI thread's CPU
// clock every few milliseconds, and once the thread has worked more than `sampleAfterMs` since it
// last came round to mark(), interrupts it with SIGPROF and records its stack. The monkey marks
// at every event-loop tick and around every input it sends, so the stacks it gets are those of
// the stretches it reports, which is what a seed and an action list alone do not tell.
//
// One sampler at a time per process (the signal handler is the process's), built on the thread
// it watches. Linux and glibc; elsewhere it samples nothing.
class StallSampler
{
public:
    explicit StallSampler(double sampleAfterMs);
    ~StallSampler();
    StallSampler(const StallSampler &) = delete;
    StallSampler &operator=(const StallSampler &) = delete;

    // The watched thread came round: a new stretch begins. When the stretch that ends had
    // samples, they are kept if it was the longest so far (its CPU milliseconds given).
    void mark(double stretchMs);
    // The kept stretch's stacks, symbolised, innermost frame first, one sample after another.
    QStringList longestStacks() const;

private:
    void watch();
    double watchedCpuMs() const;

    static constexpr int kMaxSamples = 16;
    static constexpr int kMaxDepth = 48;
    struct Sample
    {
        void *frames[kMaxDepth];
        int depth;
    };

    double m_sampleAfterMs;
    pthread_t m_watched;
    clockid_t m_clock {};
    std::atomic<double> m_markCpuMs { 0 };
    std::atomic<bool> m_stop { false };
    // Written by the signal handler on the watched thread only.
    Sample m_samples[kMaxSamples] {};
    std::atomic<int> m_sampleCount { 0 };
    // The longest stretch's samples, copied at mark().
    Sample m_kept[kMaxSamples] {};
    int m_keptCount = 0;
    double m_keptMs = 0;
    std::thread m_watcher;
};
