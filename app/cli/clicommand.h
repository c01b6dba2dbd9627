#pragma once

#include "cliargs.h"

#include <QTextStream>

// A `gripperpose` subcommand. main() owns one instance of each and dispatches by name.
class CliCommand
{
public:
    virtual ~CliCommand() = default;
    virtual QString name() const = 0;
    virtual QString summary() const = 0;
    virtual std::vector<CliOption> options() const = 0;
    // Returns the process exit code: 0 success, 1 problems found / failure, 2 usage error.
    virtual int run(const CliArgs &args, QTextStream &out, QTextStream &err) = 0;
};
