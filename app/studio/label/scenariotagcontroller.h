#pragma once

#include "scenariotags.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class BackgroundJob;
class QTimer;
class QUndoStack;

// The scenario tags of the project open in the Label workspace (scenarios.yaml beside
// data.yaml, see ScenarioTags): read in the background when the project opens, changed by
// the user one undo step at a time, written atomically after every change.
//
// Nothing the user tagged is lost: a write that fails keeps the tags in memory, says so and
// is tried again every kRetryDelayMs; a scenarios.yaml that does not parse is never written
// over (tagging stays off until it is fixed); and when the file changed on disk since it was
// read (edited by hand, written by `gripperpose synth`), it is read again and the changes
// not written yet are made on top of it, so neither side's tags are dropped.
class ScenarioTagController : public QObject
{
    Q_OBJECT

public:
    static constexpr int kRetryDelayMs = 2000;
    // The longest tag name taken from the user.
    static constexpr int kMaxTagLength = 40;

    // Changes are pushed onto `undoStack` (the Label workspace's: undone with Ctrl+Z while
    // the image is on screen).
    explicit ScenarioTagController(QUndoStack *undoStack, QObject *parent = nullptr);
    ~ScenarioTagController() override;

    // Starts reading `<datasetDir>/scenarios.yaml` in the background (empty: no project);
    // loaded() follows. Changes not written for the previous project are dropped: ask first
    // (hasUnsavedChanges()).
    void setDataset(const QString &datasetDir);
    bool isLoading() const;
    // Read and usable (false while reading, without a project, or when the file is broken).
    bool isReady() const { return m_ready; }
    // Why the file could not be read (it is left as it is); empty when it could.
    QString readError() const { return m_readError; }
    QString file() const;
    const gp::ScenarioTags &tags() const { return m_tags; }

    // The tags worth offering: the generator's (occlusion, fast_motion, low_light) first,
    // then the project's own, sorted.
    QStringList offeredTags() const;
    // A tag name as typed, made a tag: trimmed, lower case, spaces as underscores. Empty
    // with *error when it cannot be one (no letters, other characters, "normal").
    static QString tagFromText(const QString &text, QString *error);

    // Tags or untags the files as one undo step and writes the file. False with *error when
    // nothing changed because it cannot be done (a glob in scenarios.yaml tags a file that
    // is to be untagged alone, a bad name, tags not read).
    bool setTag(const QStringList &files, const QString &tag, bool on, QString *error);
    // What an undo step does and undoes (ScenarioTagCommand): changes memory and writes the
    // file, without a step of its own. A refusal changes nothing and is reported by refused().
    bool apply(const QStringList &files, const QString &tag, bool on);

    bool hasUnsavedChanges() const { return !m_pending.empty(); }
    // Why the last write failed (empty after one that worked).
    QString saveError() const { return m_saveError; }
    // Writes now what is pending; false with saveError().
    bool flush();
    // Forgets what could not be written (the user said so).
    void discardUnsavedChanges();

Q_SIGNALS:
    // The tags were read (or could not be: readError()).
    void loaded();
    // These files' tags changed (empty: any file's may have, the file was read again).
    void tagsChanged(const QStringList &files);
    // A write failed, worked again, or the pending changes were dropped.
    void saveStateChanged();
    // An undo or redo could not be made (the file changed on disk meanwhile): why.
    void refused(const QString &message);

private:
    struct Change
    {
        QStringList files;
        QString tag;
        bool on = true;
    };
    struct Stamp
    {
        bool exists = false;
        qint64 size = 0;
        QDateTime modified;
        bool operator==(const Stamp &o) const { return exists == o.exists && size == o.size && modified == o.modified; }
    };
    struct Loaded
    {
        gp::ScenarioTags tags;
        QString error;
        Stamp stamp;
    };

    static Stamp stampOf(const QString &file);
    static Loaded read(const QString &datasetDir);
    void loadFinished();
    // Reads the file again when it changed on disk and makes the pending changes on top.
    bool syncWithDisk(QString *error);
    bool save();

    QUndoStack *m_undo;
    BackgroundJob *m_job;
    QTimer *m_retry;
    QString m_dir;
    gp::ScenarioTags m_tags;
    bool m_ready = false;
    QString m_readError;
    QString m_saveError;
    Stamp m_stamp; // of the file as last read or written
    bool m_stale = false; // memory holds changes the user dropped: read the file again
    std::vector<Change> m_pending; // made in memory, not written yet
};
