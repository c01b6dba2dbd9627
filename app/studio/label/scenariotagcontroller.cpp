#include "scenariotagcontroller.h"

#include "backgroundjob.h"
#include "scenario.h"
#include "scenariotagcommand.h"

#include <QFileInfo>
#include <QSet>
#include <QTimer>
#include <QUndoStack>

using gp::CancelToken;
using gp::Progress;
using gp::Scenario;
using gp::Scenarios;
using gp::ScenarioTags;

ScenarioTagController::ScenarioTagController(QUndoStack *undoStack, QObject *parent)
    : QObject(parent)
    , m_undo(undoStack)
    , m_job(new BackgroundJob(this))
    , m_retry(new QTimer(this))
{
    m_retry->setSingleShot(true);
    m_retry->setInterval(kRetryDelayMs);
    connect(m_retry, &QTimer::timeout, this, [this] { save(); });
    connect(m_job, &BackgroundJob::finished, this, &ScenarioTagController::loadFinished);
}

ScenarioTagController::~ScenarioTagController()
{
    // A last try for what the retries have not written yet.
    if (hasUnsavedChanges())
        save();
}

QString ScenarioTagController::file() const
{
    return m_dir.isEmpty() ? QString() : ScenarioTags::fileFor(m_dir);
}

ScenarioTagController::Stamp ScenarioTagController::stampOf(const QString &file)
{
    const QFileInfo info(file);
    return info.exists() ? Stamp { true, info.size(), info.lastModified() } : Stamp {};
}

ScenarioTagController::Loaded ScenarioTagController::read(const QString &datasetDir)
{
    Loaded out;
    // Taken before reading: a write between the two shows as a change next time.
    out.stamp = stampOf(ScenarioTags::fileFor(datasetDir));
    out.tags.load(datasetDir, &out.error);
    return out;
}

void ScenarioTagController::setDataset(const QString &datasetDir)
{
    m_job->stop();
    m_retry->stop();
    m_dir = datasetDir;
    m_tags = ScenarioTags();
    m_ready = false;
    m_readError.clear();
    m_saveError.clear();
    m_pending.clear();
    m_stamp = Stamp();
    m_stale = false;
    if (!m_dir.isEmpty()) {
        // A file of many thousand paths takes a while to parse: never on the GUI thread.
        const QString dir = m_dir;
        m_job->start([dir](const gp::CancelToken &, const gp::Progress &) { return read(dir); });
    }
    Q_EMIT tagsChanged({});
    Q_EMIT saveStateChanged();
}

bool ScenarioTagController::isLoading() const
{
    return m_job->isRunning();
}

void ScenarioTagController::loadFinished()
{
    const auto read = m_job->result<Loaded>();
    m_tags = read.tags;
    m_stamp = read.stamp;
    m_readError = read.error;
    m_ready = m_readError.isEmpty();
    Q_EMIT loaded();
    Q_EMIT tagsChanged({});
}

QStringList ScenarioTagController::offeredTags() const
{
    QStringList out = Scenarios::hardNames();
    for (const QString &tag : m_tags.tags())
        if (!out.contains(tag))
            out << tag;
    return out;
}

QString ScenarioTagController::tagFromText(const QString &text, QString *error)
{
    QString tag = text.trimmed().toLower();
    tag.replace(QLatin1Char(' '), QLatin1Char('_'));
    if (tag.isEmpty()) {
        *error = tr("Type a name for the tag.");
        return QString();
    }
    bool hasLetterOrDigit = false;
    for (const QChar c : std::as_const(tag)) {
        hasLetterOrDigit = hasLetterOrDigit || c.isLetterOrNumber();
        if (!c.isLetterOrNumber() && c != QLatin1Char('_') && c != QLatin1Char('-')) {
            *error = tr("\"%1\": a tag may hold letters, digits, _ and - only.").arg(text.trimmed());
            return QString();
        }
    }
    if (!hasLetterOrDigit) {
        *error = tr("\"%1\": a tag needs a letter or a digit.").arg(text.trimmed());
        return QString();
    }
    if (tag.size() > kMaxTagLength) {
        *error = tr("\"%1\": a tag has at most %2 characters.").arg(text.trimmed()).arg(kMaxTagLength);
        return QString();
    }
    // Validation reports untagged images under this name; a tag of that name would mix with them.
    if (tag == Scenarios::name(Scenario::Normal)) {
        *error = tr("\"%1\" is what validation calls the untagged images; choose another name.").arg(tag);
        return QString();
    }
    return tag;
}

