#pragma once

#include "clicommand.h"
#include "poseevaluator.h"

// `gripperpose val model=… data=…`: metrics of a model on a split, metrics.json written.
class ValCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(ValCommand)

public:
    QString name() const override { return QStringLiteral("val"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;

private:
    // The P/R/mAP table and the per-keypoint errors of one metric set.
    static void printMetrics(QTextStream &out, const gp::PoseMetrics &m);
};
