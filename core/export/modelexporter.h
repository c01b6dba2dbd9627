#pragma once

#include "canceltoken.h"
#include "exportoptions.h"
#include "progress.h"

#include <QCoreApplication>
#include <QString>

namespace gp {

// `gripperpose export format=onnx`: loads the weights, folds every BatchNorm into its
// convolution, writes the ONNX graph node by node from the model's own modules (decoded or
// raw layout; fp32, fp16, or INT8 QDQ calibrated on dataset images), adds the metadata, runs
// the ONNX checker and shape inference, and writes the file atomically (nothing is replaced
// when anything fails). LibTorch, ONNX and protobuf stay inside.
class ModelExporter
{
    Q_DECLARE_TR_FUNCTIONS(ModelExporter)

public:
    // Empty when the options can be exported; otherwise what is wrong with them.
    static QString validate(const ExportOptions &options);
    // False with *error (naming the file and the reason) when the export failed; the progress
    // counts the INT8 calibration images.
    static bool run(const ExportOptions &options, ExportReport *report, QString *error,
        const gp::CancelToken &cancel = {}, const gp::Progress &calibrationProgress = {});
};

} // namespace gp
