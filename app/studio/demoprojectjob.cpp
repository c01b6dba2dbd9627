#include "demoprojectjob.h"

#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

DemoProjectJob::DemoProjectJob(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, [this] {
        const Result r = m_watcher.future().result();
        if (r.cancelled)
            Q_EMIT cancelled();
        Q_EMIT finished(r.ok, r.error);
    });
}

DemoProjectJob::~DemoProjectJob()
{
    cancel();
    m_watcher.waitForFinished();
}

void DemoProjectJob::start(const Skeleton &skeleton, const SynthOptions &options)
{
    m_cancel = std::make_shared<std::atomic_bool>(false);
    auto cancelFlag = m_cancel;
    m_watcher.setFuture(QtConcurrent::run([this, skeleton, options, cancelFlag] {
        Result r;
        const QString finalDir = QDir::cleanPath(QFileInfo(options.outDir).absoluteFilePath());
        const QString partialDir = finalDir + QStringLiteral(".partial");
        QDir(partialDir).removeRecursively();
        SynthOptions o = options;
        o.outDir = partialDir;
        const SynthGenerator generator(skeleton, o);
        const bool ok = generator.run(
            [this, cancelFlag](int done, int total) {
                Q_EMIT progress(done, total); // queued to the receivers' thread
                return !cancelFlag->load();
            },
            &r.error);
        if (!ok || cancelFlag->load()) {
            r.cancelled = cancelFlag->load();
            QDir(partialDir).removeRecursively();
            return r;
        }
        // Never delete what someone put there: only an empty folder is replaced.
        if (QFileInfo::exists(finalDir) && !QDir().rmdir(finalDir)) {
            r.error = tr("%1 already exists and is not empty; the new project is in %2").arg(finalDir, partialDir);
            return r;
        }
        if (!QDir().rename(partialDir, finalDir)) {
            r.error = tr("%1: cannot rename to %2").arg(partialDir, finalDir);
            return r;
        }
        r.ok = true;
        return r;
    }));
}

void DemoProjectJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}
