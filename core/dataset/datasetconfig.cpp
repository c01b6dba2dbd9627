#include "datasetconfig.h"
#include "savefilecommit.h"

#include "labelfile.h"
#include "skeleton.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QSaveFile>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <limits>
#include <set>

namespace gp {

namespace {

DatasetIssue::Kind kConfig = DatasetIssue::Kind::ConfigInvalid;

QString str(const YAML::Node &n)
{
    return QString::fromStdString(n.as<std::string>());
}

} // namespace

std::optional<DatasetConfig> DatasetConfig::load(const QString &yamlFile, DatasetIssueList *issues)
{
    QFile f(yamlFile);
    if (QFileInfo(yamlFile).isDir() || !f.open(QIODevice::ReadOnly)) {
        issues->add(kConfig, QFileInfo(yamlFile).absoluteFilePath(), 0,
            tr("cannot open the file: %1").arg(QFileInfo(yamlFile).isDir() ? tr("it is a folder") : f.errorString()));
        return std::nullopt;
    }
    return parse(f.readAll(), yamlFile, issues);
}

std::optional<DatasetConfig> DatasetConfig::parse(
    const QByteArray &text, const QString &yamlFile, DatasetIssueList *issues)
{
    const QFileInfo fi(yamlFile);
    // Every problem names the file the same way (validate() uses the absolute path too).
    const QString where = fi.absoluteFilePath();
    YAML::Node root;
    try {
        root = YAML::Load(text.toStdString());
    } catch (const YAML::Exception &e) {
        issues->add(kConfig, where, e.mark.line + 1, tr("not valid YAML: %1").arg(QString::fromStdString(e.msg)));
        return std::nullopt;
    }
    if (!root.IsMap()) {
        issues->add(kConfig, where, 0, tr("expected a mapping of keys (path, train, val, kpt_shape, names)"));
        return std::nullopt;
    }
    DatasetConfig c;
    c.yamlFile = fi.absoluteFilePath();
    c.path = QString();
    c.train.clear();
    c.val.clear();
    c.names.clear();
    auto line = [](const YAML::Node &n) { return n.Mark().line + 1; };
    try {
        if (root["path"] && !root["path"].IsNull())
            c.path = str(root["path"]);
        for (auto [key, out] : { std::pair { "train", &c.train }, { "val", &c.val }, { "test", &c.test } }) {
            const YAML::Node n = root[key];
            if (!n || n.IsNull())
                continue;
            if (!n.IsScalar()) {
                issues->add(
                    kConfig, where, line(n), tr("\"%1\" must be one folder or list file").arg(QLatin1String(key)));
                continue;
            }
            *out = str(n);
        }
        if (c.train.isEmpty())
            issues->add(kConfig, where, 0, tr("\"train\" is missing"));
        if (c.val.isEmpty())
            issues->add(kConfig, where, 0, tr("\"val\" is missing"));

        const YAML::Node ks = root["kpt_shape"];
        if (!ks || !ks.IsSequence() || ks.size() != 2) {
            issues->add(kConfig, where, ks ? line(ks) : 0, tr("\"kpt_shape\" must be [keypoints, 2 or 3]"));
        } else {
            // Read wider than int: [1e12, 3] must be refused, not wrapped around (validate()
            // reports any count above the limit).
            constexpr long long kIntMin = std::numeric_limits<int>::min(), kIntMax = std::numeric_limits<int>::max();
            c.keypointCount
                = int(std::clamp<long long>(ks[0].as<long long>(), kIntMin, LabelFile::Format::kMaxKeypoints + 1));
            c.keypointDims = int(std::clamp<long long>(ks[1].as<long long>(), kIntMin, kIntMax));
        }
        const YAML::Node fl = root["flip_idx"];
        if (fl && fl.IsSequence())
            for (const auto &v : fl)
                c.flipIdx.push_back(v.as<int>());
        else if (fl && !fl.IsNull())
            issues->add(DatasetIssue::Kind::FlipIdxInvalid, where, line(fl), tr("\"flip_idx\" must be a list"));

        const YAML::Node nm = root["names"];
        if (nm && nm.IsMap()) {
            // {0: gripper, 1: ...}: ids must be 0..n-1.
            std::map<int, QString> byId;
            for (const auto &kv : nm)
                byId[kv.first.as<int>()] = str(kv.second);
            int expect = 0;
            for (const auto &[id, name] : byId) {
                if (id != expect++) {
                    issues->add(kConfig, where, line(nm), tr("\"names\" ids must be 0, 1, 2, ... without gaps"));
                    break;
                }
                c.names << name;
            }
        } else if (nm && nm.IsSequence()) {
            for (const auto &v : nm)
                c.names << str(v);
        }
        // A missing or empty `names` is validate()'s to report.
    } catch (const YAML::Exception &e) {
        issues->add(kConfig, where, e.mark.line + 1, tr("unexpected value: %1").arg(QString::fromStdString(e.msg)));
    }
    issues->append(c.validate());
    return c;
}

bool DatasetConfig::save(const QString &file, QString *error) const
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    // The root as this config resolves it, seen from where the file is written.
    DatasetConfig at = *this;
    at.yamlFile = QFileInfo(file).absoluteFilePath();
    const QString root = QDir::cleanPath(yamlFile.isEmpty() ? at.rootDir() : rootDir());
    if (root != QFileInfo(file).absolutePath())
        out << YAML::Key << "path" << YAML::Value << root.toStdString();
    out << YAML::Key << "train" << YAML::Value << train.toStdString();
    out << YAML::Key << "val" << YAML::Value << val.toStdString();
    if (!test.isEmpty())
        out << YAML::Key << "test" << YAML::Value << test.toStdString();
    out << YAML::Key << "kpt_shape" << YAML::Value << YAML::Flow << std::vector<int> { keypointCount, keypointDims };
    out << YAML::Key << "flip_idx" << YAML::Value << YAML::Flow << flipIdx;
    out << YAML::Key << "names" << YAML::Value << YAML::BeginMap;
    for (int i = 0; i < names.size(); ++i)
        out << YAML::Key << i << YAML::Value << names[i].toStdString();
    out << YAML::EndMap << YAML::EndMap;

    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly) || f.write(out.c_str()) < 0 || f.write("\n") < 0 || !gp::commitSaveFile(f)) {
        *error = tr("%1: cannot write: %2").arg(file, f.errorString());
        return false;
    }
    return true;
}

