#include "scenariotags.h"
#include "savefilecommit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>

#include <yaml-cpp/yaml.h>

#include <algorithm>

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
    const QByteArray text
        = QByteArrayLiteral("# Scenario tags of this dataset's images and videos (GripperPose Studio):\n"
                            "# gripperpose val reports the metrics of each tag.\n")
        + QByteArray(out.c_str()) + '\n';
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !gp::commitSaveFile(f)) {
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

bool ScenarioTags::isGlob(const QString &pattern)
{
    return pattern.contains(QLatin1Char('*')) || pattern.contains(QLatin1Char('?'))
        || pattern.contains(QLatin1Char('['));
}

namespace {

// A cleaned glob as the expression that matches a whole relative path.
QRegularExpression globExpression(const QString &cleanGlob)
{
    const QRegularExpression re(
        QRegularExpression::wildcardToRegularExpression(cleanGlob, QRegularExpression::UnanchoredWildcardConversion));
    return QRegularExpression(QRegularExpression::anchoredPattern(re.pattern()));
}

} // namespace

bool ScenarioTags::matches(const QString &pattern, const QString &relativePath)
{
    const QString clean = QDir::cleanPath(pattern);
    if (!isGlob(clean))
        return clean == relativePath;
    return globExpression(clean).match(relativePath).hasMatch();
}

class ScenarioTags::PatternIndex
{
public:
    explicit PatternIndex(const QStringList &patterns)
    {
        for (const QString &p : patterns) {
            const QString clean = QDir::cleanPath(p);
            if (isGlob(clean))
                m_globs.emplace_back(p, globExpression(clean));
            else
                m_plain.insert(clean);
        }
    }

    bool matches(const QString &relativePath) const
    {
        return m_plain.contains(relativePath) || !globFor(relativePath).isEmpty();
    }
    // The first glob that matches (as written in the file); empty when none does.
    QString globFor(const QString &relativePath) const
    {
        for (const auto &[pattern, re] : m_globs)
            if (re.match(relativePath).hasMatch())
                return pattern;
        return QString();
    }

private:
    QSet<QString> m_plain; // cleaned
    std::vector<std::pair<QString, QRegularExpression>> m_globs;
};

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

std::vector<QStringList> ScenarioTags::tagsOfEach(const QStringList &files) const
{
    std::vector<std::pair<QString, PatternIndex>> indexes;
    for (const auto &[tag, patterns] : m_patterns)
        if (!patterns.isEmpty())
            indexes.emplace_back(tag, PatternIndex(patterns));
    std::vector<QStringList> out(size_t(files.size()));
    if (indexes.empty())
        return out;
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString rel = relative(files[i]);
        for (const auto &[tag, index] : indexes)
            if (index.matches(rel))
                out[size_t(i)] << tag; // in the map's order: sorted
    }
    return out;
}

bool ScenarioTags::setTag(const QStringList &files, const QString &tagName, bool on, QString *error)
{
    const QString tag = tagName.trimmed();
    if (tag.isEmpty()) {
        if (error)
            *error = tr("A scenario tag needs a name.");
        return false;
    }
    const auto it = m_patterns.find(tag);
    // Built once for all the files: tagging every image of a large split stays quick.
    const PatternIndex index(it == m_patterns.end() ? QStringList() : it->second);
    if (on) {
        QStringList added;
        QSet<QString> seen;
        for (const QString &file : files) {
            const QString rel = relative(file);
            if (!index.matches(rel) && !seen.contains(rel)) {
                seen.insert(rel);
                added << rel;
            }
        }
        if (!added.isEmpty())
            m_patterns[tag] << added;
        return true;
    }
    if (it == m_patterns.end())
        return true;
    // Every file is checked before anything changes: a refusal leaves the tags as they were.
    QSet<QString> untag;
    for (const QString &file : files) {
        const QString rel = relative(file);
        const QString glob = index.globFor(rel);
        if (!glob.isEmpty()) {
            if (error)
                *error = tr("%1 is tagged %2 by the pattern %3 in %4; edit that file to untag it")
                             .arg(rel, tag, glob, fileFor(m_dir));
            return false;
        }
        untag.insert(rel);
    }
    QStringList &patterns = it->second;
    patterns.erase(std::remove_if(patterns.begin(), patterns.end(),
                       [&](const QString &p) {
                           const QString clean = QDir::cleanPath(p);
                           return !isGlob(clean) && untag.contains(clean);
                       }),
        patterns.end());
    return true;
}

void ScenarioTags::addPattern(const QString &tag, const QString &pattern)
{
    QStringList &patterns = m_patterns[tag];
    if (!patterns.contains(pattern))
        patterns << pattern;
}

} // namespace gp
