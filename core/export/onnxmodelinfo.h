#pragma once

#include "exportoptions.h"
#include "modelspec.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace gp {

// What an exported ONNX file says about itself (public, torch- and onnx-free): the model it
// holds, read from the metadata props that Ultralytics writes (names, kpt_shape, stride,
// imgsz, task, batch) and the ones this program adds (flip_idx, layout, precision, the
// skeleton JSON, its version), plus the graph's inputs and outputs.
struct OnnxModelInfo
{
    Q_DECLARE_TR_FUNCTIONS(OnnxModelInfo)

public:
    enum class Precision { Float32, Float16, Int8 };

    ModelSpec spec;
    int imgsz = 640;
    int batch = 1; // static batch (with dynamic: the batch the export was made with)
    bool dynamic = false;
    Precision precision = Precision::Float32;
    OnnxLayout layout = OnnxLayout::Decoded;
    int stride = 32;
    int opset = 0;
    QStringList names;
    std::vector<int> flipIdx;
    QString skeletonJson;
    QString producer; // "gripperpose 0.1.0", or another producer's name and version
    bool ours = false; // written by this program (our metadata keys are present)
    QStringList inputs;
    QStringList outputs;
    std::vector<long long> outputShape; // of the first output (-1: a named dimension)

    // The metadata props for a file with these values (Ultralytics' keys and spelling:
    // Python literals such as "{0: 'gripper'}" and "[14, 3]").
    std::vector<std::pair<QString, QString>> toMetadataProps() const;
    // Fills the fields the props describe; false with *error when a prop is malformed.
    bool readMetadataProps(const std::vector<std::pair<QString, QString>> &props, QString *error);

    static QString precisionName(Precision p); // "fp32", "fp16", "int8"
    static QString layoutName(OnnxLayout l); // "decoded", "raw"
};

// Reads and checks an .onnx file: parses the protobuf, checks that every initializer holds
// as many bytes as its shape needs (a truncated file) and runs the ONNX checker; then reads
// the metadata. False with *error naming the file and what is wrong.
bool readOnnxModelInfo(const QString &path, OnnxModelInfo *info, QString *error);

// True when the path names an ONNX file (by its suffix).
bool isOnnxFile(const QString &path);

} // namespace gp
