#include "detectioncache.h"
#include "savefilecommit.h"

#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cmath>
#include <limits>

namespace gp {

namespace {

constexpr char kMagic[] = "GPPRED1";
constexpr quint16 kMaxDetections = 1000;

QJsonObject keyToJson(const DetectionCache::Key &k)
{
    QJsonObject o;
    o[QStringLiteral("video")] = k.video;
    o[QStringLiteral("video_size")] = double(k.videoSize);
    o[QStringLiteral("video_mtime_ms")] = double(k.videoMtimeMs);
    o[QStringLiteral("model")] = k.model;
    o[QStringLiteral("model_size")] = double(k.modelSize);
    o[QStringLiteral("model_mtime_ms")] = double(k.modelMtimeMs);
    o[QStringLiteral("imgsz")] = k.imgsz;
    o[QStringLiteral("conf")] = k.conf;
    o[QStringLiteral("iou")] = k.iou;
    o[QStringLiteral("enhance")] = ImageEnhancement::key(k.enhance);
    return o;
}

DetectionCache::Key keyFromJson(const QJsonObject &o)
{
    DetectionCache::Key k;
    k.video = o.value(QStringLiteral("video")).toString();
    k.videoSize = qint64(o.value(QStringLiteral("video_size")).toDouble(-1));
    k.videoMtimeMs = qint64(o.value(QStringLiteral("video_mtime_ms")).toDouble(-1));
    k.model = o.value(QStringLiteral("model")).toString();
    k.modelSize = qint64(o.value(QStringLiteral("model_size")).toDouble(-1));
    k.modelMtimeMs = qint64(o.value(QStringLiteral("model_mtime_ms")).toDouble(-1));
    k.imgsz = o.value(QStringLiteral("imgsz")).toInt();
    k.conf = o.value(QStringLiteral("conf")).toDouble();
    k.iou = o.value(QStringLiteral("iou")).toDouble();
    // Unknown words make the key differ from every real one (stale, never shown).
    const auto enhance = ImageEnhancement::parse(o.value(QStringLiteral("enhance")).toString(QStringLiteral("none")));
    k.enhance = enhance.value_or(Enhancement(-1));
    return k;
}

} // namespace

DetectionCache::Key DetectionCache::Key::of(
    const QString &video, const QString &model, int imgsz, double conf, double iou, Enhancement enhance)
{
    Key k;
    const QFileInfo v(video);
    k.video = v.absoluteFilePath();
    if (v.exists()) {
        k.videoSize = v.size();
        k.videoMtimeMs = v.lastModified().toMSecsSinceEpoch();
    }
    const QFileInfo m(model);
    k.model = m.exists() ? m.absoluteFilePath() : model;
    if (m.exists()) {
        k.modelSize = m.size();
        k.modelMtimeMs = m.lastModified().toMSecsSinceEpoch();
    }
    k.imgsz = imgsz;
    k.conf = conf;
    k.iou = iou;
    k.enhance = enhance;
    return k;
}

bool DetectionCache::Key::operator==(const Key &o) const
{
    // The video's path is not compared: a project moved as a whole keeps its caches.
    return videoSize == o.videoSize && videoMtimeMs == o.videoMtimeMs && model == o.model && modelSize == o.modelSize
        && modelMtimeMs == o.modelMtimeMs && imgsz == o.imgsz && std::abs(conf - o.conf) < 1e-9
        && std::abs(iou - o.iou) < 1e-9 && enhance == o.enhance;
}

bool DetectionCache::Key::sameFiles(const Key &o) const
{
    return videoSize == o.videoSize && videoMtimeMs == o.videoMtimeMs && model == o.model && modelSize == o.modelSize
        && modelMtimeMs == o.modelMtimeMs;
}

std::optional<DetectionCache::Key> DetectionCache::readKey(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return std::nullopt;
    QJsonParseError pe;
    const QJsonObject header = QJsonDocument::fromJson(in.readLine(1 << 20).trimmed(), &pe).object();
    if (pe.error != QJsonParseError::NoError
        || header.value(QStringLiteral("format")).toString() != QLatin1String(kMagic))
        return std::nullopt;
    return keyFromJson(header);
}

DetectionCache::DetectionCache(Key key, qint64 frameCount, int keypointCount)
    : m_key(std::move(key))
    , m_keypoints(keypointCount)
    , m_frames(size_t(std::max<qint64>(0, frameCount)))
{ }

QString DetectionCache::sidecarFor(const QString &video)
{
    return QFileInfo(video).absoluteFilePath() + QLatin1String(kSuffix);
}

const DetectionCache::Frame *DetectionCache::frame(qint64 index) const
{
    return index >= 0 && index < frameCount() ? &m_frames[size_t(index)] : nullptr;
}

bool DetectionCache::isAnalysed(qint64 index) const
{
    const Frame *f = frame(index);
    return f && f->analysed;
}

void DetectionCache::set(qint64 index, double timestampMs, std::vector<PoseDetection> detections)
{
    if (index < 0 || index >= frameCount())
        return;
    Frame &f = m_frames[size_t(index)];
    if (!f.analysed)
        ++m_analysed;
    f.analysed = true;
    f.timestampMs = timestampMs;
    f.detections = std::move(detections);
}

std::vector<double> DetectionCache::timestamps() const
{
    std::vector<double> t(m_frames.size(), std::numeric_limits<double>::quiet_NaN());
    for (size_t i = 0; i < m_frames.size(); ++i)
        if (m_frames[i].analysed)
            t[i] = m_frames[i].timestampMs;
    return t;
}

bool DetectionCache::hasCompleteTimestamps() const
{
    if (m_analysed != frameCount() || m_frames.empty())
        return false;
    for (size_t i = 1; i < m_frames.size(); ++i)
        if (!(m_frames[i].timestampMs > m_frames[i - 1].timestampMs))
            return false;
    return true;
}

bool DetectionCache::save(const QString &file, QString *error) const
{
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly)) {
        *error = tr("%1: cannot write the prediction cache (%2)").arg(file, out.errorString());
        return false;
    }
    QJsonObject header = keyToJson(m_key);
    header[QStringLiteral("format")] = QLatin1String(kMagic);
    header[QStringLiteral("frames")] = double(m_frames.size());
    header[QStringLiteral("keypoints")] = m_keypoints;
    out.write(QJsonDocument(header).toJson(QJsonDocument::Compact));
    out.write("\n");
    QDataStream s(&out);
    s.setByteOrder(QDataStream::LittleEndian);
    s.setFloatingPointPrecision(QDataStream::SinglePrecision);
    for (const Frame &f : m_frames) {
        s << quint8(f.analysed ? 1 : 0);
        s.setFloatingPointPrecision(QDataStream::DoublePrecision);
        s << f.timestampMs;
        s.setFloatingPointPrecision(QDataStream::SinglePrecision);
        const quint16 n = quint16(std::min<size_t>(f.detections.size(), kMaxDetections));
        s << n;
        for (quint16 i = 0; i < n; ++i) {
            const PoseDetection &d = f.detections[i];
            s << float(d.box.x1) << float(d.box.y1) << float(d.box.x2) << float(d.box.y2) << float(d.score)
              << qint32(d.cls);
            for (int k = 0; k < m_keypoints; ++k) {
                const PoseKeypoint p = size_t(k) < d.keypoints.size() ? d.keypoints[size_t(k)] : PoseKeypoint();
                s << float(p.x) << float(p.y) << float(p.conf);
            }
        }
    }
    if (s.status() != QDataStream::Ok || !gp::commitSaveFile(out)) {
        *error = tr("%1: cannot write the prediction cache (%2)").arg(file, out.errorString());
        return false;
    }
    return true;
}

