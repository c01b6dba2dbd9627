#pragma once

#include "clicommand.h"

// `gripperpose monitor`: GPU and host telemetry every second, in rocm-smi's concise layout,
// until Ctrl+C (or `count` samples); optionally appended to a run's telemetry.csv.
class MonitorCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(MonitorCommand)

public:
    QString name() const override { return QStringLiteral("monitor"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;
};
