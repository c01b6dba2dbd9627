#pragma once

#include "epochmetricsfile.h"
#include "telemetrysample.h"
#include "traininghistory.h"

#include <QDateTime>
#include <QObject>

#include <optional>
#include <vector>

class BackgroundJob;
class QFileSystemWatcher;
class QTimer;

// Follows a run folder that another process trains (`gripperpose train` in a terminal, or a
// run of an earlier session): results.csv is read again whenever it changes, as the file
// system reports it (QFileSystemWatcher), and in any case every kPollMs, since network and
// some container file systems never report; telemetry.csv, which grows by a row a second,
// is read on a background job; epoch_metrics.json (the last validation's per-keypoint and
// per-scenario figures) whenever it changes. A finished run is read once and followed the
// same way. The size of the run's training split (args.yaml's data) is counted once, on a
// background job, for the run's speed in images per second (RunPace).
class RunWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr int kPollMs = 2000;

    explicit RunWatcher(QObject *parent = nullptr);
    ~RunWatcher() override;

    void watch(const QString &runDir);
    void stop();
    bool isWatching() const { return !m_runDir.isEmpty(); }
    QString runDir() const { return m_runDir; }

    const gp::TrainingHistory &history() const { return m_history; }
    const std::vector<gp::TelemetrySample> &telemetry() const { return m_telemetry; }
    // The run's last validation as epoch_metrics.json has it; empty before the first (or for
    // a run of an earlier version, or of Ultralytics, which has no such file).
    const std::optional<gp::EpochMetricsFile::Contents> &lastValidation() const { return m_lastValidation; }
    const QStringList &problems() const { return m_problems; }
    // When results.csv last changed (the end of the last epoch); invalid before it exists.
    QDateTime resultsModified() const { return m_resultsTime; }
    // The training split's images; 0 until counted or when the dataset cannot be read.
    int trainImages() const { return m_trainImages; }

public Q_SLOTS:
    // Reads whatever changed since the last look (also what the timer and watcher call).
    void refresh();

Q_SIGNALS:
    void resultsChanged();
    void telemetryChanged();
    // A file of the run that could not be used, with the reason.
    void problem(const QString &message);

private:
    void readResults();
    void readTelemetry();
    void readLastValidation();
    void rewatch();

    QString m_runDir;
    gp::TrainingHistory m_history;
    std::vector<gp::TelemetrySample> m_telemetry;
    std::optional<gp::EpochMetricsFile::Contents> m_lastValidation;
    QStringList m_problems;
    QFileSystemWatcher *m_watcher;
    QTimer *m_poll;
    BackgroundJob *m_telemetryJob;
    BackgroundJob *m_countJob;
    int m_trainImages = 0;
    // Size and time of each file when last read: unchanged files are not read again.
    qint64 m_resultsSize = -1;
    QDateTime m_resultsTime;
    qint64 m_telemetrySize = -1;
    QDateTime m_telemetryTime;
    qint64 m_validationSize = -1;
    QDateTime m_validationTime;
};
