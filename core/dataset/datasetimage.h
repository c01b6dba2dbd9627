#pragma once

#include "datasetissue.h"
#include "imageannotation.h"
#include "imagecheck.h"

#include <QCoreApplication>

#include <vector>

namespace gp {

class DatasetConfig;

// One image of a dataset split and the verdict on it: the single judgement that `check`,
// training, validation and the Train workspace's dashboard share. An image is trained on
// only when its status is usable(); every other image is skipped and its problems counted.
struct DatasetImage
{
    Q_DECLARE_TR_FUNCTIONS(DatasetImage)

public:
    enum class Status {
        Labelled, // a label file with at least one object
        Background, // an empty label file
        Unlabelled, // no label file (trained as background, as Ultralytics does)
        ImageUnusable, // the image is refused (ImageCheck)
        LabelsUnusable // the label file cannot be read, or one of its lines fails
    };

    Status status = Status::Unlabelled;
    ImageAnnotation annotation; // the objects that parsed; imageSize as decoded
    std::vector<DatasetIssue> issues;
    bool hasLabelFile = false; // a label file exists (readable or not)
    int labelLines = 0; // non-empty lines in its label file
    int rejectedLines = 0; // lines that failed
    std::vector<int> wrongWidths; // column counts of the lines of the wrong width
    // The image was decoded completely (or refused before that): a verdict training can use.
    bool complete = false;

    bool usable() const
    {
        return status == Status::Labelled || status == Status::Background || status == Status::Unlabelled;
    }

    // Judges the image (ImageCheck, at `depth`) and reads its label file (LabelFile) with
    // the dataset's kpt_shape and classes.
    static DatasetImage inspect(
        const DatasetConfig &config, const QString &imageFile, ImageCheck::Depth depth = ImageCheck::Depth::Decode);
};

} // namespace gp
