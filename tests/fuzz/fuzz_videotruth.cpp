// libFuzzer target: the video truth sidecar (VideoTruth::load, which reads a file: the input
// is written to one in a folder of the run's own).

#include "videotruth.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

using gp::VideoTruth;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("video.json"));
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    f.write(reinterpret_cast<const char *>(data), qint64(size));
    f.close();
    QString error;
    const auto truth = VideoTruth::load(file, 14, &error);
    if (truth)
        (void)truth->frameCount();
    return 0;
}
