#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace gp {

// Which images (and videos) of a dataset are hard in which way: `scenarios.yaml` beside
// data.yaml (a file of ours; Ultralytics neither reads nor writes it), one list per tag of
// paths relative to that folder, each a file or a glob:
//
//   occlusion:
//     - images/val/synth_000004.jpg
//   low_light:
//     - images/train/night_*.jpg
//     - videos/demo_low_light.mp4
//
// Tags are free words (the generator writes occlusion, fast_motion and low_light; users add
// their own). An image may carry several tags.
class ScenarioTags
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioTags)

public:
    static QString fileFor(const QString &datasetDir);

    // Reads `<datasetDir>/scenarios.yaml` (none: no tags). False with *error when it does
    // not parse; the tags are empty then.
    bool load(const QString &datasetDir, QString *error);
    // Writes it atomically (an empty tag list removes the file's entry).
    bool save(QString *error) const;

    bool isEmpty() const { return m_patterns.empty(); }
    // Every tag that names something, sorted.
    QStringList tags() const;
    // The tags of `file` (an absolute path inside the dataset folder), sorted.
    QStringList tagsOf(const QString &file) const;
    // The tags of each of these files, in their order: every pattern is read once for all
    // of them, so a listing of many thousand images costs about as much as one lookup each.
    std::vector<QStringList> tagsOfEach(const QStringList &files) const;
    bool has(const QString &file, const QString &tag) const;
    // Tags or untags these files (absolute paths). Changes memory only; save() writes. A
    // file that a glob tags cannot be untagged alone: *error says which glob, and nothing
    // changes (not even the other files).
    bool setTag(const QStringList &files, const QString &tag, bool on, QString *error = nullptr);
    // Adds a pattern (relative path or glob) to a tag, as the generator does.
    void addPattern(const QString &tag, const QString &pattern);

private:
    // One tag's patterns, ready for many lookups: the plain paths in a set, the globs compiled.
    class PatternIndex;

    QString relative(const QString &file) const;
    static bool isGlob(const QString &pattern);
    static bool matches(const QString &pattern, const QString &relativePath);

    QString m_dir;
    std::map<QString, QStringList> m_patterns; // tag -> relative paths and globs
};

} // namespace gp
