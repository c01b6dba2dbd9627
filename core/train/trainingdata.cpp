#include "trainingdata.h"

#include "labelcache.h"
#include "scenariotags.h"

#include <QFileInfo>

namespace gp {

namespace {

// Loads data.yaml and scans `splits`; the fatal problems, one per line, in *error.
std::optional<TrainingData> prepare(
    const QString &dataYaml, const QStringList &splits, const QString &cacheDir, QString *error)
{
    DatasetIssueList issues;
    const auto config = DatasetConfig::load(dataYaml, &issues);
    if (!config) {
        *error
            = issues.isEmpty() ? TrainingData::tr("%1: cannot read").arg(dataYaml) : issues.issues.front().toString();
        return std::nullopt;
    }
    TrainingData data;
    data.config = *config;
    DatasetIssueList fatal = issues.fatal();
    if (config->canReadLabels()) {
        for (const QString &split : splits) {
            if (!config->splits().contains(split)) {
                fatal.add(DatasetIssue::Kind::ConfigInvalid, config->yamlFile, 0,
                    TrainingData::tr("data.yaml has no %1 split").arg(split));
                continue;
            }
            LabelCache::Options options;
            options.cacheDir = cacheDir;
            LabelCache::Stats stats;
            const SplitScan scan = LabelCache::scan(*config, split, options, &stats);
            if (!stats.legacyRemoved.isEmpty())
                data.notes << TrainingData::tr(
                    "%1 was written by an earlier version of GripperPose Studio in Ultralytics' "
                    "place for its own cache; it is removed so that Ultralytics works again")
                                  .arg(stats.legacyRemoved);
            data.problems.append(scan.issues());
            fatal.append(scan.fatalProblems(*config, split == QLatin1String("train")));
            if (split != QLatin1String("train"))
                data.problems.append(scan.evaluationWarnings(*config));
            (split == QLatin1String("train") ? data.train : data.val) = scan.usable();
        }
    }
    if (!fatal.isEmpty()) {
        QStringList lines { TrainingData::tr("%1 cannot be used:").arg(config->yamlFile) };
        for (const DatasetIssue &i : fatal.issues)
            lines << QStringLiteral("  ") + i.toString();
        *error = lines.join(QLatin1Char('\n'));
        return std::nullopt;
    }
    // A broken scenarios.yaml costs the per-scenario metrics, never the run.
    ScenarioTags tags;
    QString why;
    if (!tags.load(QFileInfo(config->yamlFile).absolutePath(), &why))
        data.notes << why;
    // One pass over the patterns for the whole val split, not one per image.
    QStringList files;
    files.reserve(qsizetype(data.val.size()));
    for (const ImageAnnotation &image : data.val)
        files << image.imagePath;
    data.valTags = tags.isEmpty() ? std::vector<QStringList>(data.val.size()) : tags.tagsOfEach(files);
    return data;
}

} // namespace

std::optional<TrainingData> TrainingData::forTraining(const QString &dataYaml, const QString &cacheDir, QString *error)
{
    return prepare(dataYaml, { QStringLiteral("train"), QStringLiteral("val") }, cacheDir, error);
}

std::optional<TrainingData> TrainingData::forValidation(
    const QString &dataYaml, const QString &split, const QString &cacheDir, QString *error)
{
    return prepare(dataYaml, { split }, cacheDir, error);
}

} // namespace gp
