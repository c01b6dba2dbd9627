#include "checkcommand.h"

#include "datasetchecker.h"
#include "progressbar.h"

#include <QSet>

#include <mutex>
#include <optional>

using gp::DatasetChecker;
using gp::DatasetConfig;
using gp::DatasetIssue;
using gp::DatasetIssueList;

QString CheckCommand::summary() const
{
    return tr("validate a dataset: data.yaml, every image and every label line");
}

std::vector<CliOption> CheckCommand::options() const
{
    return { { QStringLiteral("data"), QString(), tr("the dataset's data.yaml") },
        { QStringLiteral("cache_dir"), QString(),
            tr("folder for the label cache (empty: .gripperpose-cache beside data.yaml)"), true } };
}

int CheckCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    const QString yaml = args.value(QStringLiteral("data"));
    DatasetIssueList issues;
    const auto config = DatasetConfig::load(yaml, &issues);
    if (!config) {
        for (const DatasetIssue &i : issues.issues)
            out << i.toString() << '\n';
        return 1;
    }
    out << tr("Checking %1").arg(config->yamlFile) << '\n';
    // The checker reports from its worker threads; the total is known with the first call.
    std::optional<ProgressBar> bar;
    std::mutex barMutex;
    const DatasetChecker checker(*config, args.value(QStringLiteral("cache_dir")));
    const auto report = checker.run({}, [&](int64_t done, int64_t total) {
        std::lock_guard lock(barMutex);
        if (!bar)
            bar.emplace(err, tr("check"), int(total));
        bar->update(int(done));
    });
    if (bar)
        bar->finish();
    // The checker validates data.yaml again: each problem is listed once.
    issues.appendNew(report.issues);

    QSet<QString> files;
    for (const DatasetIssue &i : issues.issues) {
        if (i.isFatal())
            continue;
        out << i.toString() << '\n';
        files.insert(i.file);
    }
    for (const auto &[split, s] : report.splits)
        out << tr("%1: %2 images (%3 labelled, %4 background, %5 unlabelled; skipped: %6 unreadable images, %7 with "
                  "bad labels), %8 instances; keypoints %9 visible, %10 occluded, %11 absent")
                   .arg(split)
                   .arg(s.images)
                   .arg(s.labelled)
                   .arg(s.background)
                   .arg(s.unlabelled)
                   .arg(s.badImages)
                   .arg(s.badLabels)
                   .arg(s.instances)
                   .arg(s.visible)
                   .arg(s.occluded)
                   .arg(s.absent)
            << '\n';
    const DatasetIssueList fatal = issues.fatal();
    if (!fatal.isEmpty()) {
        out << tr("The dataset cannot be used for training or validation until these are fixed:") << '\n';
        for (const DatasetIssue &i : fatal.issues) {
            out << "  " << i.toString() << '\n';
            files.insert(i.file);
        }
    }
    if (issues.isEmpty()) {
        out << tr("No problems found.") << '\n';
        return 0;
    }
    out << tr("Problems by kind:") << '\n';
    for (const auto &[kind, n] : issues.countByKind())
        out << "  " << DatasetIssue::kindName(kind) << ": " << n << '\n';
    out << tr("%n problem(s)", nullptr, int(issues.size())) << ' '
        << tr("in %n file(s); the bad items are skipped.", nullptr, int(files.size())) << '\n';
    if (!fatal.isEmpty())
        out << tr("%n of them stop(s) training (listed above).", nullptr, int(fatal.size())) << '\n';
    return 1;
}
