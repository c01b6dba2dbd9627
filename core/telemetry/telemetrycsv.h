#pragma once

#include "telemetrysample.h"

#include <QCoreApplication>
#include <QStringList>

#include <vector>

namespace gp {

// The telemetry.csv format written beside a run: one row per GPU per sample (one row with
// an empty device for a sample without GPUs), the host's figures repeated on each row, an
// empty cell for a figure the backend did not report. Plain CSV with a header, so that
// spreadsheet and pandas users read it as it is.
class TelemetryCsv
{
    Q_DECLARE_TR_FUNCTIONS(TelemetryCsv)

public:
    static constexpr char kFileName[] = "telemetry.csv";

    struct Contents
    {
        std::vector<TelemetrySample> samples;
        // "telemetry.csv:12: ..." for each line that could not be read (and was skipped).
        QStringList problems;
        int skippedLines = 0;
    };

    static QStringList columns();
    static QString header();
    // The rows of one sample, each ending in '\n'.
    static QString rows(const TelemetrySample &sample);
    // Reads a telemetry.csv; rows of the same sample are joined again. A missing file or a
    // header without the time column is one problem and no samples.
    static Contents read(const QString &path);
};

} // namespace gp
