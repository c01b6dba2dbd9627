#include "recentprojects.h"

#include <QDir>
#include <QFileInfo>

QString RecentProjects::normalized(const QString &dir)
{
    return QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
}

QStringList RecentProjects::added(const QStringList &list, const QString &dir)
{
    QStringList out = removed(list, dir);
    out.prepend(normalized(dir));
    while (out.size() > kMaxCount)
        out.removeLast();
    return out;
}

QStringList RecentProjects::removed(const QStringList &list, const QString &dir)
{
    const QString key = normalized(dir);
    QStringList out;
    for (const QString &d : list)
        if (!d.isEmpty() && normalized(d) != key && !out.contains(normalized(d)))
            out.append(normalized(d));
    return out;
}