bool ScenarioTagController::setTag(const QStringList &files, const QString &tag, bool on, QString *error)
{
    if (!m_ready) {
        *error = m_readError.isEmpty() ? tr("The scenario tags are still being read.")
                                       : tr("Tagging is off until %1 reads: %2").arg(file(), m_readError);
        return false;
    }
    if (!syncWithDisk(error))
        return false;
    // Only the files whose tag changes: the undo step gives back exactly what was there.
    QStringList changing;
    QSet<QString> seen;
    const std::vector<QStringList> now = m_tags.tagsOfEach(files);
    for (qsizetype i = 0; i < files.size(); ++i)
        if (now[size_t(i)].contains(tag) != on && !seen.contains(files[i])) {
            seen.insert(files[i]);
            changing << files[i];
        }
    if (changing.isEmpty())
        return true;
    // Tried on a copy first: a refusal (a glob tags one of them) is no undo step.
    ScenarioTags trial = m_tags;
    if (!trial.setTag(changing, tag, on, error))
        return false;
    m_undo->push(new ScenarioTagCommand(this, changing, tag, on));
    return true;
}

bool ScenarioTagController::apply(const QStringList &files, const QString &tag, bool on)
{
    QString error;
    ScenarioTags changed;
    if (syncWithDisk(&error)) {
        changed = m_tags;
        if (changed.setTag(files, tag, on, &error))
            error.clear();
    }
    if (!error.isEmpty()) {
        Q_EMIT refused(error);
        return false;
    }
    m_tags = changed;
    m_pending.push_back({ files, tag, on });
    save();
    Q_EMIT tagsChanged(files);
    return true;
}

bool ScenarioTagController::syncWithDisk(QString *error)
{
    if (m_dir.isEmpty() || (!m_stale && stampOf(file()) == m_stamp))
        return true;
    // Changed by someone else (an editor, `gripperpose synth`): theirs first, then ours.
    Loaded again = read(m_dir);
    if (!again.error.isEmpty()) {
        *error = tr("%1 changed on disk and does not read now; the tags are kept here until it does: %2")
                     .arg(file(), again.error);
        return false;
    }
    for (const Change &c : m_pending) {
        QString refused;
        // An untag the file's new globs refuse stays undone: their tag is kept, none is lost.
        again.tags.setTag(c.files, c.tag, c.on, &refused);
    }
    m_tags = again.tags;
    m_stamp = again.stamp;
    m_stale = false;
    Q_EMIT tagsChanged({});
    return true;
}

bool ScenarioTagController::save()
{
    if (m_pending.empty())
        return true;
    QString error;
    if (syncWithDisk(&error) && m_tags.save(&error)) {
        m_stamp = stampOf(file());
        m_pending.clear();
        m_saveError.clear();
        m_retry->stop();
        Q_EMIT saveStateChanged();
        return true;
    }
    m_saveError = error;
    m_retry->start();
    Q_EMIT saveStateChanged();
    return false;
}

bool ScenarioTagController::flush()
{
    return save();
}

void ScenarioTagController::discardUnsavedChanges()
{
    m_pending.clear();
    m_retry->stop();
    m_saveError.clear();
    m_stale = true;
    Q_EMIT saveStateChanged();
}
