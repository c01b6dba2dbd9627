#include "writablefolder.h"

#include <QDir>
#include <QFileInfo>

namespace gp {

QString WritableFolder::problem(const QString &dir)
{
    const QString target = QFileInfo(dir).absoluteFilePath();
    // The nearest part of the path that exists decides: it must be a writable folder.
    QString existing = target;
    while (!QFileInfo::exists(existing) && !QFileInfo(existing).isSymLink()) {
        const QString parent = QFileInfo(existing).absolutePath();
        if (parent == existing)
            break;
        existing = parent;
    }
    const QFileInfo fi(existing);
    if (!fi.exists())
        return tr("%1 does not exist").arg(existing);
    if (!fi.isDir())
        return tr("%1 is a file, not a folder").arg(existing);
    if (!fi.isWritable())
        return tr("the folder %1 is read-only").arg(existing);
    return QString();
}

bool WritableFolder::make(const QString &dir, QString *error)
{
    if (QDir().mkpath(dir) && QFileInfo(dir).isWritable())
        return true;
    QString why = problem(dir);
    if (why.isEmpty())
        why = tr("the folder cannot be created");
    *error = tr("%1: cannot write there: %2").arg(QFileInfo(dir).absoluteFilePath(), why);
    return false;
}

} // namespace gp
