#pragma once

#include "clicommand.h"

// `gripperpose predict model=… source=…`: runs the video pipeline (reader → sampler →
// inferrer → temporal → output) on a video, camera, stream or images and writes an
// annotated video, JSON Lines and CSV.
class PredictCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(PredictCommand)

public:
    QString name() const override { return QStringLiteral("predict"); }
    QString summary() const override;
    std::vector<CliOption> options() const override;
    int run(const CliArgs &args, QTextStream &out, QTextStream &err) override;

    // project/name, or project/name2, name3, ... when it exists (created); empty with
    // *error when it cannot be created.
    static QString numberedFolder(const QString &project, const QString &name, QString *error);
};
