#pragma once

#include "canceltoken.h"
#include "datasetconfig.h"
#include "imageannotation.h"
#include "progress.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace gp {

// Suspicious labels in one image: plain checks on an ImageAnnotation and its Skeleton,
// for the Label workspace's Checks panel. Nothing here changes a label.
//
// The checks:
// - OutOfImage: a labelled point (v>0) outside the image (beyond `tolerance` pixels).
// - PointOutsideBox: a labelled point outside its object's box (beyond `tolerance` pixels).
// - LeftRightSwapped: the object's left and right sides are a mirror image of what they
//   should be. Rotating the camera (a head camera looking along the arms, or a camera facing
//   the robot) turns the whole object but never mirrors it; labels with left and right
//   reversed are mirrored. The rule, with at least `minSidePoints` labelled points on each
//   side: `forward` is the mean, over the sides whose first skeleton point (the root, e.g.
//   the wrist) is labelled, of (that side's centroid - its root): the way the grippers point,
//   palm to fingers. `across` is centroid(left) - centroid(right). In image coordinates
//   (y down) a correctly labelled pair has cross(forward, across) < 0: with the fingers
//   pointing up the image, the left gripper is on the image's left. The object is flagged
//   when cross / (|forward| |across|) > `swapSine` (so grippers lying nearly in line are not
//   judged). `mirrored = true` flips the rule for images taken through a mirror or flipped.
// - DuplicateInstance: two objects whose boxes overlap with IoU >= `duplicateIou` and whose
//   points, where both have them, lie within `duplicateDistance` times the box diagonal on
//   average (or have no point in common): the same object labelled twice.
class LabelAudit
{
    Q_DECLARE_TR_FUNCTIONS(LabelAudit)

public:
    enum class Kind { OutOfImage, PointOutsideBox, LeftRightSwapped, DuplicateInstance };

    struct Options
    {
        double tolerance = 0.5; // image pixels
        int minSidePoints = 2;
        double swapSine = 0.25; // sine of the smallest angle judged (about 15 degrees)
        bool mirrored = false;
        double duplicateIou = 0.9;
        double duplicateDistance = 0.05; // of the box diagonal
    };

    struct Finding
    {
        Kind kind = Kind::OutOfImage;
        int instance = -1; // index in ImageAnnotation::instances
        int other = -1; // DuplicateInstance: the earlier object it repeats
        int keypoint = -1; // OutOfImage, PointOutsideBox: the first offending point
        int count = 0; // OutOfImage, PointOutsideBox: how many points offend
        bool operator==(const Finding &o) const
        {
            return kind == o.kind && instance == o.instance && other == o.other && keypoint == o.keypoint
                && count == o.count;
        }
    };

    // Every finding, by object, in the order of the checks above.
    static std::vector<Finding> audit(
        const ImageAnnotation &annotation, const Skeleton &skeleton, const Options &options);
    static std::vector<Finding> audit(const ImageAnnotation &annotation, const Skeleton &skeleton)
    {
        return audit(annotation, skeleton, Options());
    }
    // A finding in a dataset: the image it is in and the image's split.
    struct DatasetFinding
    {
        QString file;
        QString split;
        Finding finding;
    };
    // Every labelled image of every split (for a background job; progress counts images
    // over all splits). Unreadable label lines are the dataset checker's business, not this.
    static std::vector<DatasetFinding> auditDataset(const DatasetConfig &config, const Skeleton &skeleton,
        const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
    static QString kindName(Kind kind);
    // A sentence for the user: "Object 2: left_palm and 2 more points are outside its box".
    static QString describe(const Finding &finding, const Skeleton &skeleton);
};

} // namespace gp
