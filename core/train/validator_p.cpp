#include "validator_p.h"

#include "augmenter.h"
#include "batchtensors.h"

#include <future>
#include <numeric>

namespace gp {

std::vector<ValBatch> rectBatches(const TrainDataset &dataset, int imgsz, int batch, int stride)
{
    const size_t n = dataset.size();
    std::vector<double> ar(n);
    for (size_t i = 0; i < n; ++i) {
        const QSize s = dataset.annotation(i).imageSize;
        ar[i] = double(s.height()) / std::max(1, s.width());
    }
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ar[a] < ar[b]; });
    std::vector<ValBatch> out;
    for (size_t begin = 0; begin < n; begin += size_t(batch)) {
        ValBatch b;
        b.images.assign(order.begin() + long(begin), order.begin() + long(std::min(n, begin + size_t(batch))));
        const double mini = ar[b.images.front()], maxi = ar[b.images.back()];
        double sh = 1, sw = 1;
        if (maxi < 1)
            sh = maxi;
        else if (mini > 1)
            sw = 1 / mini;
        b.height = int(std::ceil(sh * imgsz / stride + 0.5)) * stride;
        b.width = int(std::ceil(sw * imgsz / stride + 0.5)) * stride;
        out.push_back(std::move(b));
    }
    return out;
}

namespace {

std::vector<TrainSample> loadBatch(const TrainDataset &dataset, const ValBatch &b, int imgsz)
{
    std::vector<TrainSample> samples;
    for (size_t i : b.images)
        samples.push_back(Augmenter::letterbox(dataset.load(i, imgsz), b.width, b.height, /*scaleUp=*/false));
    return samples;
}

EvalObject truthObject(const PoseInstance &inst)
{
    EvalObject o;
    o.box = { inst.box.left(), inst.box.top(), inst.box.right(), inst.box.bottom() };
    o.cls = inst.classId;
    for (const Keypoint &k : inst.keypoints)
        o.keypoints.push_back({ k.x, k.y, double(k.visibility) });
    return o;
}

std::vector<EvalObject> predictionObjects(const torch::Tensor &rows, int numKeypoints, int dims)
{
    std::vector<EvalObject> out;
    const torch::Tensor r = rows.to(torch::kCPU, torch::kDouble).contiguous();
    const double *p = r.data_ptr<double>();
    const int64_t width = r.size(1);
    for (int64_t i = 0; i < r.size(0); ++i, p += width) {
        EvalObject o;
        o.box = { p[0], p[1], p[2], p[3] };
        o.conf = p[4];
        o.cls = int(p[5]);
        for (int k = 0; k < numKeypoints; ++k)
            o.keypoints.push_back({ p[6 + k * dims], p[6 + k * dims + 1], dims == 3 ? p[6 + k * dims + 2] : 1.0 });
        out.push_back(std::move(o));
    }
    return out;
}

} // namespace

namespace {

// A batch through the network: the decoded output [B, 4 + nc + K*dims, N] (float).
using BatchForward = std::function<torch::Tensor(const BatchTensors &batch)>;

ValOutcome validateBatches(const ModelSpec &spec, const BatchForward &forward, const TrainDataset &dataset,
                           const std::vector<ValBatch> &batches, int imgsz, const ValOptions &options)
{
    ValOutcome outcome;
    PoseEvaluator evaluator(options.sigmas);
    // Decode the next batch while the network runs on this one.
    std::future<std::vector<TrainSample>> next;
    if (!batches.empty())
        next = std::async(std::launch::async, loadBatch, std::cref(dataset), std::cref(batches[0]), imgsz);
    for (size_t bi = 0; bi < batches.size(); ++bi) {
        std::vector<TrainSample> samples = next.get();
        if (bi + 1 < batches.size())
            next = std::async(std::launch::async, loadBatch, std::cref(dataset), std::cref(batches[bi + 1]), imgsz);
        if (options.cancel.isCancelled()) {
            if (next.valid())
                next.wait();
            outcome.cancelled = true;
            return outcome;
        }
        const BatchTensors t = collate(samples, spec.numKeypoints, spec.keypointDims);
        const torch::Tensor decoded = forward(t);
        const std::vector<torch::Tensor> rows = nonMaxSuppression(decoded, spec.numClasses, options.nms);
        for (size_t i = 0; i < samples.size(); ++i) {
            EvalImage e;
            for (const PoseInstance &inst : samples[i].instances)
                e.truth.push_back(truthObject(inst));
            e.predictions = predictionObjects(rows[i], spec.numKeypoints, spec.keypointDims);
            evaluator.addImage(e);
            ++outcome.images;
        }
        options.progress.report(int64_t(bi + 1), int64_t(batches.size()));
    }
    outcome.metrics = evaluator.result();
    return outcome;
}

} // namespace

std::vector<ValBatch> squareBatches(const TrainDataset &dataset, int imgsz, int batch)
{
    std::vector<ValBatch> out;
    for (size_t begin = 0; begin < dataset.size(); begin += size_t(batch)) {
        ValBatch b;
        for (size_t i = begin; i < std::min(dataset.size(), begin + size_t(batch)); ++i)
            b.images.push_back(i);
        b.height = imgsz;
        b.width = imgsz;
        out.push_back(std::move(b));
    }
    return out;
}

ValOutcome validate(PoseModelImpl &model, const TrainDataset &dataset, const std::vector<ValBatch> &batches, int imgsz,
                    const ValOptions &options)
{
    model.eval();
    PoseLossItems lossSum;
    int lossBatches = 0;
    const BatchForward forward = [&](const BatchTensors &t) {
        torch::NoGradGuard noGrad;
        torch::Tensor x = t.images.to(options.device);
        if (options.half)
            x = x.to(torch::kHalf);
        const RawHeadOutput raw = model.forwardRaw(x);
        torch::Tensor decoded = model.decode(raw).to(torch::kFloat);
        if (options.loss) {
            RawHeadOutput r32 = raw;
            r32.boxes = raw.boxes.to(torch::kFloat);
            r32.scores = raw.scores.to(torch::kFloat);
            r32.kpts = raw.kpts.to(torch::kFloat);
            PoseBatchTargets targets = t.targets;
            targets.batchIdx = targets.batchIdx.to(options.device);
            targets.cls = targets.cls.to(options.device);
            targets.bboxes = targets.bboxes.to(options.device);
            targets.keypoints = targets.keypoints.to(options.device);
            lossSum += options.loss->compute(r32, targets).plainItems();
            ++lossBatches;
        }
        return decoded;
    };
    ValOutcome outcome = validateBatches(model.spec(), forward, dataset, batches, imgsz, options);
    if (lossBatches > 0 && !outcome.cancelled)
        outcome.loss = lossSum * (1.0 / lossBatches);
    return outcome;
}

ValOutcome validate(const ModelSpec &spec, const DecodedForward &forward, const TrainDataset &dataset,
                    const std::vector<ValBatch> &batches, int imgsz, const ValOptions &options)
{
    const BatchForward batchForward = [&](const BatchTensors &t) { return forward(t.images); };
    return validateBatches(spec, batchForward, dataset, batches, imgsz, options);
}

} // namespace gp
