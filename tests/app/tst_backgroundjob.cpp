// BackgroundJob runs on a pool of its own, never on Qt's global pool: Qt 6.4's raster painting
// scales a large image in segments on the global pool and the GUI thread waits for them, so jobs
// holding that pool's threads froze repaints for as long as they ran (reopening a 100,000-image
// project: 11.7 s, docs/BENCHMARKS.md "Opening a large project").

#include "backgroundjob.h"

#include <QSemaphore>
#include <QTest>
#include <QThreadPool>

#include <memory>
#include <vector>

class TestBackgroundJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void longJobsLeaveQtsGlobalPoolFree()
    {
        // As many long jobs as the machine has cores and more: each holds its thread until released.
        const int jobs = std::max(2, QThread::idealThreadCount()) + 1;
        QSemaphore release;
        QSemaphore running;
        std::vector<std::unique_ptr<BackgroundJob>> started;
        for (int i = 0; i < jobs; ++i) {
            started.push_back(std::make_unique<BackgroundJob>());
            started.back()->start([&, i](const gp::CancelToken &, const gp::Progress &) {
                running.release();
                release.acquire();
                return i;
            });
        }
        const int concurrent = std::min(jobs, BackgroundJob::pool()->maxThreadCount());
        QVERIFY(running.tryAcquire(concurrent, 60000));
        QCOMPARE(QThreadPool::globalInstance()->activeThreadCount(), 0);
        QCOMPARE(BackgroundJob::pool()->activeThreadCount(), concurrent);
        // A pool of at least four: a short job the user waits for need not queue behind two long ones.
        QVERIFY(BackgroundJob::pool()->maxThreadCount() >= 4);
        release.release(jobs);
        for (int i = 0; i < jobs; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(!started[size_t(i)]->isRunning(), 60000);
            QCOMPARE(started[size_t(i)]->result<int>(), i);
        }
    }
};

QTEST_MAIN(TestBackgroundJob)
#include "tst_backgroundjob.moc"
