// libFuzzer target: the skeleton JSON (Skeleton::fromJson); a skeleton it accepts is written
// back and must read again.

#include "skeleton.h"

#include <cstddef>
#include <cstdint>

using gp::Skeleton;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QString error;
    const auto skeleton = Skeleton::fromJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), &error);
    if (!skeleton)
        return 0;
    QString again;
    const auto reread = Skeleton::fromJson(skeleton->toJson(), &again);
    if (!reread || reread->keypointCount() != skeleton->keypointCount())
        __builtin_trap();
    return 0;
}
