#include "infocommand.h"

#include "computedevices.h"

QString InfoCommand::summary() const
{
    return tr("print library versions and the compute devices found");
}

int InfoCommand::run(const CliArgs &, QTextStream &out, QTextStream &)
{
    const RuntimeInfo info = queryRuntimeInfo();
    out << tr("GripperPose Studio %1").arg(QCoreApplication::applicationVersion()) << '\n';
    out << tr("Qt %1, LibTorch %2 (%3), OpenCV %4").arg(QString::fromLatin1(qVersion()), info.torchVersion,
                                                          info.torchBackend, info.opencvVersion)
        << '\n';
    out << tr("Compute devices:") << '\n';
    for (const ComputeDevice &d : info.devices) {
        out << "  " << d.torchDevice() << "  " << d.name;
        if (d.memoryBytes > 0)
            out << "  " << tr("%1 GiB").arg(d.memoryBytes / double(1 << 30), 0, 'f', 1);
        out << '\n';
    }
    return 0;
}
