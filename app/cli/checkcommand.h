#pragma once

#include "clicommand.h"

// `gripperpose check data=data.yaml`: validates a dataset, prints every problem and a
// count per kind; exits 1 when there is any.
class CheckCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(CheckCommand)

public:
    QString name() const override { return QStringLiteral("check"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
