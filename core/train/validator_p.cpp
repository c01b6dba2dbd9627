#include "validator_p.h"

#include "augmenter.h"
#include "batchtensors.h"
#include "detectionmatcher.h"
#include "letterbox.h"
#include "scenario.h"

#include <algorithm>
#include <future>
#include <numeric>
#include <optional>

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

struct LoadedBatch
{
    std::vector<TrainSample> samples;
    // Each sample's letterbox from its loaded size, to map predictions back to the file.
    std::vector<LetterboxTransform> letterboxes;
};

LoadedBatch loadBatch(const TrainDataset &dataset, const ValBatch &b, int imgsz, Enhancement enhance)
{
    LoadedBatch out;
    for (size_t i : b.images) {
        // As the predictor does: the correction on the decoded image, before it is resized
        // and letterboxed.
        TrainSample loaded = dataset.load(i, imgsz, nullptr, enhance);
        out.letterboxes.push_back(
            LetterboxTransform::make(loaded.image.cols, loaded.image.rows, b.width, b.height, /*scaleUp=*/false));
        out.samples.push_back(Augmenter::letterbox(loaded, b.width, b.height, /*scaleUp=*/false));
    }
    return out;
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

// A prediction in network pixels as an object in pixels of the label file: the loaded image
// is the file scaled uniformly, so network x maps back through the letterbox's resized width
// to the annotation's width.
PoseInstance toFileSpace(const EvalObject &p, const LetterboxTransform &t, QSize fileSize)
{
    const double sx = double(fileSize.width()) / std::max(1, t.resizedWidth);
    const double sy = double(fileSize.height()) / std::max(1, t.resizedHeight);
    auto x = [&](double v) { return (v - t.padLeft) * sx; };
    auto y = [&](double v) { return (v - t.padTop) * sy; };
    PoseInstance inst;
    inst.classId = p.cls;
    inst.box = QRectF(QPointF(x(p.box[0]), y(p.box[1])), QPointF(x(p.box[2]), y(p.box[3])));
    for (const EvalKeypoint &k : p.keypoints)
        inst.keypoints.push_back({ x(k.x), y(k.y), k.v >= 0.5 ? Keypoint::Visible : Keypoint::Occluded });
    return inst;
}

// How well the predictions of one image agree with its labels (ValImageResult::oks).
ValImageResult scoreImage(
    const EvalImage &e, const ImageAnnotation &file, const LetterboxTransform &t, const std::vector<double> &sigmas)
{
    ValImageResult r;
    r.imagePath = file.imagePath;
    r.imageSize = file.imageSize;
    r.truth = file.instances;
    const DetectionMatcher::Matrix oks = DetectionMatcher::oks(e.truth, e.predictions, sigmas);
    std::vector<size_t> shown;
    for (size_t p = 0; p < e.predictions.size(); ++p)
        if (e.predictions[p].conf >= ValImageResult::kShownConfidence)
            shown.push_back(p);
    bool scored = false;
    for (size_t g = 0; g < e.truth.size(); ++g) {
        const auto &kps = e.truth[g].keypoints;
        if (std::none_of(kps.begin(), kps.end(), [](const EvalKeypoint &k) { return k.v > 0; }))
            continue;
        double best = 0;
        std::optional<size_t> bestPrediction;
        for (size_t p = 0; p < e.predictions.size(); ++p)
            if (e.predictions[p].cls == e.truth[g].cls && oks[g][p] > best) {
                best = oks[g][p];
                bestPrediction = p;
            }
        if (bestPrediction && std::find(shown.begin(), shown.end(), *bestPrediction) == shown.end())
            shown.push_back(*bestPrediction);
        if (!scored || best < r.oks) {
            r.oks = best;
            r.worstInstance = e.truth.size() == file.instances.size() ? int(g) : -1;
            scored = true;
        }
    }
    if (!scored)
        r.oks = std::any_of(e.predictions.begin(), e.predictions.end(),
                    [](const EvalObject &p) { return p.conf >= ValImageResult::kShownConfidence; })
            ? 0.0
            : 1.0;
    std::sort(shown.begin(), shown.end()); // most confident first, as NMS sorted them
    for (size_t p : shown) {
        r.predictions.push_back(toFileSpace(e.predictions[p], t, file.imageSize));
        r.confidences.push_back(e.predictions[p].conf);
    }
    return r;
}

// Keeps the `keep` lowest-scoring images, worst first (ties by file name, so the order is
// the same every run).
void keepWorst(std::vector<ValImageResult> &images, size_t keep)
{
    std::stable_sort(images.begin(), images.end(), [](const ValImageResult &a, const ValImageResult &b) {
        return a.oks != b.oks ? a.oks < b.oks : a.imagePath < b.imagePath;
    });
    if (images.size() > keep)
        images.resize(keep);
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
    // One evaluator per scenario tag: an image counts in each of its tags, untagged ones as
    // "normal", so each hard scenario can be set against the easy footage.
    std::map<QString, PoseEvaluator> scenarios;
    const bool tagged = std::any_of(
        options.imageTags.begin(), options.imageTags.end(), [](const QStringList &t) { return !t.isEmpty(); });
    const QStringList untagged { Scenarios::name(Scenario::Normal) };
    // Decode the next batch while the network runs on this one.
    std::future<LoadedBatch> next;
    const size_t keep = size_t(std::max(0, options.keepWorstImages));
    if (!batches.empty())
        next = std::async(
            std::launch::async, loadBatch, std::cref(dataset), std::cref(batches[0]), imgsz, options.enhance);
    for (size_t bi = 0; bi < batches.size(); ++bi) {
        LoadedBatch loaded = next.get();
        const std::vector<TrainSample> &samples = loaded.samples;
        if (bi + 1 < batches.size())
            next = std::async(
                std::launch::async, loadBatch, std::cref(dataset), std::cref(batches[bi + 1]), imgsz, options.enhance);
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
            if (tagged) {
                const size_t image = batches[bi].images[i];
                const QStringList &tags = image < options.imageTags.size() && !options.imageTags[image].isEmpty()
                    ? options.imageTags[image]
                    : untagged;
                for (const QString &tag : tags)
                    scenarios.try_emplace(tag, options.sigmas).first->second.addImage(e);
            }
            ++outcome.images;
            if (keep > 0) {
                outcome.worstImages.push_back(
                    scoreImage(e, dataset.annotation(batches[bi].images[i]), loaded.letterboxes[i], options.sigmas));
                if (outcome.worstImages.size() >= 2 * keep)
                    keepWorst(outcome.worstImages, keep);
            }
        }
        options.progress.report(int64_t(bi + 1), int64_t(batches.size()));
    }
    keepWorst(outcome.worstImages, keep);
    outcome.metrics = evaluator.result();
    for (const auto &[tag, e] : scenarios)
        outcome.scenarios.emplace(tag, e.result());
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
