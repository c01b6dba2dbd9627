#pragma once

// Internal (torch-only): include from torch translation units (the predictor, validation).

#include "onnxmodelinfo.h"
#include "posehead.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace gp {

// An exported .onnx file run through OpenCV DNN: the raw layout, decoded by the same code
// as the LibTorch model (postprocess); a decoded-layout file when this OpenCV can run it
// (OpenCV 4.6 cannot: its broadcasting of the anchor constants fails), else a message saying
// to export layout=raw. Use from one thread at a time.
class OnnxNetwork
{
    Q_DECLARE_TR_FUNCTIONS(OnnxNetwork)

public:
    OnnxNetwork();
    ~OnnxNetwork();
    OnnxNetwork(const OnnxNetwork &) = delete;
    OnnxNetwork &operator=(const OnnxNetwork &) = delete;

    // Reads and checks the file (readOnnxModelInfo), loads it into OpenCV DNN and runs it once
    // on a blank batch; false with *error naming the file and what to do.
    bool load(const QString &path, QString *error);
    bool isLoaded() const;
    const OnnxModelInfo &info() const;

    // images [B, 3, imgsz, imgsz], RGB in [0, 1] -> the eval output [B, 4 + nc + K*dims, N] in
    // input pixels (float, CPU). A static export runs in chunks of its batch size.
    torch::Tensor forward(const torch::Tensor &images);
    // The head's raw outputs (raw layout only).
    RawHeadOutput forwardRaw(const torch::Tensor &images);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace gp
