#pragma once

// Internal (torch-only): validation of a model on a dataset split, shared by the trainer
// (every epoch, on the EMA weights) and `gripperpose val`.

#include "canceltoken.h"
#include "imageenhancement.h"
#include "poseevaluator.h"
#include "poseloss.h"
#include "posemodel.h"
#include "postprocess.h"
#include "progress.h"
#include "traindataset.h"
#include "valimageresult.h"

#include <QStringList>

#include <map>

namespace gp {

// A rectangular validation batch: images of similar aspect ratio letterboxed to one
// shape (multiple of the stride, half a stride of padding), as Ultralytics' rect mode.
struct ValBatch
{
    std::vector<size_t> images;
    int height = 0;
    int width = 0;
};

std::vector<ValBatch> rectBatches(const TrainDataset &dataset, int imgsz, int batch, int stride = 32);

struct ValOutcome
{
    PoseMetrics metrics;
    PoseLossItems loss; // mean over batches (zero when no loss is given)
    int images = 0;
    bool cancelled = false;
    // The options.keepWorstImages images with the lowest OKS, worst first.
    std::vector<ValImageResult> worstImages;
    // The metrics of each scenario tag present (from options.imageTags), untagged images
    // under "normal"; empty when no image is tagged.
    std::map<QString, PoseMetrics> scenarios;
};

struct ValOptions
{
    NmsOptions nms = NmsOptions::validation();
    std::vector<double> sigmas; // OKS sigmas for the metrics
    torch::Device device = torch::kCPU;
    bool half = false; // fp16 inference (GPU)
    const PoseLoss *loss = nullptr;
    CancelToken cancel;
    Progress progress; // batches done of the batches
    int keepWorstImages = 0; // how many per-image results ValOutcome keeps (the worst)
    // Per dataset image: its scenario tags (TrainingData::valTags); empty: no per-scenario metrics.
    std::vector<QStringList> imageTags;
    Enhancement enhance = Enhancement::None; // applied to each decoded image before its resize and letterbox

    // The validation recipe for these NMS thresholds, with the loss's OKS sigmas for the
    // metrics (the trainer and `gripperpose val` score alike).
    static ValOptions make(double conf, double iou, int maxDet, const PoseLoss &loss, int64_t numKeypoints,
        torch::Device device, const CancelToken &cancel = {})
    {
        ValOptions o;
        o.nms.conf = conf;
        o.nms.iou = iou;
        o.nms.maxDet = maxDet;
        o.sigmas = loss.sigmasFor(numKeypoints);
        o.device = device;
        o.loss = &loss;
        o.cancel = cancel;
        return o;
    }
};

// Square batches of imgsz x imgsz in dataset order: for a network with one fixed input size
// (an exported model), where rectangular batches cannot go.
std::vector<ValBatch> squareBatches(const TrainDataset &dataset, int imgsz, int batch);

// The model is put in eval mode (and left so).
ValOutcome validate(PoseModelImpl &model, const TrainDataset &dataset, const std::vector<ValBatch> &batches, int imgsz,
    const ValOptions &options);

// Another network (an exported model): images [B, 3, H, W] in [0, 1] -> the decoded output
// [B, 4 + nc + K*dims, N] (float). No loss (options.loss is ignored).
using DecodedForward = std::function<torch::Tensor(const torch::Tensor &images)>;
ValOutcome validate(const ModelSpec &spec, const DecodedForward &forward, const TrainDataset &dataset,
    const std::vector<ValBatch> &batches, int imgsz, const ValOptions &options);

} // namespace gp
