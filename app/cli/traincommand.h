#pragma once

#include "clicommand.h"

// `gripperpose train data=… model=… epochs=…`: trains with the reference recipe; every
// TrainingConfig key is accepted, `defaults=ultralytics` starts from Ultralytics' values.
class TrainCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(TrainCommand)

public:
    QString name() const override { return QStringLiteral("train"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
