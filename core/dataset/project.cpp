#include "project.h"

#include <QDir>
#include <QFileInfo>

namespace gp {

namespace {
constexpr auto kDataYaml = "data.yaml";
constexpr auto kSkeletonJson = "skeleton.json";
} // namespace

bool Project::isProject(const QString &dir)
{
    return QFileInfo::exists(QDir(dir).filePath(QLatin1String(kDataYaml)));
}

Skeleton Project::skeletonForDataset(const QString &dataYaml)
{
    const QString file = QFileInfo(dataYaml).absoluteDir().filePath(QLatin1String(kSkeletonJson));
    QString error;
    std::optional<Skeleton> s;
    if (QFileInfo::exists(file))
        s = Skeleton::load(file, &error);
    return s ? *s : Skeleton::defaultGripper();
}

std::optional<Project> Project::open(const QString &dirOrYaml, QString *error)
{
    const QFileInfo fi(dirOrYaml);
    Project p;
    p.m_dir = QDir::cleanPath(fi.isDir() ? fi.absoluteFilePath() : fi.absolutePath());
    const QString yaml = fi.isDir() ? p.dataYaml() : fi.absoluteFilePath();
    auto config = DatasetConfig::load(yaml, &p.m_issues);
    if (!config) {
        *error = p.m_issues.isEmpty() ? tr("%1: cannot read").arg(yaml) : p.m_issues.issues.front().toString();
        return std::nullopt;
    }
    p.m_config = *config;
    if (QFileInfo::exists(p.skeletonFile())) {
        auto s = Skeleton::load(p.skeletonFile(), error);
        if (!s)
            return std::nullopt;
        p.m_skeleton = *s;
    } else {
        p.m_skeleton = Skeleton::defaultGripper();
    }
    if (p.m_skeleton.keypointCount() != p.m_config.keypointCount) {
        *error = tr("%1 has %2 keypoints but data.yaml's kpt_shape says %3")
                     .arg(p.skeletonFile())
                     .arg(p.m_skeleton.keypointCount())
                     .arg(p.m_config.keypointCount);
        return std::nullopt;
    }
    return p;
}

std::optional<Project> Project::create(const QString &dir, const Skeleton &skeleton, QString *error)
{
    QDir d(dir);
    for (const char *sub : { "images/train", "images/val", "labels/train", "labels/val", "runs" })
        if (!d.mkpath(QLatin1String(sub))) {
            *error = tr("%1: cannot create folder %2").arg(dir, QLatin1String(sub));
            return std::nullopt;
        }
    DatasetConfig c;
    c.path = QStringLiteral(".");
    c.applySkeleton(skeleton);
    if (!c.save(d.filePath(QLatin1String(kDataYaml)), error)
        || !skeleton.save(d.filePath(QLatin1String(kSkeletonJson)), error))
        return std::nullopt;
    return open(dir, error);
}

QString Project::name() const
{
    return QFileInfo(m_dir).fileName();
}

QString Project::dataYaml() const
{
    return QDir(m_dir).filePath(QLatin1String(kDataYaml));
}

QString Project::skeletonFile() const
{
    return QDir(m_dir).filePath(QLatin1String(kSkeletonJson));
}

QString Project::runsDir() const
{
    return QDir(m_dir).filePath(QStringLiteral("runs"));
}

} // namespace gp
