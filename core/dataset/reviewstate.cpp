#include "reviewstate.h"
#include "savefilecommit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace gp {

QString ReviewState::fileFor(const QString &projectDir)
{
    return QDir(projectDir).filePath(QStringLiteral("labels/.review.json"));
}

bool ReviewState::load(const QString &projectDir, QString *error)
{
    m_dir = projectDir;
    m_relative.clear();
    QFile f(fileFor(projectDir));
    if (!f.exists())
        return true;
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: %2").arg(QDir::toNativeSeparators(f.fileName()), f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!doc.isObject()) {
        //: %1 is a file name, %2 the parser's message.
        *error = tr("%1 is not a review list: %2").arg(QDir::toNativeSeparators(f.fileName()), pe.errorString());
        return false;
    }
    for (const QJsonValue &v : doc.object().value(QStringLiteral("needsReview")).toArray())
        if (v.isString() && !v.toString().isEmpty())
            m_relative.insert(v.toString());
    return true;
}

bool ReviewState::save(QString *error) const
{
    const QString file = fileFor(m_dir);
    if (m_relative.isEmpty() && !QFile::exists(file))
        return true;
    QDir().mkpath(QFileInfo(file).absolutePath());
    QStringList sorted(m_relative.begin(), m_relative.end());
    sorted.sort();
    QJsonObject o;
    o.insert(QStringLiteral("format"), QStringLiteral("gripperpose-review"));
    o.insert(QStringLiteral("version"), 1);
    o.insert(QStringLiteral("needsReview"), QJsonArray::fromStringList(sorted));
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(o).toJson()) < 0 || !gp::commitSaveFile(out)) {
        *error = tr("%1: %2").arg(QDir::toNativeSeparators(file), out.errorString());
        return false;
    }
    return true;
}

QString ReviewState::relative(const QString &imageFile) const
{
    return QDir(m_dir).relativeFilePath(QFileInfo(imageFile).absoluteFilePath());
}

bool ReviewState::contains(const QString &imageFile) const
{
    return !m_relative.isEmpty() && m_relative.contains(relative(imageFile));
}

void ReviewState::add(const QStringList &imageFiles)
{
    for (const QString &f : imageFiles)
        m_relative.insert(relative(f));
}

bool ReviewState::remove(const QString &imageFile)
{
    return m_relative.remove(relative(imageFile));
}

QStringList ReviewState::files() const
{
    QStringList out;
    const QDir dir(m_dir);
    for (const QString &r : m_relative)
        out << QDir::cleanPath(dir.absoluteFilePath(r));
    out.sort();
    return out;
}

} // namespace gp
