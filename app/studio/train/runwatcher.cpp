#include "runwatcher.h"

#include "backgroundjob.h"
#include "datasetconfig.h"
#include "resultscsv.h"
#include "runcatalog.h"
#include "telemetrycsv.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

using gp::EpochMetricsFile;
using gp::ResultsCsv;
using gp::TelemetryCsv;
using gp::TelemetrySample;
using gp::TrainingHistory;

RunWatcher::RunWatcher(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_poll(new QTimer(this))
    , m_telemetryJob(new BackgroundJob(this))
    , m_countJob(new BackgroundJob(this))
{
    m_poll->setInterval(kPollMs);
    connect(m_poll, &QTimer::timeout, this, &RunWatcher::refresh);
    // results.csv is replaced (written to a temporary file and renamed), which drops the
    // file from the watch: the folder's change brings it back.
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &RunWatcher::refresh);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        rewatch();
        refresh();
    });
    connect(m_telemetryJob, &BackgroundJob::finished, this, [this] {
        auto samples = m_telemetryJob->result<std::vector<TelemetrySample>>();
        if (m_telemetryJob->wasCancelled())
            return;
        m_telemetry = std::move(samples);
        Q_EMIT telemetryChanged();
    });
    connect(m_countJob, &BackgroundJob::finished, this, [this] {
        const int images = m_countJob->result<int>();
        if (m_countJob->wasCancelled() || m_runDir.isEmpty())
            return;
        m_trainImages = images;
        Q_EMIT resultsChanged();
    });
}

RunWatcher::~RunWatcher() = default;

void RunWatcher::watch(const QString &runDir)
{
    stop();
    m_runDir = QDir(runDir).absolutePath();
    m_history = TrainingHistory(QDir(m_runDir).dirName(), m_runDir);
    rewatch();
    m_poll->start();
    // Listing a large split (or one on a network disk) takes a while: not on the GUI thread.
    m_countJob->start([dir = m_runDir](const gp::CancelToken &, const gp::Progress &) {
        const QString data = gp::RunCatalog::inspect(dir).data;
        gp::DatasetIssueList issues;
        const auto config = data.isEmpty() ? std::nullopt : gp::DatasetConfig::load(data, &issues);
        return config ? int(config->imageFiles(QStringLiteral("train")).size()) : 0;
    });
    refresh();
}

void RunWatcher::stop()
{
    m_poll->stop();
    m_telemetryJob->stop();
    m_countJob->stop();
    m_trainImages = 0;
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    m_runDir.clear();
    m_history = TrainingHistory();
    m_telemetry.clear();
    m_lastValidation.reset();
    m_problems.clear();
    m_resultsSize = m_telemetrySize = m_validationSize = -1;
    m_resultsTime = m_telemetryTime = m_validationTime = QDateTime();
}

void RunWatcher::rewatch()
{
    if (m_runDir.isEmpty())
        return;
    const QString results = QDir(m_runDir).filePath(QLatin1String(ResultsCsv::kFileName));
    if (!m_watcher->directories().contains(m_runDir))
        m_watcher->addPath(m_runDir);
    if (QFileInfo::exists(results) && !m_watcher->files().contains(results))
        m_watcher->addPath(results);
}

void RunWatcher::refresh()
{
    if (m_runDir.isEmpty())
        return;
    // The validation first: the trainer writes it before results.csv's row of that epoch.
    readLastValidation();
    readResults();
    readTelemetry();
}

void RunWatcher::readLastValidation()
{
    const QFileInfo info(QDir(m_runDir).filePath(QLatin1String(EpochMetricsFile::kFileName)));
    if (!info.exists() || (info.size() == m_validationSize && info.lastModified() == m_validationTime))
        return;
    m_validationSize = info.size();
    m_validationTime = info.lastModified();
    QString error;
    auto contents = EpochMetricsFile::read(info.filePath(), &error);
    if (!contents) {
        // Said once per version of the file; the panel keeps what it had.
        Q_EMIT problem(error);
        return;
    }
    m_lastValidation = std::move(contents);
    Q_EMIT resultsChanged();
}

void RunWatcher::readResults()
{
    const QFileInfo info(QDir(m_runDir).filePath(QLatin1String(ResultsCsv::kFileName)));
    if (!info.exists() || (info.size() == m_resultsSize && info.lastModified() == m_resultsTime))
        return;
    m_resultsSize = info.size();
    m_resultsTime = info.lastModified();
    ResultsCsv::Contents contents = ResultsCsv::read(info.filePath());
    m_problems = contents.problems;
    // The file was written when its last epoch ended: the training clock started that many
    // seconds before (for placing telemetry on the epoch axis).
    if (!contents.epochs.empty())
        m_history.setStartTime(m_resultsTime.toMSecsSinceEpoch() - qint64(contents.epochs.back().seconds * 1000));
    m_history.setEpochs(std::move(contents.epochs));
    Q_EMIT resultsChanged();
}

void RunWatcher::readTelemetry()
{
    const QFileInfo info(QDir(m_runDir).filePath(QLatin1String(TelemetryCsv::kFileName)));
    if (!info.exists() || m_telemetryJob->isRunning()
        || (info.size() == m_telemetrySize && info.lastModified() == m_telemetryTime))
        return;
    m_telemetrySize = info.size();
    m_telemetryTime = info.lastModified();
    const QString path = info.filePath();
    m_telemetryJob->start(
        [path](const gp::CancelToken &, const gp::Progress &) { return TelemetryCsv::read(path).samples; });
}
