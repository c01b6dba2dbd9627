#pragma once

#include "clicommand.h"

// `gripperpose model model=yolov8s-pose kpt_shape=14,3 imgsz=640`: the layer table,
// parameters and GFLOPs of a network.
class ModelCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(ModelCommand)

public:
    QString name() const override { return QStringLiteral("model"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
