#include "runcatalog.h"

#include "resultscsv.h"
#include "trainingconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace gp {

RunRecord RunCatalog::inspect(const QString &runDir, const QDateTime &now)
{
    RunRecord r;
    const QDir dir(runDir);
    r.dir = dir.absolutePath();
    r.name = dir.dirName();
    QFile args(dir.filePath(QStringLiteral("args.yaml")));
    if (args.open(QIODevice::ReadOnly)) {
        QString error;
        if (const auto config = TrainingConfig::fromYaml(QString::fromUtf8(args.readAll()), &error)) {
            r.epochs = config->epochs;
            r.patience = config->patience;
            r.model = config->model;
            r.data = config->data;
        }
    }
    const ResultsCsv::Contents results = ResultsCsv::read(dir.filePath(QLatin1String(ResultsCsv::kFileName)));
    r.epochsDone = int(results.epochs.size());
    for (const EpochReport &e : results.epochs)
        if (e.best)
            r.best = e;
    const QString last = dir.filePath(QStringLiteral("weights/last.ckpt"));
    const QString best = dir.filePath(QStringLiteral("weights/best.ckpt"));
    if (QFileInfo::exists(last))
        r.lastWeights = last;
    if (QFileInfo::exists(best))
        r.bestWeights = best;
    for (const QString &f :
        { dir.filePath(QStringLiteral("args.yaml")), dir.filePath(QLatin1String(ResultsCsv::kFileName)),
            dir.filePath(QStringLiteral("telemetry.csv")), last }) {
        const QFileInfo info(f);
        if (info.exists() && (!r.modified.isValid() || info.lastModified() > r.modified))
            r.modified = info.lastModified();
    }

    const bool allEpochs = r.epochs > 0 && r.epochsDone >= r.epochs;
    const bool patienceRanOut
        = r.patience > 0 && !results.epochs.empty() && results.epochs.back().epochsWithoutImprovement >= r.patience;
    if (allEpochs)
        r.state = RunRecord::State::Finished;
    else if (patienceRanOut && !r.lastWeights.isEmpty())
        r.state = RunRecord::State::EarlyStopped;
    else if (const QFileInfo telemetry(dir.filePath(QStringLiteral("telemetry.csv")));
             telemetry.exists() && telemetry.lastModified().secsTo(now) < kActiveSeconds)
        r.state = RunRecord::State::Active;
    else if (!r.lastWeights.isEmpty())
        r.state = RunRecord::State::Resumable;
    else
        r.state = RunRecord::State::Empty;
    return r;
}

bool RunCatalog::isRun(const QString &dir)
{
    const QDir d(dir);
    return d.exists(QStringLiteral("args.yaml")) || d.exists(QLatin1String(ResultsCsv::kFileName));
}

std::vector<RunRecord> RunCatalog::scan(const QString &runsRoot, const QDateTime &now)
{
    std::vector<RunRecord> out;
    const QDir root(runsRoot);
    for (const QFileInfo &d : root.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (!isRun(d.absoluteFilePath()))
            continue; // predict and val folders, or something else
        out.push_back(inspect(d.absoluteFilePath(), now));
    }
    std::stable_sort(
        out.begin(), out.end(), [](const RunRecord &a, const RunRecord &b) { return a.modified > b.modified; });
    return out;
}

std::vector<RunRecord> RunCatalog::scanFolders(const QStringList &folders, const QDateTime &now)
{
    std::vector<RunRecord> out;
    QSet<QString> seen;
    auto add = [&](RunRecord r) {
        if (!seen.contains(r.dir)) {
            seen.insert(r.dir);
            out.push_back(std::move(r));
        }
    };
    for (const QString &folder : folders) {
        if (isRun(folder)) {
            add(inspect(folder, now));
            continue;
        }
        for (RunRecord &r : scan(folder, now))
            add(std::move(r));
        for (RunRecord &r : scan(QDir(folder).filePath(QStringLiteral("pose")), now))
            add(std::move(r));
    }
    std::stable_sort(
        out.begin(), out.end(), [](const RunRecord &a, const RunRecord &b) { return a.modified > b.modified; });
    return out;
}

QString RunCatalog::stateName(RunRecord::State state)
{
    switch (state) {
    case RunRecord::State::Empty:
        return tr("no epoch yet");
    case RunRecord::State::Active:
        return tr("training (another process)");
    case RunRecord::State::Resumable:
        return tr("stopped — resumable");
    case RunRecord::State::EarlyStopped:
        return tr("finished (early stop)");
    case RunRecord::State::Finished:
        return tr("finished");
    }
    return QString();
}

} // namespace gp
