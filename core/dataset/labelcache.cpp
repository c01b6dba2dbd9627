#include "labelcache.h"
#include "savefilecommit.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSaveFile>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <atomic>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace gp {

namespace {

constexpr quint32 kMagic = 0x47504c43; // "GPLC"
// 2: a verdict per image (status, label line counts), the cache moved into the project.
constexpr quint32 kVersion = 2;

struct Stamp
{
    qint64 size = -1, modified = 0, changed = 0;
    bool operator==(const Stamp &o) const { return size == o.size && modified == o.modified && changed == o.changed; }
};

struct Entry
{
    // The change time too: a chmod that makes a label unreadable changes only that.
    Stamp image, label;
    DatasetImage verdict;
};

Stamp stamp(const QString &file)
{
#ifdef Q_OS_UNIX
    // stat() itself: QFileInfo's times go through local time, which in Qt 6.4 takes a process-
    // wide lock and re-reads /etc/localtime on every call, and that was most of a 100,000-image
    // listing (the same milliseconds since the epoch, so caches written either way agree).
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(file).constData(), &st) == 0)
        return { qint64(st.st_size), qint64(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000,
            qint64(st.st_ctim.tv_sec) * 1000 + st.st_ctim.tv_nsec / 1000000 };
#endif
    const QFileInfo fi(file);
    if (!fi.exists() && !fi.isSymLink())
        return {};
    return { fi.size(), fi.lastModified().toMSecsSinceEpoch(), fi.metadataChangeTime().toMSecsSinceEpoch() };
}

QDataStream &operator<<(QDataStream &s, const Stamp &t)
{
    return s << t.size << t.modified << t.changed;
}

QDataStream &operator>>(QDataStream &s, Stamp &t)
{
    return s >> t.size >> t.modified >> t.changed;
}

QDataStream &operator<<(QDataStream &s, const Entry &e)
{
    const DatasetImage &v = e.verdict;
    s << e.image << e.label << qint32(v.status) << v.complete << v.hasLabelFile << qint32(v.labelLines)
      << qint32(v.rejectedLines) << quint32(v.wrongWidths.size());
    for (int w : v.wrongWidths)
        s << qint32(w);
    s << v.annotation.imagePath << v.annotation.imageSize << quint32(v.annotation.instances.size());
    for (const PoseInstance &inst : v.annotation.instances) {
        s << qint32(inst.classId) << inst.box << quint32(inst.keypoints.size());
        for (const Keypoint &k : inst.keypoints)
            s << k.x << k.y << qint32(k.visibility);
    }
    s << quint32(v.issues.size());
    for (const DatasetIssue &i : v.issues)
        s << qint32(i.kind) << i.file << qint32(i.line) << i.message;
    return s;
}

// Counts read from the file are bounded by what is left in it, so that a damaged cache
// cannot make a loop run (or allocate) for billions of entries.
bool plausible(QDataStream &s, quint32 n, int minBytes)
{
    return s.status() == QDataStream::Ok && qint64(n) * minBytes <= s.device()->bytesAvailable();
}

QDataStream &operator>>(QDataStream &s, Entry &e)
{
    DatasetImage &v = e.verdict;
    qint32 status = 0, lines = 0, rejected = 0;
    quint32 n = 0;
    s >> e.image >> e.label >> status >> v.complete >> v.hasLabelFile >> lines >> rejected >> n;
    if (status < 0 || status > qint32(DatasetImage::Status::LabelsUnusable) || !plausible(s, n, 4)) {
        s.setStatus(QDataStream::ReadCorruptData);
        return s;
    }
    v.status = DatasetImage::Status(status);
    v.labelLines = lines;
    v.rejectedLines = rejected;
    for (quint32 i = 0; i < n; ++i) {
        qint32 w = 0;
        s >> w;
        v.wrongWidths.push_back(w);
    }
    s >> v.annotation.imagePath >> v.annotation.imageSize >> n;
    for (quint32 i = 0; i < n && plausible(s, n - i, 40); ++i) {
        PoseInstance inst;
        qint32 cls = 0;
        quint32 nk = 0;
        s >> cls >> inst.box >> nk;
        inst.classId = cls;
        for (quint32 k = 0; k < nk && plausible(s, nk - k, 20); ++k) {
            Keypoint kp;
            qint32 vis = 0;
            s >> kp.x >> kp.y >> vis;
            kp.visibility = vis;
            inst.keypoints.push_back(kp);
        }
        v.annotation.instances.push_back(std::move(inst));
    }
    s >> n;
    for (quint32 i = 0; i < n && plausible(s, n - i, 12); ++i) {
        DatasetIssue is;
        qint32 kind = 0, line = 0;
        s >> kind >> is.file >> line >> is.message;
        is.kind = DatasetIssue::Kind(kind);
        is.line = line;
        v.issues.push_back(is);
    }
    return s;
}

// An old-style cache (this program's format under Ultralytics' name) is ours to remove:
// Ultralytics cannot read it and stops. Anything else there is left alone.
QString removeLegacyCache(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    quint32 magic = 0;
    QDataStream(&f) >> magic;
    f.close();
    return magic == kMagic && f.remove() ? file : QString();
}

} // namespace

