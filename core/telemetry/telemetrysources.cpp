#include "telemetrysources.h"

#include <QDir>

namespace gp {

namespace {

// A library override: "none" (or an empty value) removes the backend's libraries.
void overrideLibraries(QStringList &libraries, const char *variable)
{
    if (!qEnvironmentVariableIsSet(variable))
        return;
    const QString value = qEnvironmentVariable(variable);
    libraries = value.isEmpty() || value == QLatin1String("none") ? QStringList() : QStringList { value };
}

} // namespace

TelemetrySources TelemetrySources::system()
{
    TelemetrySources s;
    // Debian's package installs librocm_smi64.so.1; ROCm releases install .so.5 to .so.7
    // (and the unversioned link) under $ROCM_PATH/lib, which is not always on the loader path.
    const QStringList rocmNames { QStringLiteral("librocm_smi64.so"), QStringLiteral("librocm_smi64.so.1"),
        QStringLiteral("librocm_smi64.so.7"), QStringLiteral("librocm_smi64.so.6"),
        QStringLiteral("librocm_smi64.so.5") };
    s.rocmSmiLibraries = rocmNames;
    QStringList rocmDirs;
    if (qEnvironmentVariableIsSet("ROCM_PATH"))
        rocmDirs << QDir(qEnvironmentVariable("ROCM_PATH")).filePath(QStringLiteral("lib"));
    rocmDirs << QStringLiteral("/opt/rocm/lib");
    for (const QString &dir : rocmDirs)
        for (const QString &name : rocmNames)
            s.rocmSmiLibraries << QDir(dir).filePath(name);
    s.nvmlLibraries = QStringList { QStringLiteral("libnvidia-ml.so.1"), QStringLiteral("libnvidia-ml.so") };
    s.drmRoot = QStringLiteral("/sys/class/drm");
    s.procRoot = QStringLiteral("/proc");
    return s;
}

TelemetrySources TelemetrySources::fromEnvironment()
{
    TelemetrySources s = system();
    overrideLibraries(s.rocmSmiLibraries, "GRIPPERPOSE_ROCM_SMI_LIB");
    overrideLibraries(s.nvmlLibraries, "GRIPPERPOSE_NVML_LIB");
    if (qEnvironmentVariableIsSet("GRIPPERPOSE_DRM_ROOT"))
        s.drmRoot = qEnvironmentVariable("GRIPPERPOSE_DRM_ROOT");
    if (qEnvironmentVariableIsSet("GRIPPERPOSE_PROC_ROOT"))
        s.procRoot = qEnvironmentVariable("GRIPPERPOSE_PROC_ROOT");
    return s;
}

} // namespace gp
