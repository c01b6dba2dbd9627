#pragma once

#include "datasetissue.h"
#include "imageannotation.h"
#include "labelfile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gp {
class Skeleton;

// An Ultralytics pose dataset description (data.yaml): root `path`, the `train` / `val`
// (/ `test`) image folders relative to it, `kpt_shape`, `flip_idx` and class `names`.
// Label folders are the image folders with the last "images" component replaced by
// "labels", as Ultralytics resolves them.
class DatasetConfig
{
    Q_DECLARE_TR_FUNCTIONS(DatasetConfig)

public:
    QString yamlFile; // absolute path of data.yaml (empty for an unsaved config)
    QString path; // `path` as written (may be relative to the yaml's folder)
    QString train = QStringLiteral("images/train");
    QString val = QStringLiteral("images/val");
    QString test;
    int keypointCount = 14;
    int keypointDims = 3; // 2 (x y) or 3 (x y visibility)
    std::vector<int> flipIdx;
    QStringList names { QStringLiteral("gripper") };

    // Reads data.yaml. Problems with individual keys are reported in *issues (the
    // config is still returned when it is usable); nothing is returned when the file
    // cannot be read or parsed at all. The issues include validate()'s.
    static std::optional<DatasetConfig> load(const QString &yamlFile, DatasetIssueList *issues);
    // load() on the text of a data.yaml; `yamlFile` names it (relative paths resolve
    // against its folder).
    static std::optional<DatasetConfig> parse(
        const QByteArray &text, const QString &yamlFile, DatasetIssueList *issues);
    // Writes data.yaml atomically. `path` is left out when it is the yaml's own folder and
    // written absolute otherwise: Ultralytics resolves a relative `path` against the
    // current directory, so only these two forms mean the same folder to both programs.
    bool save(const QString &yamlFile, QString *error) const;

    // Copies kpt_shape and flip_idx from the skeleton.
    void applySkeleton(const Skeleton &skeleton);

    // Checks kpt_shape, flip_idx and names; returns the problems (all fatal).
    DatasetIssueList validate() const;
    // The flip index the horizontal flip uses: flip_idx, else the skeleton's when it has
    // kpt_shape's keypoint count, else none (points keep their index).
    std::vector<int> effectiveFlipIdx(const Skeleton &skeleton) const;
    LabelFile::Format labelFormat() const { return { keypointCount, keypointDims, int(names.size()) }; }
    // Whether label lines can be judged at all: a valid kpt_shape and at least one class.
    bool canReadLabels() const { return labelFormat().isValid() && !names.isEmpty(); }

    // The absolute dataset root.
    QString rootDir() const;
    // `train`, `val` or `test` resolved to an absolute image folder; empty when unset.
    QString imagesDir(const QString &split) const;
    static QString labelsDirFor(const QString &imagesDir);
    static QString labelFileFor(const QString &imageFile);
    QStringList splits() const;
    // The images of a split, sorted: the files of its folder (recursively), or the
    // lines of a .txt list file (paths relative to the dataset root).
    QStringList imageFiles(const QString &split) const;
    // Reads the labels of one image; image size from its header. Problems go to *issues.
    ImageAnnotation loadAnnotation(const QString &imageFile, DatasetIssueList *issues) const;
    // A path relative to the dataset root, for messages.
    QString displayName(const QString &file) const;
    static bool isImageFile(const QString &file);
    int columnsPerLine() const { return 5 + keypointCount * keypointDims; }
};

} // namespace gp
