#pragma once

#include "synthgenerator.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

// Writes a synthetic project (SynthGenerator) on a worker thread. It renders into
// `<dir>.partial` and renames that folder to `dir` only when everything was written, so
// a cancelled or failed run never leaves a half project where a project is expected.
class DemoProjectJob : public QObject
{
    Q_OBJECT

public:
    struct Result
    {
        bool ok = false;
        bool cancelled = false;
        QString error;
    };

    explicit DemoProjectJob(QObject *parent = nullptr);
    // Cancels a running job and waits for it.
    ~DemoProjectJob() override;

    // Generates into options.outDir.
    void start(const Skeleton &skeleton, const SynthOptions &options);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void progress(int done, int total);
    void finished(bool ok, const QString &error);
    void cancelled();

private:
    QFutureWatcher<Result> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancel;
};
