#pragma once

#include <QCoreApplication>
#include <QSet>
#include <QString>
#include <QStringList>

namespace gp {

// Which images of a project hold labels written by a model that a person has not reviewed
// yet ("needs review"). Kept in `<project>/labels/.review.json` as image paths relative to
// the project folder, so it survives restarts and moves with the project; written
// atomically after each change.
class ReviewState
{
    Q_DECLARE_TR_FUNCTIONS(ReviewState)

public:
    static QString fileFor(const QString &projectDir);

    // Reads the project's file (none: nothing needs review). False with *error when it does
    // not parse; the state is then empty.
    bool load(const QString &projectDir, QString *error);
    bool save(QString *error) const;

    bool contains(const QString &imageFile) const;
    // Both change memory only; save() writes.
    void add(const QStringList &imageFiles);
    bool remove(const QString &imageFile);
    QStringList files() const; // absolute, sorted
    int size() const { return int(m_relative.size()); }

private:
    QString relative(const QString &imageFile) const;

    QString m_dir;
    QSet<QString> m_relative;
};

} // namespace gp
