#pragma once

#include "clicommand.h"

// `gripperpose export model=CKPT format=onnx imgsz=640 batch=1 dynamic=false half=false
// int8=false data=… opset=17 layout=decoded|raw out=FILE`: writes an ONNX file for ONNX
// Runtime, OpenCV DNN (layout=raw), MIGraphX or MindSpore Lite's converter.
class ExportCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(ExportCommand)

public:
    QString name() const override { return QStringLiteral("export"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;

    // The file written when out= is not given: beside the weights (or in the current folder
    // for a model name), named after them, with the layout and precision when not the default.
    static QString defaultOutput(const QString &model, bool raw, bool half, bool int8);
};
