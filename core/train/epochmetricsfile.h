#pragma once

#include "poseevaluator.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>

namespace gp {

// epoch_metrics.json in a run folder: what the last validation of a run measured beyond
// results.csv's columns — the per-keypoint errors (all, visible and occluded points) and the
// same for each scenario tag of the val set — so that the dashboard watching a run another
// process trains (RunWatcher) fills the per-keypoint panel and its scenario selector as it
// does for a run trained here. The trainer rewrites it atomically after each validated
// epoch, before results.csv gains that epoch's row. Ours alone: Ultralytics neither writes
// nor reads it.
class EpochMetricsFile
{
    Q_DECLARE_TR_FUNCTIONS(EpochMetricsFile)

public:
    static constexpr char kFileName[] = "epoch_metrics.json";
    static constexpr int kVersion = 1;

    // One keypoint error summary (count, mean error in pixels and scaled, mean OKS), as this file
    // and `gripperpose val`'s metrics.json both write it.
    static QJsonObject keypointStatsJson(const KeypointErrorStats &stats);

    struct Contents
    {
        int epoch = -1; // 0-based, as EpochReport's
        PoseMetrics metrics;
        std::map<QString, PoseMetrics> scenarios; // empty when the val set has no tags
    };

    static QByteArray toJson(const Contents &contents);
    // Nothing with *error naming the file and what was wrong when it cannot be used.
    static std::optional<Contents> parse(const QByteArray &json, const QString &fileName, QString *error);
    static std::optional<Contents> read(const QString &path, QString *error);
    // Written to a temporary file and renamed.
    static bool write(const QString &path, const Contents &contents, QString *error);
};

} // namespace gp
