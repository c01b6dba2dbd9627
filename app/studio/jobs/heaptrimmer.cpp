#include "heaptrimmer.h"

#include "backgroundjob.h"

#include <QTimer>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

HeapTrimmer::HeapTrimmer(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
    , m_running(std::make_shared<std::atomic<bool>>(false))
{
    m_timer->setInterval(kIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &HeapTrimmer::trimInBackground);
    m_timer->start();
}

HeapTrimmer::~HeapTrimmer() = default;

bool HeapTrimmer::trimNow()
{
#if defined(__GLIBC__)
    malloc_trim(0);
    return true;
#else
    return false;
#endif
}

bool HeapTrimmer::limitArenas()
{
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, 2) == 1;
#else
    return false;
#endif
}

void HeapTrimmer::trimInBackground()
{
    if (m_running->exchange(true))
        return;
    BackgroundJob::pool()->start([running = m_running] {
        trimNow();
        running->store(false);
    });
}
