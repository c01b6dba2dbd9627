#pragma once

#include "imageannotation.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

// Suspicious labels in one image: plain checks on an ImageAnnotation and its Skeleton,
// for the Label workspace's Checks panel. Nothing here changes a label.
//
// The checks:
// - OutOfImage: a labelled point (v>0) outside the image (beyond `tolerance` pixels).
// - PointOutsideBox: a labelled point outside its object's box (beyond `tolerance` pixels).
// - LeftRightSwapped: the object's left points lie on the wrong side of its right points.
//   The rule: with at least `minSidePoints` labelled points on each side, take the mean x
//   of the left points and of the right points. The robot's camera looks the way the
//   grippers point (the usual head camera), so the left gripper is expected on the image's
//   left: the object is flagged when mean x(left) exceeds mean x(right) by more than
//   `swapMargin` times the object's box width. A camera facing the robot sees the mirror
//   image; `leftOnImageLeft = false` flips the rule for such a dataset.
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
        double tolerance = 0.5;        // image pixels
        int minSidePoints = 2;
        double swapMargin = 0.1;       // of the box width
        bool leftOnImageLeft = true;
        double duplicateIou = 0.9;
        double duplicateDistance = 0.05; // of the box diagonal
    };

    struct Finding
    {
        Kind kind = Kind::OutOfImage;
        int instance = -1;  // index in ImageAnnotation::instances
        int other = -1;     // DuplicateInstance: the earlier object it repeats
        int keypoint = -1;  // OutOfImage, PointOutsideBox: the first offending point
        int count = 0;      // OutOfImage, PointOutsideBox: how many points offend
        bool operator==(const Finding &o) const
        {
            return kind == o.kind && instance == o.instance && other == o.other && keypoint == o.keypoint
                   && count == o.count;
        }
    };

    // Every finding, by object, in the order of the checks above.
    static std::vector<Finding> audit(const ImageAnnotation &annotation, const Skeleton &skeleton,
                                      const Options &options);
    static std::vector<Finding> audit(const ImageAnnotation &annotation, const Skeleton &skeleton)
    {
        return audit(annotation, skeleton, Options());
    }
    static QString kindName(Kind kind);
    // A sentence for the user: "Object 2: left_palm and 2 more points are outside its box".
    static QString describe(const Finding &finding, const Skeleton &skeleton);
};
