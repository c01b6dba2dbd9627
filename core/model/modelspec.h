#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace gp {

// Public, torch-free description of a YOLOv8-pose network: which scale, how many
// classes, the keypoint shape, and the layer table derived from them. The torch
// modules (posemodel.h, internal) are built from this table, so the architecture
// lives in one place.

enum class ModelScale { N, S, M, L, X };

struct ScaleConstants
{
    double depth = 0.33;
    double width = 0.25;
    int maxChannels = 1024;
};

struct ModelSpec
{
    ModelScale scale = ModelScale::S;
    int numClasses = 1;
    int numKeypoints = 14;
    int keypointDims = 3; // 2 (x, y) or 3 (x, y, visibility)

    static constexpr int kRegMax = 16;
    static constexpr int kNumLevels = 3;

    int keypointChannels() const { return numKeypoints * keypointDims; }
    ScaleConstants constants() const;
    // Channels after width scaling (Ultralytics: make_divisible(min(c, max) * width, 8)).
    int channels(int c) const;
    // Repeats after depth scaling (max(round(n * depth), 1) for n > 1).
    int repeats(int n) const;

    // "yolov8s-pose"
    QString name() const;
    static QString scaleName(ModelScale scale); // "n", "s", ...
    // Accepts "n", "s", "yolov8s-pose", "yolov8s-pose.yaml", "yolov8s-pose.pt" (case-insensitive).
    static std::optional<ModelScale> parseScale(const QString &text, QString *error = nullptr);
    // Accepts "14,3", "[14, 3]", "14x3", "17,2".
    static bool parseKeypointShape(const QString &text, int *count, int *dims, QString *error = nullptr);
    // Checks the numbers; empty when valid.
    QString validate() const;

    bool operator==(const ModelSpec &o) const
    {
        return scale == o.scale && numClasses == o.numClasses && numKeypoints == o.numKeypoints
            && keypointDims == o.keypointDims;
    }
    bool operator!=(const ModelSpec &o) const { return !(*this == o); }
};

// One row of the layer table (as Ultralytics' model.info / yaml parse prints it).
struct LayerRow
{
    enum class Kind { Conv, C2f, Sppf, Upsample, Concat, Pose };
    int index = 0;
    std::vector<int> from; // -1 = previous layer
    Kind kind = Kind::Conv;
    int repeats = 1; // bottlenecks in a C2f
    int inChannels = 0; // of the first input (Pose: of P3)
    int outChannels = 0; // Pose: 0
    int kernel = 1;
    int stride = 1;
    bool shortcut = false;
    // Shapes for the imgsz the table was made for; Pose: the P5 grid.
    int outH = 0;
    int outW = 0;
    long long params = 0;
    double gflops = 0.0; // thop convention: 2 x multiply-adds

    QString moduleName() const;
    QString arguments() const; // "[16, 3, 2]" like the yaml after scaling
};

struct ModelSummary
{
    ModelSpec spec;
    int imgsz = 640;
    std::vector<LayerRow> layers; // 23 rows
    long long parameters = 0;
    long long trainable = 0; // parameters less the fixed DFL weights
    long long fusedParameters = 0; // after Conv+BN folding
    double gflops = 0.0;
    double fusedGflops = 0.0;
    int numAnchors = 0;
    std::vector<int> headChannels; // P3, P4, P5 input channels
    int boxChannels = 0; // c2 of the head
    int classChannels = 0; // c3
    int keypointHidden = 0; // c4
};

// The layer table, parameter counts and GFLOPs for an imgsz x imgsz input
// (imgsz must be a multiple of 32).
ModelSummary describeModel(const ModelSpec &spec, int imgsz = 640);
// A text table like the facts file / Ultralytics prints, followed by a summary line.
QString formatLayerTable(const ModelSummary &summary);

} // namespace gp
