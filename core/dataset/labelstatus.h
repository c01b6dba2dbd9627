#pragma once

#include "canceltoken.h"
#include "datasetconfig.h"
#include "poseinstance.h"
#include "progress.h"

#include <QString>

#include <vector>

namespace gp {

// How far an image is labelled, as the Label workspace lists and filters it.
struct LabelStatus
{
    enum class State {
        Unlabelled, // no label file yet
        Labelled, // a label file with objects (or with lines that do not read)
        Empty, // an empty label file: a background image, no objects
    };

    State state = State::Unlabelled;
    // Labelled only: some object has a point not labelled (v=0), so it may be unfinished.
    bool partial = false;

    // From what an image's label file holds (`hasLabelFile` false: it has none).
    static LabelStatus of(
        bool hasLabelFile, const std::vector<PoseInstance> &instances, bool hasUnreadableLines, int keypointDims);
};

// An image of a split and its label status.
struct ImageStatus
{
    QString file; // absolute path
    QString displayName; // relative to the split's image folder
    LabelStatus status;

    // Every image of a split with its status, from the label cache (only label files that
    // changed since it was written are parsed). For a background job: a split of 20,000
    // images takes a while the first time. Progress counts images.
    static std::vector<ImageStatus> scan(const DatasetConfig &config, const QString &split,
        const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
};

} // namespace gp
