#include "labelcache.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSaveFile>

namespace {

constexpr quint32 kMagic = 0x47504c43; // "GPLC"
constexpr quint32 kVersion = 1;

struct Entry
{
    qint64 imageSize = -1, imageMtime = 0, labelSize = -1, labelMtime = 0;
    ImageAnnotation annotation;
    std::vector<DatasetIssue> issues;
};

void stamp(const QString &file, qint64 *size, qint64 *mtime)
{
    const QFileInfo fi(file);
    *size = fi.exists() ? fi.size() : -1;
    *mtime = fi.exists() ? fi.lastModified().toMSecsSinceEpoch() : 0;
}

QDataStream &operator<<(QDataStream &s, const Entry &e)
{
    s << e.imageSize << e.imageMtime << e.labelSize << e.labelMtime << e.annotation.imagePath << e.annotation.imageSize
      << quint32(e.annotation.instances.size());
    for (const PoseInstance &inst : e.annotation.instances) {
        s << qint32(inst.classId) << inst.box << quint32(inst.keypoints.size());
        for (const Keypoint &k : inst.keypoints)
            s << k.x << k.y << qint32(k.visibility);
    }
    s << quint32(e.issues.size());
    for (const DatasetIssue &i : e.issues)
        s << qint32(i.kind) << i.file << qint32(i.line) << i.message;
    return s;
}

QDataStream &operator>>(QDataStream &s, Entry &e)
{
    quint32 n = 0;
    s >> e.imageSize >> e.imageMtime >> e.labelSize >> e.labelMtime >> e.annotation.imagePath >> e.annotation.imageSize
        >> n;
    for (quint32 i = 0; i < n && s.status() == QDataStream::Ok; ++i) {
        PoseInstance inst;
        qint32 cls = 0;
        quint32 nk = 0;
        s >> cls >> inst.box >> nk;
        inst.classId = cls;
        for (quint32 k = 0; k < nk && s.status() == QDataStream::Ok; ++k) {
            Keypoint kp;
            qint32 v = 0;
            s >> kp.x >> kp.y >> v;
            kp.visibility = v;
            inst.keypoints.push_back(kp);
        }
        e.annotation.instances.push_back(std::move(inst));
    }
    s >> n;
    for (quint32 i = 0; i < n && s.status() == QDataStream::Ok; ++i) {
        DatasetIssue is;
        qint32 kind = 0, line = 0;
        s >> kind >> is.file >> line >> is.message;
        is.kind = DatasetIssue::Kind(kind);
        is.line = line;
        e.issues.push_back(is);
    }
    return s;
}

} // namespace

QString LabelCache::cacheFile(const DatasetConfig &config, const QString &split)
{
    const QString labels = DatasetConfig::labelsDirFor(config.imagesDir(split));
    return QDir::cleanPath(labels) + QLatin1String(".cache");
}

std::vector<LabelCache::Item> LabelCache::scan(const DatasetConfig &config, const QString &split, Stats *stats,
    const gp::CancelToken &cancel, const gp::Progress &progress)
{
    Stats local;
    Stats &st = stats ? *stats : local;
    st = Stats();
    const QString file = cacheFile(config, split);
    // The format of the labels changes with kpt_shape and the class count: part of the key.
    const QString formatKey
        = QStringLiteral("%1x%2/%3").arg(config.keypointCount).arg(config.keypointDims).arg(config.names.size());

    QHash<QString, Entry> cached;
    {
        QFile f(file);
        if (f.open(QIODevice::ReadOnly)) {
            QDataStream in(&f);
            quint32 magic = 0, version = 0, count = 0;
            QString key;
            in >> magic >> version >> key >> count;
            if (magic == kMagic && version == kVersion && key == formatKey)
                for (quint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
                    Entry e;
                    in >> e;
                    if (in.status() == QDataStream::Ok)
                        cached.insert(e.annotation.imagePath, std::move(e));
                }
        }
    }

    std::vector<Entry> entries;
    bool changed = false;
    const QStringList images = config.imageFiles(split);
    for (const QString &image : images) {
        if (cancel.isCancelled())
            break;
        Entry e;
        stamp(image, &e.imageSize, &e.imageMtime);
        stamp(DatasetConfig::labelFileFor(image), &e.labelSize, &e.labelMtime);
        const auto it = cached.constFind(image);
        if (it != cached.cend() && it->imageSize == e.imageSize && it->imageMtime == e.imageMtime
            && it->labelSize == e.labelSize && it->labelMtime == e.labelMtime) {
            entries.push_back(*it);
            ++st.reused;
        } else {
            DatasetIssueList found;
            e.annotation = config.loadAnnotation(image, &found);
            e.issues = found.issues;
            entries.push_back(std::move(e));
            ++st.parsed;
            changed = true;
        }
        progress.report(int64_t(entries.size()), images.size());
    }
    changed |= int(entries.size()) != cached.size();

    if (changed && !cancel.isCancelled()) {
        QSaveFile f(file);
        if (f.open(QIODevice::WriteOnly)) {
            QDataStream o(&f);
            o << kMagic << kVersion << formatKey << quint32(entries.size());
            for (const Entry &e : entries)
                o << e;
            st.written = f.commit();
        }
        // A read-only dataset simply goes uncached.
    }
    std::vector<Item> out;
    out.reserve(entries.size());
    for (Entry &e : entries)
        out.push_back({ std::move(e.annotation), e.labelSize >= 0, std::move(e.issues) });
    return out;
}

std::vector<ImageAnnotation> LabelCache::load(
    const DatasetConfig &config, const QString &split, DatasetIssueList *issues, Stats *stats)
{
    std::vector<ImageAnnotation> out;
    for (Item &item : scan(config, split, stats)) {
        for (const DatasetIssue &i : item.issues)
            issues->issues.push_back(i);
        if (item.annotation.imageSize.isValid())
            out.push_back(std::move(item.annotation));
    }
    if (stats)
        stats->images = int(out.size());
    return out;
}
