#include "projectlock.h"

#include <QDir>
#include <QLockFile>

namespace gp {

ProjectLock::ProjectLock(const QString &projectDir)
{
    const QDir state(QDir(projectDir).filePath(QStringLiteral(".gripperpose")));
    QDir().mkpath(state.path());
    auto lock = std::make_unique<QLockFile>(state.filePath(QStringLiteral("studio.lock")));
    lock->setStaleLockTime(0); // a studio stays open for days: only a dead owner frees it
    if (lock->tryLock(0)) {
        m_lock = std::move(lock);
        return;
    }
    qint64 pid = 0;
    QString host, app;
    if (lock->error() == QLockFile::LockFailedError && lock->getLockInfo(&pid, &host, &app))
        //: %1 is a process id, %2 a host name.
        m_otherHolder = tr("process %1 on %2").arg(pid).arg(host);
    else
        //: %1 is the lock file that could not be written.
        m_error = tr("%1 cannot be written (is the project folder read-only?)")
                      .arg(QDir::toNativeSeparators(state.filePath(QStringLiteral("studio.lock"))));
}

ProjectLock::~ProjectLock() = default;

} // namespace gp
