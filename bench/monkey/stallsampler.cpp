#include "stallsampler.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>

#if defined(__linux__) && defined(__GLIBC__)
#include <csignal>
#include <cxxabi.h>
#include <execinfo.h>
#define GP_STALL_SAMPLING 1
#endif

namespace {

#ifdef GP_STALL_SAMPLING
// "binary(mangled+0x1f) [0x…]" from backtrace_symbols as "name +0x1f": the C++ name demangled.
// A frame with no exported name stays as it is (its address is for addr2line).
QString readable(const char *symbol)
{
    const QString line = QString::fromLocal8Bit(symbol);
    const int open = line.indexOf(QLatin1Char('('));
    const int plus = line.indexOf(QLatin1Char('+'), open);
    const int close = line.indexOf(QLatin1Char(')'), plus);
    if (open < 0 || plus <= open + 1 || close < 0)
        return line;
    const QByteArray mangled = line.mid(open + 1, plus - open - 1).toLocal8Bit();
    int status = 0;
    char *name = abi::__cxa_demangle(mangled.constData(), nullptr, nullptr, &status);
    const QString out
        = status == 0 && name ? QString::fromLocal8Bit(name) + QLatin1Char(' ') + line.mid(plus, close - plus) : line;
    std::free(name);
    return out;
}
#endif

} // namespace

#ifdef GP_STALL_SAMPLING
// The handler runs on the watched thread; it reaches the sampler through this pointer, the one
// piece of process state a signal handler can be given.
static std::atomic<StallSampler *> s_sampler { nullptr };
#endif

StallSampler::StallSampler(double sampleAfterMs)
    : m_sampleAfterMs(sampleAfterMs)
    , m_watched(pthread_self())
{
#ifdef GP_STALL_SAMPLING
    if (pthread_getcpuclockid(m_watched, &m_clock) != 0)
        return;
    StallSampler *none = nullptr;
    if (!s_sampler.compare_exchange_strong(none, this))
        return; // another sampler has the signal
    // backtrace() loads the unwinder on its first call: done here, not inside the handler.
    void *warm[4];
    backtrace(warm, 4);
    struct sigaction action
    {
    };
    action.sa_flags = SA_RESTART;
    action.sa_handler = [](int) {
        StallSampler *s = s_sampler.load();
        if (!s)
            return;
        const int i = s->m_sampleCount.load(std::memory_order_relaxed);
        if (i >= kMaxSamples)
            return;
        s->m_samples[i].depth = backtrace(s->m_samples[i].frames, kMaxDepth);
        s->m_sampleCount.store(i + 1, std::memory_order_release);
    };
    sigemptyset(&action.sa_mask);
    sigaction(SIGPROF, &action, nullptr);
    m_markCpuMs = watchedCpuMs();
    m_watcher = std::thread([this] { watch(); });
#endif
}

StallSampler::~StallSampler()
{
#ifdef GP_STALL_SAMPLING
    if (!m_watcher.joinable())
        return;
    m_stop = true;
    m_watcher.join();
    signal(SIGPROF, SIG_IGN);
    s_sampler = nullptr;
#endif
}

double StallSampler::watchedCpuMs() const
{
    timespec ts {};
    clock_gettime(m_clock, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void StallSampler::watch()
{
#ifdef GP_STALL_SAMPLING
    // One sample per 20 ms of the thread's work past the threshold: a 200 ms stretch gives
    // several, and a thread that comes round often is never interrupted.
    constexpr double kEveryMs = 20;
    double stretchStart = m_markCpuMs.load();
    double nextSample = stretchStart + m_sampleAfterMs;
    while (!m_stop.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        const double mark = m_markCpuMs.load();
        if (mark != stretchStart) {
            stretchStart = mark;
            nextSample = mark + m_sampleAfterMs;
        }
        if (watchedCpuMs() >= nextSample) {
            pthread_kill(m_watched, SIGPROF);
            nextSample += kEveryMs;
        }
    }
#endif
}

void StallSampler::mark(double stretchMs)
{
#ifdef GP_STALL_SAMPLING
    if (!m_watcher.joinable())
        return;
    // No sample lands while the last stretch's are read and the count reset.
    sigset_t prof, old;
    sigemptyset(&prof);
    sigaddset(&prof, SIGPROF);
    pthread_sigmask(SIG_BLOCK, &prof, &old);
    const int n = m_sampleCount.load(std::memory_order_acquire);
    if (n > 0 && stretchMs > m_keptMs) {
        std::copy(m_samples, m_samples + n, m_kept);
        m_keptCount = n;
        m_keptMs = stretchMs;
    }
    m_sampleCount.store(0);
    m_markCpuMs = watchedCpuMs();
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
#else
    (void)stretchMs;
#endif
}

QStringList StallSampler::longestStacks() const
{
    QStringList out;
#ifdef GP_STALL_SAMPLING
    for (int i = 0; i < m_keptCount; ++i) {
        out << QStringLiteral("sample %1 of %2 (stretch of %3 ms):")
                   .arg(i + 1)
                   .arg(m_keptCount)
                   .arg(m_keptMs, 0, 'f', 0);
        char **symbols = backtrace_symbols(m_kept[i].frames, m_kept[i].depth);
        // Frames 0 and 1 are the handler and the signal trampoline.
        for (int f = 2; symbols && f < m_kept[i].depth; ++f)
            out << QStringLiteral("  ") + readable(symbols[f]);
        std::free(symbols);
    }
#endif
    return out;
}
