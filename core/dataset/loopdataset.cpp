#include "loopdataset.h"
#include "savefilecommit.h"

#include "reviewstate.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace gp {

namespace {

bool writeList(const QString &file, const QStringList &lines, QString *error)
{
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(lines.join(QLatin1Char('\n')).toUtf8() + '\n') < 0
        || !gp::commitSaveFile(out)) {
        *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(file), out.errorString());
        return false;
    }
    return true;
}

} // namespace

QString LoopDataset::dirFor(const QString &projectDir)
{
    return QDir(projectDir).filePath(QStringLiteral(".gripperpose/loop"));
}

bool LoopDataset::write(
    const DatasetConfig &project, const ReviewState &review, QString *yamlFile, Counts *counts, QString *error)
{
    const QDir root(project.rootDir());
    QStringList train, val, heldOut;
    for (const QString &split : project.splits())
        for (const QString &image : project.imageFiles(split)) {
            if (!QFileInfo::exists(DatasetConfig::labelFileFor(image)) || review.contains(image))
                continue;
            (split == QLatin1String("val") ? val : train) << root.relativeFilePath(image);
        }
    if (train.isEmpty() && val.isEmpty()) {
        *error = tr("No accepted labels to train on yet: label some images, or accept the ones a model labelled");
        return false;
    }
    if (val.isEmpty() || train.isEmpty()) {
        // Every fifth image validates: a run needs both.
        QStringList &all = train.isEmpty() ? val : train;
        QStringList keep;
        for (int i = 0; i < all.size(); ++i)
            (i % 5 == 4 ? heldOut : keep) << all[i];
        if (heldOut.isEmpty() && !keep.isEmpty())
            heldOut << keep.takeLast();
        train = keep;
        val = heldOut;
    }
    const QString dir = dirFor(root.absolutePath());
    if (!QDir().mkpath(dir)) {
        *error = tr("%1 cannot be created").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    const QDir loop(dir);
    if (!writeList(loop.filePath(QStringLiteral("train.txt")), train, error)
        || !writeList(loop.filePath(QStringLiteral("val.txt")), val, error))
        return false;
    DatasetConfig c = project;
    c.path = root.absolutePath();
    c.train = root.relativeFilePath(loop.filePath(QStringLiteral("train.txt")));
    c.val = root.relativeFilePath(loop.filePath(QStringLiteral("val.txt")));
    c.test.clear();
    *yamlFile = loop.filePath(QStringLiteral("data.yaml"));
    if (!c.save(*yamlFile, error))
        return false;
    counts->train = int(train.size());
    counts->val = int(val.size());
    return true;
}

} // namespace gp
