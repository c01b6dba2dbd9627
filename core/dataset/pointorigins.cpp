#include "pointorigins.h"
#include "savefilecommit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

const char *originName(Keypoint::Origin o)
{
    return o == Keypoint::Origin::Model ? "model" : o == Keypoint::Origin::Refit ? "refit" : "person";
}

} // namespace

QString PointOrigins::fileFor(const QString &projectDir, const QString &imageFile)
{
    const QDir project(projectDir);
    return project.filePath(QStringLiteral("labels/.origins/")
        + project.relativeFilePath(QFileInfo(imageFile).absoluteFilePath()) + QStringLiteral(".json"));
}

bool PointOrigins::write(
    const QString &projectDir, const QString &imageFile, const std::vector<PoseInstance> &instances, QString *error)
{
    // Every labelled point is recorded while any is a proposal: a point with no record is one
    // changed outside the studio, which a review must look at; a person's is recorded as such.
    const bool anyProposal = std::any_of(instances.begin(), instances.end(), [](const PoseInstance &inst) {
        return std::any_of(
            inst.keypoints.begin(), inst.keypoints.end(), [](const Keypoint &k) { return k.isProposal(); });
    });
    QJsonArray points;
    for (const PoseInstance &inst : instances)
        for (size_t k = 0; k < inst.keypoints.size() && anyProposal; ++k) {
            const Keypoint &p = inst.keypoints[k];
            if (!p.isLabelled())
                continue;
            QJsonObject o;
            o.insert(QStringLiteral("k"), int(k));
            o.insert(QStringLiteral("x"), p.x);
            o.insert(QStringLiteral("y"), p.y);
            o.insert(QStringLiteral("origin"), QLatin1String(originName(p.origin)));
            o.insert(QStringLiteral("conf"), double(p.confidence));
            points.append(o);
        }
    const QString file = fileFor(projectDir, imageFile);
    if (points.isEmpty()) {
        if (QFile::exists(file) && !QFile::remove(file)) {
            *error = tr("%1 could not be removed").arg(QDir::toNativeSeparators(file));
            return false;
        }
        return true;
    }
    QDir().mkpath(QFileInfo(file).absolutePath());
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("gripperpose-origins"));
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("points"), points);
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(root).toJson(QJsonDocument::Compact)) < 0
        || !gp::commitSaveFile(out)) {
        *error = tr("%1: %2").arg(QDir::toNativeSeparators(file), out.errorString());
        return false;
    }
    return true;
}

bool PointOrigins::records(const QString &file, QJsonArray *out, QString *error)
{
    QFile f(file);
    if (!f.exists())
        return true;
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: %2").arg(QDir::toNativeSeparators(f.fileName()), f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!doc.isObject() || !doc.object().value(QStringLiteral("points")).isArray()) {
        //: %1 is a file name, %2 the parser's message.
        *error = tr("%1 is not a record of point origins: %2")
                     .arg(QDir::toNativeSeparators(f.fileName()), pe.errorString());
        return false;
    }
    *out = doc.object().value(QStringLiteral("points")).toArray();
    return true;
}

std::pair<int, int> PointOrigins::count(const QString &projectDir, const QString &imageFile, double doubtfulBelow)
{
    QJsonArray found;
    QString error;
    if (!records(fileFor(projectDir, imageFile), &found, &error))
        return { 0, 0 };
    int proposals = 0, doubtful = 0;
    for (const QJsonValue &v : found) {
        const QJsonObject r = v.toObject();
        if (r.value(QStringLiteral("origin")).toString() == QLatin1String("person"))
            continue;
        ++proposals;
        doubtful += r.value(QStringLiteral("conf")).toDouble() < doubtfulBelow ? 1 : 0;
    }
    return { proposals, doubtful };
}

bool PointOrigins::apply(const QString &projectDir, const QString &imageFile, std::vector<PoseInstance> *instances,
    bool unmatchedAreDoubtful, QString *error)
{
    QJsonArray records;
    if (!PointOrigins::records(fileFor(projectDir, imageFile), &records, error))
        return false;
    for (PoseInstance &inst : *instances)
        for (size_t k = 0; k < inst.keypoints.size(); ++k) {
            Keypoint &p = inst.keypoints[k];
            if (!p.isLabelled())
                continue;
            bool matched = false;
            for (const QJsonValue &v : records) {
                const QJsonObject r = v.toObject();
                if (r.value(QStringLiteral("k")).toInt(-1) != int(k)
                    || std::abs(r.value(QStringLiteral("x")).toDouble() - p.x) > kMatchTolerance
                    || std::abs(r.value(QStringLiteral("y")).toDouble() - p.y) > kMatchTolerance)
                    continue;
                const QString origin = r.value(QStringLiteral("origin")).toString();
                p.origin = origin == QLatin1String("model") ? Keypoint::Origin::Model
                    : origin == QLatin1String("refit")      ? Keypoint::Origin::Refit
                                                            : Keypoint::Origin::Person;
                p.confidence = p.origin == Keypoint::Origin::Person
                    ? 1.0f
                    : float(std::clamp(r.value(QStringLiteral("conf")).toDouble(), 0.0, 1.0));
                matched = true;
                break;
            }
            if (!matched && unmatchedAreDoubtful) {
                p.origin = Keypoint::Origin::Refit;
                p.confidence = 0.0f;
            }
        }
    return true;
}

} // namespace gp
