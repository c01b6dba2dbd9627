#include "infocommand.h"

#include "computedevices.h"
#include "telemetrymonitor.h"
#include "telemetrytable.h"

#include <QThread>

using gp::ComputeDevice;
using gp::queryRuntimeInfo;
using gp::RuntimeInfo;
using gp::TelemetryMonitor;
using gp::TelemetrySample;
using gp::TelemetrySources;

namespace {

constexpr unsigned long kCpuLoadWindowMs = 250;

} // namespace

QString InfoCommand::summary() const
{
    return tr("print library versions, the compute devices found and the GPU telemetry backend");
}

int InfoCommand::run(const CliArgs &, QTextStream &out, QTextStream &)
{
    const RuntimeInfo info = queryRuntimeInfo();
    out << tr("GripperPose Studio %1").arg(QCoreApplication::applicationVersion()) << '\n';
    out << tr("Qt %1, LibTorch %2 (%3), OpenCV %4")
               .arg(QString::fromLatin1(qVersion()), info.torchVersion, info.torchBackend, info.opencvVersion)
        << '\n';
    out << tr("Compute devices:") << '\n';
    for (const ComputeDevice &d : info.devices) {
        out << "  " << d.torchDevice() << "  " << d.name;
        if (d.memoryBytes > 0)
            out << "  " << tr("%1 GiB").arg(d.memoryBytes / double(1 << 30), 0, 'f', 1);
        out << '\n';
    }
    // The backend `monitor` and the Train workspace use, and what it reads now.
    TelemetryMonitor monitor(TelemetrySources::fromEnvironment());
    out << '\n';
    for (const QString &line : TelemetryTable::backendLines(monitor.report()))
        out << line << '\n';
    // A CPU load needs two readings of the counters some time apart.
    QThread::msleep(kCpuLoadWindowMs);
    const TelemetrySample sample = monitor.sample();
    if (!sample.gpus.empty())
        out << TelemetryTable::header() << '\n';
    for (const QString &line : TelemetryTable::sampleLines(sample))
        out << line << '\n';
    return 0;
}
