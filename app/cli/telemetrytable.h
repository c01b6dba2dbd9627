#pragma once

#include "telemetrybackendreport.h"
#include "telemetrysample.h"

#include <QCoreApplication>
#include <QStringList>

// Telemetry on the terminal, in rocm-smi's concise layout: a header, one line per GPU
// (Device, Temp, Power, SCLK, MCLK, Fan, VRAM%, GPU%, then the name, last so that long names
// do not break the columns) and a line for the host. Shared by `info` and `monitor`.
class TelemetryTable
{
    Q_DECLARE_TR_FUNCTIONS(TelemetryTable)

public:
    // "Telemetry: amdgpu sysfs" and one indented line per backend tried.
    static QStringList backendLines(const gp::TelemetryBackendReport &report);
    static QString header();
    // One line per GPU, then "12:00:01  CPU 37% · RAM … · this process …" (local time).
    static QStringList sampleLines(const gp::TelemetrySample &sample);

private:
    static QString row(const QStringList &cells);
};
