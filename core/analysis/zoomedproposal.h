#pragma once

#include "poseinstance.h"

#include <QImage>
#include <QRect>
#include <QString>

#include <optional>

namespace gp {

class LivePredictor;

// A second look at one object: the network run again on a crop around it, enlarged to the
// network's input size. A gripper of 60 pixels in a 1280x720 frame letterboxed to 320 is 15
// pixels to the network; cropped to twice its size and enlarged to 320 it is 160.
class ZoomedProposal
{
public:
    // Of the object's larger extent, added on each side: the network needs the gripper's
    // surroundings (the wrist link, the other gripper) to find it.
    static constexpr double kMargin = 0.5;
    // A crop never smaller than this (image pixels): no enlargement beyond what helps.
    static constexpr int kMinSide = 96;
    // The most a detection's points may be from the object's, on average, in object sizes.
    static constexpr double kSameObject = 0.2;

    // The square crop around the object's labelled points, within the image.
    static QRect cropFor(const PoseInstance &object, const QSize &imageSize);

    // The crop's detection that best matches `object` (the least mean distance over the points
    // both have, within the object's size), mapped back to the image, its points Model
    // proposals with the network's confidence; nothing when none matches.
    static std::optional<PoseInstance> run(
        LivePredictor &predictor, const QImage &image, const PoseInstance &object, QString *error);
};

} // namespace gp
