#pragma once

#include "imageenhancement.h"
#include "modelspec.h"
#include "posedetection.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <vector>

namespace cv {
class Mat;
}

namespace gp {

struct PredictorOptions
{
    // A GripperPose checkpoint (its EMA weights when it has them), a .pt state dict or a
    // TorchScript export; an exported .onnx file (raw layout, run by OpenCV DNN on the CPU); or
    // a model name ("yolov8n-pose") for randomly initialised weights (tests and benchmarks).
    QString model;
    int imgsz = 640; // multiple of 32 (an .onnx file uses its own)
    double conf = 0.25;
    double iou = 0.7;
    int maxDet = 300;
    QString device; // "cpu", "0", ... (empty: the first GPU, else the CPU)
    bool half = true; // fp16 on a GPU
    // bfloat16 weights and activations, on the CPU or a GPU (opt-in; decoding stays fp32). Its
    // accuracy and speed against fp32: docs/BENCHMARKS.md, "bf16 inference".
    bool bf16 = false;
    bool rect = true; // minimal padding (to a multiple of 32) when a batch's images share one size
    int threads = 0; // intra-op CPU threads of the thread that predicts (0: one per core)
    // A correction of each decoded image before letterboxing (dark footage; enhance=).
    Enhancement enhance = Enhancement::None;
};

// Runs the pose network on images: loads the weights once, folds Conv+BN, and for each
// batch letterboxes, runs the forward pass under InferenceMode (or the exported graph in
// OpenCV DNN), decodes, applies NMS and maps the results back to source pixels. Torch stays
// inside. Use from one thread at a time.
class Predictor
{
    Q_DECLARE_TR_FUNCTIONS(Predictor)

public:
    Predictor();
    ~Predictor();
    Predictor(const Predictor &) = delete;
    Predictor &operator=(const Predictor &) = delete;

    bool load(const PredictorOptions &options, QString *error);
    bool isLoaded() const;
    ModelSpec spec() const;
    QString deviceName() const;
    QString weightsDescription() const; // "checkpoint (EMA)", "state dict", "random init"
    const PredictorOptions &options() const;
    void setThresholds(double conf, double iou);
    void setEnhancement(Enhancement enhance);
    void setThreads(int threads); // as PredictorOptions::threads

    // One result list per image (BGR 8-bit), in order. False with *error when the forward
    // pass fails (e.g. out of memory); *results is then empty. `features`, when given, gets each
    // image's backbone output (the SPPF layer) averaged over the image: what the network makes of
    // the scene, for telling scenes apart; it stays empty for an .onnx model.
    bool predict(const std::vector<cv::Mat> &images, std::vector<std::vector<PoseDetection>> *results, QString *error,
        std::vector<std::vector<float>> *features = nullptr);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace gp
