#pragma once

#include "clicommand.h"

// `gripperpose coco2yolo json=… images=… out=…`: COCO keypoints into the Ultralytics layout.
class CocoToYoloCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(CocoToYoloCommand)

public:
    QString name() const override { return QStringLiteral("coco2yolo"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};

// `gripperpose yolo2coco data=… split=… out=…`: one split of a dataset as COCO keypoints.
class YoloToCocoCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(YoloToCocoCommand)

public:
    QString name() const override { return QStringLiteral("yolo2coco"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
