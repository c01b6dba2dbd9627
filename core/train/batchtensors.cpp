#include "batchtensors.h"

namespace gp {

BatchTensors collate(const std::vector<TrainSample> &samples, int numKeypoints, int dims)
{
    BatchTensors out;
    const int64_t b = int64_t(samples.size());
    const int h = samples.front().image.rows, w = samples.front().image.cols;
    torch::Tensor images = torch::empty({ b, h, w, 3 }, torch::kUInt8);
    std::vector<float> idx, cls, boxes, kpts;
    for (int64_t i = 0; i < b; ++i) {
        const TrainSample &s = samples[size_t(i)];
        std::memcpy(
            images[i].data_ptr(), s.image.isContinuous() ? s.image.data : s.image.clone().data, size_t(h) * w * 3);
        for (const PoseInstance &inst : s.instances) {
            idx.push_back(float(i));
            cls.push_back(float(inst.classId));
            const QRectF r = inst.box;
            boxes.insert(boxes.end(),
                { float(r.center().x() / w), float(r.center().y() / h), float(r.width() / w), float(r.height() / h) });
            for (int k = 0; k < numKeypoints; ++k) {
                const Keypoint &p = inst.keypoints[size_t(k)];
                kpts.push_back(float(p.x / w));
                kpts.push_back(float(p.y / h));
                if (dims == 3)
                    kpts.push_back(float(p.visibility));
            }
        }
    }
    // BGR HWC bytes -> RGB CHW floats.
    out.images = images.permute({ 0, 3, 1, 2 }).flip({ 1 }).to(torch::kFloat).div_(255.0f).contiguous();
    const int64_t n = int64_t(idx.size());
    auto f = torch::TensorOptions().dtype(torch::kFloat);
    out.targets.batchIdx = torch::from_blob(idx.data(), { n }, f).clone();
    out.targets.cls = torch::from_blob(cls.data(), { n, 1 }, f).clone();
    out.targets.bboxes = torch::from_blob(boxes.data(), { n, 4 }, f).clone();
    out.targets.keypoints = torch::from_blob(kpts.data(), { n, numKeypoints, dims }, f).clone();
    out.instances = int(n);
    return out;
}

} // namespace gp