void DatasetConfig::applySkeleton(const Skeleton &skeleton)
{
    keypointCount = skeleton.keypointCount();
    keypointDims = 3;
    flipIdx = skeleton.flipIndex();
}

DatasetIssueList DatasetConfig::validate() const
{
    DatasetIssueList issues;
    const QString file = yamlFile.isEmpty() ? QStringLiteral("data.yaml") : yamlFile;
    if (!labelFormat().isValid()) {
        const int max = LabelFile::Format::kMaxKeypoints;
        issues.add(DatasetIssue::Kind::ConfigInvalid, file, 0,
            keypointCount > max
                ? tr("\"kpt_shape\" asks for more than %1 keypoints; it must be [1 to %1 keypoints, 2 or 3]").arg(max)
                : tr("\"kpt_shape\" [%1, %2] must be [1 to %3 keypoints, 2 or 3]")
                      .arg(keypointCount)
                      .arg(keypointDims)
                      .arg(max));
        return issues;
    }
    if (!flipIdx.empty()) {
        std::set<int> seen(flipIdx.begin(), flipIdx.end());
        bool inRange = std::all_of(flipIdx.begin(), flipIdx.end(), [&](int i) { return i >= 0 && i < keypointCount; });
        if (int(flipIdx.size()) != keypointCount || int(seen.size()) != keypointCount || !inRange)
            issues.add(DatasetIssue::Kind::FlipIdxInvalid, file, 0,
                tr("\"flip_idx\" must be a permutation of 0..%1 (kpt_shape has %2 keypoints); got %3 entries")
                    .arg(keypointCount - 1)
                    .arg(keypointCount)
                    .arg(flipIdx.size()));
        else
            for (int i = 0; i < keypointCount; ++i)
                if (flipIdx[size_t(flipIdx[size_t(i)])] != i) {
                    issues.add(DatasetIssue::Kind::FlipIdxInvalid, file, 0,
                        tr("\"flip_idx\" must swap pairs: %1 maps to %2 but %2 does not map back")
                            .arg(i)
                            .arg(flipIdx[size_t(i)]));
                    break;
                }
    }
    if (names.isEmpty())
        issues.add(DatasetIssue::Kind::ConfigInvalid, file, 0, tr("\"names\" is missing or lists no class"));
    return issues;
}

