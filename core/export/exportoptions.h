#pragma once

#include <QString>
#include <QStringList>

namespace gp {

// What `gripperpose export` is asked for and what it did (plain structs; no torch, no onnx).

// The outputs of an exported graph.
enum class OnnxLayout {
    // Ultralytics' pose export: one output "output0" [B, 4 + nc + K*dims, N] with boxes (cx, cy,
    // w, h in input pixels), sigmoid class scores and decoded keypoints (x, y in input pixels,
    // sigmoid visibility), so tools that read Ultralytics pose exports read it.
    Decoded,
    // The head before decoding: "boxes" [B, 4*16, N] DFL logits, "scores" [B, nc, N] class
    // logits, "keypoints" [B, K*dims, N] raw values; anchors and strides stay outside the graph,
    // for runtimes that cannot broadcast the anchor constants (OpenCV 4.6).
    Raw,
};

// How the activation ranges of an INT8 export are taken from the calibration images.
enum class CalibrationMethod {
    MinMax, // the smallest and largest value seen
    Percentile, // the central `percentile` % of the values seen (clips rare outliers)
};

struct ExportOptions
{
    QString model; // checkpoint, weight file, or a model name (random weights, for tests)
    QString out; // the .onnx file to write
    int imgsz = 640; // square input, multiple of 32
    int batch = 1; // the batch size of a static export (the smallest allowed with dynamic)
    bool dynamic = false; // batch dimension left open ("batch")
    bool half = false; // fp16 weights, input and output
    bool int8 = false; // QDQ static post-training quantisation
    int opset = 17; // 11..17 (INT8: 13..17, per-channel DequantizeLinear)
    OnnxLayout layout = OnnxLayout::Decoded;

    // INT8 calibration.
    QString data; // data.yaml whose images calibrate the activation ranges
    QString split = QStringLiteral("val");
    double fraction = 300; // (0, 1]: that share of the split's images; > 1: that many images
    CalibrationMethod calibration = CalibrationMethod::MinMax;
    double percentile = 99.99;
    int calibrationBatch = 8;

    // Metadata: the class names (empty: from data=, or from the checkpoint's run, or the
    // dataset default).
    QStringList names;
};

struct ExportReport
{
    QString file;
    qint64 bytes = 0;
    double seconds = 0.0; // the whole export (calibration included)
    double calibrationSeconds = 0.0;
    int calibrationImages = 0;
    int quantizedConvs = 0; // Conv nodes with int8 weights
    int nodes = 0;
    QStringList opTypes; // sorted, distinct
    QString weights; // where the weights came from
    QStringList problems; // calibration images skipped, with the reason
};

} // namespace gp
