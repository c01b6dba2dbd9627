#include "runfolder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>

#include <csignal>
#include <cstdio>

namespace gp {

RunFolder::RunFolder(const QString &dir)
    : m_dir(dir)
    , m_failAt(qEnvironmentVariableIntValue(kFailpointVariable))
{ }

RunFolder::~RunFolder() = default;

QString RunFolder::lastPath() const
{
    return QDir(m_dir).filePath(QStringLiteral("weights/last.ckpt"));
}

QString RunFolder::bestPath() const
{
    return QDir(m_dir).filePath(QStringLiteral("weights/best.ckpt"));
}

QString RunFolder::pendingBestPath() const
{
    return QDir(m_dir).filePath(QStringLiteral("weights/best.next.ckpt"));
}

QString RunFolder::lockPath() const
{
    return QDir(m_dir).filePath(QStringLiteral(".train.lock"));
}

bool RunFolder::lock(QString *error)
{
    auto lock = std::make_unique<QLockFile>(lockPath());
    // A training holds its lock for hours: only a dead owner makes a lock stale, never its age.
    lock->setStaleLockTime(0);
    if (lock->tryLock(0)) {
        m_lock = std::move(lock);
        return true;
    }
    qint64 pid = 0;
    QString host, app;
    if (lock->error() == QLockFile::LockFailedError && lock->getLockInfo(&pid, &host, &app)) {
        *error = tr("%1 is being trained by another process (PID %2 on %3); wait for it to finish or stop it, "
                    "or train into another run folder (name=…)")
                     .arg(QDir::toNativeSeparators(m_dir))
                     .arg(pid)
                     .arg(host);
    } else {
        *error = tr("%1: cannot create the lock file %2 (is the folder writable?)")
                     .arg(QDir::toNativeSeparators(m_dir), QDir::toNativeSeparators(lockPath()));
    }
    return false;
}

QString RunFolder::recover(bool resuming, const std::function<int(const QString &)> &epochOf)
{
    QStringList done;
    // Temporary files of a checkpoint write that a kill cut short (checkpoint.cpp names them
    // `.<name>.tmp-XXXXXX`); the files they were to replace are intact.
    const QDir weights(QDir(m_dir).filePath(QStringLiteral("weights")));
    for (const QString &f :
        weights.entryList({ QStringLiteral(".*.ckpt.tmp-*") }, QDir::Files | QDir::Hidden | QDir::System)) {
        if (QFile::remove(weights.filePath(f)))
            done << tr("removed %1, left by an interrupted save").arg(f);
    }
    const QString pending = pendingBestPath();
    if (!QFileInfo::exists(pending))
        return done.join(QStringLiteral("; "));
    const int pendingEpoch = resuming ? epochOf(pending) : -1;
    const int lastEpoch = resuming && QFileInfo::exists(lastPath()) ? epochOf(lastPath()) : -1;
    QString why;
    if (pendingEpoch >= 0 && pendingEpoch == lastEpoch && promotePendingBest(&why)) {
        done << tr("finished saving best.ckpt of epoch %1, which a kill interrupted").arg(pendingEpoch + 1);
    } else if (QFile::remove(pending)) {
        done << tr("removed best.next.ckpt: last.ckpt does not name it as the best");
    }
    return done.join(QStringLiteral("; "));
}

bool RunFolder::promotePendingBest(QString *error)
{
    // rename(2) replaces the old best atomically; QFile::rename would not overwrite it.
    if (std::rename(QFile::encodeName(pendingBestPath()).constData(), QFile::encodeName(bestPath()).constData()) == 0)
        return true;
    *error = tr("%1: cannot rename it to %2").arg(pendingBestPath(), bestPath());
    return false;
}

QString RunFolder::existing(const QString &path)
{
    return !path.isEmpty() && QFileInfo::exists(path) ? path : QString();
}

void RunFolder::failpoint()
{
    if (m_failAt <= 0 || ++m_failpoints != m_failAt)
        return;
#ifdef SIGKILL
    std::raise(SIGKILL);
#else
    std::abort();
#endif
}

} // namespace gp
