#pragma once

#include <QString>
#include <QStringList>

// The most-recently-used project folders, newest first, as stored in QSettings.
class RecentProjects
{
public:
    static constexpr int kMaxCount = 8;

    // `dir` moved (or added) to the front; duplicates (same clean absolute path) removed;
    // at most kMaxCount entries.
    static QStringList added(const QStringList &list, const QString &dir);
    static QStringList removed(const QStringList &list, const QString &dir);
    static QString normalized(const QString &dir);
};
