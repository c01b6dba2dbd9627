#include "traindataset.h"

#include "augmenter.h"
#include "imagecheck_p.h"
#include "imageenhancement_p.h"

namespace gp {

TrainDataset::TrainDataset(std::vector<ImageAnnotation> images)
    : m_images(std::move(images))
{ }

TrainSample TrainDataset::load(size_t i, int imgsz, QString *error, Enhancement enhance) const
{
    const ImageAnnotation &a = m_images.at(i);
    TrainSample s;
    // The decoder and the checks `check` used: an image changed since the scan is caught here.
    ImageVerdict verdict;
    s.image = gp::decodeImage(a.imagePath, &verdict);
    if (s.image.empty()) {
        if (error)
            *error = tr("%1: %2; skipped").arg(a.imagePath, verdict.problem);
        s.image = cv::Mat(imgsz, imgsz, CV_8UC3, cv::Scalar(114, 114, 114));
        return s;
    }
    s.image = gp::enhanced(s.image, enhance);
    s.instances = a.instances;
    // Labels were read for the size the scan decoded; scale if the decode differs now.
    if (s.image.cols != a.imageSize.width() || s.image.rows != a.imageSize.height())
        for (PoseInstance &inst : s.instances) {
            const double sx = double(s.image.cols) / a.imageSize.width(),
                         sy = double(s.image.rows) / a.imageSize.height();
            inst.box = QRectF(inst.box.left() * sx, inst.box.top() * sy, inst.box.width() * sx, inst.box.height() * sy);
            for (Keypoint &k : inst.keypoints) {
                k.x *= sx;
                k.y *= sy;
            }
        }
    return Augmenter::resizeLongSide(s, imgsz);
}

int TrainDataset::instanceCount() const
{
    int n = 0;
    for (const ImageAnnotation &a : m_images)
        n += int(a.instances.size());
    return n;
}

} // namespace gp
