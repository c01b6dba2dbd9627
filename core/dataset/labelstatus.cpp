#include "labelstatus.h"

#include "labelcache.h"

#include <QDir>
#include <QFileInfo>

namespace gp {

LabelStatus LabelStatus::of(
    bool hasLabelFile, const std::vector<PoseInstance> &instances, bool hasUnreadableLines, int keypointDims)
{
    LabelStatus s;
    if (!hasLabelFile)
        return s;
    if (instances.empty() && !hasUnreadableLines) {
        s.state = State::Empty;
        return s;
    }
    s.state = State::Labelled;
    // Without a visibility column every point of a line is placed.
    if (keypointDims == 3)
        for (const PoseInstance &inst : instances)
            for (const Keypoint &k : inst.keypoints)
                s.partial |= !k.isLabelled();
    return s;
}

std::vector<ImageStatus> ImageStatus::scan(
    const DatasetConfig &config, const QString &split, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    const QString imagesDir = config.imagesDir(split);
    // A split given as a .txt list has no folder of its own: show paths from the root.
    const QDir base(QFileInfo(imagesDir).isDir() ? imagesDir : config.rootDir());
    std::vector<ImageStatus> out;
    LabelCache::Options options;
    options.cancel = cancel;
    options.progress = progress;
    // Listing needs the labels, not a complete decode of 20,000 images.
    options.depth = ImageCheck::Depth::Structure;
    for (const DatasetImage &item : LabelCache::scan(config, split, options).images) {
        const QString &file = item.annotation.imagePath;
        bool unreadableLines = false;
        for (const DatasetIssue &i : item.issues)
            unreadableLines |= i.kind != DatasetIssue::Kind::ImageUndecodable;
        out.push_back({ file, base.relativeFilePath(file),
            LabelStatus::of(item.hasLabelFile, item.annotation.instances, unreadableLines, config.keypointDims) });
    }
    return out;
}

} // namespace gp
