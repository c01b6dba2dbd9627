#include "datasetscan.h"

#include <QtConcurrent/QtConcurrentRun>

DatasetScan::DatasetScan(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<DatasetChecker::Report>::finished, this, [this] {
        const auto future = m_watcher.future();
        if (future.isValid() && future.resultCount() > 0)
            Q_EMIT finished(future.result());
    });
}

DatasetScan::~DatasetScan()
{
    cancel();
    m_watcher.waitForFinished();
}

void DatasetScan::start(const DatasetConfig &config)
{
    stop();
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_clock.start();
    auto cancelFlag = m_cancel;
    // The checker calls back from its own worker threads; report about a hundred steps.
    auto lastStep = std::make_shared<std::atomic_int>(-1);
    m_watcher.setFuture(QtConcurrent::run([this, config, cancelFlag, lastStep] {
        return DatasetChecker(config).run(cancelFlag.get(), [this, lastStep](int done, int total) {
            const int step = total > 0 ? int(qint64(done) * 100 / total) : 100;
            int previous = lastStep->load();
            if (done == total || (step > previous && lastStep->compare_exchange_strong(previous, step)))
                Q_EMIT progress(done, total); // queued to the receivers' thread
        });
    }));
}

void DatasetScan::stop()
{
    cancel();
    m_watcher.waitForFinished();
    m_watcher.setFuture(QFuture<DatasetChecker::Report>()); // discards its pending signals
}

void DatasetScan::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}
