#include "datasetchecker.h"

#include "labelcache.h"

#include <QDir>
#include <QDirIterator>
#include <QSet>

namespace {

using Kind = DatasetIssue::Kind;
using Status = DatasetImage::Status;

DatasetChecker::SplitSummary summarise(const SplitScan &scan)
{
    DatasetChecker::SplitSummary sum;
    sum.images = int(scan.images.size());
    for (const DatasetImage &i : scan.images) {
        switch (i.status) {
        case Status::Labelled:
            ++sum.labelled;
            break;
        case Status::Background:
            ++sum.background;
            break;
        case Status::Unlabelled:
            ++sum.unlabelled;
            break;
        case Status::ImageUnusable:
            ++sum.badImages;
            break;
        case Status::LabelsUnusable:
            ++sum.badLabels;
            break;
        }
        if (!i.usable())
            continue;
        sum.instances += int(i.annotation.instances.size());
        for (const PoseInstance &inst : i.annotation.instances)
            for (const Keypoint &k : inst.keypoints)
                ++(k.visibility == Keypoint::Visible         ? sum.visible
                        : k.visibility == Keypoint::Occluded ? sum.occluded
                                                             : sum.absent);
    }
    return sum;
}

} // namespace

int DatasetChecker::Report::totalImages() const
{
    int n = 0;
    for (const auto &[name, s] : splits)
        n += s.images;
    return n;
}

int DatasetChecker::Report::totalInstances() const
{
    int n = 0;
    for (const auto &[name, s] : splits)
        n += s.instances;
    return n;
}

DatasetChecker::DatasetChecker(DatasetConfig config, QString cacheDir)
    : m_config(std::move(config))
    , m_cacheDir(std::move(cacheDir))
{ }

DatasetChecker::Report DatasetChecker::run(const gp::CancelToken &cancel, const gp::Progress &progress) const
{
    Report report;
    DatasetIssueList fatal = m_config.validate();
    if (!m_config.canReadLabels()) {
        // Without a usable kpt_shape or any class no label line can be judged.
        report.issues = fatal;
        return report;
    }

    // One progress bar over all splits: the files are listed first.
    int total = 0, before = 0;
    for (const QString &split : m_config.splits())
        total += int(m_config.imageFiles(split).size());
    for (const QString &split : m_config.splits()) {
        LabelCache::Options options;
        options.cacheDir = m_cacheDir;
        options.cancel = cancel;
        if (progress)
            options.progress = [&, before](int64_t done, int64_t) { progress.report(before + done, total); };
        const SplitScan scan = LabelCache::scan(m_config, split, options);
        if (scan.cancelled || cancel.isCancelled()) {
            report.cancelled = true;
            return report;
        }
        before += int(scan.images.size());
        report.splits[split] = summarise(scan);
        report.issues.append(scan.issues());
        const bool isTrain = split == QLatin1String("train");
        fatal.append(scan.fatalProblems(m_config, isTrain));
        if (!isTrain)
            report.issues.append(scan.evaluationWarnings(m_config));
        if (!scan.found)
            continue;

        // Label files whose image is gone: the labels would be silently unused.
        if (scan.imagesDir.endsWith(QLatin1String(".txt")))
            continue;
        const QString labelsDir = DatasetConfig::labelsDirFor(scan.imagesDir);
        if (labelsDir == QDir::cleanPath(scan.imagesDir))
            continue;
        QSet<QString> stems;
        for (const DatasetImage &image : scan.images)
            stems.insert(DatasetConfig::labelFileFor(image.annotation.imagePath));
        QDirIterator it(labelsDir, { QStringLiteral("*.txt") }, QDir::Files, QDirIterator::Subdirectories);
        QStringList orphans;
        while (it.hasNext()) {
            const QString f = QDir::cleanPath(it.next());
            if (!stems.contains(f))
                orphans << f;
        }
        orphans.sort();
        for (const QString &f : orphans)
            report.issues.add(Kind::ImageMissing, m_config.displayName(f), 0,
                tr("no image with this name in %1").arg(m_config.displayName(scan.imagesDir)));
    }
    report.issues.append(fatal);
    return report;
}