bool DetectionCache::load(const QString &file, const Key &expected, DetectionCache *cache, QString *error)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot read the prediction cache (%2)").arg(file, in.errorString());
        return false;
    }
    const QByteArray line = in.readLine(1 << 20);
    QJsonParseError pe;
    const QJsonObject header = QJsonDocument::fromJson(line.trimmed(), &pe).object();
    if (pe.error != QJsonParseError::NoError
        || header.value(QStringLiteral("format")).toString() != QLatin1String(kMagic)) {
        *error = tr("%1: not a prediction cache of this version (the header does not parse)").arg(file);
        return false;
    }
    const Key key = keyFromJson(header);
    if (key != expected) {
        *error = key.model != expected.model || key.modelSize != expected.modelSize
                || key.modelMtimeMs != expected.modelMtimeMs
            ? tr("%1: the cached predictions are from another model (%2); analyse again").arg(file, key.model)
            : key.videoSize != expected.videoSize || key.videoMtimeMs != expected.videoMtimeMs
            ? tr("%1: the video changed since it was analysed; analyse again").arg(file)
            //: %5 is an enhancement key: none, clahe or gamma.
            : tr("%1: the cached predictions were made with other settings (image size %2, conf %3, iou %4, "
                 "enhance %5)")
                  .arg(file)
                  .arg(key.imgsz)
                  .arg(key.conf)
                  .arg(key.iou)
                  .arg(ImageEnhancement::key(key.enhance));
        return false;
    }
    const qint64 frames = qint64(header.value(QStringLiteral("frames")).toDouble(-1));
    const int keypoints = header.value(QStringLiteral("keypoints")).toInt(-1);
    if (frames < 0 || frames > (qint64(1) << 31) || keypoints < 0 || keypoints > 1000) {
        *error = tr("%1: the header gives %2 frames of %3 keypoints").arg(file).arg(frames).arg(keypoints);
        return false;
    }
    DetectionCache c(key, frames, keypoints);
    QDataStream s(&in);
    s.setByteOrder(QDataStream::LittleEndian);
    for (qint64 i = 0; i < frames; ++i) {
        quint8 flags = 0;
        double ts = 0;
        quint16 n = 0;
        s >> flags;
        s.setFloatingPointPrecision(QDataStream::DoublePrecision);
        s >> ts;
        s.setFloatingPointPrecision(QDataStream::SinglePrecision);
        s >> n;
        if (s.status() != QDataStream::Ok || n > kMaxDetections) {
            *error = tr("%1: truncated or corrupt at frame %2 of %3").arg(file).arg(i).arg(frames);
            return false;
        }
        std::vector<PoseDetection> dets(n);
        for (PoseDetection &d : dets) {
            float x1, y1, x2, y2, score;
            qint32 cls;
            s >> x1 >> y1 >> x2 >> y2 >> score >> cls;
            d.box = { x1, y1, x2, y2 };
            d.score = score;
            d.cls = cls;
            d.keypoints.resize(size_t(keypoints));
            for (PoseKeypoint &p : d.keypoints) {
                float x, y, conf;
                s >> x >> y >> conf;
                p = { x, y, conf };
            }
        }
        if (s.status() != QDataStream::Ok) {
            *error = tr("%1: truncated or corrupt at frame %2 of %3").arg(file).arg(i).arg(frames);
            return false;
        }
        if (flags & 1)
            c.set(i, ts, std::move(dets));
    }
    *cache = std::move(c);
    return true;
}

} // namespace gp
