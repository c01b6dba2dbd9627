#pragma once

// What the export tests share (torch translation units only): a tiny generated dataset, a
// model whose BatchNorm layers hold statistics far from their initial ones (so that folding
// them into the convolutions matters) saved as a checkpoint, and the dataset's images
// letterboxed as the predictor letterboxes them.

#include "checkpoint_p.h"
#include "datasetconfig.h"
#include "posemodel.h"
#include "postprocess.h"
#include "skeleton.h"
#include "synthgenerator.h"

#include <QString>

#include <regex>

#include <opencv2/imgcodecs.hpp>

namespace exportfixtures {

// 10 images of 160x120 (8 train, 2 val) under dir; returns its data.yaml (empty on failure).
inline QString makeDataset(const QString &dir, QString *error)
{
    gp::SynthOptions o;
    o.outDir = dir;
    o.count = 10;
    o.imageSize = QSize(160, 120);
    o.seed = 11;
    o.videoFrames = 0;
    if (!gp::SynthGenerator(gp::Skeleton::defaultGripper(), o).run(error))
        return QString();
    return dir + QStringLiteral("/data.yaml");
}

// A model of `scale` with seeded random BatchNorm statistics and affine parameters and a
// livelier head, in eval mode and not fused; written to checkpointPath as an imported-weights checkpoint.
inline gp::PoseModel makeModel(gp::ModelScale scale, const QString &checkpointPath)
{
    torch::NoGradGuard noGrad;
    torch::manual_seed(int(scale) + 3);
    gp::ModelSpec spec;
    spec.scale = scale;
    gp::PoseModel model(spec);
    for (auto &m : model->modules(/*include_self=*/false)) {
        if (auto *bn = m->as<torch::nn::BatchNorm2dImpl>()) {
            const int64_t c = bn->running_mean.size(0);
            bn->running_mean.copy_(torch::randn({ c }) * 0.2);
            bn->running_var.copy_(torch::rand({ c }) * 1.5 + 0.25);
            bn->weight.copy_(torch::rand({ c }) * 0.8 + 0.6);
            bn->bias.copy_(torch::randn({ c }) * 0.1);
        }
    }
    // The head's last convolutions at their initial values give nearly constant outputs (class
    // scores near 0 everywhere); spread them so that every output varies with the image.
    const std::regex lastConv(R"(model\.22\.cv[234]\.\d+\.2\.(weight|bias))");
    for (const auto &[name, t] : gp::modelState(*model)) {
        std::smatch m;
        if (!std::regex_match(name, m, lastConv))
            continue;
        if (m[1] == "bias")
            t.copy_(torch::randn(t.sizes()));
        else
            t.mul_(4.0);
    }
    model->eval();
    gp::CheckpointData data;
    data.info.spec = spec;
    data.info.source = QStringLiteral("test");
    data.info.skeletonJson = QString::fromUtf8(gp::Skeleton::defaultGripper().toJson());
    data.model = gp::captureState(*model);
    gp::saveCheckpoint(checkpointPath, data);
    return model;
}

// The first n images of the dataset's train split letterboxed to imgsz x imgsz: [n, 3, imgsz, imgsz].
inline torch::Tensor images(const QString &dataYaml, int imgsz, int n)
{
    gp::DatasetIssueList issues;
    const auto data = gp::DatasetConfig::load(dataYaml, &issues);
    std::vector<torch::Tensor> out;
    for (const QString &file : data->imageFiles(QStringLiteral("train"))) {
        if (int(out.size()) == n)
            break;
        const cv::Mat bgr = cv::imread(file.toStdString(), cv::IMREAD_COLOR);
        out.push_back(gp::letterboxImage(bgr, gp::LetterboxTransform::make(bgr.cols, bgr.rows, imgsz)));
    }
    return torch::stack(out);
}

inline double maxDiff(const torch::Tensor &a, const torch::Tensor &b)
{
    return (a.to(torch::kFloat) - b.to(torch::kFloat)).abs().max().item<double>();
}

// The decoded output [B, 4 + nc + K*3, N] split into what is compared with its own tolerance.
struct DecodedParts
{
    torch::Tensor boxes; // pixels
    torch::Tensor scores; // [0, 1]
    torch::Tensor keypointXy; // pixels
    torch::Tensor visibility; // [0, 1]
};

inline DecodedParts split(const torch::Tensor &decoded, int numClasses, int numKeypoints)
{
    const torch::Tensor k = decoded.slice(1, 4 + numClasses).reshape({ decoded.size(0), numKeypoints, 3, -1 });
    return { decoded.slice(1, 0, 4), decoded.slice(1, 4, 4 + numClasses), k.slice(2, 0, 2), k.slice(2, 2, 3) };
}

} // namespace exportfixtures
