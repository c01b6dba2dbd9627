#pragma once

// Internal header (OpenCV, through TrainSample in trainsample_p.h): core/train, its tests
// and benchmarks only.

#include "imageannotation.h"
#include "imageenhancement.h"
#include "trainsample_p.h"

#include <QCoreApplication>

#include <vector>

namespace gp {

// The images of one split with their labels, loaded on demand for training or validation.
class TrainDataset
{
    Q_DECLARE_TR_FUNCTIONS(TrainDataset)

public:
    explicit TrainDataset(std::vector<ImageAnnotation> images);

    size_t size() const { return m_images.size(); }
    const ImageAnnotation &annotation(size_t i) const { return m_images.at(i); }
    // Decodes image i and resizes it so its long side is imgsz (labels follow). An image
    // that no longer decodes gives an empty sample and *error names it. `enhance` corrects
    // the decoded image before the resize, as the predictor does before its letterbox, so
    // val and predict give the network the same pixels.
    TrainSample load(size_t i, int imgsz, QString *error = nullptr, Enhancement enhance = Enhancement::None) const;
    int instanceCount() const;

private:
    std::vector<ImageAnnotation> m_images;
};

} // namespace gp
