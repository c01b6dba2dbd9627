#include "datasetchecker.h"

#include "labelfile.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

namespace {

using Kind = DatasetIssue::Kind;

struct ImageResult
{
    DatasetIssueList issues;
    bool decoded = false;
    bool hasLabelFile = false;
    std::vector<PoseInstance> instances;
};

// A JPEG must end with the EOI marker; decoders silently fill a truncated tail with grey.
bool jpegTruncated(const QString &file)
{
    const QString s = QFileInfo(file).suffix().toLower();
    if (s != QLatin1String("jpg") && s != QLatin1String("jpeg"))
        return false;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly) || f.size() < 4)
        return true;
    f.seek(f.size() - 2);
    const QByteArray tail = f.read(2);
    return tail != QByteArray("\xff\xd9", 2);
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

DatasetChecker::DatasetChecker(DatasetConfig config)
    : m_config(std::move(config))
{ }

DatasetChecker::Report DatasetChecker::run(const gp::CancelToken &cancel, const gp::Progress &progress) const
{
    Report report;
    report.issues.append(m_config.validate());
    const LabelFile::Format format { m_config.keypointCount, m_config.keypointDims, int(m_config.names.size()) };

    std::vector<std::pair<QString, QStringList>> splitImages;
    int total = 0;
    QSet<QString> seenDirs;
    for (const QString &split : m_config.splits()) {
        const QString dir = m_config.imagesDir(split);
        if (!QFileInfo::exists(dir)) {
            report.issues.add(Kind::ConfigInvalid, m_config.displayName(m_config.yamlFile), 0,
                tr("the %1 images \"%2\" do not exist").arg(split, dir));
            continue;
        }
        splitImages.emplace_back(split, m_config.imageFiles(split));
        total += int(splitImages.back().second.size());
    }

    std::atomic_int done { 0 };
    for (const auto &[split, images] : splitImages) {
        SplitSummary &sum = report.splits[split];
        sum.images = int(images.size());
        const std::function<ImageResult(const QString &)> check = [&](const QString &image) {
            ImageResult r;
            if (cancel.isCancelled())
                return r;
            QImageReader reader(image);
            const QImage img = reader.read();
            if (img.isNull()) {
                r.issues.add(Kind::ImageUndecodable, m_config.displayName(image), 0,
                    tr("the image does not decode: %1").arg(reader.errorString()));
            } else if (jpegTruncated(image)) {
                r.issues.add(Kind::ImageUndecodable, m_config.displayName(image), 0,
                    tr("the JPEG file is truncated (no end-of-image marker)"));
            } else {
                r.decoded = true;
                const QString labels = DatasetConfig::labelFileFor(image);
                r.hasLabelFile = QFileInfo::exists(labels);
                r.instances = LabelFile::read(labels, img.size(), format, &r.issues, m_config.displayName(labels));
            }
            const int d = ++done;
            progress.report(d, total);
            return r;
        };
        const QList<ImageResult> results = QtConcurrent::blockingMapped(images, check);
        for (const ImageResult &r : results) {
            report.issues.append(r.issues);
            if (!r.decoded) {
                ++sum.badImages;
                continue;
            }
            if (!r.hasLabelFile)
                ++sum.unlabelled;
            else if (r.instances.empty())
                ++sum.background;
            else
                ++sum.labelled;
            sum.instances += int(r.instances.size());
            for (const PoseInstance &inst : r.instances)
                for (const Keypoint &k : inst.keypoints)
                    ++(k.visibility == Keypoint::Visible         ? sum.visible
                            : k.visibility == Keypoint::Occluded ? sum.occluded
                                                                 : sum.absent);
        }
        if (cancel.isCancelled()) {
            report.cancelled = true;
            return report;
        }

        // Label files whose image is gone: the labels would be silently unused.
        if (m_config.imagesDir(split).endsWith(QLatin1String(".txt")))
            continue;
        QSet<QString> stems;
        for (const QString &image : images)
            stems.insert(DatasetConfig::labelFileFor(image));
        const QString labelsDir = DatasetConfig::labelsDirFor(m_config.imagesDir(split));
        if (labelsDir == QDir::cleanPath(m_config.imagesDir(split)))
            continue;
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
                tr("no image with this name in %1").arg(m_config.displayName(m_config.imagesDir(split))));
    }
    return report;
}
