#pragma once

#include "clicommand.h"

// `gripperpose import weights=FILE out=CKPT [model=... kpt_shape=... nc=...]`: brings an
// Ultralytics state dict or TorchScript export into a GripperPose checkpoint.
class ImportCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(ImportCommand)

public:
    QString name() const override { return QStringLiteral("import"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
