#pragma once

#include "clicommand.h"

// `gripperpose synth out=DIR n=N imgsz=W,H seed=S`: writes a synthetic gripper dataset.
class SynthCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(SynthCommand)

public:
    QString name() const override { return QStringLiteral("synth"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
