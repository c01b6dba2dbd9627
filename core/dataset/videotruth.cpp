#include "videotruth.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gp {

QString VideoTruth::sidecarFor(const QString &videoFile)
{
    const QFileInfo fi(videoFile);
    return fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".json"));
}

std::optional<VideoTruth> VideoTruth::load(const QString &jsonFile, int keypointCount, QString *error)
{
    QFile f(jsonFile);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot read: %2").arg(jsonFile, f.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parseError);
    if (doc.isNull()) {
        *error = tr("%1: not JSON: %2 at offset %3").arg(jsonFile, parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (!root.value(QLatin1String("frames")).isArray()) {
        *error = tr("%1: expected an object with a \"frames\" array").arg(jsonFile);
        return std::nullopt;
    }
    VideoTruth t;
    t.m_file = jsonFile;
    t.m_fps = root.value(QLatin1String("fps")).toDouble();
    t.m_size = QSize(root.value(QLatin1String("width")).toInt(), root.value(QLatin1String("height")).toInt());
    if (const QString video = root.value(QLatin1String("video")).toString(); !video.isEmpty())
        t.m_videoFile = QFileInfo(jsonFile).absoluteDir().filePath(QFileInfo(video).fileName());
    for (const QJsonValue &ov : root.value(QLatin1String("occlusions")).toArray()) {
        const QJsonObject o = ov.toObject();
        t.m_occlusions.push_back({ o.value(QLatin1String("track")).toInt(), o.value(QLatin1String("start")).toInt(),
            o.value(QLatin1String("end")).toInt() });
    }
    const QJsonArray frames = root.value(QLatin1String("frames")).toArray();
    for (qsizetype fi = 0; fi < frames.size(); ++fi) {
        const QJsonObject fo = frames.at(fi).toObject();
        const QString where = tr("%1: frames[%2]").arg(jsonFile).arg(fi);
        if (!fo.value(QLatin1String("frame")).isDouble()) {
            *error = tr("%1: \"frame\" missing or not a number").arg(where);
            return std::nullopt;
        }
        Frame frame;
        frame.time = fo.value(QLatin1String("time")).toDouble();
        frame.annotation.imageSize = t.m_size;
        const QJsonArray instances = fo.value(QLatin1String("instances")).toArray();
        for (qsizetype ii = 0; ii < instances.size(); ++ii) {
            const QJsonObject io = instances.at(ii).toObject();
            const QJsonArray box = io.value(QLatin1String("box")).toArray();
            const QJsonArray kps = io.value(QLatin1String("keypoints")).toArray();
            if (box.size() != 4 || kps.size() != keypointCount) {
                *error = tr("%1.instances[%2]: expected a box of 4 numbers and %3 keypoints, found %4 and %5")
                             .arg(where)
                             .arg(ii)
                             .arg(keypointCount)
                             .arg(box.size())
                             .arg(kps.size());
                return std::nullopt;
            }
            PoseInstance inst;
            inst.box = QRectF(QPointF(box.at(0).toDouble(), box.at(1).toDouble()),
                QPointF(box.at(2).toDouble(), box.at(3).toDouble()));
            for (const QJsonValue &kv : kps) {
                const QJsonArray k = kv.toArray();
                if (k.size() < 2 || k.size() > 3) {
                    *error = tr("%1.instances[%2]: a keypoint must be [x, y] or [x, y, v]").arg(where).arg(ii);
                    return std::nullopt;
                }
                Keypoint p;
                p.x = k.at(0).toDouble();
                p.y = k.at(1).toDouble();
                p.visibility = k.size() == 3 ? k.at(2).toInt() : int(Keypoint::Visible);
                if (p.visibility < Keypoint::Absent || p.visibility > Keypoint::Visible) {
                    *error = tr("%1.instances[%2]: visibility must be 0, 1 or 2").arg(where).arg(ii);
                    return std::nullopt;
                }
                inst.keypoints.push_back(p);
            }
            frame.annotation.instances.push_back(std::move(inst));
            frame.tracks.push_back(io.value(QLatin1String("track")).toInt(int(ii)));
        }
        t.m_frames[fo.value(QLatin1String("frame")).toInt()] = std::move(frame);
    }
    return t;
}

const VideoTruth::Frame *VideoTruth::frame(int frame) const
{
    const auto it = m_frames.find(frame);
    return it == m_frames.end() ? nullptr : &it->second;
}

QStringList VideoTruth::captions(int frame) const
{
    QStringList out;
    if (const Frame *f = this->frame(frame))
        for (int track : f->tracks)
            out << tr("track %1").arg(track);
    return out;
}

} // namespace gp
