#pragma once

#include "clicommand.h"

// `gripperpose info`: versions, compute devices, and the telemetry backend with one sample.
class InfoCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(InfoCommand)

public:
    QString name() const override { return QStringLiteral("info"); }
    QString summary() const override;
    std::vector<CliOption> options() const override { return {}; }
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
