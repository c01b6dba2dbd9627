#pragma once

#include "poseinstance.h"

#include <QSize>
#include <QString>

#include <vector>

namespace gp {

// The labels of one image. Geometry is in pixels of the image as stored on disk;
// views map it to the screen, file formats normalise it on write.
struct ImageAnnotation
{
    QString imagePath;
    QSize imageSize;
    std::vector<PoseInstance> instances;

    bool operator==(const ImageAnnotation &o) const
    {
        return imagePath == o.imagePath && imageSize == o.imageSize && instances == o.instances;
    }
};

} // namespace gp