QString LabelCache::defaultCacheDir(const DatasetConfig &config)
{
    const QString base = config.yamlFile.isEmpty() ? config.rootDir() : QFileInfo(config.yamlFile).absolutePath();
    return QDir(base).filePath(QStringLiteral(".gripperpose-cache"));
}

QString LabelCache::cacheFile(const DatasetConfig &config, const QString &split, const QString &cacheDir)
{
    // Named after the image folder as well as the split: two data.yaml files in one folder
    // may give `val` different folders.
    const QByteArray where = QDir::cleanPath(config.imagesDir(split)).toUtf8();
    const QString hash
        = QString::fromLatin1(QCryptographicHash::hash(where, QCryptographicHash::Sha1).toHex().left(12));
    const QString dir = cacheDir.isEmpty() ? defaultCacheDir(config) : QFileInfo(cacheDir).absoluteFilePath();
    return QDir(dir).filePath(QStringLiteral("labels-%1-%2.gpcache").arg(split, hash));
}

QString LabelCache::ultralyticsCacheFile(const DatasetConfig &config, const QString &split)
{
    // Ultralytics: Path(label_files[0]).parent.with_suffix(".cache").
    return QDir::cleanPath(DatasetConfig::labelsDirFor(config.imagesDir(split))) + QLatin1String(".cache");
}

SplitScan LabelCache::scan(const DatasetConfig &config, const QString &split, const Options &options, Stats *stats)
{
    Stats local;
    Stats &st = stats ? *stats : local;
    st = Stats();
    SplitScan out;
    out.split = split;
    out.imagesDir = config.imagesDir(split);
    out.found = !out.imagesDir.isEmpty() && QFileInfo::exists(out.imagesDir);
    if (!out.found)
        return out;
    st.legacyRemoved = removeLegacyCache(ultralyticsCacheFile(config, split));

    const QString file = cacheFile(config, split, options.cacheDir);
    // The verdicts change with kpt_shape and the class count: part of the key.
    const QString formatKey
        = QStringLiteral("%1x%2/%3").arg(config.keypointCount).arg(config.keypointDims).arg(config.names.size());
    QHash<QString, Entry> cached;
    {
        QFile f(file);
        if (f.open(QIODevice::ReadOnly)) {
            QDataStream in(&f);
            quint32 magic = 0, version = 0, count = 0;
            QString key;
            in >> magic >> version;
            if (magic == kMagic && version == kVersion) {
                in >> key >> count;
                for (quint32 i = 0; key == formatKey && i < count && in.status() == QDataStream::Ok; ++i) {
                    Entry e;
                    in >> e;
                    if (in.status() == QDataStream::Ok)
                        cached.insert(e.verdict.annotation.imagePath, std::move(e));
                }
            }
        }
    }

    const QStringList files = config.imageFiles(split);
    std::vector<Entry> entries(size_t(files.size()));
    std::vector<int> toInspect;
    for (int i = 0; i < files.size(); ++i) {
        Entry &e = entries[size_t(i)];
        e.image = stamp(files[i]);
        e.label = stamp(DatasetConfig::labelFileFor(files[i]));
        const auto it = cached.constFind(files[i]);
        if (it != cached.cend() && it->image == e.image && it->label == e.label
            && (options.depth == ImageCheck::Depth::Structure || it->verdict.complete)) {
            e.verdict = it->verdict;
            ++st.reused;
        } else {
            toInspect.push_back(i);
        }
    }
    const int total = int(files.size());
    std::atomic_int done { st.reused };
    if (st.reused > 0)
        options.progress.report(st.reused, total);
    std::atomic_bool skipped { false };
    // A pool of its own: scans run inside background jobs that may hold every thread of the
    // global pool, and a map queued there would wait for them forever.
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
    QtConcurrent::blockingMap(&pool, toInspect, [&](int i) {
        if (options.cancel.isCancelled()) {
            skipped = true;
            return;
        }
        entries[size_t(i)].verdict = DatasetImage::inspect(config, files[i], options.depth);
        options.progress.report(++done, total);
    });
    st.parsed = int(toInspect.size());
    if (skipped) {
        // Nothing half-done is kept or cached.
        out.cancelled = true;
        return out;
    }
    out.images.reserve(entries.size());
    for (const Entry &e : entries)
        out.images.push_back(e.verdict);
    st.images = out.usableCount();

    if (!toInspect.empty() || int(entries.size()) != cached.size()) {
        QSaveFile f(file);
        if (QDir().mkpath(QFileInfo(file).absolutePath()) && f.open(QIODevice::WriteOnly)) {
            QDataStream o(&f);
            o << kMagic << kVersion << formatKey << quint32(entries.size());
            for (const Entry &e : entries)
                o << e;
            st.written = gp::commitSaveFile(f);
        }
        // A project folder that cannot be written simply goes uncached.
    }
    return out;
}

SplitScan LabelCache::scan(const DatasetConfig &config, const QString &split)
{
    return scan(config, split, Options());
}

std::vector<ImageAnnotation> LabelCache::load(
    const DatasetConfig &config, const QString &split, DatasetIssueList *issues, Stats *stats, const QString &cacheDir)
{
    Options o;
    o.cacheDir = cacheDir;
    const SplitScan s = scan(config, split, o, stats);
    issues->append(s.issues());
    return s.usable();
}

} // namespace gp
