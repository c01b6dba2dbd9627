#include "scenariotags.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

#include <yaml-cpp/yaml.h>

namespace gp {

QString ScenarioTags::fileFor(const QString &datasetDir)
{
    return QDir(datasetDir).filePath(QStringLiteral("scenarios.yaml"));
}

bool ScenarioTags::load(const QString &datasetDir, QString *error)
{
    m_dir = QDir::cleanPath(QFileInfo(datasetDir).absoluteFilePath());
    m_patterns.clear();
    const QString file = fileFor(m_dir);
    if (!QFileInfo::exists(file))
        return true;
    try {
        const YAML::Node root = YAML::LoadFile(QFile::encodeName(file).toStdString());
        if (!root || root.IsNull())
            return true;
        if (!root.IsMap()) {
            *error = tr("%1: expected tags, each with a list of image paths").arg(file);
            return false;
        }
        for (const auto &entry : root) {
            const QString tag = QString::fromStdString(entry.first.as<std::string>()).trimmed();
            if (tag.isEmpty())
                continue;
            QStringList &patterns = m_patterns[tag];
            if (entry.second.IsScalar()) {
                patterns << QString::fromStdString(entry.second.as<std::string>());
            } else if (entry.second.IsSequence()) {
                for (const auto &item : entry.second)
                    patterns << QString::fromStdString(item.as<std::string>());
            } else if (!entry.second.IsNull()) {
                m_patterns.clear();
                *error = tr("%1: the tag \"%2\" must list paths").arg(file, tag);
                return false;
            }
        }
    } catch (const YAML::Exception &e) {
        m_patterns.clear();
        *error = tr("%1: %2").arg(file, QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

bool ScenarioTags::save(QString *error) const
{
    const QString file = fileFor(m_dir);
    YAML::Emitter out;
    out << YAML::BeginMap;
    for (const auto &[tag, patterns] : m_patterns) {
        if (patterns.isEmpty())
            continue;
        out << YAML::Key << tag.toStdString() << YAML::Value << YAML::BeginSeq;
        for (const QString &p : patterns)
            out << p.toStdString();
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
    QSaveFile f(file);
    const QByteArray text = QByteArrayLiteral("# Scenario tags of this dataset's images and videos (GripperPose Studio):\n"
                                              "# gripperpose val reports the metrics of each tag.\n")
                            + QByteArray(out.c_str()) + '\n';
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !f.commit()) {
        *error = tr("%1: cannot write: %2").arg(file, f.errorString());
        return false;
    }
    return true;
}

QStringList ScenarioTags::tags() const
{
    QStringList out;
    for (const auto &[tag, patterns] : m_patterns)
        if (!patterns.isEmpty())
            out << tag;
    return out;
}

QString ScenarioTags::relative(const QString &file) const
{
    return QDir(m_dir).relativeFilePath(QFileInfo(file).absoluteFilePath());
}

bool ScenarioTags::matches(const QString &pattern, const QString &relativePath)
{
    const QString clean = QDir::cleanPath(pattern);
    if (!clean.contains(QLatin1Char('*')) && !clean.contains(QLatin1Char('?')) && !clean.contains(QLatin1Char('[')))
        return clean == relativePath;
    const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(
        clean, QRegularExpression::UnanchoredWildcardConversion));
    return QRegularExpression(QRegularExpression::anchoredPattern(re.pattern())).match(relativePath).hasMatch();
}

bool ScenarioTags::has(const QString &file, const QString &tag) const
{
    const auto it = m_patterns.find(tag);
    if (it == m_patterns.end())
        return false;
    const QString rel = relative(file);
    for (const QString &p : it->second)
        if (matches(p, rel))
            return true;
    return false;
}

QStringList ScenarioTags::tagsOf(const QString &file) const
{
    QStringList out;
    for (const auto &[tag, patterns] : m_patterns)
        if (has(file, tag))
            out << tag;
    return out;
}

bool ScenarioTags::setTag(const QStringList &files, const QString &tag, bool on, QString *error)
{
    QStringList &patterns = m_patterns[tag.trimmed()];
    for (const QString &file : files) {
        const QString rel = relative(file);
        if (on) {
            if (!has(file, tag))
                patterns << rel;
            continue;
        }
        patterns.removeAll(rel);
        for (const QString &p : patterns)
            if (matches(p, rel)) {
                if (error)
                    *error = tr("%1 is tagged %2 by the pattern %3 in %4; edit that file to untag it")
                                 .arg(rel, tag, p, fileFor(m_dir));
                return false;
            }
    }
    return true;
}

void ScenarioTags::addPattern(const QString &tag, const QString &pattern)
{
    QStringList &patterns = m_patterns[tag];
    if (!patterns.contains(pattern))
        patterns << pattern;
}

} // namespace gp
