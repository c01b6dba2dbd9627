#pragma once

#include <QString>
#include <QStringList>

namespace gp {

// Where the telemetry backends look: the vendor libraries to dlopen (names or paths, tried
// in order) and the roots of the sysfs DRM and /proc trees. Injectable so that tests point
// them at fake libraries and fake trees.
struct TelemetrySources
{
    QStringList rocmSmiLibraries;
    QStringList nvmlLibraries;
    QString drmRoot; // "/sys/class/drm"
    QString procRoot; // "/proc"

    // The system's places: the usual library names (and $ROCM_PATH/lib, /opt/rocm/lib).
    static TelemetrySources system();
    // system() with these environment variables, when set, replacing one source each:
    // GRIPPERPOSE_ROCM_SMI_LIB and GRIPPERPOSE_NVML_LIB (a path, or "none" to skip the
    // library), GRIPPERPOSE_DRM_ROOT and GRIPPERPOSE_PROC_ROOT.
    static TelemetrySources fromEnvironment();
};

} // namespace gp
