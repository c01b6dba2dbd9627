#include "epochmetricsfile.h"
#include "savefilecommit.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <iterator>

namespace gp {

namespace {

const char *const kMetricKeys[] = { "precision", "recall", "map50", "map75", "map" };

QJsonObject setObject(const MetricSet &m)
{
    return { { QStringLiteral("precision"), m.precision }, { QStringLiteral("recall"), m.recall },
        { QStringLiteral("map50"), m.map50 }, { QStringLiteral("map75"), m.map75 }, { QStringLiteral("map"), m.map } };
}

MetricSet readSet(const QJsonObject &o)
{
    MetricSet m;
    double *fields[] = { &m.precision, &m.recall, &m.map50, &m.map75, &m.map };
    for (size_t i = 0; i < std::size(fields); ++i)
        *fields[i] = o.value(QLatin1String(kMetricKeys[i])).toDouble();
    return m;
}

KeypointErrorStats readStats(const QJsonObject &o)
{
    KeypointErrorStats s;
    s.count = o.value(QStringLiteral("count")).toInt();
    s.meanPixelError = o.value(QStringLiteral("mean_error_px")).toDouble();
    s.meanScaledError = o.value(QStringLiteral("mean_scaled_error")).toDouble();
    s.meanOks = o.value(QStringLiteral("mean_oks")).toDouble();
    return s;
}

QJsonArray statsArray(const std::vector<KeypointErrorStats> &v)
{
    QJsonArray a;
    for (const KeypointErrorStats &s : v)
        a.append(EpochMetricsFile::keypointStatsJson(s));
    return a;
}

std::vector<KeypointErrorStats> readStatsArray(const QJsonValue &v)
{
    std::vector<KeypointErrorStats> out;
    for (const QJsonValue &e : v.toArray())
        out.push_back(readStats(e.toObject()));
    return out;
}

QJsonObject metricsObject(const PoseMetrics &m)
{
    return { { QStringLiteral("box"), setObject(m.box) }, { QStringLiteral("pose"), setObject(m.pose) },
        { QStringLiteral("fitness"), m.fitness }, { QStringLiteral("images"), m.images },
        { QStringLiteral("instances"), m.instances }, { QStringLiteral("keypoints"), statsArray(m.perKeypoint) },
        { QStringLiteral("keypoints_visible"), statsArray(m.perKeypointVisible) },
        { QStringLiteral("keypoints_occluded"), statsArray(m.perKeypointOccluded) },
        { QStringLiteral("visible"), EpochMetricsFile::keypointStatsJson(m.visible) },
        { QStringLiteral("occluded"), EpochMetricsFile::keypointStatsJson(m.occluded) } };
}

PoseMetrics readMetrics(const QJsonObject &o)
{
    PoseMetrics m;
    m.box = readSet(o.value(QStringLiteral("box")).toObject());
    m.pose = readSet(o.value(QStringLiteral("pose")).toObject());
    m.fitness = o.value(QStringLiteral("fitness")).toDouble();
    m.images = o.value(QStringLiteral("images")).toInt();
    m.instances = o.value(QStringLiteral("instances")).toInt();
    m.perKeypoint = readStatsArray(o.value(QStringLiteral("keypoints")));
    m.perKeypointVisible = readStatsArray(o.value(QStringLiteral("keypoints_visible")));
    m.perKeypointOccluded = readStatsArray(o.value(QStringLiteral("keypoints_occluded")));
    m.visible = readStats(o.value(QStringLiteral("visible")).toObject());
    m.occluded = readStats(o.value(QStringLiteral("occluded")).toObject());
    return m;
}

} // namespace

QJsonObject EpochMetricsFile::keypointStatsJson(const KeypointErrorStats &s)
{
    return { { QStringLiteral("count"), s.count }, { QStringLiteral("mean_error_px"), s.meanPixelError },
        { QStringLiteral("mean_scaled_error"), s.meanScaledError }, { QStringLiteral("mean_oks"), s.meanOks } };
}

QByteArray EpochMetricsFile::toJson(const Contents &c)
{
    QJsonObject scenarios;
    for (const auto &[tag, m] : c.scenarios)
        scenarios.insert(tag, metricsObject(m));
    const QJsonObject o { { QStringLiteral("version"), kVersion }, { QStringLiteral("epoch"), c.epoch + 1 },
        { QStringLiteral("metrics"), metricsObject(c.metrics) }, { QStringLiteral("scenarios"), scenarios } };
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

std::optional<EpochMetricsFile::Contents> EpochMetricsFile::parse(
    const QByteArray &json, const QString &fileName, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull()) {
        *error = tr("%1: not JSON (%2 at byte %3)").arg(fileName, parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    const int version = o.value(QStringLiteral("version")).toInt();
    if (version != kVersion) {
        *error = tr("%1: version %2, expected %3").arg(fileName).arg(version).arg(kVersion);
        return std::nullopt;
    }
    const int epoch = o.value(QStringLiteral("epoch")).toInt();
    if (epoch < 1 || !o.value(QStringLiteral("metrics")).isObject()) {
        *error = tr("%1: expected an epoch of 1 or more and its metrics").arg(fileName);
        return std::nullopt;
    }
    Contents c;
    c.epoch = epoch - 1;
    c.metrics = readMetrics(o.value(QStringLiteral("metrics")).toObject());
    const QJsonObject scenarios = o.value(QStringLiteral("scenarios")).toObject();
    for (auto it = scenarios.begin(); it != scenarios.end(); ++it)
        c.scenarios[it.key()] = readMetrics(it.value().toObject());
    return c;
}

std::optional<EpochMetricsFile::Contents> EpochMetricsFile::read(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    return parse(f.readAll(), path, error);
}

bool EpochMetricsFile::write(const QString &path, const Contents &contents, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(toJson(contents)) < 0 || !gp::commitSaveFile(f)) {
        *error = tr("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace gp
