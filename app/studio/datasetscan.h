#pragma once

#include "datasetchecker.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

// Runs DatasetChecker on a worker thread. Progress and the result arrive as queued
// signals on the thread that owns this object; cancel() stops the scan between images.
class DatasetScan : public QObject
{
    Q_OBJECT

public:
    explicit DatasetScan(QObject *parent = nullptr);
    // Cancels a running scan and waits for it.
    ~DatasetScan() override;

    // Starts a scan of `config`; a scan already running is cancelled first.
    void start(const DatasetConfig &config);
    void cancel();
    // Cancels, waits, and drops the result: no finished() for the scan that was running.
    void stop();
    bool isRunning() const { return m_watcher.isRunning(); }
    qint64 elapsedMs() const { return m_clock.elapsed(); }

Q_SIGNALS:
    void progress(int done, int total);
    void finished(const DatasetChecker::Report &report);

private:
    QFutureWatcher<DatasetChecker::Report> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QElapsedTimer m_clock;
};
