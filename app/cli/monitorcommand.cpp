#include "monitorcommand.h"

#include "telemetrysampler.h"
#include "telemetrytable.h"

#include <QEventLoop>

#include <cmath>

using gp::TelemetryBackendReport;
using gp::TelemetrySample;
using gp::TelemetrySampler;
using gp::TelemetrySources;

QString MonitorCommand::summary() const
{
    return tr("show GPU and host telemetry every second, like rocm-smi (Ctrl+C stops)");
}

std::vector<CliOption> MonitorCommand::options() const
{
    return { { QStringLiteral("interval"), QStringLiteral("1"), tr("seconds between samples") },
        { QStringLiteral("count"), QStringLiteral("0"), tr("stop after this many samples (0: until Ctrl+C)") },
        { QStringLiteral("run"), QString(), tr("also append the samples to telemetry.csv in this run folder"), true } };
}

int MonitorCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString error;
    const auto interval = args.doubleValue(QStringLiteral("interval"), &error);
    const auto count = args.intValue(QStringLiteral("count"), &error);
    if (!interval || !count) {
        err << error << '\n';
        return 2;
    }
    if (!(*interval >= 0.01) || *interval > 3600 || *count < 0) {
        err << tr("interval must be between 0.01 and 3600 seconds and count at least 0") << '\n';
        return 2;
    }

    // The GRIPPERPOSE_*_ROOT / _LIB variables point the backends elsewhere (tests, or a
    // ROCm SMI library outside the loader's path).
    TelemetrySampler sampler(TelemetrySources::fromEnvironment());
    sampler.setInterval(std::chrono::milliseconds(qint64(std::llround(*interval * 1000))));
    if (args.isSet(QStringLiteral("run")) && !sampler.setRunFolder(args.value(QStringLiteral("run")), &error)) {
        err << error << '\n';
        return 1;
    }

    QEventLoop loop;
    int received = 0;
    QObject::connect(&sampler, &TelemetrySampler::backendChosen, &loop, [&](const TelemetryBackendReport &report) {
        for (const QString &line : TelemetryTable::backendLines(report))
            out << line << '\n';
        if (!sampler.csvPath().isEmpty())
            out << tr("Appending to %1").arg(sampler.csvPath()) << '\n';
        out << '\n';
        if (report.backend != QLatin1String("cpu"))
            out << TelemetryTable::header() << '\n';
        out.flush();
    });
    QObject::connect(&sampler, &TelemetrySampler::sampled, &loop, [&](const TelemetrySample &sample) {
        for (const QString &line : TelemetryTable::sampleLines(sample))
            out << line << '\n';
        out.flush();
        if (*count > 0 && ++received >= *count)
            loop.quit();
    });
    int code = 0;
    QObject::connect(&sampler, &TelemetrySampler::writeFailed, &loop, [&](const QString &message) {
        err << message << '\n';
        code = 1;
        loop.quit();
    });
    sampler.start();
    loop.exec();
    sampler.stop();
    return code;
}