std::vector<int> DatasetConfig::effectiveFlipIdx(const Skeleton &skeleton) const
{
    if (!flipIdx.empty())
        return flipIdx;
    if (skeleton.keypointCount() == keypointCount)
        return skeleton.flipIndex();
    return {};
}

QString DatasetConfig::rootDir() const
{
    const QDir base = yamlFile.isEmpty() ? QDir::current() : QFileInfo(yamlFile).absoluteDir();
    if (path.isEmpty())
        return base.absolutePath();
    return QDir::cleanPath(base.absoluteFilePath(path));
}

QString DatasetConfig::imagesDir(const QString &split) const
{
    const QString rel = split == QLatin1String("train") ? train
        : split == QLatin1String("val")                 ? val
        : split == QLatin1String("test")                ? test
                                                        : QString();
    if (rel.isEmpty())
        return QString();
    return QDir::cleanPath(QDir(rootDir()).absoluteFilePath(rel));
}

QString DatasetConfig::labelsDirFor(const QString &imagesDir)
{
    // Ultralytics replaces the last "/images/" component with "/labels/".
    QString p = QDir::cleanPath(imagesDir) + QLatin1Char('/');
    const int at = p.lastIndexOf(QLatin1String("/images/"));
    if (at >= 0)
        p.replace(at, 8, QLatin1String("/labels/"));
    return QDir::cleanPath(p);
}

QString DatasetConfig::labelFileFor(const QString &imageFile)
{
    const QFileInfo fi(imageFile);
    return labelsDirFor(fi.absolutePath()) + QLatin1Char('/') + fi.completeBaseName() + QLatin1String(".txt");
}

QStringList DatasetConfig::splits() const
{
    QStringList s;
    if (!train.isEmpty())
        s << QStringLiteral("train");
    if (!val.isEmpty())
        s << QStringLiteral("val");
    if (!test.isEmpty())
        s << QStringLiteral("test");
    return s;
}

bool DatasetConfig::isImageFile(const QString &file)
{
    static const QStringList kSuffixes { QStringLiteral("jpg"), QStringLiteral("jpeg"), QStringLiteral("png"),
        QStringLiteral("bmp"), QStringLiteral("webp"), QStringLiteral("tif"), QStringLiteral("tiff") };
    return kSuffixes.contains(QFileInfo(file).suffix().toLower());
}

QStringList DatasetConfig::imageFiles(const QString &split) const
{
    const QString where = imagesDir(split);
    QStringList files;
    if (where.endsWith(QLatin1String(".txt"))) {
        QFile list(where);
        if (list.open(QIODevice::ReadOnly))
            for (const QByteArray &l : list.readAll().split('\n'))
                if (!l.trimmed().isEmpty())
                    files << QDir::cleanPath(QDir(rootDir()).absoluteFilePath(QString::fromUtf8(l.trimmed())));
    } else if (!where.isEmpty()) {
        QDirIterator it(where, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (isImageFile(f))
                files << f;
        }
    }
    files.sort();
    return files;
}

ImageAnnotation DatasetConfig::loadAnnotation(const QString &imageFile, DatasetIssueList *issues) const
{
    ImageAnnotation a;
    a.imagePath = imageFile;
    a.imageSize = QImageReader(imageFile).size();
    if (!a.imageSize.isValid()) {
        issues->add(DatasetIssue::Kind::ImageUndecodable, displayName(imageFile), 0, tr("the image cannot be read"));
        return a;
    }
    const LabelFile::Format format { keypointCount, keypointDims, int(names.size()) };
    const QString labels = labelFileFor(imageFile);
    a.instances = LabelFile::read(labels, a.imageSize, format, issues, displayName(labels));
    return a;
}

QString DatasetConfig::displayName(const QString &file) const
{
    const QString rel = QDir(rootDir()).relativeFilePath(file);
    return rel.startsWith(QLatin1String("..")) ? file : rel;
}

} // namespace gp
